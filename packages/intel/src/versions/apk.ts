// Alpine apk version ordering, a port of apk-tools' version.c (Gentoo-style: digits, letter, _suffixes, -rN).

/** Token types in grammar order; the order matters (a token may only follow one of a higher type, bar three cases). */
const Token = { Invalid: -1, DigitOrZero: 0, Digit: 1, Letter: 2, Suffix: 3, SuffixNo: 4, RevisionNo: 5, End: 6 } as const;
type Token = (typeof Token)[keyof typeof Token];

const PRE_SUFFIXES = ['alpha', 'beta', 'pre', 'rc'];
const POST_SUFFIXES = ['cvs', 'svn', 'git', 'hg', 'p'];

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isLower = (c: string | undefined): boolean => c !== undefined && c >= 'a' && c <= 'z';

/** A cursor over one version string. */
interface Cursor {
  s: string;
  pos: number;
  type: Token;
}

/** apk's next_token: classifies what follows the current token (and steps over its separator). */
function nextToken(c: Cursor): void {
  let n: Token = Token.Invalid;
  const ch = c.s[c.pos];
  if (ch === undefined) {
    n = Token.End;
  } else if ((c.type === Token.Digit || c.type === Token.DigitOrZero) && isLower(ch)) {
    n = Token.Letter;
  } else if (c.type === Token.Letter && isDigit(ch)) {
    n = Token.Digit;
  } else if (c.type === Token.Suffix && isDigit(ch)) {
    n = Token.SuffixNo;
  } else {
    if (ch === '.') n = Token.DigitOrZero;
    else if (ch === '_') n = Token.Suffix;
    else if (ch === '-') {
      if (c.s[c.pos + 1] === 'r') {
        n = Token.RevisionNo;
        c.pos++;
      }
    }
    c.pos++;
  }
  // Tokens only move forward in the grammar, with three allowed steps back.
  if (n < c.type) {
    const allowed =
      (n === Token.DigitOrZero && c.type === Token.Digit) ||
      (n === Token.Suffix && c.type === Token.SuffixNo) ||
      (n === Token.Digit && c.type === Token.Letter);
    if (!allowed) n = Token.Invalid;
  }
  c.type = n;
}

/** apk's get_token: the value of the current token, then advances the cursor. */
function getToken(c: Cursor): number {
  if (c.pos >= c.s.length) {
    c.type = Token.End;
    return 0;
  }
  let v = 0;
  let i = c.pos;
  let nt: Token = Token.Invalid;
  switch (c.type) {
    case Token.DigitOrZero:
    case Token.Digit:
    case Token.SuffixNo:
    case Token.RevisionNo:
      // After a dot, leading zeros count negatively so that 1.01 < 1.1 (apk reads them like a fraction).
      if (c.type === Token.DigitOrZero && c.s[i] === '0') {
        while (c.s[i] === '0') i++;
        nt = Token.Digit;
        v = -(i - c.pos);
        break;
      }
      while (isDigit(c.s[i])) v = v * 10 + (c.s.charCodeAt(i++) - 48);
      break;
    case Token.Letter:
      v = c.s.charCodeAt(i++);
      break;
    case Token.Suffix: {
      const rest = c.s.slice(i);
      const pre = PRE_SUFFIXES.findIndex((s) => rest.startsWith(s));
      if (pre >= 0) {
        v = pre - PRE_SUFFIXES.length;
        i += PRE_SUFFIXES[pre].length;
        break;
      }
      const post = POST_SUFFIXES.findIndex((s) => rest.startsWith(s));
      if (post >= 0) {
        v = post;
        i += POST_SUFFIXES[post].length;
        break;
      }
      c.type = Token.Invalid;
      return -1;
    }
    default:
      c.type = Token.Invalid;
      return -1;
  }
  c.pos = i;
  if (c.pos >= c.s.length) c.type = Token.End;
  else if (nt !== Token.Invalid) c.type = nt;
  else nextToken(c);
  return v;
}

/** Compares two apk versions: -1, 0 or 1. */
export function compareApk(a: string, b: string): number {
  const ca: Cursor = { s: a.trim(), pos: 0, type: Token.Digit };
  const cb: Cursor = { s: b.trim(), pos: 0, type: Token.Digit };
  let av = 0;
  let bv = 0;
  while (ca.type === cb.type && ca.type !== Token.End && ca.type !== Token.Invalid && av === bv) {
    av = getToken(ca);
    bv = getToken(cb);
  }
  if (av !== bv) return av < bv ? -1 : 1;
  if (ca.type === cb.type) return 0;
  // Equal so far: the longer version is newer unless what follows is a pre-release suffix.
  if (ca.type === Token.Suffix && getToken({ ...ca }) < 0) return -1;
  if (cb.type === Token.Suffix && getToken({ ...cb }) < 0) return 1;
  if (ca.type > cb.type) return -1;
  if (cb.type > ca.type) return 1;
  return 0;
}
