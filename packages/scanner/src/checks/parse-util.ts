// Shared pieces of template parsing: value checks and the operators (matchers, extractors) of every request kind.
import { parseDsl } from './dsl.ts';
import { checkTemplateString } from './expr.ts';
import { parseJsonQuery } from './json-query.ts';
import { translateRe2 } from './regex.ts';
import { TemplateError, type Extractor, type Matcher, type Operators } from './types.ts';

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const fail = (msg: string): never => {
  throw new TemplateError(msg);
};

export function checkKeys(o: Obj, allowed: string[], where: string): void {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) fail(`unsupported key '${where ? `${where}.` : ''}${k}'`);
}
export function strList(v: unknown, where: string): string[] {
  if (v === undefined || v === null) return [];
  const arr = Array.isArray(v) ? v : [v];
  return arr.map((x) => {
    if (typeof x !== 'string' && typeof x !== 'number' && typeof x !== 'boolean') fail(`'${where}' must be a string or list of strings`);
    return String(x);
  });
}
export function numList(v: unknown, where: string): number[] {
  return strList(v, where).flatMap((s) =>
    s.split(',').map((p) => {
      const n = Number(p.trim());
      if (!Number.isInteger(n)) fail(`'${where}' must be integers, got '${p}'`);
      return n;
    }),
  );
}
export function bool(v: unknown, where: string, dflt = false): boolean {
  if (v === undefined) return dflt;
  if (typeof v !== 'boolean') fail(`'${where}' must be true or false`);
  return v as boolean;
}
export function hexDecode(s: string, where: string): string {
  const clean = s.replace(/\s+/g, '');
  if (!/^([0-9a-fA-F]{2})*$/.test(clean)) fail(`'${where}' is not valid hex: '${s.slice(0, 40)}'`);
  return Buffer.from(clean, 'hex').toString('latin1');
}
/** A `variables` mapping as ordered [name, template string] pairs. */
export function variablesOf(v: unknown, where: string, known: ReadonlySet<string>): [string, string][] {
  if (v === undefined) return [];
  if (!isObj(v)) return fail(`'${where}' must be a mapping`);
  return Object.entries(v).map(([k, x]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(k)) fail(`invalid variable name '${k}'`);
    const s = strList(x, `${where}.${k}`).join(',');
    checkTemplateString(s, known);
    return [k, s];
  });
}

function parsePart(v: unknown, dflt: string): string {
  if (v === undefined) return dflt;
  if (typeof v !== 'string' || !/^[A-Za-z0-9_-]+$/.test(v)) fail(`invalid part '${String(v)}'`);
  const p = (v as string).toLowerCase().replace(/-/g, '_');
  if (p.startsWith('interactsh') && !INTERACTSH_PARTS.includes(p))
    fail(`part '${p}' not supported (out-of-band parts: ${INTERACTSH_PARTS.join(', ')})`);
  return p;
}

/** What the scan's callback listener recorded for a template run, as matcher parts (see run.ts). */
export const INTERACTSH_PARTS = ['interactsh_protocol', 'interactsh_request', 'interactsh_ip'];

/**
 * The listener answers HTTP only (no DNS server): a matcher that can only be satisfied by a DNS interaction (its
 * interactsh_protocol words or dsl name dns and not http) would never match, so the template is refused with why.
 */
/** Does a request's matching read what the callback listener recorded (interactsh parts or dsl variables)? */
export function readsInteraction(ops: Operators): boolean {
  return (
    ops.matchers.some((m) => INTERACTSH_PARTS.includes(m.part) || m.dslText.some((d) => d.includes('interactsh_'))) ||
    ops.extractors.some((x) => INTERACTSH_PARTS.includes(x.part))
  );
}

function refuseDnsOnly(m: Matcher): void {
  if (m.negative) return;
  const need = (names: string[]) => {
    const dns = names.some((w) => /dns/i.test(w));
    const http = names.some((w) => /http/i.test(w));
    if (dns && (!http || m.condition === 'and'))
      fail('needs a DNS out-of-band interaction (interactsh_protocol dns): the scan’s callback listener answers HTTP only');
  };
  if (m.part === 'interactsh_protocol' && m.type === 'word') need(m.words);
  if (m.type === 'dsl' && m.dslText.some((d) => d.includes('interactsh_protocol'))) need(m.dslText);
}

const MATCHER_KEYS = [
  'type',
  'part',
  'words',
  'regex',
  'status',
  'size',
  'dsl',
  'binary',
  'condition',
  'negative',
  'case-insensitive',
  'name',
  'encoding',
  'internal',
  'match-all',
];
const EXTRACTOR_KEYS = ['type', 'name', 'part', 'regex', 'group', 'kval', 'dsl', 'json', 'internal', 'case-insensitive'];

function parseMatcher(raw: unknown, dfltPart: string, known: ReadonlySet<string>): Matcher {
  if (!isObj(raw)) return fail('a matcher must be a mapping');
  const type = raw.type;
  if (!['word', 'regex', 'status', 'size', 'dsl', 'binary'].includes(type as string)) fail(`matcher type '${String(type)}' not supported`);
  checkKeys(raw, MATCHER_KEYS, 'matchers');
  const ci = bool(raw['case-insensitive'], 'case-insensitive');
  const encoding = raw.encoding;
  if (encoding !== undefined && encoding !== 'hex') fail(`matcher encoding '${String(encoding)}' not supported`);
  const condition = raw.condition ?? 'or';
  if (condition !== 'and' && condition !== 'or') fail(`matcher condition '${String(condition)}' must be and/or`);
  const m: Matcher = {
    type: type as Matcher['type'],
    name: typeof raw.name === 'string' ? raw.name : undefined,
    part: parsePart(raw.part, dfltPart),
    condition: condition as 'and' | 'or',
    negative: bool(raw.negative, 'negative'),
    internal: bool(raw.internal, 'internal'),
    caseInsensitive: ci,
    words: [],
    regex: [],
    status: [],
    size: [],
    dsl: [],
    dslText: [],
  };
  const need = (key: string) => {
    if (raw[key] === undefined) fail(`matcher type '${m.type}' needs '${key}'`);
  };
  switch (m.type) {
    case 'word':
      need('words');
      m.words = strList(raw.words, 'words').map((w) => (encoding === 'hex' ? hexDecode(w, 'words') : w));
      m.words.forEach((w) => checkTemplateString(w, known));
      break;
    case 'binary':
      need('binary');
      m.words = strList(raw.binary, 'binary').map((w) => hexDecode(w, 'binary'));
      break;
    case 'regex':
      need('regex');
      m.regex = strList(raw.regex, 'regex').map((r) => translateRe2(r, ci ? 'i' : ''));
      break;
    case 'status':
      need('status');
      m.status = numList(raw.status, 'status');
      break;
    case 'size':
      need('size');
      m.size = numList(raw.size, 'size');
      break;
    case 'dsl':
      need('dsl');
      m.dslText = strList(raw.dsl, 'dsl');
      m.dsl = m.dslText.map((d) => parseDsl(d));
      break;
  }
  refuseDnsOnly(m);
  return m;
}

function parseExtractor(raw: unknown, dfltPart: string): Extractor {
  if (!isObj(raw)) return fail('an extractor must be a mapping');
  if (!['regex', 'kval', 'dsl', 'json'].includes(raw.type as string)) fail(`extractor type '${String(raw.type)}' not supported`);
  checkKeys(raw, EXTRACTOR_KEYS, 'extractors');
  const x: Extractor = {
    type: raw.type as Extractor['type'],
    name: typeof raw.name === 'string' ? raw.name : undefined,
    part: parsePart(raw.part, dfltPart),
    internal: bool(raw.internal, 'internal'),
    regex: [],
    group: 0,
    kval: [],
    dsl: [],
    json: [],
  };
  if (x.type === 'regex') {
    x.regex = strList(raw.regex, 'regex').map((r) => translateRe2(r, bool(raw['case-insensitive'], 'case-insensitive') ? 'i' : ''));
    if (!x.regex.length) fail(`extractor type 'regex' needs 'regex'`);
    x.group = raw.group === undefined ? 0 : Number(raw.group);
    if (!Number.isInteger(x.group) || x.group < 0) fail(`extractor group must be a non-negative integer`);
  } else if (x.type === 'kval') {
    x.kval = strList(raw.kval, 'kval');
    if (!x.kval.length) fail(`extractor type 'kval' needs 'kval'`);
  } else if (x.type === 'json') {
    x.json = strList(raw.json, 'json').map(parseJsonQuery);
    if (!x.json.length) fail(`extractor type 'json' needs 'json'`);
  } else {
    x.dsl = strList(raw.dsl, 'dsl').map((d) => parseDsl(d));
    if (!x.dsl.length) fail(`extractor type 'dsl' needs 'dsl'`);
  }
  return x;
}

export function parseOperators(o: Obj, dfltPart: string, known: ReadonlySet<string>): Operators {
  const mc = o['matchers-condition'] ?? 'or';
  if (mc !== 'and' && mc !== 'or') fail(`matchers-condition '${String(mc)}' must be and/or`);
  const matchers = (
    Array.isArray(o.matchers) ? o.matchers : o.matchers === undefined ? [] : fail("'matchers' must be a list")
  ) as unknown[];
  const extractors = (
    Array.isArray(o.extractors) ? o.extractors : o.extractors === undefined ? [] : fail("'extractors' must be a list")
  ) as unknown[];
  // A request without operators only prepares later ones (a login, a cookie); parseTemplate refuses a template that
  // has operators nowhere.
  return {
    matchersCondition: mc as 'and' | 'or',
    matchers: matchers.map((m) => parseMatcher(m, dfltPart, known)),
    extractors: extractors.map((x) => parseExtractor(x, dfltPart)),
  };
}
