// Compares a collected value with a state's (or object's) value under an OVAL operation and datatype.
import type { Datatype, Operation, OvalResult } from './oval-types.ts';
import { pcre } from './regex.ts';
import { debianEvrCmp, rpmEvrCmp, versionCmp } from './versions.ts';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** strtoimax-like: optional leading whitespace and sign, decimal digits, nothing after. */
export function parseOvalInt(s: string): bigint | undefined {
  const m = /^\s*([+-]?\d+)$/.exec(s);
  if (!m) return undefined;
  const v = BigInt(m[1]);
  return v < INT64_MIN || v > INT64_MAX ? undefined : v;
}

export function parseOvalFloat(s: string): number | undefined {
  const t = s.trim();
  if (t === '') return undefined;
  if (/^[+-]?(inf|infinity)$/i.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  if (/^[+-]?nan$/i.test(t)) return Number.NaN;
  const v = Number(t);
  return Number.isNaN(v) || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$|^[+-]?0x[0-9a-f]+$/i.test(t) ? undefined : v;
}

const truthy = (s: string) => s === 'true' || s === '1';

function ordered(cmp: number, op: Operation): OvalResult {
  switch (op) {
    case 'equals':
      return cmp === 0 ? 'true' : 'false';
    case 'not equal':
      return cmp !== 0 ? 'true' : 'false';
    case 'greater than':
      return cmp > 0 ? 'true' : 'false';
    case 'greater than or equal':
      return cmp >= 0 ? 'true' : 'false';
    case 'less than':
      return cmp < 0 ? 'true' : 'false';
    case 'less than or equal':
      return cmp <= 0 ? 'true' : 'false';
    default:
      return 'error';
  }
}

function floatCmp(a: number, b: number): number {
  if (a === b) return 0;
  const rel = Math.abs(a) > Math.abs(b) ? Math.abs((a - b) / a) : Math.abs((a - b) / b);
  if (rel <= 1e-9) return 0;
  return a > b ? 1 : -1;
}

/** The regex match OVAL's "pattern match" means: PCRE semantics, unanchored, no options. */
export function patternMatch(pattern: string, value: string): OvalResult {
  try {
    return pcre(pattern).test(value) ? 'true' : 'false';
  } catch {
    return 'error';
  }
}

function ipv4(s: string): { addr: number; bits: number } | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?:\/(\d{1,2}|\d+\.\d+\.\d+\.\d+))?$/.exec(s.trim());
  if (!m) return undefined;
  const parts = m.slice(1, 5).map(Number);
  if (parts.some((p) => p > 255)) return undefined;
  const addr = ((parts[0] << 24) >>> 0) + (parts[1] << 16) + (parts[2] << 8) + parts[3];
  let bits = 32;
  if (m[5] !== undefined) {
    if (m[5].includes('.')) {
      const mask = m[5].split('.').map(Number);
      bits = mask.reduce((acc, o) => acc + o.toString(2).replace(/0/g, '').length, 0);
    } else bits = Number(m[5]);
  }
  return bits > 32 ? undefined : { addr, bits };
}

function ipv4Cmp(state: string, sys: string, op: Operation): OvalResult {
  const s = ipv4(state);
  const v = ipv4(sys);
  if (!s || !v) return 'error';
  const mask = (bits: number) => (bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0);
  const net = (x: { addr: number; bits: number }) => (x.addr & mask(x.bits)) >>> 0;
  if (op === 'subset of') return v.bits >= s.bits && (v.addr & mask(s.bits)) >>> 0 === net(s) ? 'true' : 'false';
  if (op === 'superset of') return s.bits >= v.bits && (s.addr & mask(v.bits)) >>> 0 === net(v) ? 'true' : 'false';
  if (op === 'equals' || op === 'not equal') {
    const same = s.bits === v.bits && net(s) === net(v);
    return (op === 'equals') === same ? 'true' : 'false';
  }
  return ordered(v.addr === s.addr ? 0 : v.addr > s.addr ? 1 : -1, op);
}

/**
 * Compares a system value with a state value: the datatype is the state's (or the variable value's), as OVAL says.
 * Returns "error" when a value does not fit its datatype or the operation does not apply to it.
 */
export function compareValues(stateValue: string, datatype: Datatype, sysValue: string, op: Operation): OvalResult {
  switch (datatype) {
    case 'string':
      switch (op) {
        case 'equals':
          return stateValue === sysValue ? 'true' : 'false';
        case 'not equal':
          return stateValue !== sysValue ? 'true' : 'false';
        case 'case insensitive equals':
          return stateValue.toLowerCase() === sysValue.toLowerCase() ? 'true' : 'false';
        case 'case insensitive not equal':
          return stateValue.toLowerCase() !== sysValue.toLowerCase() ? 'true' : 'false';
        case 'pattern match':
          return patternMatch(stateValue, sysValue);
        default:
          return 'error';
      }
    case 'int': {
      const s = parseOvalInt(stateValue);
      const v = parseOvalInt(sysValue);
      if (s === undefined || v === undefined) return 'error';
      if (op === 'bitwise and') return (v & s) === s ? 'true' : 'false';
      if (op === 'bitwise or') return (v | s) === s ? 'true' : 'false';
      return ordered(v === s ? 0 : v > s ? 1 : -1, op);
    }
    case 'float': {
      const s = parseOvalFloat(stateValue);
      const v = parseOvalFloat(sysValue);
      if (s === undefined || v === undefined) return 'error';
      return ordered(floatCmp(v, s), op);
    }
    case 'boolean':
      if (op !== 'equals' && op !== 'not equal') return 'error';
      return (truthy(stateValue) === truthy(sysValue)) === (op === 'equals') ? 'true' : 'false';
    case 'evr_string':
      return ordered(rpmEvrCmp(sysValue, stateValue), op);
    case 'debian_evr_string':
      return ordered(debianEvrCmp(sysValue, stateValue), op);
    case 'version':
      return ordered(versionCmp(sysValue, stateValue), op);
    case 'binary':
      if (op !== 'equals' && op !== 'not equal') return 'error';
      return (stateValue.toLowerCase() === sysValue.toLowerCase()) === (op === 'equals') ? 'true' : 'false';
    case 'ipv4_address':
      return ipv4Cmp(stateValue, sysValue, op);
    case 'ipv6_address':
      if (op !== 'equals' && op !== 'not equal') return 'not evaluated';
      return (stateValue.toLowerCase() === sysValue.toLowerCase()) === (op === 'equals') ? 'true' : 'false';
    default:
      return 'not evaluated';
  }
}
