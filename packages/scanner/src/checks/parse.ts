// Parses and validates one YAML template in Bulwark's Nuclei subset; anything outside the subset is refused with its reason.
import { parse as parseYaml } from 'yaml';
import type { Confidence } from '../types.ts';
import { parseDsl } from './dsl.ts';
import { translateRe2 } from './regex.ts';
import {
  TemplateError,
  type CheckTemplate,
  type Extractor,
  type HttpRequest,
  type Matcher,
  type NetworkRequest,
  type Operators,
  type Severity,
  type SslRequest,
  type TlsVersionName,
} from './types.ts';

type Obj = Record<string, unknown>;
const SEVERITIES: Record<string, Severity> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };
const CONFIDENCES: Confidence[] = ['info gathered', 'potential', 'confirmed'];
/** Template variables Bulwark fills in. */
export const TEMPLATE_VARIABLES = ['BaseURL', 'RootURL', 'Hostname', 'Host', 'Port', 'Scheme'];
const TOP_KEYS = ['id', 'info', 'http', 'requests', 'tcp', 'network', 'ssl', 'bulwark'];
const OPERATOR_KEYS = ['matchers', 'matchers-condition', 'extractors', 'name', 'id'];
const HTTP_KEYS = [
  ...OPERATOR_KEYS,
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
];
const NETWORK_KEYS = [...OPERATOR_KEYS, 'host', 'port', 'inputs', 'read-size', 'read-all', 'bulwark-probe'];
const SSL_KEYS = [...OPERATOR_KEYS, 'address', 'min_version', 'max_version', 'cipher_suites', 'scan_mode'];
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
];
const EXTRACTOR_KEYS = ['type', 'name', 'part', 'regex', 'group', 'kval', 'dsl', 'internal'];
const PROBES = ['ssh-kexinit', 'ssh-auth-methods', 'dns-axfr'] as const;
const TLS_VERSIONS: TlsVersionName[] = ['tls10', 'tls11', 'tls12', 'tls13'];
/** Go (IANA) names of common suites → OpenSSL names, so Nuclei's cipher_suites work. */
const GO_CIPHERS: Record<string, string> = {
  TLS_RSA_WITH_AES_128_CBC_SHA: 'AES128-SHA',
  TLS_RSA_WITH_AES_256_CBC_SHA: 'AES256-SHA',
  TLS_RSA_WITH_AES_128_CBC_SHA256: 'AES128-SHA256',
  TLS_RSA_WITH_AES_128_GCM_SHA256: 'AES128-GCM-SHA256',
  TLS_RSA_WITH_AES_256_GCM_SHA384: 'AES256-GCM-SHA384',
  TLS_RSA_WITH_3DES_EDE_CBC_SHA: 'DES-CBC3-SHA',
  TLS_RSA_WITH_RC4_128_SHA: 'RC4-SHA',
  TLS_ECDHE_RSA_WITH_RC4_128_SHA: 'ECDHE-RSA-RC4-SHA',
  TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA: 'ECDHE-RSA-DES-CBC3-SHA',
  TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA: 'ECDHE-RSA-AES128-SHA',
  TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA: 'ECDHE-RSA-AES256-SHA',
};

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const fail = (msg: string): never => {
  throw new TemplateError(msg);
};

function checkKeys(o: Obj, allowed: string[], where: string) {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) fail(`unsupported key '${where ? `${where}.` : ''}${k}'`);
}
function strList(v: unknown, where: string): string[] {
  if (v === undefined || v === null) return [];
  const arr = Array.isArray(v) ? v : [v];
  return arr.map((x) => {
    if (typeof x !== 'string' && typeof x !== 'number') fail(`'${where}' must be a string or list of strings`);
    return String(x);
  });
}
function numList(v: unknown, where: string): number[] {
  return strList(v, where).flatMap((s) =>
    s.split(',').map((p) => {
      const n = Number(p.trim());
      if (!Number.isInteger(n)) fail(`'${where}' must be integers, got '${p}'`);
      return n;
    }),
  );
}
function bool(v: unknown, where: string, dflt = false): boolean {
  if (v === undefined) return dflt;
  if (typeof v !== 'boolean') fail(`'${where}' must be true or false`);
  return v as boolean;
}

/** Every `{{…}}` must be one of the template variables (or a named extractor); helpers like {{rand_base(5)}} are refused. */
function checkVars(s: string, extra: string[] = []) {
  for (const m of s.matchAll(/\{\{([^}]*)\}\}/g)) {
    const name = m[1].trim();
    if (!TEMPLATE_VARIABLES.includes(name) && !extra.includes(name)) fail(`unsupported template expression '{{${name}}}'`);
  }
}

function hexDecode(s: string, where: string): string {
  const clean = s.replace(/\s+/g, '');
  if (!/^([0-9a-fA-F]{2})*$/.test(clean)) fail(`'${where}' is not valid hex: '${s.slice(0, 40)}'`);
  return Buffer.from(clean, 'hex').toString('latin1');
}

function parsePart(v: unknown, dflt: string): string {
  if (v === undefined) return dflt;
  if (typeof v !== 'string' || !/^[A-Za-z0-9_-]+$/.test(v)) fail(`invalid part '${String(v)}'`);
  const p = (v as string).toLowerCase().replace(/-/g, '_');
  if (p.startsWith('interactsh')) fail(`part '${p}' needs out-of-band interaction (interactsh), not supported`);
  return p;
}

function parseMatcher(raw: unknown, _defaultPart: string): Matcher {
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
    part: parsePart(raw.part, 'body'),
    condition: condition as 'and' | 'or',
    negative: bool(raw.negative, 'negative'),
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
      m.words.forEach((w) => checkVars(w));
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
  return m;
}

function parseExtractor(raw: unknown, dfltPart: string): Extractor {
  if (!isObj(raw)) return fail('an extractor must be a mapping');
  if (!['regex', 'kval', 'dsl'].includes(raw.type as string)) fail(`extractor type '${String(raw.type)}' not supported`);
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
  };
  if (x.type === 'regex') {
    x.regex = strList(raw.regex, 'regex').map((r) => translateRe2(r));
    if (!x.regex.length) fail(`extractor type 'regex' needs 'regex'`);
    x.group = raw.group === undefined ? 0 : Number(raw.group);
    if (!Number.isInteger(x.group) || x.group < 0) fail(`extractor group must be a non-negative integer`);
  } else if (x.type === 'kval') {
    x.kval = strList(raw.kval, 'kval');
    if (!x.kval.length) fail(`extractor type 'kval' needs 'kval'`);
  } else {
    x.dsl = strList(raw.dsl, 'dsl').map((d) => parseDsl(d));
    if (!x.dsl.length) fail(`extractor type 'dsl' needs 'dsl'`);
  }
  return x;
}

function parseOperators(o: Obj, dfltPart: string): Operators {
  const mc = o['matchers-condition'] ?? 'or';
  if (mc !== 'and' && mc !== 'or') fail(`matchers-condition '${String(mc)}' must be and/or`);
  const matchers = (
    Array.isArray(o.matchers) ? o.matchers : o.matchers === undefined ? [] : fail("'matchers' must be a list")
  ) as unknown[];
  const extractors = (
    Array.isArray(o.extractors) ? o.extractors : o.extractors === undefined ? [] : fail("'extractors' must be a list")
  ) as unknown[];
  if (!matchers.length && !extractors.length) fail('a request needs matchers or extractors');
  return {
    matchersCondition: mc as 'and' | 'or',
    matchers: matchers.map((m) => parseMatcher(m, dfltPart)),
    extractors: extractors.map((x) => parseExtractor(x, dfltPart)),
  };
}

function parseRaw(raw: string): HttpRequest['requests'][number] {
  const text = raw.replace(/^\s*\n/, '');
  const sep = /\r?\n\r?\n/.exec(text);
  const head = sep ? text.slice(0, sep.index) : text.trimEnd();
  const body = sep ? text.slice(sep.index + sep[0].length) : '';
  const [first, ...lines] = head.split(/\r?\n/);
  const m = /^([A-Z]+)\s+(\S+)(\s+HTTP\/[0-9.]+)?\s*$/.exec(first.trim());
  if (!m) return fail(`raw request line '${first.trim()}' is not 'METHOD PATH HTTP/1.1'`);
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(':');
    if (i <= 0) fail(`raw request header '${l}' has no ':'`);
    headers[l.slice(0, i).trim()] = l.slice(i + 1).trim();
  }
  return { method: m[1], path: m[2], headers, body: body.replace(/\s+$/, '') };
}

function parseHttp(o: unknown): HttpRequest {
  if (!isObj(o)) return fail('an http request must be a mapping');
  checkKeys(o, HTTP_KEYS, 'http');
  if (o.unsafe === true) fail(`'unsafe' raw requests are not supported`);
  const ops = parseOperators(o, 'body');
  const requests: HttpRequest['requests'] = [];
  if (o.raw !== undefined) {
    if (o.path !== undefined) fail(`an http request has either 'raw' or 'path', not both`);
    for (const r of strList(o.raw, 'raw')) {
      checkVars(r);
      requests.push(parseRaw(r));
    }
  } else {
    const method = (o.method ?? 'GET') as string;
    if (typeof method !== 'string' || !/^[A-Z]+$/.test(method)) fail(`invalid http method '${String(method)}'`);
    const headers: Record<string, string> = {};
    if (o.headers !== undefined) {
      if (!isObj(o.headers)) return fail("'headers' must be a mapping");
      for (const [k, v] of Object.entries(o.headers)) {
        headers[k] = String(v);
        checkVars(headers[k]);
      }
    }
    const body = o.body === undefined ? '' : String(o.body);
    checkVars(body);
    const paths = strList(o.path, 'path');
    if (!paths.length) fail(`an http request needs 'path' or 'raw'`);
    for (const p of paths) {
      checkVars(p);
      if (!p.startsWith('{{BaseURL}}') && !p.startsWith('{{RootURL}}')) fail(`path '${p}' must start with {{BaseURL}} or {{RootURL}}`);
      requests.push({ method, path: p, headers, body });
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
  };
}

function parseNetwork(o: unknown): NetworkRequest {
  if (!isObj(o)) return fail('a network request must be a mapping');
  checkKeys(o, NETWORK_KEYS, 'network');
  const ops = parseOperators(o, 'data');
  const hosts = strList(o.host ?? '{{Hostname}}', 'host');
  for (const h of hosts) {
    checkVars(h);
    if (!/^((tls|udp):\/\/)?\{\{(Hostname|Host)\}\}(:[0-9]+)?$/.test(h))
      fail(`network host '${h}' must be [tls://|udp://]{{Hostname}} or {{Host}}[:port]`);
  }
  const inputs = (Array.isArray(o.inputs) ? o.inputs : o.inputs === undefined ? [] : fail("'inputs' must be a list")) as unknown[];
  const probe = o['bulwark-probe'];
  if (probe !== undefined && !PROBES.includes(probe as (typeof PROBES)[number]))
    fail(`bulwark-probe '${String(probe)}' not supported (${PROBES.join(', ')})`);
  if (probe !== undefined && inputs.length) fail(`'bulwark-probe' replaces 'inputs'; give one or the other`);
  return {
    kind: 'network',
    ...ops,
    hosts,
    ports: numList(o.port, 'port'),
    readSize: o['read-size'] === undefined ? 4096 : Number(o['read-size']),
    probe: probe as NetworkRequest['probe'],
    inputs: inputs.map((i) => {
      if (!isObj(i)) return fail('an input must be a mapping');
      checkKeys(i, ['data', 'type', 'read', 'name'], 'inputs');
      const data = String(i.data ?? '');
      checkVars(data);
      if (i.type !== undefined && i.type !== 'hex' && i.type !== 'text') fail(`input type '${String(i.type)}' must be hex or text`);
      return {
        data: i.type === 'hex' ? hexDecode(data, 'inputs.data') : data,
        name: typeof i.name === 'string' ? i.name.toLowerCase() : undefined,
        read: i.read === undefined ? undefined : Number(i.read),
      };
    }),
  };
}

function tlsVersion(v: unknown, where: string): TlsVersionName | undefined {
  if (v === undefined) return undefined;
  if (v === 'sslv3') fail(`${where} 'sslv3' cannot be negotiated by Node's OpenSSL; use a network template with a raw SSLv3 ClientHello`);
  if (!TLS_VERSIONS.includes(v as TlsVersionName)) fail(`${where} '${String(v)}' not supported (${TLS_VERSIONS.join(', ')})`);
  return v as TlsVersionName;
}

function parseSsl(o: unknown): SslRequest {
  if (!isObj(o)) return fail('an ssl request must be a mapping');
  checkKeys(o, SSL_KEYS, 'ssl');
  if (o.scan_mode !== undefined && o.scan_mode !== 'auto') fail(`ssl scan_mode '${String(o.scan_mode)}' not supported (auto only)`);
  const address = String(o.address ?? '{{Host}}:{{Port}}');
  checkVars(address);
  return {
    kind: 'ssl',
    ...parseOperators(o, 'response'),
    address,
    minVersion: tlsVersion(o.min_version, 'min_version'),
    maxVersion: tlsVersion(o.max_version, 'max_version'),
    cipherSuites: strList(o.cipher_suites, 'cipher_suites').map((c) => {
      if (c.startsWith('TLS_')) return GO_CIPHERS[c] ?? fail(`cipher suite '${c}' not supported`);
      if (!/^[A-Z0-9-]+$/.test(c)) fail(`cipher suite '${c}' is not an OpenSSL cipher name`);
      return c;
    }),
  };
}

function list(v: unknown, key: string): unknown[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) fail(`'${key}' must be a list`);
  return v as unknown[];
}

/** Parses a template's YAML text; throws TemplateError with the reason when it is outside the subset. */
export function parseTemplate(yamlText: string, file?: string): CheckTemplate {
  let doc: unknown;
  try {
    doc = parseYaml(yamlText, { uniqueKeys: true });
  } catch (e) {
    return fail(`invalid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!isObj(doc)) return fail('a template must be a YAML mapping');
  checkKeys(doc, TOP_KEYS, '');
  const id = doc.id;
  if (typeof id !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(id)) fail(`'id' missing or invalid`);
  const info = doc.info;
  if (!isObj(info)) return fail(`'info' missing`);
  if (typeof info.name !== 'string' || !info.name) fail(`'info.name' missing`);
  const sevName = String(info.severity ?? '').toLowerCase();
  if (!(sevName in SEVERITIES)) fail(`info.severity '${String(info.severity ?? '')}' must be one of info, low, medium, high, critical`);
  const cls = isObj(info.classification) ? info.classification : {};
  const cve = strList(cls['cve-id'], 'cve-id').map((c) => c.toUpperCase());
  for (const c of cve) if (!/^CVE-\d{4}-\d{4,}$/.test(c)) fail(`invalid cve-id '${c}'`);
  const meta = doc.bulwark;
  let bulwark: CheckTemplate['bulwark'] = {
    category: 'uncategorized',
    solution: String(info.remediation ?? ''),
    confidence: 'potential',
    services: [],
  };
  if (meta !== undefined) {
    if (!isObj(meta)) return fail(`'bulwark' must be a mapping`);
    checkKeys(meta, ['category', 'solution', 'confidence', 'services'], 'bulwark');
    if (typeof meta.category !== 'string' || !meta.category) fail(`'bulwark.category' missing`);
    if (!CONFIDENCES.includes(meta.confidence as Confidence)) fail(`bulwark.confidence must be one of ${CONFIDENCES.join(', ')}`);
    bulwark = {
      category: meta.category as string,
      solution: String(meta.solution ?? info.remediation ?? ''),
      confidence: meta.confidence as Confidence,
      services: strList(meta.services, 'bulwark.services'),
    };
  }
  if (doc.http !== undefined && doc.requests !== undefined) fail(`use 'http' or 'requests', not both`);
  if (doc.tcp !== undefined && doc.network !== undefined) fail(`use 'network' or 'tcp', not both`);
  const tpl: CheckTemplate = {
    id: id as string,
    file,
    info: {
      name: info.name as string,
      severity: SEVERITIES[sevName],
      severityName: sevName,
      description: typeof info.description === 'string' ? info.description.trim() : undefined,
      remediation: typeof info.remediation === 'string' ? info.remediation.trim() : undefined,
      reference: strList(info.reference, 'reference'),
      tags: typeof info.tags === 'string' ? info.tags.split(',').map((t) => t.trim()) : strList(info.tags, 'tags'),
      cve,
      cwe: strList(cls['cwe-id'], 'cwe-id'),
      cvssScore: cls['cvss-score'] === undefined ? undefined : Number(cls['cvss-score']),
      cvssMetrics: typeof cls['cvss-metrics'] === 'string' ? cls['cvss-metrics'] : undefined,
    },
    bulwark,
    http: list(doc.http ?? doc.requests, 'http').map(parseHttp),
    network: list(doc.network ?? doc.tcp, 'network').map(parseNetwork),
    ssl: list(doc.ssl, 'ssl').map(parseSsl),
  };
  const n = tpl.http.length + tpl.network.length + tpl.ssl.length;
  if (n === 0) fail('the template has no http, network or ssl request');
  if ([tpl.http.length, tpl.network.length, tpl.ssl.length].filter(Boolean).length > 1)
    fail('a template mixing protocols is not supported');
  return tpl;
}
