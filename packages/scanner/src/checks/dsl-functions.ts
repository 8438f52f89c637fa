// The helper functions of Nuclei's DSL that Bulwark supports (matchers, extractors and {{…}} template expressions).
import { createHash, createHmac, randomInt } from 'node:crypto';
import { gunzipSync, gzipSync, inflateSync, deflateSync } from 'node:zlib';
import { translateRe2 } from './regex.ts';

export type Value = string | number | boolean | undefined;
type Fn = (args: Value[]) => Value;
export interface DslFunction {
  min: number;
  max: number;
  fn: Fn;
}

export const str = (v: Value): string => (v === undefined ? '' : String(v));
const regexCache = new Map<string, RegExp>();
function re(pattern: Value, flags = ''): RegExp {
  const key = `${flags}/${str(pattern)}`;
  let r = regexCache.get(key);
  if (!r) regexCache.set(key, (r = translateRe2(str(pattern), flags)));
  return r;
}

const ALPHA = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
function random(n: Value, charset: string): string {
  const len = Math.max(0, Math.min(Number(n ?? 0) || 0, 4096));
  let out = '';
  for (let i = 0; i < len; i++) out += charset[randomInt(charset.length)];
  return out;
}

const hash = (alg: string) => (a: Value) => createHash(alg).update(str(a), 'utf8').digest('hex');
const bytes = (v: Value) => Buffer.from(str(v), 'latin1');

/**
 * MurmurHash3 x86 32-bit as a signed integer: what Nuclei's mmh3() returns (favicon hashes, with base64_py).
 * Written here because no maintained npm package exposes the signed 32-bit variant Nuclei (and Shodan) use.
 */
function mmh3(input: string): number {
  const data = Buffer.from(input, 'utf8');
  let h = 0;
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  const blocks = data.length >> 2;
  for (let i = 0; i < blocks; i++) {
    let k = data.readUInt32LE(i * 4);
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  let k = 0;
  const tail = blocks * 4;
  const rem = data.length & 3;
  if (rem === 3) k ^= data[tail + 2] << 16;
  if (rem >= 2) k ^= data[tail + 1] << 8;
  if (rem >= 1) {
    k ^= data[tail];
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
  }
  h ^= data.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/** Python's base64.encodebytes (a newline every 76 characters and at the end), which favicon hashes are taken over. */
function base64Py(v: Value): string {
  const b64 = bytes(v).toString('base64');
  return `${b64.match(/.{1,76}/g)?.join('\n') ?? ''}\n`;
}

/**
 * Nuclei's compare_versions(version, constraint…): every constraint ('>= 1.2', '<2.0.1', '!= 3') holds. Versions
 * compare as go-version does (any number of numeric dot segments, an optional leading 'v', a pre-release after '-'
 * sorts before its release) — not strict semver, which is why this is not the semver package.
 */
function versionParts(v: string): { nums: number[]; pre: string } | null {
  const m = /^v?(\d+(?:\.\d+)*)(?:[-+~]?([0-9A-Za-z.-]*))?/.exec(v.trim());
  if (!m) return null;
  return { nums: m[1].split('.').map(Number), pre: m[2] ?? '' };
}
function compareVersions(a: string, b: string): number | null {
  const x = versionParts(a);
  const y = versionParts(b);
  if (!x || !y) return null;
  for (let i = 0; i < Math.max(x.nums.length, y.nums.length); i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (!x.pre) return 1;
  if (!y.pre) return -1;
  return x.pre < y.pre ? -1 : 1;
}
function satisfies(version: string, constraint: string): boolean {
  return constraint.split(',').every((part) => {
    const m = /^\s*(>=|<=|!=|==|=|>|<|~>)?\s*(\S+)\s*$/.exec(part);
    if (!m) return false;
    const c = compareVersions(version, m[2]);
    if (c === null) return false;
    switch (m[1] ?? '=') {
      case '>=':
        return c >= 0;
      case '<=':
        return c <= 0;
      case '>':
        return c > 0;
      case '<':
        return c < 0;
      case '!=':
        return c !== 0;
      case '~>': {
        const base = versionParts(m[2])!.nums;
        const upper = [...base.slice(0, Math.max(1, base.length - 1))];
        upper[upper.length - 1] += 1;
        return c >= 0 && (compareVersions(version, upper.join('.')) ?? 1) < 0;
      }
      default:
        return c === 0;
    }
  });
}

const unary = (fn: (a: Value) => Value): DslFunction => ({ min: 1, max: 1, fn: ([a]) => fn(a) });

/** The supported functions by name; anything else is refused when the template is parsed. */
export const DSL_FUNCTIONS: Record<string, DslFunction> = {
  contains: { min: 2, max: 2, fn: ([a, b]) => str(a).includes(str(b)) },
  contains_all: { min: 2, max: 64, fn: ([a, ...bs]) => bs.every((b) => str(a).includes(str(b))) },
  contains_any: { min: 2, max: 64, fn: ([a, ...bs]) => bs.some((b) => str(a).includes(str(b))) },
  starts_with: { min: 2, max: 64, fn: ([a, ...bs]) => bs.some((b) => str(a).startsWith(str(b))) },
  ends_with: { min: 2, max: 64, fn: ([a, ...bs]) => bs.some((b) => str(a).endsWith(str(b))) },
  line_starts_with: {
    min: 2,
    max: 64,
    fn: ([a, ...bs]) =>
      str(a)
        .split('\n')
        .some((l) => bs.some((b) => l.startsWith(str(b)))),
  },
  line_ends_with: {
    min: 2,
    max: 64,
    fn: ([a, ...bs]) =>
      str(a)
        .split('\n')
        .some((l) => bs.some((b) => l.endsWith(str(b)))),
  },
  equals_any: { min: 2, max: 64, fn: ([a, ...bs]) => bs.some((b) => str(a) === str(b)) },
  len: unary((a) => str(a).length),
  to_lower: unary((a) => str(a).toLowerCase()),
  to_upper: unary((a) => str(a).toUpperCase()),
  tolower: unary((a) => str(a).toLowerCase()),
  toupper: unary((a) => str(a).toUpperCase()),
  trim: { min: 1, max: 2, fn: ([a, c]) => (c === undefined ? str(a).trim() : trimChars(str(a), str(c), true, true)) },
  trim_space: unary((a) => str(a).trim()),
  trim_left: { min: 2, max: 2, fn: ([a, c]) => trimChars(str(a), str(c), true, false) },
  trim_right: { min: 2, max: 2, fn: ([a, c]) => trimChars(str(a), str(c), false, true) },
  trim_prefix: { min: 2, max: 2, fn: ([a, p]) => (str(a).startsWith(str(p)) ? str(a).slice(str(p).length) : str(a)) },
  trim_suffix: { min: 2, max: 2, fn: ([a, s]) => (str(s) && str(a).endsWith(str(s)) ? str(a).slice(0, -str(s).length) : str(a)) },
  // Spellings without the underscore that templates use as well.
  startswith: { min: 2, max: 64, fn: ([a, ...bs]) => bs.some((b) => str(a).startsWith(str(b))) },
  endswith: { min: 2, max: 64, fn: ([a, ...bs]) => bs.some((b) => str(a).endsWith(str(b))) },
  trimprefix: { min: 2, max: 2, fn: ([a, p]) => (str(a).startsWith(str(p)) ? str(a).slice(str(p).length) : str(a)) },
  trimsuffix: { min: 2, max: 2, fn: ([a, s]) => (str(s) && str(a).endsWith(str(s)) ? str(a).slice(0, -str(s).length) : str(a)) },
  to_number: unary((a) => Number(a)),
  to_string: unary((a) => str(a)),
  regex: { min: 2, max: 2, fn: ([p, s]) => re(p).test(str(s)) },
  replace: { min: 3, max: 3, fn: ([a, o, n]) => str(a).split(str(o)).join(str(n)) },
  replace_regex: { min: 3, max: 3, fn: ([a, p, n]) => str(a).replace(re(p, 'g'), str(n).replace(/\$\{?(\d+)\}?/g, '$$$1')) },
  concat: { min: 1, max: 64, fn: (args) => args.map(str).join('') },
  join: { min: 2, max: 64, fn: ([sep, ...parts]) => parts.map(str).join(str(sep)) },
  repeat: { min: 2, max: 2, fn: ([a, n]) => str(a).repeat(Math.max(0, Math.min(Number(n) || 0, 10_000))) },
  reverse: unary((a) => [...str(a)].reverse().join('')),
  substr: {
    min: 2,
    max: 3,
    fn: ([a, s, e]) => str(a).slice(Number(s) || 0, e === undefined ? undefined : Number(e)),
  },
  md5: unary(hash('md5')),
  sha1: unary(hash('sha1')),
  sha256: unary(hash('sha256')),
  sha512: unary(hash('sha512')),
  hmac: { min: 3, max: 3, fn: ([alg, data, key]) => createHmac(str(alg), str(key)).update(str(data)).digest('hex') },
  mmh3: unary((a) => String(mmh3(str(a)))),
  base64: unary((a) => bytes(a).toString('base64')),
  base64_py: unary(base64Py),
  base64_decode: unary((a) => Buffer.from(str(a), 'base64').toString('latin1')),
  hex_encode: unary((a) => bytes(a).toString('hex')),
  hex_decode: unary((a) => Buffer.from(str(a), 'hex').toString('latin1')),
  url_encode: unary((a) => encodeURIComponent(str(a)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)),
  url_decode: unary((a) => {
    try {
      return decodeURIComponent(str(a).replace(/\+/g, ' '));
    } catch {
      return str(a);
    }
  }),
  html_escape: unary((a) => str(a).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)),
  html_unescape: unary((a) =>
    str(a)
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
      .replace(/&amp;/g, '&'),
  ),
  gzip: unary((a) => gzipSync(bytes(a)).toString('latin1')),
  gzip_decode: unary((a) => safe(() => gunzipSync(bytes(a)).toString('latin1'))),
  zlib: unary((a) => deflateSync(bytes(a)).toString('latin1')),
  zlib_decode: unary((a) => safe(() => inflateSync(bytes(a)).toString('latin1'))),
  dec_to_hex: unary((a) => Math.trunc(Number(a)).toString(16)),
  hex_to_dec: unary((a) => parseInt(str(a), 16)),
  bin_to_dec: unary((a) => parseInt(str(a).replace(/^0b/, ''), 2)),
  oct_to_dec: unary((a) => parseInt(str(a).replace(/^0o?/, ''), 8)),
  rand_base: { min: 1, max: 2, fn: ([n, set]) => random(n, str(set) || ALPHA + DIGITS) },
  rand_char: { min: 0, max: 1, fn: ([set]) => random(1, str(set) || ALPHA + DIGITS) },
  rand_text_alpha: { min: 1, max: 2, fn: ([n, bad]) => random(n, without(ALPHA, str(bad))) },
  rand_text_alphanumeric: { min: 1, max: 2, fn: ([n, bad]) => random(n, without(ALPHA + DIGITS, str(bad))) },
  rand_text_numeric: { min: 1, max: 2, fn: ([n, bad]) => random(n, without(DIGITS, str(bad))) },
  rand_int: {
    min: 0,
    max: 2,
    fn: ([lo, hi]) => {
      const a = lo === undefined ? 0 : Math.trunc(Number(lo));
      const b = hi === undefined ? 2 ** 31 - 1 : Math.trunc(Number(hi));
      return b > a ? randomInt(a, b) : a;
    },
  },
  unix_time: { min: 0, max: 1, fn: ([add]) => Math.floor(Date.now() / 1000) + (Number(add) || 0) },
  date_time: { min: 1, max: 2, fn: ([fmt, at]) => dateTime(str(fmt), at === undefined ? new Date() : new Date(Number(at) * 1000)) },
  compare_versions: { min: 2, max: 16, fn: ([v, ...cs]) => cs.every((c) => satisfies(str(v), str(c))) },
};

/** Nuclei's date_time: '%Y-%M-%D %H:%m:%S' tokens, or a Go layout ('2006-01-02 15:04:05'). */
function dateTime(format: string, d: Date): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const parts: Record<string, string> = {
    Y: String(d.getFullYear()),
    M: pad(d.getMonth() + 1),
    D: pad(d.getDate()),
    H: pad(d.getHours()),
    m: pad(d.getMinutes()),
    S: pad(d.getSeconds()),
  };
  if (format.includes('%')) return format.replace(/%([YMDHmS])/g, (_, k: string) => parts[k]);
  return format.replace(
    /2006|01|02|15|04|05/g,
    (t) => ({ '2006': parts.Y, '01': parts.M, '02': parts.D, '15': parts.H, '04': parts.m, '05': parts.S })[t] ?? t,
  );
}

function trimChars(s: string, chars: string, left: boolean, right: boolean): string {
  let a = 0;
  let b = s.length;
  while (left && a < b && chars.includes(s[a])) a++;
  while (right && b > a && chars.includes(s[b - 1])) b--;
  return s.slice(a, b);
}
function without(set: string, bad: string): string {
  const out = [...set].filter((c) => !bad.includes(c)).join('');
  return out || set;
}
function safe(fn: () => string): string {
  try {
    return fn();
  } catch {
    return '';
  }
}
