// Tests of the scanning payload rules shared by server and web: target validation, the standard-scan rule, scan input.
import { describe, expect, it } from 'vitest';
import '../src/zod-messages.ts';
import {
  applyStandardScanRule,
  networkProfileInput,
  networkScanInput,
  scanHostInput,
  scanIpRangeInput,
  validateHostTarget,
  validateIpRangeTarget,
} from '../src/api/scans.ts';

describe('scan targets', () => {
  it('accepts IPv4, IPv6 and host names as hosts', () => {
    for (const v of ['10.0.0.1', '::1', 'fe80::1', 'mail.example.com', 'db-1']) expect(validateHostTarget(v)).toBeNull();
  });
  it('refuses a malformed address or name', () => {
    for (const v of ['10.0.0.256', '1.2.3', 'bad_host!', '-lead.example', 'a..b']) {
      expect(validateHostTarget(v)).toBe('Enter a valid IP address or host name.');
    }
  });
  it('accepts networks and ranges, with a message that shows the expected form', () => {
    expect(validateIpRangeTarget('10.0.0.0/24')).toBeNull();
    expect(validateIpRangeTarget('10.0.0.1-10.0.0.50')).toBeNull();
    expect(validateIpRangeTarget('10.0.0.0/33')).toBe('Enter a network as address/mask, e.g. 10.0.0.0/24.');
    expect(validateIpRangeTarget('10.0.0.9-nope')).toBe('Enter a range as start-end, e.g. 10.0.0.1-10.0.0.50.');
    expect(validateIpRangeTarget('10.0.0.1')).toBe('Enter a network (10.0.0.0/24) or a range (10.0.0.1-10.0.0.50).');
  });
  it('keys schema errors by field', () => {
    const r = scanHostInput.safeParse({ host: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(['host']);
    expect(scanIpRangeInput.safeParse({ iprange: '192.168.1.0/24' }).success).toBe(true);
  });
});

describe('network scan profile', () => {
  it('empties extra TCP ports and the use-tcp flag when standard scan is off (§5)', () => {
    expect(applyStandardScanRule({ standard_scan: false, ss_tcp_extra_ports: '8080', ss_use_tcp: true })).toEqual({
      standard_scan: false,
      ss_tcp_extra_ports: '',
      ss_use_tcp: false,
    });
    const on = { standard_scan: true, ss_tcp_extra_ports: '8080', ss_use_tcp: true };
    expect(applyStandardScanRule(on)).toBe(on);
  });
  it('validates port strings and names the list', () => {
    const r = networkProfileInput.safeParse({ name: 'P', custom_tcp_range: '80,99999' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(['custom_tcp_range']);
    expect(networkProfileInput.parse({ name: 'P', custom_tcp_range: '1-1024, 8080' }).custom_tcp_range).toBe('1-1024, 8080');
  });
});

describe('network scan input', () => {
  it('needs a target', () => {
    const r = networkScanInput.safeParse({ name: 'S', profile: 1 });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual(['targets', 'Choose at least one target.']);
  });
  it('names a bad target in the message', () => {
    const r = networkScanInput.safeParse({ name: 'S', profile: 1, targets: ['10.0.0.0/40'] });
    expect(r.error?.issues[0].message).toBe('10.0.0.0/40: Enter a network as address/mask, e.g. 10.0.0.0/24.');
  });
  it('refuses a probe and a probe group together', () => {
    const r = networkScanInput.safeParse({ name: 'S', profile: 1, targets: ['10.0.0.1'], node: 3, probe_group: 2 });
    expect(r.error?.issues[0].path).toEqual(['probe_group']);
  });
  it('defaults to the built-in probe and starting at once', () => {
    const v = networkScanInput.parse({ name: 'S', profile: 1, targets: ['10.0.0.1-10.0.0.9'] });
    expect(v).toMatchObject({ node: null, probe_group: null, start: true, assets: [], exclude: [] });
  });
});
