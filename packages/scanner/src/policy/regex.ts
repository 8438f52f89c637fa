// OVAL patterns are Perl/PCRE regular expressions; this translates them to JavaScript RegExp with PCRE's meaning of
// ^ $ . \s and POSIX classes (JavaScript's differ on \r and Unicode spaces), and caches the compiled result.

export interface PcreFlags {
  /** PCRE_MULTILINE: ^ and $ at every line. */
  multiline?: boolean;
  /** PCRE_DOTALL: . matches newlines too. */
  dotall?: boolean;
  ignoreCase?: boolean;
}

const POSIX_CLASSES: Record<string, string> = {
  alpha: 'a-zA-Z',
  digit: '0-9',
  alnum: 'a-zA-Z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: '\\t\\n\\v\\f\\r ',
  blank: ' \\t',
  punct: '!-\\/:-@\\[-`{-~',
  xdigit: '0-9A-Fa-f',
  word: '\\w',
  cntrl: '\\x00-\\x1f\\x7f',
  print: '\\x20-\\x7e',
  graph: '\\x21-\\x7e',
};

const PCRE_SPACE = '\\t\\n\\v\\f\\r ';

function hexEscape(code: number): string {
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  const c = code - 0x10000;
  return `(?:\\u${(0xd800 + (c >> 10)).toString(16)}\\u${(0xdc00 + (c & 0x3ff)).toString(16)})`;
}

const escapeLiteral = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

interface Translated {
  source: string;
  ignoreCase: boolean;
}

/** Translates a PCRE pattern to a JavaScript one; throws on constructs JavaScript cannot express. */
export function translatePcre(pattern: string, flags: PcreFlags = {}): Translated {
  let multiline = flags.multiline ?? false;
  let dotall = flags.dotall ?? false;
  let ignoreCase = flags.ignoreCase ?? false;
  let out = '';
  let i = 0;
  const n = pattern.length;

  // Leading option settings such as (?i) or (?ms) apply to the whole pattern.
  for (;;) {
    const m = /^\(\?([imsx]*)(?:-([imsx]*))?\)/.exec(pattern.slice(i));
    if (!m || (m[1] === '' && m[2] === undefined)) break;
    for (const f of m[1]) {
      if (f === 'i') ignoreCase = true;
      else if (f === 'm') multiline = true;
      else if (f === 's') dotall = true;
      else throw new Error('Extended (?x) patterns are not supported.');
    }
    for (const f of m[2] ?? '') {
      if (f === 'i') ignoreCase = false;
      else if (f === 'm') multiline = false;
      else if (f === 's') dotall = false;
    }
    i += m[0].length;
  }

  const escapeOutside = (c: string): string => {
    switch (c) {
      case 'A':
        return '(?<![\\s\\S])';
      case 'Z':
        return '(?=\\n?(?![\\s\\S]))';
      case 'z':
        return '(?![\\s\\S])';
      case 'G':
        return '';
      case 'h':
        return '[ \\t]';
      case 'H':
        return '[^ \\t]';
      case 's':
        return `[${PCRE_SPACE}]`;
      case 'S':
        return `[^${PCRE_SPACE}]`;
      case 'e':
        return '\\x1b';
      case 'R':
        return '(?:\\r\\n|[\\n\\v\\f\\r\\x85])';
      case 'K':
      case 'X':
      case 'C':
        throw new Error(`\\${c} is not supported.`);
      default:
        return `\\${c}`;
    }
  };

  while (i < n) {
    const c = pattern[i];
    if (c === '\\') {
      const d = pattern[i + 1];
      if (d === undefined) throw new Error('Pattern ends with a backslash.');
      if (d === 'Q') {
        const end = pattern.indexOf('\\E', i + 2);
        const lit = pattern.slice(i + 2, end < 0 ? n : end);
        out += escapeLiteral(lit);
        i = end < 0 ? n : end + 2;
        continue;
      }
      if (d === 'E') {
        i += 2;
        continue;
      }
      if (d === 'x' && pattern[i + 2] === '{') {
        const close = pattern.indexOf('}', i + 3);
        out += hexEscape(Number.parseInt(pattern.slice(i + 3, close), 16));
        i = close + 1;
        continue;
      }
      out += escapeOutside(d);
      i += 2;
      continue;
    }
    if (c === '[') {
      const { text, end } = translateClass(pattern, i);
      out += text;
      i = end;
      continue;
    }
    if (c === '.') {
      out += dotall ? '[\\s\\S]' : '[^\\n]';
      i++;
      continue;
    }
    if (c === '^') {
      out += multiline ? '(?<![^\\n])' : '(?<![\\s\\S])';
      i++;
      continue;
    }
    if (c === '$') {
      out += multiline ? '(?=\\n|(?![\\s\\S]))' : '(?=\\n?(?![\\s\\S]))';
      i++;
      continue;
    }
    if (c === '(' && pattern[i + 1] === '?') {
      const rest = pattern.slice(i + 2);
      if (rest.startsWith('#')) {
        const close = pattern.indexOf(')', i);
        i = close < 0 ? n : close + 1;
        continue;
      }
      if (rest.startsWith('P<')) {
        out += '(?<';
        i += 4;
        continue;
      }
      if (rest.startsWith('P=')) {
        const close = pattern.indexOf(')', i);
        out += `\\k<${pattern.slice(i + 4, close)}>`;
        i = close + 1;
        continue;
      }
      if (rest.startsWith('>')) {
        // Atomic group: JavaScript has none; a plain group matches the same strings in all but pathological cases.
        out += '(?:';
        i += 3;
        continue;
      }
      const inline = /^([imsx]*)(?:-([imsx]*))?([:)])/.exec(rest);
      if (inline && (inline[1] !== '' || inline[2] !== undefined)) {
        // Scoped options: applied to the whole pattern, the nearest JavaScript can do.
        if (inline[1].includes('i')) ignoreCase = true;
        if (inline[1].includes('s')) dotall = true;
        if (inline[1].includes('m')) multiline = true;
        if (inline[1].includes('x')) throw new Error('Extended (?x) patterns are not supported.');
        out += inline[3] === ':' ? '(?:' : '';
        i += 2 + inline[0].length;
        continue;
      }
      if (/^[|R0-9+&(]/.test(rest) || rest.startsWith('P>')) throw new Error(`The construct (?${rest[0]} is not supported.`);
      out += '(?';
      i += 2;
      continue;
    }
    if ((c === '*' || c === '+' || c === '?' || c === '}') && pattern[i + 1] === '+') {
      // Possessive quantifier: drop the "+" (greedy matches the same strings except for backtracking-only cases).
      out += c;
      i += 2;
      continue;
    }
    out += c === '/' ? '\\/' : c;
    i++;
  }
  return { source: out, ignoreCase };
}

function translateClass(pattern: string, start: number): { text: string; end: number } {
  let i = start + 1;
  let text = '[';
  if (pattern[i] === '^') {
    text += '^';
    i++;
  }
  // A "]" right after the opening bracket is a literal in PCRE.
  if (pattern[i] === ']') {
    text += '\\]';
    i++;
  }
  while (i < pattern.length && pattern[i] !== ']') {
    const c = pattern[i];
    if (c === '[' && pattern[i + 1] === ':') {
      const close = pattern.indexOf(':]', i + 2);
      const name = close > 0 ? pattern.slice(i + 2, close) : '';
      const expansion = POSIX_CLASSES[name];
      if (expansion === undefined) throw new Error(`Unknown POSIX class [:${name}:].`);
      text += expansion;
      i = close + 2;
      continue;
    }
    if (c === '\\') {
      const d = pattern[i + 1];
      if (d === 's') text += PCRE_SPACE;
      else if (d === 'h') text += ' \\t';
      else if (d === 'e') text += '\\x1b';
      else if (d === 'x' && pattern[i + 2] === '{') {
        const close = pattern.indexOf('}', i + 3);
        const code = Number.parseInt(pattern.slice(i + 3, close), 16);
        text += code <= 0xffff ? hexEscape(code) : '';
        i = close + 1;
        continue;
      } else text += `\\${d}`;
      i += 2;
      continue;
    }
    text += c === '[' ? '\\[' : c;
    i++;
  }
  if (i >= pattern.length) throw new Error('Missing terminating ] for character class.');
  return { text: `${text}]`, end: i + 1 };
}

const cache = new Map<string, RegExp>();

/** A compiled JavaScript RegExp for a PCRE pattern (cached); `global` adds the "g" flag for iterating matches. */
export function pcre(pattern: string, flags: PcreFlags = {}, global = false): RegExp {
  const key = `${flags.multiline ? 'm' : ''}${flags.dotall ? 's' : ''}${flags.ignoreCase ? 'i' : ''}${global ? 'g' : ''}\u0000${pattern}`;
  let re = cache.get(key);
  if (!re) {
    const t = translatePcre(pattern, flags);
    re = new RegExp(t.source, `${t.ignoreCase ? 'i' : ''}${global ? 'g' : ''}`);
    if (cache.size > 5000) cache.clear();
    cache.set(key, re);
  }
  if (global) re.lastIndex = 0;
  return re;
}

/** OVAL's escape_regex: backslash before every regular-expression metacharacter. */
export const escapeRegex = (s: string) => s.replace(/[\\^$.[\]|()?*+{}]/g, '\\$&');
