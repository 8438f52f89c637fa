// IP addresses as bigints: parse and format IPv4 and IPv6 text, so that networks and ranges become numeric intervals.
import { isIPv4, isIPv6 } from '@bulwark/core';

export type IpFamily = 4 | 6;

export interface IpValue {
  family: IpFamily;
  value: bigint;
}

export const IPV4_MAX = (1n << 32n) - 1n;
export const IPV6_MAX = (1n << 128n) - 1n;

export function familyBits(family: IpFamily): bigint {
  return family === 4 ? 32n : 128n;
}

function parseV4(text: string): bigint {
  return text.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function parseV6(text: string): bigint {
  let body = text;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    // An embedded IPv4 tail ('::ffff:1.2.3.4') stands for the last two groups.
    const v4 = parseV4(tail);
    body = `${text.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = body.split('::');
  const groups = (s: string): string[] => (s === '' ? [] : s.split(':'));
  const left = groups(halves[0]);
  const right = halves.length === 2 ? groups(halves[1]) : [];
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}

/** The address as a bigint, or null when the text is not an IPv4 or IPv6 address (zone ids are not accepted). */
export function parseIp(text: string): IpValue | null {
  if (isIPv4(text)) return { family: 4, value: parseV4(text) };
  if (isIPv6(text)) return { family: 6, value: parseV6(text) };
  return null;
}

/** Canonical text: dotted quad, or RFC 5952 IPv6 (lower case, longest run of zero groups as '::'). */
export function formatIp(family: IpFamily, value: bigint): string {
  if (family === 4) {
    return [24n, 16n, 8n, 0n].map((s) => String((value >> s) & 0xffn)).join('.');
  }
  const groups: number[] = [];
  for (let i = 7; i >= 0; i--) groups.push(Number((value >> BigInt(i * 16)) & 0xffffn));
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}
