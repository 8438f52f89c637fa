// Runs a request's matchers and extractors against one response (its parts and dsl variables).
import { dslTruthy, evalDsl, type Value } from './dsl.ts';
import { fillTemplate } from './expr.ts';
import { runJsonQuery } from './json-query.ts';
import type { Extractor, Matcher, Operators } from './types.ts';

export interface ResponseView {
  /** Named parts: body, header, all, raw, status, … (missing part = empty string). */
  parts: Record<string, string>;
  /** dsl variables (status_code, body, header names, ssl fields …); parts are included. */
  env: Record<string, Value>;
  status?: number;
}

export interface OperatorResult {
  matched: boolean;
  /** What matched, for evidence. */
  matches: string[];
  extracted: Record<string, string[]>;
}

function partOf(resp: ResponseView, part: string): string {
  if (part in resp.parts) return resp.parts[part];
  const v = resp.env[part];
  return v === undefined ? '' : String(v);
}

/** One matcher: returns the evidence strings when it matches (after `negative`), or null. */
export function runMatcher(m: Matcher, resp: ResponseView): string[] | null {
  const text = partOf(resp, m.part);
  const hits: string[] = [];
  let results: boolean[] = [];
  switch (m.type) {
    case 'word':
    case 'binary': {
      const hay = m.caseInsensitive ? text.toLowerCase() : text;
      // Words may name the run's values ({{randstr}} reflected back, a payload): filled from the response's variables.
      const words = m.type === 'word' ? m.words.map((w) => fillTemplate(w, resp.env)) : m.words;
      results = words.map((w) => {
        const ok = hay.includes(m.caseInsensitive ? w.toLowerCase() : w);
        if (ok) hits.push(m.type === 'binary' ? Buffer.from(w, 'latin1').toString('hex') : w);
        return ok;
      });
      break;
    }
    case 'regex':
      results = m.regex.map((re) => {
        const r = re.exec(text);
        if (r) hits.push(r[0].slice(0, 200));
        return !!r;
      });
      break;
    case 'status':
      results = m.status.map((s) => {
        const ok = resp.status === s;
        if (ok) hits.push(`status ${s}`);
        return ok;
      });
      break;
    case 'size':
      results = m.size.map((s) => {
        const ok = Buffer.byteLength(text, 'latin1') === s;
        if (ok) hits.push(`size ${s}`);
        return ok;
      });
      break;
    case 'dsl':
      results = m.dsl.map((e, i) => {
        const ok = dslTruthy(evalDsl(e, resp.env));
        if (ok) hits.push(m.dslText[i]);
        return ok;
      });
      break;
  }
  let ok = m.condition === 'and' ? results.length > 0 && results.every(Boolean) : results.some(Boolean);
  if (m.negative) ok = !ok;
  if (!ok) return null;
  if (m.negative)
    return [`not ${m.type} ${m.type === 'dsl' ? m.dslText.join(', ') : m.words.join(', ') || m.regex.map(String).join(', ')} in ${m.part}`];
  return hits;
}

export function runExtractor(x: Extractor, resp: ResponseView): string[] {
  const out: string[] = [];
  if (x.type === 'regex') {
    const text = partOf(resp, x.part);
    for (const re of x.regex) {
      const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');
      for (const m of text.matchAll(g)) {
        const v = m[x.group];
        if (v !== undefined && !out.includes(v)) out.push(v);
      }
    }
  } else if (x.type === 'json') {
    const text = partOf(resp, x.part);
    for (const q of x.json) for (const v of runJsonQuery(q, text)) if (!out.includes(v)) out.push(v);
  } else if (x.type === 'kval') {
    for (const k of x.kval) {
      const v = resp.env[k.toLowerCase().replace(/-/g, '_')];
      if (v !== undefined && v !== '') out.push(String(v));
    }
  } else {
    for (const e of x.dsl) {
      const v = evalDsl(e, resp.env);
      if (v !== undefined && v !== '' && v !== false) out.push(String(v));
    }
  }
  return out;
}

/** Matchers (with matchers-condition) then extractors. With no matchers, a non-internal extraction is the match (as in Nuclei). */
export function runOperators(ops: Operators, resp: ResponseView): OperatorResult {
  const extracted: Record<string, string[]> = {};
  for (const x of ops.extractors) {
    const vals = runExtractor(x, resp);
    if (vals.length) {
      extracted[x.name ?? x.type] = [...(extracted[x.name ?? x.type] ?? []), ...vals];
      if (x.name) resp.env[x.name] = vals[0];
    }
  }
  const matches: string[] = [];
  let matched: boolean;
  if (ops.matchers.length === 0) {
    matched = ops.extractors.some((x) => !x.internal && (extracted[x.name ?? x.type]?.length ?? 0) > 0);
  } else if (ops.matchersCondition === 'and') {
    matched = true;
    for (const m of ops.matchers) {
      const r = runMatcher(m, resp);
      if (!r) {
        matched = false;
        break;
      }
      matches.push(...r);
    }
  } else {
    matched = false;
    for (const m of ops.matchers) {
      const r = runMatcher(m, resp);
      if (r) {
        matched = true;
        matches.push(...r);
      }
    }
  }
  for (const x of ops.extractors) if (x.internal) delete extracted[x.name ?? x.type];
  // As in Nuclei, matchers marked internal are no result by themselves: a block of only internal matchers reports nothing.
  if (matched && ops.matchers.length > 0 && ops.matchers.every((m) => m.internal)) matched = false;
  return { matched, matches, extracted };
}
