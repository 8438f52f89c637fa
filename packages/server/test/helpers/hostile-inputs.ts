// Hostile inputs for the hostile-input test, derived from the OpenAPI schemas: path ids, query values, and JSON bodies
// that break their declared schema for certain (wrong type, null where not nullable, past a limit, outside an enum).

/** The part of OpenAPI 3.0 JSON Schema the routes' zod schemas produce. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  default?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  minItems?: number;
  maxItems?: number;
}

/** A hostile value as raw JSON text (so it can be what JSON.stringify cannot write, such as `1e309`). */
export interface RawValue {
  label: string;
  raw: string;
}

export const SQL_INJECTION = "'; DROP TABLE users;--";
export const TEMPLATE_INJECTION = '{{7*7}}${7*7}';
export const SCRIPT_INJECTION = '<script>alert(1)</script>';
export const UNICODE_NUL = '\u0000\u202e\ud83d\udca5\ufeff';

/** Replacements for a numeric path id: none names an object (ids are positive integers). */
export const PATH_ID_VARIANTS: RawValue[] = [
  { label: 'id 0', raw: '0' },
  { label: 'id -1', raw: '-1' },
  { label: 'id 99999999999999999999', raw: '99999999999999999999' },
  { label: 'id 1e309', raw: '1e309' },
  { label: 'id abc', raw: 'abc' },
  { label: 'id %00', raw: '%00' },
  { label: "id ' OR 1=1--", raw: encodeURIComponent("' OR 1=1--") },
  { label: 'id of 5000 chars', raw: '9'.repeat(5000) },
];

/** Replacements for a string path parameter (a reset link's uid and token, a job id). */
export const PATH_STRING_VARIANTS: RawValue[] = [
  ...PATH_ID_VARIANTS,
  { label: 'invalid UTF-8 %FF%FE', raw: '%FF%FE' },
  { label: 'unicode and NUL', raw: encodeURIComponent(UNICODE_NUL) },
  { label: 'string of 5000 chars', raw: 'x'.repeat(5000) },
];

/** Query values, already URL-encoded (`null` as the value: the bare key with no `=`). */
const QUERY_VALUES: { label: string; encoded: string | null }[] = [
  { label: 'empty', encoded: '' },
  { label: 'bare key', encoded: null },
  { label: 'null', encoded: 'null' },
  { label: 'abc', encoded: 'abc' },
  { label: '-1', encoded: '-1' },
  { label: '0', encoded: '0' },
  { label: '1.5', encoded: '1.5' },
  { label: '99999999999999999999', encoded: '99999999999999999999' },
  { label: '-99999999999999999999', encoded: '-99999999999999999999' },
  { label: '1e309', encoded: '1e309' },
  { label: 'NaN', encoded: 'NaN' },
  { label: '100k chars', encoded: 'x'.repeat(100_000) },
  { label: 'SQL injection', encoded: encodeURIComponent(SQL_INJECTION) },
  { label: 'template injection', encoded: encodeURIComponent(TEMPLATE_INJECTION) },
  { label: 'script', encoded: encodeURIComponent(SCRIPT_INJECTION) },
  { label: 'LIKE wildcards', encoded: encodeURIComponent('%_\\') },
  { label: 'NUL', encoded: '%00' },
  { label: 'unicode and NUL', encoded: encodeURIComponent(UNICODE_NUL) },
  { label: 'invalid UTF-8', encoded: '%FF%FE' },
  { label: 'broken percent-encoding', encoded: '%E0%A4%A' },
  { label: 'date far out of range', encoded: '99999-12-31T25:61:61Z' },
];

export interface QueryVariant {
  label: string;
  /** The query string, without `?`. */
  query: string;
}

/** Sent to every query parameter; the other values are spread over the parameters when there are many. */
const CORE_QUERY_VALUES = new Set(['abc', '99999999999999999999', '100k chars', 'SQL injection', 'NUL', 'invalid UTF-8']);

/**
 * For each declared query parameter: the core hostile values, and arrays where a scalar is expected; then the other
 * values, at most `cap` of them for the operation: each parameter takes every `stride`-th one, shifted by its
 * position, so every value still goes to some parameter.
 */
export function queryVariants(params: string[], cap: number): QueryVariant[] {
  const core: QueryVariant[] = [];
  const extra: QueryVariant[][] = [];
  for (const p of params) {
    const key = encodeURIComponent(p);
    const one = (v: { label: string; encoded: string | null }) => ({
      label: `${p}=${v.label}`,
      query: v.encoded === null ? key : `${key}=${v.encoded}`,
    });
    core.push(...QUERY_VALUES.filter((v) => CORE_QUERY_VALUES.has(v.label)).map(one));
    core.push({ label: `${p} repeated`, query: `${key}=1&${key}=abc` });
    extra.push([
      ...QUERY_VALUES.filter((v) => !CORE_QUERY_VALUES.has(v.label)).map(one),
      { label: `${p}[] bracket array`, query: `${key}[]=1&${key}[0]=2` },
      { label: `${p} 1000 times`, query: Array.from({ length: 1000 }, (_, n) => `${key}=${n}`).join('&') },
    ]);
  }
  const total = extra.reduce((n, e) => n + e.length, 0);
  const stride = Math.max(1, Math.ceil(total / cap));
  const all = [...core, ...extra.flatMap((own, i) => own.filter((_, j) => (i + j) % stride === 0))];
  if (params.length > 1) {
    all.push({ label: 'every parameter SQL injection', query: params.map((p) => `${p}=${encodeURIComponent(SQL_INJECTION)}`).join('&') });
  }
  // Parameters the operation does not declare.
  all.push({ label: 'undeclared parameters', query: `%00=%00&__proto__[x]=1&constructor=${encodeURIComponent(SQL_INJECTION)}` });
  return all;
}

/** Text of an object from raw JSON values. */
export function rawObject(entries: [string, string][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const pad = (prefix: string, length: number) => prefix + 'x'.repeat(Math.max(0, length - prefix.length));

/** A value the schema accepts (as far as a generic reader can tell); used for the other fields of a hostile body. */
export function example(s: JsonSchema): unknown {
  if (s.default !== undefined && s.default !== null) return s.default;
  if (s.enum?.length) return s.enum[0];
  switch (s.type) {
    case 'string': {
      if (s.pattern && new RegExp(s.pattern).test('000000')) return '000000';
      const text = 'hostile-input';
      return text.slice(0, s.maxLength ?? text.length).padEnd(s.minLength ?? 0, 'x');
    }
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum !== undefined ? s.minimum + (s.exclusiveMinimum ? 1 : 0) : 1);
    case 'boolean':
      return false;
    case 'array':
      return s.minItems && s.items ? Array.from({ length: s.minItems }, () => example(s.items!)) : [];
    case 'object':
      return Object.fromEntries((s.required ?? []).map((k) => [k, example(s.properties?.[k] ?? {})]));
    default:
      return null;
  }
}

/**
 * Values `s` must refuse: wrong types, null when not nullable, strings past maxLength (also carrying injection strings,
 * which on their own could be valid text), numbers past the bounds, arrays past maxItems or of wrong items, deep objects.
 * An empty list when the schema accepts anything.
 */
export function invalidValues(s: JsonSchema): RawValue[] {
  const out: RawValue[] = [];
  if (!s.type || s.anyOf) return out;
  if (!s.nullable) out.push({ label: 'null', raw: 'null' });
  const wrong = (label: string, raw: string) => out.push({ label: `wrong type: ${label}`, raw });
  switch (s.type) {
    case 'string': {
      wrong('number', '12345');
      wrong('boolean', 'true');
      wrong('array of 10k items', JSON.stringify(Array.from({ length: 10_000 }, () => 'x')));
      wrong('object nested 500 deep', deepObject(500));
      if (s.maxLength !== undefined) {
        const n = Math.max(s.maxLength + 1, 5000);
        out.push({ label: `string of ${n} chars`, raw: JSON.stringify('x'.repeat(n)) });
        for (const [label, text] of [
          ['SQL injection', SQL_INJECTION],
          ['template injection', TEMPLATE_INJECTION],
          ['script', SCRIPT_INJECTION],
          ['unicode and NUL', UNICODE_NUL],
        ]) {
          // Past the limit even after trimming (the BOM and other unicode spaces go with trim()).
          out.push({ label: `${label} past maxLength`, raw: JSON.stringify(pad(text!, s.maxLength + 1 + text!.length)) });
        }
        // PostgreSQL text cannot hold NUL: a field stored as text must refuse it (DRF: "Null characters are not allowed.").
        if (!s.enum && !s.pattern) out.push({ label: 'NUL character', raw: JSON.stringify('hostile\u0000input') });
      }
      if ((s.minLength ?? 0) > 0) out.push({ label: 'empty string', raw: '""' });
      if (s.pattern && !new RegExp(s.pattern).test(SQL_INJECTION))
        out.push({ label: 'SQL injection (pattern)', raw: JSON.stringify(SQL_INJECTION) });
      if (s.enum && !s.enum.includes(SQL_INJECTION)) out.push({ label: 'SQL injection (enum)', raw: JSON.stringify(SQL_INJECTION) });
      break;
    }
    case 'integer':
    case 'number': {
      wrong('string', JSON.stringify(SQL_INJECTION));
      wrong('boolean', 'true');
      wrong('array', '[1,2]');
      wrong('operator object', '{"$gt":0}');
      if (s.type === 'integer') out.push({ label: 'fraction', raw: '1.5' });
      if (s.minimum !== undefined) {
        const below = s.exclusiveMinimum ? s.minimum : s.minimum - 1;
        out.push({ label: `below minimum (${below})`, raw: String(below) });
        out.push({ label: 'hugely negative', raw: '-99999999999999999999' });
      }
      if (s.maximum !== undefined) {
        out.push({ label: 'enormous', raw: '99999999999999999999' });
        out.push({ label: 'infinite (1e309)', raw: '1e309' });
      }
      break;
    }
    case 'boolean':
      wrong('string', '"yes"');
      wrong('number', '2');
      wrong('object', '{}');
      break;
    case 'array': {
      wrong('string', JSON.stringify(SQL_INJECTION));
      wrong('object', '{"0":1}');
      if (s.maxItems !== undefined && s.items) {
        const n = Math.max(s.maxItems + 1, 10_000);
        out.push({ label: `${n} items`, raw: `[${Array.from({ length: n }, () => JSON.stringify(example(s.items!))).join(',')}]` });
      }
      const badItem = s.items ? invalidValues(s.items).find((v) => v.label !== 'null') : undefined;
      if (badItem) {
        out.push({ label: `10k items of ${badItem.label}`, raw: `[${Array.from({ length: 10_000 }, () => badItem.raw).join(',')}]` });
      }
      break;
    }
    case 'object': {
      wrong('string', JSON.stringify(SQL_INJECTION));
      wrong('array', '[]');
      const base = example(s) as Record<string, unknown>;
      const entries = Object.entries(base).map(([k, v]): [string, string] => [k, JSON.stringify(v)]);
      const first = (s.required ?? [])[0];
      const bad = first && s.properties?.[first] ? invalidValues(s.properties[first]).at(-1) : undefined;
      if (first && bad) {
        out.push({ label: `${first}: ${bad.label}`, raw: rawObject(entries.map(([k, v]) => [k, k === first ? bad.raw : v])) });
      }
      if (typeof s.additionalProperties === 'object' && s.additionalProperties.type) {
        const badValue = invalidValues(s.additionalProperties).find((v) => v.label !== 'null');
        if (badValue) out.push({ label: `extra key: ${badValue.label}`, raw: rawObject([['net_scans', badValue.raw]]) });
      }
      break;
    }
  }
  return out;
}

export interface BodyVariant {
  label: string;
  body: string;
  contentType: string;
}

/** Whole-body variants every body-taking operation must refuse (`{}` only when some field is required). */
export function wholeBodyVariants(s: JsonSchema | undefined): BodyVariant[] {
  const json = (label: string, body: string): BodyVariant => ({ label, body, contentType: 'application/json' });
  const out = [json('not JSON', '{"name": "x",'), json('empty body', ''), json('NUL bytes', '\u0000\u0000')];
  // A route without a body ignores a text/plain one (Fastify parses text/plain): only a JSON body must fail there.
  if (!s) return out;
  out.push(
    { label: 'text/plain body', body: 'name=x', contentType: 'text/plain' },
    json('null', 'null'),
    json('[]', '[]'),
    json('"string"', '"string"'),
    json('number', '42'),
    json('__proto__ pollution', '{"__proto__":{"is_superuser":true}}'),
    json('constructor pollution', '{"constructor":{"prototype":{"is_superuser":true}}}'),
    json('array 10000 deep', '['.repeat(10_000) + ']'.repeat(10_000)),
  );
  if (s.required?.length) out.push(json('{}', '{}'));
  return out;
}

/**
 * Variants for each declared field, the other fields holding `base`'s values: its first three invalid values and a
 * NUL character for every field; its other invalid values at most `cap` for the operation, spread over the fields.
 */
export function fieldVariants(s: JsonSchema, base: Record<string, unknown>, cap: number): BodyVariant[] {
  const core: BodyVariant[] = [];
  const extra: BodyVariant[] = [];
  for (const [field, fs] of Object.entries(s.properties ?? {})) {
    invalidValues(fs).forEach((v, i) => {
      const entries = Object.entries({ ...base, [field]: null }).map(([k, val]): [string, string] => [
        k,
        k === field ? v.raw : JSON.stringify(val),
      ]);
      const variant = { label: `${field}: ${v.label}`, body: rawObject(entries), contentType: 'application/json' };
      (i < 3 || v.label === 'NUL character' ? core : extra).push(variant);
    });
  }
  const stride = Math.max(1, extra.length / cap);
  return [...core, ...Array.from({ length: Math.min(cap, extra.length) }, (_, i) => extra[Math.floor(i * stride)]!)];
}
