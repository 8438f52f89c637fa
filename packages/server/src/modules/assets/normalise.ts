// Asset values as text: which kind an entry is (host, network, range), its validation message and its normalised value
// (lower-case host names, canonical IP text, networks on their network address), and splitting pasted lists.
import { looksLikeIpRange, validateHostTarget, validateIpRangeTarget } from '@bulwark/core';
import { familyBits, formatIp, parseIp } from '@bulwark/scanner';

export type TargetKind = 'host' | 'network' | 'range';

/** Canonical text of an IP address (RFC 5952 for IPv6), or null when it is not one. */
function canonicalIp(text: string): string | null {
  const ip = parseIp(text);
  return ip ? formatIp(ip.family, ip.value) : null;
}

/** A valid host target: IP addresses in canonical text, names in lower case without a trailing dot. */
export function normaliseHost(value: string): string {
  return canonicalIp(value) ?? value.toLowerCase().replace(/\.$/, '');
}

/**
 * A valid network or range. A network is stored on its network address ('10.0.0.7/24' → '10.0.0.0/24'): both name
 * the same addresses, so they are one target. A range keeps its ends in the order given (the spec sets none).
 */
export function normaliseIpRange(value: string): { kind: 'network' | 'range'; value: string } {
  if (value.includes('/')) {
    const [address, prefixText] = value.split('/');
    const ip = parseIp(address)!;
    const bits = familyBits(ip.family);
    const prefix = BigInt(Number(prefixText));
    const hostMask = (1n << (bits - prefix)) - 1n;
    return { kind: 'network', value: `${formatIp(ip.family, ip.value & ~hostMask)}/${prefix}` };
  }
  const [start, end] = value.split('-');
  return { kind: 'range', value: `${canonicalIp(start)}-${canonicalIp(end)}` };
}

export type ClassifiedTarget = { ok: true; kind: TargetKind; value: string } | { ok: false; message: string };

/** One entry of a pasted list: its kind and normalised value, or why it is not a target. */
export function classifyTarget(text: string): ClassifiedTarget {
  if (looksLikeIpRange(text)) {
    const message = validateIpRangeTarget(text);
    return message ? { ok: false, message } : { ok: true, ...normaliseIpRange(text) };
  }
  const message = validateHostTarget(text);
  return message ? { ok: false, message } : { ok: true, kind: 'host', value: normaliseHost(text) };
}

/** The entries of pasted text (one per line, or separated by commas, semicolons or white space), with their line numbers. */
export function splitTargetLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  text.split(/\r\n|\r|\n/).forEach((row, i) => {
    for (const entry of row.split(/[\s,;]+/)) if (entry !== '') out.push({ line: i + 1, text: entry });
  });
  return out;
}

/** Address blocks that are not reachable from the internet (RFC 1918, 6598, 3927, 4193, loopback, link-local, …). */
const NON_PUBLIC: readonly (readonly [4 | 6, string, number])[] = [
  [4, '0.0.0.0', 8],
  [4, '10.0.0.0', 8],
  [4, '100.64.0.0', 10],
  [4, '127.0.0.0', 8],
  [4, '169.254.0.0', 16],
  [4, '172.16.0.0', 12],
  [4, '192.168.0.0', 16],
  [4, '198.18.0.0', 15],
  [6, '::', 127],
  [6, 'fc00::', 7],
  [6, 'fe80::', 10],
];

/** Whether an address can be reached from the internet: the default of an asset's internet_facing. */
export function isPublicAddress(text: string): boolean {
  const ip = parseIp(text);
  if (!ip) return false;
  const bits = familyBits(ip.family);
  return !NON_PUBLIC.some(([family, base, prefix]) => {
    const net = parseIp(base);
    if (family !== ip.family || !net) return false;
    const shift = bits - BigInt(prefix);
    return ip.value >> shift === net.value >> shift;
  });
}
