// Version orderings OVAL compares with: RPM's EVR (evr_string), dpkg's epoch:version-revision (debian_evr_string) and
// OVAL's dotted "version" datatype. Each returns <0, 0 or >0 like a sort comparator. The segment comparisons are
// core's; what is OVAL's own is how an EVR splits and that a missing part is older (OpenSCAP's rule).
import { rpmvercmp, verrevcmp } from '@bulwark/core';

const isDigit = (c: string) => c >= '0' && c <= '9';

/** rpmvercmp (core's, the one intel's package matching uses). */
export const rpmVerCmp = rpmvercmp;

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

/** dpkg's verrevcmp for one version or revision part (core's, the one intel's package matching uses). */
export const dpkgVerCmp = verrevcmp;

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
