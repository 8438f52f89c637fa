// Debian package version ordering: epoch, upstream version and revision compared as dpkg's verrevcmp does.

/** The parts of a Debian version `[epoch:]upstream[-revision]`. */
export interface DpkgVersion {
  epoch: number;
  upstream: string;
  revision: string;
}

/** Splits a Debian version: the epoch ends at the first ':', the revision starts after the last '-'. */
export function parseDpkgVersion(version: string): DpkgVersion {
  let text = version.trim();
  let epoch = 0;
  const colon = text.indexOf(':');
  if (colon >= 0 && /^\d+$/.test(text.slice(0, colon))) {
    epoch = Number(text.slice(0, colon));
    text = text.slice(colon + 1);
  }
  const dash = text.lastIndexOf('-');
  if (dash < 0) return { epoch, upstream: text, revision: '' };
  return { epoch, upstream: text.slice(0, dash), revision: text.slice(dash + 1) };
}

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isAlpha = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');

/** dpkg's order(): '~' sorts before the end of the string, letters before other characters. */
function order(c: string | undefined): number {
  if (c === undefined) return 0;
  if (isDigit(c)) return 0;
  if (isAlpha(c)) return c.charCodeAt(0);
  if (c === '~') return -1;
  return c.charCodeAt(0) + 256;
}

/** dpkg's verrevcmp: alternating non-digit and digit runs; sign of the result is what matters. */
export function verrevcmp(a: string, b: string): number {
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

/** Compares two Debian versions: -1, 0 or 1. */
export function compareDpkg(a: string, b: string): number {
  const va = parseDpkgVersion(a);
  const vb = parseDpkgVersion(b);
  if (va.epoch !== vb.epoch) return va.epoch < vb.epoch ? -1 : 1;
  return Math.sign(verrevcmp(va.upstream, vb.upstream) || verrevcmp(va.revision, vb.revision));
}
