// Parses and validates one YAML template in Bulwark's Nuclei subset; anything outside the subset is refused with its reason.
import { parse as parseYaml } from 'yaml';
import type { Confidence } from '../types.ts';
import { checkTemplateString, usesInteractshUrl } from './expr.ts';
import { parseHttp } from './parse-http.ts';
import { checkKeys, fail, hexDecode, isObj, numList, parseOperators, readsInteraction, strList, variablesOf } from './parse-util.ts';
import type { CheckTemplate, NetworkRequest, Severity, SslRequest, TemplateSource, TlsVersionName } from './types.ts';

const SEVERITIES: Record<string, Severity> = { info: 0, low: 1, medium: 2, high: 3, critical: 4, unknown: 0 };
const CONFIDENCES: Confidence[] = ['info gathered', 'potential', 'confirmed'];
/** Template variables Bulwark fills in. */
export const TEMPLATE_VARIABLES = ['BaseURL', 'RootURL', 'Hostname', 'Host', 'Port', 'Scheme', 'Path', 'FQDN'];
const TOP_KEYS = ['id', 'info', 'http', 'requests', 'tcp', 'network', 'ssl', 'bulwark', 'variables'];
/** Top-level keys of Nuclei templates Bulwark refuses, with why (so an operator reads a reason, not just a key). */
const REFUSED_TOP: Record<string, string> = {
  'self-contained': 'self-contained templates call fixed third-party hosts, not the scan target',
  flow: "'flow' (JavaScript control of the requests) not supported",
  dns: 'dns templates ask a resolver about the target’s name, not the target itself: not supported',
  javascript: 'javascript templates not supported',
  code: 'code templates (local programs) not supported',
  headless: 'headless (browser) templates not supported',
  file: 'file templates (local files) not supported',
  whois: 'whois templates ask third-party registries: not supported',
  websocket: 'websocket templates not supported',
  workflows: 'workflows not supported (load the templates they name)',
  multi: 'multi-protocol templates not supported',
};
const OPERATOR_KEYS = ['matchers', 'matchers-condition', 'extractors', 'name', 'id'];
const NETWORK_KEYS = [...OPERATOR_KEYS, 'host', 'port', 'inputs', 'read-size', 'read-all', 'bulwark-probe'];
const SSL_KEYS = [...OPERATOR_KEYS, 'address', 'min_version', 'max_version', 'cipher_suites', 'scan_mode'];
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

function parseNetwork(o: unknown, known: ReadonlySet<string>): NetworkRequest {
  if (!isObj(o)) return fail('a network request must be a mapping');
  checkKeys(o, NETWORK_KEYS, 'network');
  const ops = parseOperators(o, 'data', known);
  const hosts = strList(o.host ?? '{{Hostname}}', 'host').map((h) => h.replace(/\{\{\s*Host\s*\}\}:\{\{\s*Port\s*\}\}/, '{{Hostname}}'));
  for (const h of hosts) {
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
      checkTemplateString(data, known);
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

function parseSsl(o: unknown, known: ReadonlySet<string>): SslRequest {
  if (!isObj(o)) return fail('an ssl request must be a mapping');
  checkKeys(o, SSL_KEYS, 'ssl');
  if (o.scan_mode !== undefined && o.scan_mode !== 'auto') fail(`ssl scan_mode '${String(o.scan_mode)}' not supported (auto only)`);
  const address = String(o.address ?? '{{Host}}:{{Port}}');
  checkTemplateString(address, known);
  if (!/^\{\{\s*(Host|Hostname)\s*\}\}(:(\{\{\s*Port\s*\}\}|[0-9]+))?$/.test(address)) fail(`ssl address '${address}' is not the target`);
  return {
    kind: 'ssl',
    ...parseOperators(o, 'response', known),
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

/** The names {{…}} markers may use: target variables, `variables`, payloads and extractor names of any request. */
function knownNames(doc: Record<string, unknown>): Set<string> {
  const known = new Set(TEMPLATE_VARIABLES);
  const keys = (v: unknown) => (isObj(v) ? Object.keys(v) : []);
  keys(doc.variables).forEach((k) => known.add(k));
  for (const proto of ['http', 'requests', 'network', 'tcp', 'ssl']) {
    const blocks = doc[proto];
    if (!Array.isArray(blocks)) continue;
    for (const b of blocks) {
      if (!isObj(b)) continue;
      keys(b.variables).forEach((k) => known.add(k));
      keys(b.payloads).forEach((k) => known.add(k));
      for (const x of Array.isArray(b.extractors) ? b.extractors : []) if (isObj(x) && typeof x.name === 'string') known.add(x.name);
      for (const i of Array.isArray(b.inputs) ? b.inputs : []) if (isObj(i) && typeof i.name === 'string') known.add(i.name);
    }
  }
  return known;
}

export interface ParseOptions {
  /** 'community' keeps the YAML text on the template (the server sends it to probes). Default 'shipped'. */
  source?: TemplateSource;
  /** Reads a payload file named by the template (undefined: not found); what it read is kept in `files`. */
  readFile?: (file: string) => string | undefined;
}

/** Parses a template's YAML text; throws TemplateError with the reason when it is outside the subset. */
export function parseTemplate(yamlText: string, file?: string, options: ParseOptions = {}): CheckTemplate {
  let doc: unknown;
  try {
    doc = parseYaml(yamlText, { uniqueKeys: true });
  } catch (e) {
    return fail(`invalid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!isObj(doc)) return fail('a template must be a YAML mapping');
  for (const k of Object.keys(doc)) if (k in REFUSED_TOP && doc[k] !== false) fail(REFUSED_TOP[k]);
  checkKeys(doc, TOP_KEYS.concat(Object.keys(REFUSED_TOP).filter((k) => doc[k] === false)), '');
  const known = knownNames(doc);
  const id = doc.id;
  if (typeof id !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(id)) fail(`'id' missing or invalid`);
  const info = doc.info;
  if (!isObj(info)) return fail(`'info' missing`);
  if (typeof info.name !== 'string' || !info.name) fail(`'info.name' missing`);
  const sevName = String(info.severity ?? '').toLowerCase();
  if (!(sevName in SEVERITIES))
    fail(`info.severity '${String(info.severity ?? '')}' must be one of info, low, medium, high, critical (unknown counts as info)`);
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
  const source = options.source ?? 'shipped';
  const files: Record<string, string> = {};
  const readFile = (f: string) => {
    const text = options.readFile?.(f);
    if (text !== undefined) files[f] = text;
    return text;
  };
  const tpl: CheckTemplate = {
    id: id as string,
    file,
    source,
    yaml: source === 'community' ? yamlText : undefined,
    info: {
      name: info.name as string,
      severity: SEVERITIES[sevName],
      severityName: sevName === 'unknown' ? 'info' : sevName,
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
    variables: variablesOf(doc.variables, 'variables', known),
    http: list(doc.http ?? doc.requests, 'http').map((o) => parseHttp(o, known, readFile)),
    network: list(doc.network ?? doc.tcp, 'network').map((o) => parseNetwork(o, known)),
    ssl: list(doc.ssl, 'ssl').map((o) => parseSsl(o, known)),
  };
  if (Object.keys(files).length) tpl.files = files;
  if (usesInteractshUrl(yamlText) || [...tpl.http, ...tpl.network, ...tpl.ssl].some(readsInteraction)) tpl.interactsh = true;
  const n = tpl.http.length + tpl.network.length + tpl.ssl.length;
  if (n === 0) fail('the template has no http, network or ssl request');
  if (![...tpl.http, ...tpl.network, ...tpl.ssl].some((r) => r.matchers.length + r.extractors.length > 0))
    fail('a request needs matchers or extractors');
  if ([tpl.http.length, tpl.network.length, tpl.ssl.length].filter(Boolean).length > 1)
    fail('a template mixing protocols is not supported');
  return tpl;
}
