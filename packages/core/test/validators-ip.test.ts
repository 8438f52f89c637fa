// Tests of the IP address, CIDR and IP range validators (feature-areas §5).
import { describe, it, expect } from 'vitest';
import {
  IP_MESSAGES,
  ipVersion,
  isIPv4,
  isIPv6,
  isValidCidr,
  isValidIp,
  isValidIpRange,
  validateCidr,
  validateIp,
  validateIpRange,
} from '../src/validators.ts';

describe('IPv4', () => {
  it('accepts dotted quads 0-255', () => {
    for (const v of ['0.0.0.0', '10.0.0.1', '192.168.1.255', '255.255.255.255']) expect(isIPv4(v), v).toBe(true);
  });
  it('rejects out-of-range octets, wrong counts, leading zeros and junk', () => {
    for (const v of ['256.0.0.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.-4', '1..2.3', 'a.b.c.d', ' 1.2.3.4', ''])
      expect(isIPv4(v), v).toBe(false);
  });
});

describe('IPv6', () => {
  it('accepts full, compressed and IPv4-tailed forms', () => {
    for (const v of [
      '::',
      '::1',
      '2001:db8::1',
      'fe80::',
      '2001:0db8:0000:0000:0000:ff00:0042:8329',
      '::ffff:192.168.1.1',
      '1:2:3:4:5:6:7::',
      '1:2:3:4:5:6:1.2.3.4',
    ])
      expect(isIPv6(v), v).toBe(true);
  });
  it('rejects bad forms', () => {
    for (const v of [
      '',
      ':',
      '1::2::3',
      '12345::',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      'g::1',
      'fe80::1%eth0',
      '::ffff:999.1.1.1',
      '1:2:3:4:5:6:7:1.2.3.4',
      ':1:2:3:4:5:6:7',
    ])
      expect(isIPv6(v), v).toBe(false);
  });
});

describe('IP address with version any / 4 / 6', () => {
  it('honours the version', () => {
    expect(isValidIp('10.0.0.1')).toBe(true);
    expect(isValidIp('::1', 'any')).toBe(true);
    expect(isValidIp('10.0.0.1', 4)).toBe(true);
    expect(isValidIp('10.0.0.1', 6)).toBe(false);
    expect(isValidIp('::1', 6)).toBe(true);
    expect(isValidIp('::1', 4)).toBe(false);
    expect(ipVersion('nonsense')).toBeNull();
  });
  it('returns messages', () => {
    expect(validateIp('10.0.0.1')).toBeNull();
    expect(validateIp('x')).toBe(IP_MESSAGES.any);
    expect(validateIp('::1', 4)).toBe(IP_MESSAGES[4]);
    expect(validateIp('1.1.1.1', 6)).toBe(IP_MESSAGES[6]);
  });
});

describe('CIDR', () => {
  it('accepts a valid IP with a numeric prefix up to 32 (v4) or 128 (v6)', () => {
    expect(isValidCidr('10.0.0.0/8')).toBe(true);
    expect(isValidCidr('10.0.0.0/32')).toBe(true);
    expect(isValidCidr('10.0.0.0/0')).toBe(true);
    expect(isValidCidr('::/128')).toBe(true);
    expect(isValidCidr('2001:db8::/64', 6)).toBe(true);
  });
  it('rejects over-long prefixes, missing or non-numeric prefixes and bad addresses', () => {
    for (const v of [
      '10.0.0.0/33',
      '::/129',
      '10.0.0.0',
      '10.0.0.0/',
      '10.0.0.0/a',
      '10.0.0.0/-1',
      '10.0.0.0/8/8',
      '300.0.0.0/8',
      '10.0.0.0/ 8',
    ])
      expect(isValidCidr(v), v).toBe(false);
  });
  it('honours the version and returns a message', () => {
    expect(isValidCidr('10.0.0.0/8', 6)).toBe(false);
    expect(validateCidr('10.0.0.0/24')).toBeNull();
    expect(validateCidr('10.0.0.0/33')).toBe(IP_MESSAGES.cidr);
  });
});

describe('IP range', () => {
  it('accepts start-end with both valid IPs', () => {
    expect(isValidIpRange('10.0.0.1-10.0.0.20')).toBe(true);
    expect(isValidIpRange('2001:db8::1-2001:db8::ff')).toBe(true);
    expect(isValidIpRange('10.0.0.1-10.0.0.20', 4)).toBe(true);
  });
  it('rejects invalid ends, mixed versions and bad shapes', () => {
    for (const v of ['10.0.0.1-', '10.0.0.1-10.0.0.256', '10.0.0.1-::1', '10.0.0.1', '10.0.0.1 - 10.0.0.2', '1.1.1.1-2.2.2.2-3.3.3.3'])
      expect(isValidIpRange(v), v).toBe(false);
    expect(isValidIpRange('::1-::2', 4)).toBe(false);
  });
  it('returns a message', () => {
    expect(validateIpRange('10.0.0.1-10.0.0.2')).toBeNull();
    expect(validateIpRange('nope')).toBe(IP_MESSAGES.range);
  });
});
