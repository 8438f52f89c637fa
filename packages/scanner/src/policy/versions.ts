// Version orderings OVAL compares with: RPM's EVR (evr_string), dpkg's epoch:version-revision (debian_evr_string) and
// OVAL's dotted "version" datatype. Each returns <0, 0 or >0 like a sort comparator.

const isDigit = (c: string) => c >= '0' && c <= '9';
const isAlpha = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isAlnum = (c: string) => isDigit(c) || isAlpha(c);

/** rpmvercmp: alternating numeric and alphabetic segments; "~" sorts before anything, "^" after the end. */
export function rpmVerCmp(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    while (i < a.length && !isAlnum(a[i]) && a[i] !== '~' && a[i] !== '^') i++;
    while (j < b.length && !isAlnum(b[j]) && b[j] !== '~' && b[j] !== '^') j++;
    // Tilde: the side that has it is older, even against the end of the string.
    if (a[i] === '~' || b[j] === '~') {
      if (a[i] !== '~') return 1;
      if (b[j] !== '~') return -1;
      i++;
      j++;
      continue;
    }
    // Caret: newer than the end of the other string, older than any further segment.
    if (a[i] === '^' || b[j] === '^') {
      if (i >= a.length) return -1;
      if (j >= b.length) return 1;
      if (a[i] !== '^') return 1;
      if (b[j] !== '^') return -1;
      i++;
      j++;
      continue;
    }
    if (i >= a.length || j >= b.length) break;
    const numeric = isDigit(a[i]);
    const take = (s: string, k: number) => {
      let e = k;
      while (e < s.length && (numeric ? isDigit(s[e]) : isAlpha(s[e]))) e++;
      return e;
    };
    const ie = take(a, i);
    const je = take(b, j);
    let sa = a.slice(i, ie);
    let sb = b.slice(j, je);
    // A numeric segment is newer than an alphabetic one.
    if (sb === '') return numeric ? 1 : -1;
    if (numeric) {
      sa = sa.replace(/^0+/, '');
      sb = sb.replace(/^0+/, '');
      if (sa.length !== sb.length) return sa.length > sb.length ? 1 : -1;
    }
    if (sa !== sb) return sa < sb ? -1 : 1;
    i = ie;
    j = je;
  }
  if (i >= a.length && j >= b.length) return 0;
  return i >= a.length ? -1 : 1;
}

interface Evr {
  epoch: string | undefined;
  version: string;
  release: string | undefined;
}

/** Splits "epoch:version-release" the way rpm does: the epoch is leading digits before ':', the release follows the last '-'. */
export function splitEvr(evr: string): Evr {
  let k = 0;
  while (k < evr.length && isDigit(evr[k])) k++;
  let epoch: string | undefined;
  let rest = evr;
  if (evr[k] === ':') {
    epoch = evr.slice(0, k) || '0';
    rest = evr.slice(k + 1);
  }
  const dash = rest.lastIndexOf('-');
  // The release separator is searched after the epoch digits only, as rpm does.
  if (dash >= 0 && (epoch !== undefined || dash >= k)) return { epoch, version: rest.slice(0, dash), release: rest.slice(dash + 1) };
  return { epoch, version: rest, release: undefined };
}

// A missing part is older than a present one (OpenSCAP's rule for evr_string, kept for agreement).
function cmpPart(a: string | undefined, b: string | undefined): number {
  if (a === undefined && b === undefined) return 0;
  if (b === undefined) return 1;
  if (a === undefined) return -1;
  return rpmVerCmp(a, b);
}

/** Compares two RPM EVR strings. */
export function rpmEvrCmp(a: string, b: string): number {
  const x = splitEvr(a);
  const y = splitEvr(b);
  return cmpPart(x.epoch, y.epoch) || cmpPart(x.version, y.version) || cmpPart(x.release, y.release);
}

// dpkg's character order: "~" first, then the end of the string, letters, then everything else.
function order(c: string | undefined): number {
  if (c === undefined || isDigit(c)) return 0;
  if (isAlpha(c)) return c.charCodeAt(0);
  if (c === '~') return -1;
  return c.charCodeAt(0) + 256;
}

/** dpkg's verrevcmp for one version or revision part. */
export function dpkgVerCmp(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    let firstDiff = 0;
    while ((i < a.length && !isDigit(a[i])) || (j < b.length && !isDigit(b[j]))) {
      const ac = order(a[i]);
      const bc = order(b[j]);
      if (ac !== bc) return ac - bc;
      i++;
      j++;
    }
    while (a[i] === '0') i++;
    while (b[j] === '0') j++;
    while (i < a.length && j < b.length && isDigit(a[i]) && isDigit(b[j])) {
      if (!firstDiff) firstDiff = a.charCodeAt(i) - b.charCodeAt(j);
      i++;
      j++;
    }
    if (i < a.length && isDigit(a[i])) return 1;
    if (j < b.length && isDigit(b[j])) return -1;
    if (firstDiff) return firstDiff;
  }
  return 0;
}

/** Compares two Debian "epoch:upstream-revision" versions; a missing epoch is 0, a missing revision is empty. */
export function debianEvrCmp(a: string, b: string): number {
  const x = splitEvr(a);
  const y = splitEvr(b);
  const ea = Number.parseInt(x.epoch ?? '0', 10) || 0;
  const eb = Number.parseInt(y.epoch ?? '0', 10) || 0;
  if (ea !== eb) return ea > eb ? 1 : -1;
  return dpkgVerCmp(x.version, y.version) || dpkgVerCmp(x.release ?? '', y.release ?? '');
}

/** OVAL "version": fields of digits separated by any non-digit, compared numerically, a missing field being 0. */
export function versionCmp(a: string, b: string): number {
  const fields = (s: string) => {
    const out: number[] = [];
    let k = 0;
    while (k < s.length) {
      const m = /^[+-]?\d+/.exec(s.slice(k));
      out.push(m ? Number.parseInt(m[0], 10) : 0);
      // Skip to the next field: past the digits, then past one separator.
      if (k < s.length) k++;
      while (k < s.length && isDigit(s[k])) k++;
      if (k < s.length && !isDigit(s[k])) k++;
    }
    return out;
  };
  const x = fields(a);
  const y = fields(b);
  for (let k = 0; k < Math.max(x.length, y.length); k++) {
    const d = (x[k] ?? 0) - (y[k] ?? 0);
    if (d !== 0) return d > 0 ? 1 : -1;
  }
  return 0;
}
