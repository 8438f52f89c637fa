// Local variable components: literals, object and variable references, and OVAL's functions (concat, split, substring,
// regex_capture, arithmetic, count, unique, begin, end, escape_regex, glob_to_regex, time_difference).
import { parseOvalFloat } from './compare.ts';
import type { Collected, CollectedFlag, Datatype, OvalComponent, VariableValues } from './oval-types.ts';
import { pcre, escapeRegex } from './regex.ts';
import { aggregateFlags, hasValues } from './results.ts';

type Value = VariableValues['values'][number];

export interface ComponentContext {
  object(id: string): Promise<Collected>;
  variable(id: string): Promise<VariableValues>;
  /** Seconds since the epoch "now", for time_difference (injectable for tests). */
  now(): number;
}

const done = (flag: CollectedFlag, values: Value[], messages: string[] = []): VariableValues => ({ flag, values, messages });
const str = (value: string): Value => ({ value, datatype: 'string' });

/** OVAL's glob_to_regex: a shell glob as an anchored regular expression; a leading "*" or "?" never matches a dot file. */
export function globToRegex(glob: string, noEscape = false): string {
  let out = '^';
  let segmentStart = true;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '/') {
      out += '/';
      segmentStart = true;
      continue;
    }
    if (c === '*') out += segmentStart ? '(?=[^.])[^/]*' : '[^/]*';
    else if (c === '?') out += segmentStart ? '[^./]' : '[^/]';
    else if ('.|^(){}+$'.includes(c)) out += `\\${c}`;
    else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) throw new Error(`Cannot convert the glob ${glob}: a "[" is not closed.`);
      let cls = glob.slice(i + 1, close);
      if (cls.startsWith('!')) cls = `^${cls.slice(1)}`;
      out += `[${noEscape ? cls.replace(/\\/g, '\\\\') : cls.replace(/\\(.)/g, '$1')}]`;
      i = close;
    } else if (c === '\\') {
      const next = glob[i + 1];
      if (noEscape) out += '\\\\';
      else if (next === undefined) out += '\\\\';
      else {
        out += '?*[]'.includes(next) ? `\\${next}` : `\\\\${next}`;
        i++;
      }
    } else out += c;
    segmentStart = false;
  }
  return `${out}$`;
}

function arithmetic(lists: Value[][], op: string): Value[] | string {
  if (op !== 'add' && op !== 'multiply') return `Unsupported arithmetic operation "${op}".`;
  let acc: { n: number; float: boolean }[] = [{ n: op === 'add' ? 0 : 1, float: false }];
  for (const list of lists) {
    const next: { n: number; float: boolean }[] = [];
    for (const a of acc) {
      for (const v of list) {
        const x = v.datatype === 'int' ? Number.parseInt(v.value, 10) : parseOvalFloat(v.value);
        if (x === undefined || Number.isNaN(x)) return `Not a number: "${v.value}".`;
        const float = a.float || v.datatype === 'float' || !Number.isInteger(x);
        next.push({ n: op === 'add' ? a.n + x : a.n * x, float });
      }
    }
    acc = next;
  }
  return acc.map((a) =>
    a.float ? { value: a.n.toFixed(6), datatype: 'float' as Datatype } : { value: String(Math.trunc(a.n)), datatype: 'int' as Datatype },
  );
}

const DATE_FORMATS: Record<string, RegExp> = {
  year_month_day: /^(\d{4})[-/]?(\d{2})[-/]?(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/,
};

function toEpoch(value: string, format: string): number | undefined {
  if (format === 'seconds_since_epoch') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  const m = DATE_FORMATS[format]?.exec(value.trim());
  if (!m) return undefined;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) / 1000;
}

/** Evaluates one component to its flag and values. */
export async function evaluateComponent(c: OvalComponent, ctx: ComponentContext): Promise<VariableValues> {
  switch (c.kind) {
    case 'literal':
      return done('complete', [{ value: c.value, datatype: c.datatype }]);
    case 'variable': {
      const v = await ctx.variable(c.varRef);
      return done(v.flag, hasValues(v.flag) ? v.values : [], v.messages);
    }
    case 'object': {
      const o = await ctx.object(c.objectRef);
      if (c.recordField) return done('error', [], [`Record fields (${c.recordField}) are not supported in object components.`]);
      const values: Value[] = [];
      for (const item of o.items) {
        const ents = item.entities(c.itemField);
        if (ents.length === 0) return done('error', [], [`Item field "${c.itemField}" not found in items of ${c.objectRef}.`]);
        for (const e of ents) if (e.status === 'exists') values.push({ value: e.value, datatype: e.datatype });
      }
      return done(o.flag, values, o.messages);
    }
    case 'function':
      return evaluateFunction(c, ctx);
  }
}

async function evaluateFunction(c: Extract<OvalComponent, { kind: 'function' }>, ctx: ComponentContext): Promise<VariableValues> {
  const args = await Promise.all(c.args.map((a) => evaluateComponent(a, ctx)));
  const flag = aggregateFlags(args.map((a) => a.flag));
  const messages = args.flatMap((a) => a.messages);
  const first = args[0]?.values ?? [];
  const fail = (m: string) => done('error', [], [...messages, m]);
  switch (c.name) {
    case 'concat': {
      if (!hasValues(flag) || args.length === 0) return done(flag, [], messages);
      // Arguments without values drop out; the rest combine as a cartesian product.
      let acc = [''];
      for (const a of args) {
        if (a.values.length === 0) continue;
        acc = acc.flatMap((p) => a.values.map((v) => p + v.value));
      }
      return done(flag, acc.map(str), messages);
    }
    case 'count': {
      const n = hasValues(flag) ? args.reduce((s, a) => s + a.values.length, 0) : 0;
      return done(flag, [{ value: String(n), datatype: 'int' }], messages);
    }
    case 'unique': {
      if (!hasValues(flag)) return done(flag, [], messages);
      const seen = [...new Set(args.flatMap((a) => a.values.map((v) => v.value)))].sort();
      return done(flag, seen.map(str), messages);
    }
    case 'begin':
    case 'end': {
      const ch = c.attrs.character ?? '';
      const values = first.map((v) =>
        str(c.name === 'begin' ? (v.value.startsWith(ch) ? v.value : ch + v.value) : v.value.endsWith(ch) ? v.value : v.value + ch),
      );
      return done(args[0]?.flag ?? 'error', values, messages);
    }
    case 'split': {
      const delim = c.attrs.delimiter ?? '';
      const values = first.flatMap((v) => (delim === '' ? [...v.value] : v.value.split(delim)).map(str));
      return done(args[0]?.flag ?? 'error', values, messages);
    }
    case 'substring': {
      const start = Math.max(0, Number.parseInt(c.attrs.substring_start ?? '1', 10) - 1);
      const len = Number.parseInt(c.attrs.substring_length ?? '-1', 10);
      let f = args[0]?.flag ?? 'error';
      const values: Value[] = [];
      for (const v of first) {
        if (start >= v.value.length) f = 'error';
        else values.push(str(len < 0 ? v.value.slice(start) : v.value.slice(start, start + len)));
      }
      return done(f, values, messages);
    }
    case 'escape_regex':
      return done(
        args[0]?.flag ?? 'error',
        first.map((v) => str(escapeRegex(v.value))),
        messages,
      );
    case 'regex_capture': {
      let re: RegExp;
      try {
        re = pcre(c.attrs.pattern ?? '');
      } catch (e) {
        return fail(`The regex_capture pattern cannot be compiled: ${e instanceof Error ? e.message : String(e)}`);
      }
      // A value the pattern does not match (or whose first group does not take part) captures an empty string.
      const values = first.map((v) => str(re.exec(v.value)?.[1] ?? ''));
      return done(values.length > 0 ? 'complete' : (args[0]?.flag ?? 'error'), values, messages);
    }
    case 'glob_to_regex': {
      try {
        const noEscape = c.attrs.glob_noescape === 'true';
        return done(
          args[0]?.flag ?? 'error',
          first.map((v) => str(globToRegex(v.value, noEscape))),
          messages,
        );
      } catch (e) {
        return fail(e instanceof Error ? e.message : String(e));
      }
    }
    case 'arithmetic': {
      if (args.length === 0) return fail('An arithmetic function needs arguments.');
      const r = arithmetic(
        args.map((a) => a.values),
        c.attrs.arithmetic_operation ?? '',
      );
      return typeof r === 'string' ? fail(r) : done(flag, r, messages);
    }
    case 'time_difference': {
      const f1 = c.attrs.format_1 ?? 'year_month_day';
      const f2 = c.attrs.format_2 ?? 'year_month_day';
      const pairs: [number | undefined, number | undefined][] =
        args.length === 1
          ? first.map((v) => [ctx.now(), toEpoch(v.value, f2)])
          : first.flatMap((a) =>
              (args[1]?.values ?? []).map((b): [number | undefined, number | undefined] => [toEpoch(a.value, f1), toEpoch(b.value, f2)]),
            );
      const values: Value[] = [];
      for (const [a, b] of pairs) {
        if (a === undefined || b === undefined)
          return fail(`time_difference supports the formats seconds_since_epoch and year_month_day only.`);
        values.push({ value: String(Math.trunc(b - a) * (args.length === 1 ? -1 : 1)), datatype: 'int' });
      }
      return done(flag, values, messages);
    }
    default:
      return fail(`The function ${c.name} is not supported.`);
  }
}
