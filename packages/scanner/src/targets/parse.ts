// Parses one target text (host, host name, network a.b.c.d/m, range start-end or 10.0.0.1-20) into an address interval or a name to resolve.
import { familyBits, formatIp, parseIp, type IpFamily } from './ip.ts';

/** A target that is already numeric: every address from start to end (inclusive) of one family. */
export interface IntervalTarget {
  kind: 'interval';
  text: string;
  family: IpFamily;
  start: bigint;
  end: bigint;
}

/** A host name, resolved later with dns.lookup (all addresses). */
export interface NameTarget {
  kind: 'name';
  text: string;
  name: string;
}

export type ParsedTarget = IntervalTarget | NameTarget;

export type TargetErrorCode = 'malformed' | 'unresolved' | 'too-large' | 'empty';

/** A target that cannot be used; `target` names it, `code` says why. */
export class TargetError extends Error {
  constructor(
    message: string,
    readonly code: TargetErrorCode,
    readonly target?: string,
  ) {
    super(message);
    this.name = 'TargetError';
  }
}

/** RFC 1123 host name: dot-separated labels of letters, digits and inner hyphens, at most 253 characters, not all-numeric. */
const LABEL = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;
export function isHostName(text: string): boolean {
  const name = text.endsWith('.') ? text.slice(0, -1) : text;
  if (name.length === 0 || name.length > 253) return false;
  const labels = name.split('.');
  if (!labels.every((l) => LABEL.test(l))) return false;
  return !/^[0-9]+$/.test(labels[labels.length - 1]);
}

function malformed(text: string, why: string): TargetError {
  return new TargetError(`Malformed target "${text}": ${why}.`, 'malformed', text);
}

/**
 * IPv4 networks keep their network and broadcast addresses out for prefixes /0-/30 (they are not hosts,
 * and connecting to a directed broadcast only adds noise); /31 and /32 (RFC 3021) and every IPv6 network keep
 * all their addresses. nmap, by contrast, scans them; ranges and single hosts are always taken as given.
 */
function network(text: string, addr: string, prefixText: string, whole: boolean): IntervalTarget {
  const ip = parseIp(addr);
  if (!ip) throw malformed(text, `"${addr}" is not an IP address`);
  const bits = familyBits(ip.family);
  if (!/^[0-9]{1,3}$/.test(prefixText) || BigInt(prefixText) > bits) {
    throw malformed(text, `the prefix must be 0-${bits}`);
  }
  const hostBits = bits - BigInt(prefixText);
  const size = 1n << hostBits;
  const start = (ip.value >> hostBits) << hostBits;
  let end = start + size - 1n;
  let first = start;
  if (!whole && ip.family === 4 && hostBits >= 2n) {
    first += 1n;
    end -= 1n;
  }
  return { kind: 'interval', text, family: ip.family, start: first, end };
}

function range(text: string, from: string, to: string): IntervalTarget {
  const a = parseIp(from);
  if (!a) throw malformed(text, `"${from}" is not an IP address`);
  let b = parseIp(to);
  if (!b) {
    // Short form: only the last octet (IPv4, decimal 0-255) or last group (IPv6, hex) of the end.
    const short = a.family === 4 ? /^(0|[1-9][0-9]{0,2})$/.test(to) && Number(to) <= 255 : /^[0-9a-fA-F]{1,4}$/.test(to);
    if (!short) throw malformed(text, `"${to}" is not an IP address or a last ${a.family === 4 ? 'octet' : 'group'}`);
    const width = a.family === 4 ? 8n : 16n;
    const last = a.family === 4 ? BigInt(Number(to)) : BigInt(parseInt(to, 16));
    b = { family: a.family, value: ((a.value >> width) << width) | last };
  }
  if (a.family !== b.family) throw malformed(text, 'start and end are not of the same IP version');
  if (b.value < a.value) {
    throw malformed(text, `the end ${formatIp(b.family, b.value)} is before the start ${formatIp(a.family, a.value)}`);
  }
  return { kind: 'interval', text, family: a.family, start: a.value, end: b.value };
}

/**
 * One target text; throws a TargetError naming the target when it is malformed. `wholeNetworks` keeps the
 * network and broadcast addresses of IPv4 networks (used for exclusions: excluding a /24 excludes all 256).
 */
export function parseTarget(input: string, wholeNetworks = false): ParsedTarget {
  const text = input.trim();
  if (text === '') throw malformed(input, 'it is empty');
  const ip = parseIp(text);
  if (ip) return { kind: 'interval', text, family: ip.family, start: ip.value, end: ip.value };
  const slash = text.split('/');
  if (slash.length === 2) return network(text, slash[0], slash[1], wholeNetworks);
  if (slash.length > 2) throw malformed(text, 'more than one "/"');
  const dash = text.indexOf('-');
  if (dash > 0 && (parseIp(text.slice(0, dash)) || /^[0-9.]+$/.test(text.slice(0, dash)) || text.slice(0, dash).includes(':'))) {
    return range(text, text.slice(0, dash), text.slice(dash + 1));
  }
  if (/^[0-9.]+$/.test(text)) throw malformed(text, 'not a valid IPv4 address');
  if (text.includes(':')) throw malformed(text, 'not a valid IPv6 address');
  if (!isHostName(text)) throw malformed(text, 'not an IP address, network, range or host name');
  return { kind: 'name', text, name: text.toLowerCase() };
}

/** Splits free text (commas, spaces, new lines) into target texts. */
export function splitTargets(text: string): string[] {
  return text.split(/[\s,;]+/).filter((t) => t !== '');
}
