// A small subset of jq for `json` extractors: paths (`.a.b`, `.["a-b"]`, `.a[0]`, `.a[]`, `.a?`) joined by `|`.
// Templates mostly pick one field; anything beyond paths (select, to_entries …) is refused when the template is parsed.
import { TemplateError } from './errors.ts';

export type JsonStep = { k: 'key'; name: string } | { k: 'index'; i: number } | { k: 'each' };
export interface JsonQuery {
  source: string;
  steps: JsonStep[];
}

export function parseJsonQuery(source: string): JsonQuery {
  const steps: JsonStep[] = [];
  const bad = (): never => {
    throw new TemplateError(`json query '${source.trim()}' not supported (paths like .a.b[0] or .a[] only)`);
  };
  for (const segment of source.split('|')) {
    let s = segment.trim();
    if (!s.startsWith('.')) bad();
    if (s === '.') continue;
    while (s.length) {
      let m: RegExpExecArray | null;
      if ((m = /^\.?([A-Za-z_][A-Za-z0-9_]*)\??/.exec(s))) steps.push({ k: 'key', name: m[1] });
      else if ((m = /^\.?\[\s*"((?:[^"\\]|\\.)*)"\s*\]\??/.exec(s))) steps.push({ k: 'key', name: JSON.parse(`"${m[1]}"`) as string });
      else if ((m = /^\.?\[\s*(-?[0-9]+)\s*\]\??/.exec(s))) steps.push({ k: 'index', i: Number(m[1]) });
      else if ((m = /^\.?\[\s*\]\??/.exec(s))) steps.push({ k: 'each' });
      else return bad();
      s = s.slice(m[0].length);
    }
  }
  return { source, steps };
}

/** The query's results as strings (objects and arrays as JSON); nothing when the text is not JSON or a step is missing. */
export function runJsonQuery(q: JsonQuery, text: string): string[] {
  let values: unknown[];
  try {
    values = [JSON.parse(text) as unknown];
  } catch {
    return [];
  }
  for (const step of q.steps) {
    const next: unknown[] = [];
    for (const v of values) {
      if (step.k === 'key') {
        if (v && typeof v === 'object' && !Array.isArray(v) && step.name in v) next.push((v as Record<string, unknown>)[step.name]);
      } else if (step.k === 'index') {
        if (Array.isArray(v)) {
          const x: unknown = v[step.i < 0 ? v.length + step.i : step.i];
          if (x !== undefined) next.push(x);
        }
      } else if (Array.isArray(v)) next.push(...(v as unknown[]));
      else if (v && typeof v === 'object') next.push(...Object.values(v));
    }
    values = next;
  }
  return values.filter((v) => v !== null && v !== undefined).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
}
