// Translates Go RE2 regular expressions (as written in Nuclei templates) to JavaScript RegExp, or refuses them.
import { TemplateError } from './errors.ts';

const POSIX: Record<string, string> = {
  alpha: 'A-Za-z',
  digit: '0-9',
  alnum: 'A-Za-z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: ' \\t\\r\\n\\v\\f',
  xdigit: '0-9A-Fa-f',
  word: 'A-Za-z0-9_',
  punct: '!-\\/:-@\\[-`{-~',
  blank: ' \\t',
  cntrl: '\\x00-\\x1f\\x7f',
  print: ' -~',
  graph: '!-~',
};

/** Letters inside a `{n,m}` quantifier are not literals (there are none in valid ones, but stay safe). */
function isQuantifierContext(src: string, i: number): boolean {
  const open = src.lastIndexOf('{', i);
  return open >= 0 && /^\{[0-9]*,?[0-9]*$/.test(src.slice(open, i)) && src.indexOf('}', i) > i;
}

/**
 * Go RE2 → JavaScript: leading `(?ims)` flag groups become RegExp flags, `(?P<name>` becomes `(?<name>`,
 * `\A` / `\z` become anchors, `\Q…\E` is escaped, POSIX classes `[[:alpha:]]` are expanded.
 * `(?i)` inside the pattern and scoped `(?i:…)` make the letters of their region match both cases.
 * Refused: other flags after the start (`(?s:…)`, `(?U)` …), and any pattern JavaScript cannot compile.
 */
export function translateRe2(source: string, extraFlags = ''): RegExp {
  let src = source;
  const flags = new Set(extraFlags.split('').filter(Boolean));
  for (;;) {
    const m = /^\(\?([a-zA-Z]+)\)/.exec(src);
    if (!m) break;
    for (const f of m[1]) {
      if (f === 'i' || f === 's' || f === 'm') flags.add(f);
      else throw new TemplateError(`regex flag '${f}' not supported in '${source}'`);
    }
    src = src.slice(m[0].length);
  }
  let out = '';
  let inClass = false;
  let classStart = 0;
  // RE2's case-insensitive regions ((?i) inside the pattern, (?i:…)), which JavaScript lacks: letters in them match
  // both cases ([aA], classes with both ranges). One entry per open group: whether the region is on in it.
  const ci: boolean[] = [false];
  const caseless = () => ci[ci.length - 1] && !flags.has('i');
  const swap = (c: string) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      const n = src[i + 1];
      if (n === undefined) throw new TemplateError(`regex '${source}' ends with a backslash`);
      if (n === 'Q') {
        const end = src.indexOf('\\E', i + 2);
        const lit = src.slice(i + 2, end < 0 ? undefined : end);
        out += lit.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
        i = end < 0 ? src.length : end + 1;
        continue;
      }
      if (!inClass && n === 'A') {
        out += '(?<![\\s\\S])';
        i++;
        continue;
      }
      if (!inClass && n === 'z') {
        out += '(?![\\s\\S])';
        i++;
        continue;
      }
      if (n === 'C' || n === 'p' || n === 'P') throw new TemplateError(`regex escape '\\${n}' not supported in '${source}'`);
      out += c + n;
      i++;
      continue;
    }
    if (inClass) {
      if (c === '[' && src[i + 1] === ':') {
        const m = /^\[:(\^?)([a-z]+):\]/.exec(src.slice(i));
        if (m) {
          const cls = POSIX[m[2]];
          if (!cls || m[1]) throw new TemplateError(`regex class '[:${m[1]}${m[2]}:]' not supported in '${source}'`);
          out += cls;
          i += m[0].length - 1;
          continue;
        }
      }
      if (c === ']') {
        inClass = false;
        if (caseless()) {
          // The class's letters (not escapes) in the other case too: [a-z0-9] → [a-z0-9A-Z0-9].
          const body = out.slice(classStart);
          out += body.replace(/\\.|[A-Za-z]/g, (m) => (m.length === 2 ? m : swap(m)));
        }
      }
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      if (src[i + 1] === '^') {
        out += '^';
        i++;
      }
      if (src[i + 1] === ']') {
        out += '\\]';
        i++;
      }
      classStart = out.length;
      continue;
    }
    if (c === '(' && src[i + 1] === '?') {
      const rest = src.slice(i + 2);
      const named = /^P?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest);
      if (named) {
        out += `(?<${named[1]}>`;
        ci.push(ci[ci.length - 1]);
        i += 1 + named[0].length;
        continue;
      }
      const flagged = /^([a-zA-Z]+)(\)|:)/.exec(rest);
      if (flagged && /^i+$/.test(flagged[1])) {
        if (flagged[2] === ')') ci[ci.length - 1] = true;
        else {
          out += '(?:';
          ci.push(true);
        }
        i += 1 + flagged[0].length;
        continue;
      }
      if (/^[a-zA-Z-]+[:)]/.test(rest)) throw new TemplateError(`inline regex flags inside the pattern not supported in '${source}'`);
      if (rest.startsWith('=') || rest.startsWith('!') || rest.startsWith('<=') || rest.startsWith('<!'))
        throw new TemplateError(`lookaround is not RE2 and not supported in '${source}'`);
    }
    if (c === '(') ci.push(ci[ci.length - 1]);
    else if (c === ')' && ci.length > 1) ci.pop();
    else if (/[A-Za-z]/.test(c) && caseless() && !isQuantifierContext(src, i)) {
      out += `[${c}${swap(c)}]`;
      continue;
    }
    out += c;
  }
  try {
    return new RegExp(out, [...flags].sort().join(''));
  } catch (e) {
    throw new TemplateError(`regex '${source}' does not compile: ${(e as Error).message}`);
  }
}
