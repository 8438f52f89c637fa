// IP address, CIDR network and IP range validators of feature-areas §5 (version any / 4 / 6).
import { IPV4_PREFIX_MAX, IPV6_PREFIX_MAX } from '../constants.ts';

export type IpVersion = 'any' | 4 | 6;

/** Dotted quad of decimal octets 0-255; leading zeros ('01') are rejected as ambiguous (octal). */
export function isIPv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9][0-9]{0,2})$/.test(p) && Number(p) <= 255);
}

/** RFC 4291 text form: eight groups of 1-4 hex digits, one '::' allowed, an IPv4 tail allowed; no zone id. */
export function isIPv6(value: string): boolean {
  if (value.length === 0 || /[^0-9a-fA-F:.]/.test(value)) return false;
  const halves = value.split('::');
  if (halves.length > 2) return false;
  const groups = (s: string): string[] => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const all = [...head, ...tail];
  let count = all.length;
  const last = all[all.length - 1];
  if (last !== undefined && last.includes('.')) {
    if (!isIPv4(last)) return false;
    all.pop();
    count += 1; // an IPv4 tail takes two groups
  }
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

export function ipVersion(value: string): 4 | 6 | null {
  if (isIPv4(value)) return 4;
  if (isIPv6(value)) return 6;
  return null;
}

export function isValidIp(value: string, version: IpVersion = 'any'): boolean {
  const v = ipVersion(value);
  return v !== null && (version === 'any' || v === version);
}

/** 'address/prefix': a valid IP and a numeric prefix of at most 32 (IPv4) or 128 (IPv6). */
export function isValidCidr(value: string, version: IpVersion = 'any'): boolean {
  const parts = value.split('/');
  if (parts.length !== 2) return false;
  const [ip, prefix] = parts;
  const v = ipVersion(ip);
  if (v === null || (version !== 'any' && v !== version)) return false;
  if (!/^[0-9]{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v === 4 ? IPV4_PREFIX_MAX : IPV6_PREFIX_MAX);
}

/** 'start-end': both valid IPs of the same version (the spec sets no order on IP ranges). */
export function isValidIpRange(value: string, version: IpVersion = 'any'): boolean {
  const parts = value.split('-');
  if (parts.length !== 2) return false;
  const [a, b] = parts;
  const va = ipVersion(a);
  return va !== null && va === ipVersion(b) && (version === 'any' || va === version);
}

export const IP_MESSAGES = {
  any: 'Enter a valid IP address.',
  4: 'Enter a valid IPv4 address.',
  6: 'Enter a valid IPv6 address.',
  cidr: 'Enter a valid network as address/prefix.',
  range: 'Enter a valid IP range as start-end.',
} as const;

export function validateIp(value: string, version: IpVersion = 'any'): string | null {
  return isValidIp(value, version) ? null : IP_MESSAGES[version];
}

export function validateCidr(value: string, version: IpVersion = 'any'): string | null {
  return isValidCidr(value, version) ? null : IP_MESSAGES.cidr;
}

export function validateIpRange(value: string, version: IpVersion = 'any'): string | null {
  return isValidIpRange(value, version) ? null : IP_MESSAGES.range;
}
