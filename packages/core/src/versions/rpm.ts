// RPM version ordering: epoch, then rpmvercmp on version and release (with '~' and '^'), as rpm 4.15+ compares.

/** The parts of an RPM `[epoch:]version[-release]`. */
export interface RpmVersion {
  epoch: number;
  version: string;
  release: string;
}

/** Splits an EVR string; a missing epoch is 0 and a missing release is empty (sorts lowest). */
export function parseRpmVersion(evr: string): RpmVersion {
  let text = evr.trim();
  let epoch = 0;
  const colon = text.indexOf(':');
  if (colon >= 0 && /^\d*$/.test(text.slice(0, colon))) {
    epoch = Number(text.slice(0, colon) || '0');
    text = text.slice(colon + 1);
  }
  const dash = text.lastIndexOf('-');
  if (dash < 0) return { epoch, version: text, release: '' };
  return { epoch, version: text.slice(0, dash), release: text.slice(dash + 1) };
}

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isAlpha = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isAlnum = (c: string): boolean => isDigit(c) || isAlpha(c);

/** rpmvercmp: -1, 0 or 1. Separators are skipped, numeric segments beat alpha ones, '~' sorts first, '^' after the base. */
export function rpmvercmp(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    while (i < a.length && !isAlnum(a[i]) && a[i] !== '~' && a[i] !== '^') i++;
    while (j < b.length && !isAlnum(b[j]) && b[j] !== '~' && b[j] !== '^') j++;

    // A tilde sorts before everything, even the end of the string.
    if (a[i] === '~' || b[j] === '~') {
      if (a[i] !== '~') return 1;
      if (b[j] !== '~') return -1;
      i++;
      j++;
      continue;
    }
    // A caret sorts after the end of the string but before anything else.
    if (a[i] === '^' || b[j] === '^') {
      if (i >= a.length) return -1;
      if (j >= b.length) return 1;
      if (a[i] !== '^') return 1;
      if (b[j] !== '^') return -1;
      i++;
      j++;
      continue;
    }
    if (!(i < a.length && j < b.length)) break;

    const numeric = isDigit(a[i]);
    const test = numeric ? isDigit : isAlpha;
    let ei = i;
    let ej = j;
    while (ei < a.length && test(a[ei])) ei++;
    while (ej < b.length && test(b[ej])) ej++;
    // Different segment types: the numeric one is newer.
    if (ej === j) return numeric ? 1 : -1;

    let sa = a.slice(i, ei);
    let sb = b.slice(j, ej);
    if (numeric) {
      sa = sa.replace(/^0+/, '');
      sb = sb.replace(/^0+/, '');
      if (sa.length !== sb.length) return sa.length > sb.length ? 1 : -1;
    }
    if (sa !== sb) return sa < sb ? -1 : 1;
    i = ei;
    j = ej;
  }
  if (i >= a.length && j >= b.length) return 0;
  return i >= a.length ? -1 : 1;
}

/** Compares two RPM EVR strings: -1, 0 or 1. */
export function compareRpm(a: string, b: string): number {
  const va = parseRpmVersion(a);
  const vb = parseRpmVersion(b);
  if (va.epoch !== vb.epoch) return va.epoch < vb.epoch ? -1 : 1;
  return rpmvercmp(va.version, vb.version) || rpmvercmp(va.release, vb.release);
}
