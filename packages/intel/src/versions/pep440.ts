// Python (PEP 440) version ordering, simplified: epoch, release, pre/post/dev releases and local labels, normalised spellings.

/** A parsed PEP 440 version. Missing parts use the sentinels that give PEP 440's order. */
interface Pep440 {
  epoch: number;
  release: number[];
  pre: [number, number] | null; // [phase 0 a / 1 b / 2 rc, number]
  post: number | null;
  dev: number | null;
  local: string[];
}

const PEP440 =
  /^v?(?:(\d+)!)?(\d+(?:\.\d+)*)(?:[-_.]?(a|b|c|rc|alpha|beta|pre|preview)[-_.]?(\d+)?)?(?:(?:-(\d+))|(?:[-_.]?(post|rev|r)[-_.]?(\d+)?))?(?:[-_.]?(dev)[-_.]?(\d+)?)?(?:\+([a-z0-9]+(?:[-_.][a-z0-9]+)*))?$/;

const PRE_PHASE: Record<string, number> = { a: 0, alpha: 0, b: 1, beta: 1, c: 2, rc: 2, pre: 2, preview: 2 };

/** Parses a PEP 440 version (case-insensitive, with the spec's alternative spellings); null when it is not one. */
export function parsePep440(version: string): Pep440 | null {
  const m = PEP440.exec(version.trim().toLowerCase());
  if (!m) return null;
  const release = m[2].split('.').map(Number);
  // Trailing zeros do not count: 1.0 == 1.0.0.
  while (release.length > 1 && release[release.length - 1] === 0) release.pop();
  return {
    epoch: m[1] ? Number(m[1]) : 0,
    release,
    pre: m[3] ? [PRE_PHASE[m[3]], Number(m[4] ?? 0)] : null,
    post: m[5] !== undefined ? Number(m[5]) : m[6] ? Number(m[7] ?? 0) : null,
    dev: m[8] ? Number(m[9] ?? 0) : null,
    local: m[10] ? m[10].split(/[-_.]/) : [],
  };
}

function compareNumbers(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** The sort key of PEP 440 (as in `packaging`): a dev-only release sorts before its pre-releases, no post before any post. */
function key(v: Pep440): number[] {
  const pre = v.pre ? [v.pre[0], v.pre[1]] : v.post === null && v.dev !== null ? [-Infinity, 0] : [Infinity, 0];
  const post = v.post === null ? -Infinity : v.post;
  const dev = v.dev === null ? Infinity : v.dev;
  return [...pre, post, dev];
}

/** Local labels: numeric segments beat alphanumeric ones; more segments win when the shared ones are equal. */
function compareLocal(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const an = /^\d+$/.test(a[i]);
    const bn = /^\d+$/.test(b[i]);
    if (an && bn && Number(a[i]) !== Number(b[i])) return Number(a[i]) < Number(b[i]) ? -1 : 1;
    if (an !== bn) return an ? 1 : -1;
    if (!an && a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return Math.sign(a.length - b.length);
}

/** Compares two PEP 440 versions; null when either does not parse. */
export function comparePep440(a: string, b: string): number | null {
  const pa = parsePep440(a);
  const pb = parsePep440(b);
  if (!pa || !pb) return null;
  if (pa.epoch !== pb.epoch) return pa.epoch < pb.epoch ? -1 : 1;
  return compareNumbers(pa.release, pb.release) || compareNumbers(key(pa), key(pb)) || compareLocal(pa.local, pb.local);
}
