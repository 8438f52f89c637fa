// Upstream version ordering for versions of no particular packaging scheme (NVD CPE versions, products seen on the wire).
//
// Digit runs compare as numbers, letter runs as words; separators ('.', '-', '_', '+', ':' ...) only split.
// A trailing letter run is a patch level (OpenSSH 7.4 < 7.4p1, OpenSSL 1.0.1 < 1.0.1f) unless it is a
// pre-release word (1.0rc1 < 1.0). Trailing zero components do not count (2.4 == 2.4.0).

/** Pre-release words, in release order; anything else made of letters is a patch level. */
const PRE_RELEASE: Record<string, number> = { dev: 0, snapshot: 0, alpha: 1, beta: 2, pre: 3, preview: 3, rc: 4 };

type Part = { num: string } | { word: string };

/**
 * Parsed versions, kept: a host's match compares its few versions with the same range bounds thousands of times, and
 * tokenizing was most of a comparison. Emptied when full, so memory stays bounded whatever the feed.
 */
const tokens = new Map<string, Part[]>();
const TOKENS_KEPT = 50_000;

function tokenize(version: string): Part[] {
  let parts = tokens.get(version);
  if (parts === undefined) {
    if (tokens.size >= TOKENS_KEPT) tokens.clear();
    tokens.set(version, (parts = tokenizeText(version)));
  }
  return parts;
}

function tokenizeText(version: string): Part[] {
  const text = version
    .trim()
    .toLowerCase()
    .replace(/^v(?=\d)/, '');
  const parts: Part[] = [];
  for (const m of text.matchAll(/\d+|[a-z]+/g)) {
    const run = m[0];
    parts.push(/\d/.test(run[0]) ? { num: run.replace(/^0+(?=\d)/, '') } : { word: run });
  }
  return parts;
}

function compareNum(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

const isPre = (p: Part | undefined): boolean => p !== undefined && 'word' in p && p.word in PRE_RELEASE;

/** Ordering of the part that follows when the other version has ended: nothing or zeros → 0, a pre-release → -1, else 1. */
function tail(parts: Part[], from: number): number {
  let i = from;
  while (i < parts.length && 'num' in parts[i] && /^0+$/.test((parts[i] as { num: string }).num)) i++;
  if (i >= parts.length) return 0;
  return isPre(parts[i]) ? -1 : 1;
}

/** Compares two upstream versions: -1, 0 or 1. */
export function compareGeneric(a: string, b: string): number {
  const pa = tokenize(a);
  const pb = tokenize(b);
  const n = Math.min(pa.length, pb.length);
  for (let i = 0; i < n; i++) {
    const x = pa[i];
    const y = pb[i];
    if ('num' in x && 'num' in y) {
      const c = compareNum(x.num, y.num);
      if (c) return c;
    } else if ('word' in x && 'word' in y) {
      const xp = PRE_RELEASE[x.word];
      const yp = PRE_RELEASE[y.word];
      if (xp !== undefined && yp !== undefined && xp !== yp) return xp < yp ? -1 : 1;
      if ((xp === undefined) !== (yp === undefined)) return xp === undefined ? 1 : -1;
      if (x.word !== y.word) return x.word < y.word ? -1 : 1;
    } else {
      // A number against a word: pre-release words sort below numbers, other words (patch letters) too.
      return 'num' in x ? 1 : -1;
    }
  }
  if (pa.length === pb.length) return 0;
  return pa.length > pb.length ? tail(pa, n) : 0 - tail(pb, n) || 0; // `|| 0`: no -0
}
