// Parses a template's http requests: method/path or raw (annotations, unsafe), payloads with their attack type,
// request variables, and whether the matchers read several responses (request conditions).
import { checkTemplateString } from './expr.ts';
import { bool, checkKeys, fail, isObj, parseOperators, strList, variablesOf } from './parse-util.ts';
import type { HttpRequest, Operators } from './types.ts';

const HTTP_KEYS = [
  'matchers',
  'matchers-condition',
  'extractors',
  'name',
  'id',
  'method',
  'path',
  'headers',
  'body',
  'raw',
  'redirects',
  'host-redirects',
  'max-redirects',
  'stop-at-first-match',
  'max-size',
  'unsafe',
  'payloads',
  'attack',
  'variables',
  'req-condition',
  'cookie-reuse',
  'disable-cookie',
  'skip-variables-check',
  'threads',
  'iterate-all',
  'pipeline',
  'disable-path-automerge',
  'read-all',
];
/** Most rounds (payload combinations) a block may ask for: default-login lists stay well below it. */
export const MAX_ROUNDS = 2000;
const MAX_TIMEOUT_MS = 30_000;

/** Payload rounds: batteringram and pitchfork walk the lists side by side, clusterbomb takes every combination. */
function rounds(payloads: unknown, attack: unknown, readFile?: (file: string) => string | undefined): Record<string, string>[] {
  if (payloads === undefined) {
    if (attack !== undefined) fail(`'attack' needs 'payloads'`);
    return [{}];
  }
  if (!isObj(payloads)) return fail(`'payloads' must be a mapping`);
  const lists = Object.entries(payloads).map(([name, v]): [string, string[]] => {
    if (typeof v === 'string') {
      // A payload file (Nuclei: relative to the templates folder), one value a line.
      const text = readFile?.(v) ?? fail(`payload file '${v}' of '${name}' not found in the template's folder`);
      return [name, text.split(/\r?\n/).filter((l) => l.trim() !== '')];
    }
    return [name, strList(v, `payloads.${name}`)];
  });
  const type = attack ?? 'batteringram';
  if (type !== 'batteringram' && type !== 'pitchfork' && type !== 'clusterbomb')
    fail(`attack '${String(type)}' not supported (batteringram, pitchfork, clusterbomb)`);
  if (type === 'clusterbomb') {
    const total = lists.reduce((n, [, l]) => n * l.length, 1);
    if (total > MAX_ROUNDS) fail(`${total} payload combinations, more than the ${MAX_ROUNDS} Bulwark sends`);
    let out: Record<string, string>[] = [{}];
    for (const [name, list] of lists) out = out.flatMap((r) => list.map((v) => ({ ...r, [name]: v })));
    return out;
  }
  const n = Math.max(0, ...lists.map(([, l]) => l.length));
  if (n > MAX_ROUNDS) fail(`${n} payload values, more than the ${MAX_ROUNDS} Bulwark sends`);
  return Array.from({ length: n }, (_, i) => Object.fromEntries(lists.map(([name, l]) => [name, l[i % l.length]])));
}

function parseRaw(raw: string, unsafe: boolean): HttpRequest['requests'][number] {
  let text = raw.replace(/^\s*\n/, '');
  let timeoutMs: number | undefined;
  // Nuclei's annotations: lines starting with '@' before the request line.
  for (;;) {
    const m = /^[ \t]*@([A-Za-z-]+):?[ \t]*(.*)\r?\n/.exec(text);
    if (!m) break;
    const name = m[1].toLowerCase();
    if (name === 'timeout') {
      const t = /^([0-9.]+)\s*(ms|s|m)?$/.exec(m[2].trim());
      if (!t) fail(`raw request annotation '@timeout ${m[2].trim()}' not understood`);
      const mult = t![2] === 'ms' ? 1 : t![2] === 'm' ? 60_000 : 1000;
      timeoutMs = Math.min(Number(t![1]) * mult, MAX_TIMEOUT_MS);
    } else if (name !== 'once' && name !== 'tls-sni') fail(`raw request annotation '@${m[1]}' not supported`);
    text = text.slice(m[0].length);
  }
  const sep = /\r?\n\r?\n/.exec(text);
  const head = sep ? text.slice(0, sep.index) : text.trimEnd();
  const body = sep ? text.slice(sep.index + sep[0].length) : '';
  const [first, ...lines] = head.split(/\r?\n/);
  // The path may hold spaces inside {{…}} helpers (rand_int(0, 9)) or be sent as written (Nuclei does not check it).
  const m = /^([A-Za-z]+)\s+(.+?)(\s+HTTP\/[0-9.]+)?\s*$/.exec(first.trim());
  if (!m) return fail(`raw request line '${first.trim()}' is not 'METHOD PATH HTTP/1.1'`);
  if (unsafe) {
    // Sent as written (line endings made CRLF): the request line must still be a path, so the bytes go to the target.
    if (!m[2].startsWith('/') && !m[2].startsWith('{{')) fail(`unsafe raw request to '${m[2]}': only paths on the target are sent`);
    return { method: m[1], path: m[2], headers: {}, body: '', timeoutMs, raw: text.replace(/\r?\n/g, '\r\n') };
  }
  const headers: Record<string, string> = {};
  for (const l of lines) {
    if (!l.trim()) continue;
    const i = l.indexOf(':');
    if (i <= 0) fail(`raw request header '${l}' has no ':'`);
    headers[l.slice(0, i).trim()] = l.slice(i + 1).trim();
  }
  return { method: m[1].toUpperCase(), path: m[2], headers, body: body.replace(/\s+$/, ''), timeoutMs };
}

/** Names like status_code_2 or body_1: the matchers compare the responses of one round. */
function readsSeveral(ops: Operators): boolean {
  const indexed = /^[a-z_]+_[0-9]+$/;
  return [...ops.matchers, ...ops.extractors].some(
    (m) =>
      indexed.test(m.part) ||
      ('dslText' in m && m.dslText.some((d) => /\b[a-z_]+_[0-9]+\b/.test(d.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '')))),
  );
}

export function parseHttp(o: unknown, known: ReadonlySet<string>, readFile?: (file: string) => string | undefined): HttpRequest {
  if (!isObj(o)) return fail('an http request must be a mapping');
  checkKeys(o, HTTP_KEYS, 'http');
  const unsafe = bool(o.unsafe, 'unsafe');
  if (o.pipeline === true) fail(`'pipeline' requests are not supported`);
  const ops = parseOperators(o, 'body', known);
  const requests: HttpRequest['requests'] = [];
  if (o.raw !== undefined) {
    if (o.path !== undefined) fail(`an http request has either 'raw' or 'path', not both`);
    for (const r of strList(o.raw, 'raw')) {
      checkTemplateString(r, known);
      requests.push(parseRaw(r, unsafe));
    }
  } else {
    if (unsafe) fail(`'unsafe' needs 'raw' requests`);
    const method = (o.method ?? 'GET') as string;
    if (typeof method !== 'string' || !/^[A-Za-z]+$/.test(method)) fail(`invalid http method '${String(method)}'`);
    const headers: Record<string, string> = {};
    if (o.headers !== undefined) {
      if (!isObj(o.headers)) return fail("'headers' must be a mapping");
      for (const [k, v] of Object.entries(o.headers)) {
        headers[k] = String(v);
        checkTemplateString(k, known);
        checkTemplateString(headers[k], known);
      }
    }
    const body = o.body === undefined ? '' : String(o.body);
    checkTemplateString(body, known);
    const paths = strList(o.path, 'path');
    if (!paths.length) fail(`an http request needs 'path' or 'raw'`);
    for (const p of paths) {
      checkTemplateString(p, known);
      if (!/^\{\{\s*(BaseURL|RootURL)\s*\}\}/.test(p)) fail(`path '${p}' must start with {{BaseURL}} or {{RootURL}}`);
      requests.push({ method: method.toUpperCase(), path: p.replace(/^\{\{\s*(BaseURL|RootURL)\s*\}\}/, '{{$1}}'), headers, body });
    }
  }
  const maxRedirects = o['max-redirects'] === undefined ? 10 : Number(o['max-redirects']);
  return {
    kind: 'http',
    ...ops,
    requests,
    redirects: bool(o.redirects, 'redirects') || bool(o['host-redirects'], 'host-redirects'),
    maxRedirects,
    stopAtFirstMatch: bool(o['stop-at-first-match'], 'stop-at-first-match', true),
    variables: variablesOf(o.variables, 'variables', known),
    rounds: rounds(o.payloads, o.attack, readFile),
    reqCondition: bool(o['req-condition'], 'req-condition') || readsSeveral(ops),
    cookies: !bool(o['disable-cookie'], 'disable-cookie'),
  };
}
