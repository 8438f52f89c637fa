// dsl-lite: a small, safe expression language for matchers (a subset of Nuclei's DSL), parsed once and evaluated without eval().
import { DSL_FUNCTIONS, type Value } from './dsl-functions.ts';
import { translateRe2 } from './regex.ts';
import { TemplateError } from './errors.ts';

export { DSL_FUNCTIONS, type Value } from './dsl-functions.ts';
export type Expr =
  | { k: 'lit'; v: Value }
  | { k: 'var'; name: string }
  | { k: 'call'; fn: string; args: Expr[] }
  | { k: 'not'; e: Expr }
  | { k: 'neg'; e: Expr }
  | { k: 'bin'; op: string; l: Expr; r: Expr };

const str = (v: Value) => (v === undefined ? '' : String(v));

interface Tok {
  t: 'num' | 'str' | 'id' | 'op' | 'end';
  v: string;
}

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(src.slice(i))!;
      out.push({ t: 'num', v: m[0] });
      i += m[0].length;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i))!;
      out.push({ t: 'id', v: m[0] });
      i += m[0].length;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      let s = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && c !== '`' && j + 1 < src.length) {
          const n = src[j + 1];
          s += n === 'n' ? '\n' : n === 'r' ? '\r' : n === 't' ? '\t' : n;
          j += 2;
        } else s += src[j++];
      }
      if (j >= src.length) throw new TemplateError(`dsl: unterminated string in '${src}'`);
      out.push({ t: 'str', v: s });
      i = j + 1;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (['==', '!=', '<=', '>=', '&&', '||'].includes(two)) {
      out.push({ t: 'op', v: two });
      i += 2;
      continue;
    }
    if ('<>!()+-*/%,'.includes(c)) {
      out.push({ t: 'op', v: c });
      i++;
      continue;
    }
    throw new TemplateError(`dsl: unexpected '${c}' in '${src}'`);
  }
  out.push({ t: 'end', v: '' });
  return out;
}

const PREC: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '%': 6,
};

/** Parses an expression; refuses unknown functions and syntax with a clear reason. */
export function parseDsl(src: string): Expr {
  const toks = tokenize(src);
  let p = 0;
  const peek = () => toks[p];
  const expect = (v: string) => {
    if (toks[p].v !== v || toks[p].t === 'str') throw new TemplateError(`dsl: expected '${v}' in '${src}'`);
    p++;
  };
  function primary(): Expr {
    const t = toks[p++];
    if (t.t === 'num') return { k: 'lit', v: Number(t.v) };
    if (t.t === 'str') return { k: 'lit', v: t.v };
    if (t.t === 'op' && t.v === '(') {
      const e = expr(0);
      expect(')');
      return e;
    }
    if (t.t === 'op' && t.v === '!') return { k: 'not', e: primary() };
    if (t.t === 'op' && t.v === '-') return { k: 'neg', e: primary() };
    if (t.t === 'id') {
      if (t.v === 'true' || t.v === 'false') return { k: 'lit', v: t.v === 'true' };
      if (peek().t === 'op' && peek().v === '(') {
        p++;
        const def = DSL_FUNCTIONS[t.v];
        if (!def) throw new TemplateError(`dsl function '${t.v}' not supported`);
        const args: Expr[] = [];
        if (!(peek().t === 'op' && peek().v === ')')) {
          for (;;) {
            args.push(expr(0));
            if (peek().t === 'op' && peek().v === ',') p++;
            else break;
          }
        }
        expect(')');
        if (args.length < def.min || args.length > def.max)
          throw new TemplateError(
            `dsl function '${t.v}' takes ${def.min === def.max ? def.min : `${def.min}+`} arguments, got ${args.length}`,
          );
        if (t.v === 'regex' && args[0].k === 'lit') translateRe2(str(args[0].v));
        return { k: 'call', fn: t.v, args };
      }
      return { k: 'var', name: t.v };
    }
    throw new TemplateError(`dsl: unexpected ${t.t === 'end' ? 'end' : `'${t.v}'`} in '${src}'`);
  }
  function expr(min: number): Expr {
    let l = primary();
    for (;;) {
      const t = peek();
      const prec = t.t === 'op' ? PREC[t.v] : undefined;
      if (prec === undefined || prec < min) break;
      p++;
      const r = expr(prec + 1);
      l = { k: 'bin', op: t.v, l, r };
    }
    return l;
  }
  const e = expr(0);
  if (peek().t !== 'end') throw new TemplateError(`dsl: unexpected '${peek().v}' in '${src}'`);
  return e;
}

const truthy = (v: Value) => v !== undefined && v !== false && v !== '' && v !== 0;

/** Evaluates an expression against the response's variables. A missing variable is `undefined` (false, empty). */
export function evalDsl(e: Expr, env: Record<string, Value>): Value {
  switch (e.k) {
    case 'lit':
      return e.v;
    case 'var':
      return Object.prototype.hasOwnProperty.call(env, e.name) ? env[e.name] : undefined;
    case 'not':
      return !truthy(evalDsl(e.e, env));
    case 'neg':
      return -Number(evalDsl(e.e, env));
    case 'call':
      return DSL_FUNCTIONS[e.fn].fn(e.args.map((a) => evalDsl(a, env)));
    case 'bin': {
      if (e.op === '&&') return truthy(evalDsl(e.l, env)) && truthy(evalDsl(e.r, env));
      if (e.op === '||') return truthy(evalDsl(e.l, env)) || truthy(evalDsl(e.r, env));
      const l = evalDsl(e.l, env);
      const r = evalDsl(e.r, env);
      switch (e.op) {
        case '==':
          return typeof l === 'number' || typeof r === 'number' ? Number(l) === Number(r) : str(l) === str(r);
        case '!=':
          return typeof l === 'number' || typeof r === 'number' ? Number(l) !== Number(r) : str(l) !== str(r);
        case '<':
          return Number(l) < Number(r);
        case '<=':
          return Number(l) <= Number(r);
        case '>':
          return Number(l) > Number(r);
        case '>=':
          return Number(l) >= Number(r);
        case '+':
          return typeof l === 'number' && typeof r === 'number' ? l + r : str(l) + str(r);
        case '-':
          return Number(l) - Number(r);
        case '*':
          return Number(l) * Number(r);
        case '/':
          return Number(l) / Number(r);
        case '%':
          return Number(l) % Number(r);
      }
      return undefined;
    }
  }
}

export const dslTruthy = truthy;

/** The variable names an expression reads. */
export function exprVariables(e: Expr, out: Set<string> = new Set()): Set<string> {
  if (e.k === 'var') out.add(e.name);
  else if (e.k === 'call') e.args.forEach((a) => exprVariables(a, out));
  else if (e.k === 'not' || e.k === 'neg') exprVariables(e.e, out);
  else if (e.k === 'bin') {
    exprVariables(e.l, out);
    exprVariables(e.r, out);
  }
  return out;
}
