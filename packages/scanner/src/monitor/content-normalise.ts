// A watched page's content, normalised so that what changes on every load (CSRF tokens, nonces, session ids, timestamps,
// cache-busting query values) does not count as a change, while a change of the page's text does; and its sha256.
// The rules are listed in docs/monitoring-website-checks.md; keep the two in step.
import { createHash } from 'node:crypto';

/** Placeholders the rules leave where they removed something (short, so they never look like a token themselves). */
const TOKEN = '<token>';
const TIME = '<time>';
const NUM = '<num>';

/** Query parameters whose values are cache busters or per-visit ids: `app.js?v=1732871234`, `?_=…`, `;jsessionid=…`. */
const VOLATILE_PARAMS =
  'v|ver|version|_|t|ts|cb|cachebust|cachebuster|nocache|rev|hash|build|timestamp|sid|sessionid|session|jsessionid|phpsessid|token|_token|csrf|csrf_token|nonce';
const VOLATILE_QUERY = new RegExp(`([?&;](?:amp;)?)(${VOLATILE_PARAMS})=([^&"'\\s<>#;]*)`, 'gi');

/** Names (of meta tags, data-* attributes, script variables) that hold a per-visit secret. */
const SECRET_NAME = /csrf|xsrf|token|nonce|session|request-?id/i;
/** Attributes whose values are per-response: script nonces and subresource hashes. */
const VOLATILE_ATTRS = new Set(['nonce', 'integrity']);

// Markup is matched in linear time whatever the page holds (a hostile page of 5 MB of unclosed `<a` or `<!--` must
// not stall a worker): tags stop at the next `<`, and comments and scripts are cut with indexOf-style searches.
const START_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)(\s[^<>]*)?>/g;
const SCRIPT_OPEN = /<(script|style)\b[^<>]*>/gi;
const ATTRIBUTE = /([^\s"'<>/=]+)(\s*=\s*)("[^"]*"|'[^']*'|[^\s"'>]+)/g;
/** Seconds (10 digits, September 2001 to 2033) or milliseconds (13 digits) since 1970, optionally with a fraction. */
const EPOCH = /(?<![\w.])1\d{9}(?:\d{3})?(?:\.\d+)?(?![\w])/g;
/** Math.random()-like fractions in scripts. */
const RANDOM_FRACTION = /(?<![\w.])0\.\d{8,}(?![\w])/g;
/** `csrfToken: "…"`, `"sessionId" = '…'` in scripts and JSON. */
const SECRET_ASSIGNMENT = /((?:csrf|xsrf|token|nonce|session)[\w-]*["']?\s*[:=]\s*)(["'])[^"'\n]*\2/gi;
/** ISO 8601 dates and date-times, bare times, and HTTP dates. */
const ISO_DATE = /(?<![\w])\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?![\w])/g;
const CLOCK_TIME = /(?<![\w:])\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?(?![\w:])/g;
const HTTP_DATE =
  /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT\b/g;
/** UUIDs (request ids, correlation ids). */
const UUID = /(?<![A-Za-z0-9])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![A-Za-z0-9])/gi;
/** Hex runs of 16+ characters (session ids, build hashes in file names). */
const HEX_RUN = /(?<![A-Za-z0-9])[0-9a-fA-F]{16,}(?![A-Za-z0-9])/g;
/** Runs of base64 / base64url characters of 20+; whether one is random-looking is decided by `looksRandom`. */
const B64_RUN = /(?<![A-Za-z0-9+/_=-])[A-Za-z0-9+/_-]{20,}={0,2}(?![A-Za-z0-9+/_=-])/g;

/**
 * A run of 20+ base64 characters is a token when it has at least two digits, a letter, and its letters and digits
 * change kind (upper, lower, digit) at least once per five characters: random strings change kind about every second
 * character, words and paths (`/Images/Products/Shoe2024`, `Red-Large-Edition-2024`) rarely.
 */
function looksRandom(run: string): boolean {
  const digits = run.replace(/[^0-9]/g, '').length;
  if (digits < 2 || !/[A-Za-z]/.test(run)) return false;
  const kind = (c: string) => (c >= '0' && c <= '9' ? 1 : c >= 'a' && c <= 'z' ? 2 : c >= 'A' && c <= 'Z' ? 3 : 0);
  let changes = 0;
  for (let i = 1; i < run.length; i++) {
    const a = kind(run[i - 1]!);
    const b = kind(run[i]!);
    if (a && b && a !== b) changes++;
  }
  return changes * 5 >= run.length;
}

/** The page without comments; an unclosed comment runs to the end, as browsers read it. */
function dropComments(html: string, by: string): string {
  let out = '';
  let i = 0;
  for (;;) {
    const a = html.indexOf('<!--', i);
    if (a < 0) return out + html.slice(i);
    out += html.slice(i, a) + by;
    const b = html.indexOf('-->', a + 4);
    if (b < 0) return out;
    i = b + 3;
  }
}

/** Each script's and style's body through `fn`; an unclosed one runs to the end. */
function mapScripts(html: string, fn: (body: string) => string): string {
  let out = '';
  let i = 0;
  const open = new RegExp(SCRIPT_OPEN.source, 'gi');
  for (;;) {
    open.lastIndex = i;
    const m = open.exec(html);
    if (!m) return out + html.slice(i);
    const bodyStart = m.index + m[0].length;
    const close = new RegExp(`</${m[1]!}\\s*>`, 'gi');
    close.lastIndex = bodyStart;
    const c = close.exec(html);
    const bodyEnd = c ? c.index : html.length;
    out += html.slice(i, bodyStart) + fn(html.slice(bodyStart, bodyEnd));
    if (!c) return out;
    out += c[0];
    i = c.index + c[0].length;
  }
}

function normaliseScript(body: string): string {
  return body.replace(SECRET_ASSIGNMENT, '$1$2$2').replace(EPOCH, NUM).replace(RANDOM_FRACTION, NUM);
}

function attrValue(raw: string): string {
  return raw.startsWith('"') || raw.startsWith("'") ? raw.slice(1, -1) : raw;
}

/** One start tag with its per-visit attribute values emptied. */
function normaliseTag(tag: string, name: string, attrs: string | undefined): string {
  if (!attrs) return tag;
  const lower = name.toLowerCase();
  const values = new Map<string, string>();
  for (const m of attrs.matchAll(ATTRIBUTE)) values.set(m[1]!.toLowerCase(), attrValue(m[3]!));
  const hiddenInput = lower === 'input' && values.get('type')?.toLowerCase() === 'hidden';
  const secretMeta =
    lower === 'meta' && [values.get('name'), values.get('property'), values.get('http-equiv')].some((v) => v && SECRET_NAME.test(v));
  const out = attrs.replace(ATTRIBUTE, (all, attr: string, eq: string, raw: string) => {
    const a = attr.toLowerCase();
    const blank =
      VOLATILE_ATTRS.has(a) ||
      (hiddenInput && a === 'value') ||
      (secretMeta && a === 'content') ||
      (a.startsWith('data-') && SECRET_NAME.test(a));
    if (blank) return `${attr}${eq}""`;
    const value = attrValue(raw);
    const cleaned = value.replace(EPOCH, NUM);
    return cleaned === value ? all : `${attr}${eq}"${cleaned}"`;
  });
  return `<${name}${out}>`;
}

/**
 * The page with what changes on every load removed (CSRF tokens, nonces, timestamps, session ids), in this order:
 * 1. HTML comments; 2. in scripts and styles: values assigned to csrf/token/nonce/session names, epoch numbers,
 * random fractions; 3. cache-busting and session query values (`?v=`, `?_=`, `&t=`, `;jsessionid=` …); 4. in start
 * tags: hidden inputs' values, csrf/token/nonce/session meta tags' content, `nonce` and `integrity` attributes,
 * data-*csrf/token/nonce/session* attributes, epoch numbers in attribute values; 5. ISO dates and date-times,
 * clock times, HTTP dates; 6. UUIDs, hex runs of 16+ and random-looking base64 runs of 20+; 7. whitespace (none between tags,
 * one space elsewhere).
 */
export function normaliseContent(html: string): string {
  return mapScripts(dropComments(html, ''), normaliseScript)
    .replace(VOLATILE_QUERY, '$1$2=')
    .replace(START_TAG, (tag: string, name: string, attrs: string | undefined) => normaliseTag(tag, name, attrs))
    .replace(HTTP_DATE, TIME)
    .replace(ISO_DATE, TIME)
    .replace(CLOCK_TIME, TIME)
    .replace(UUID, TOKEN)
    .replace(HEX_RUN, (run) => (/[0-9]/.test(run) ? TOKEN : run))
    .replace(B64_RUN, (run) => (looksRandom(run.replace(/=+$/, '')) ? TOKEN : run))
    .replace(/>\s+</g, '><')
    .replace(/\s{2,}|[^\S ]/g, ' ')
    .trim();
}

/** sha256 (hex) of the normalised page. */
export function contentHash(html: string): string {
  return createHash('sha256').update(normaliseContent(html)).digest('hex');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The page's readable text (scripts, styles and tags removed, entities decoded, whitespace collapsed), for keywords. */
export function pageText(html: string): string {
  return mapScripts(dropComments(html, ' '), () => ' ')
    .replace(/<[^<>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (all, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
      }
      return ENTITIES[e.toLowerCase()] ?? all;
    })
    .replace(/\s{2,}|[^\S ]/g, ' ')
    .trim();
}
