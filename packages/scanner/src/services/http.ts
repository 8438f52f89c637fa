// HTTP and HTTPS: a GET /, the Server header (product/version), page title, Elasticsearch's JSON; TLS details.
import type tls from 'node:tls';
import { text, type ServiceConnection } from './conn.ts';
import type { Found } from './result.ts';

export interface HttpResponse {
  status: number;
  statusLine: string;
  headers: Record<string, string>;
  body: string;
}

/** Parses an HTTP/1.x response head and body (chunked bodies are de-chunked; what arrived is used). */
export function parseHttpResponse(buf: Buffer): HttpResponse | undefined {
  const raw = buf.toString('latin1');
  const m = /^HTTP\/\d(?:\.\d)? (\d{3})[^\r\n]*/.exec(raw);
  if (!m) return undefined;
  const headEnd = raw.indexOf('\r\n\r\n');
  const head = headEnd < 0 ? raw : raw.slice(0, headEnd);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1)) {
    const c = line.indexOf(':');
    if (c > 0) {
      const k = line.slice(0, c).trim().toLowerCase();
      headers[k] = headers[k] ? `${headers[k]}, ${line.slice(c + 1).trim()}` : line.slice(c + 1).trim();
    }
  }
  let body = headEnd < 0 ? '' : raw.slice(headEnd + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  body = Buffer.from(body, 'latin1').toString('utf8');
  return { status: Number(m[1]), statusLine: m[0], headers, body };
}

function dechunk(body: string): string {
  let out = '';
  let i = 0;
  while (i < body.length) {
    const nl = body.indexOf('\r\n', i);
    if (nl < 0) break;
    const size = parseInt(body.slice(i, nl), 16);
    if (!Number.isFinite(size) || size === 0) break;
    out += body.slice(nl + 2, nl + 2 + size);
    i = nl + 2 + size + 2;
  }
  return out;
}

/** True when a full response (by Content-Length or final chunk) has arrived. */
export function completeHttp(buf: Buffer): boolean {
  const raw = buf.toString('latin1');
  if (raw.length > 0 && !'HTTP/'.startsWith(raw.slice(0, 5))) return true;
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd < 0) return false;
  const cl = /\r\ncontent-length:\s*(\d+)/i.exec(raw.slice(0, headEnd));
  if (cl) return Buffer.byteLength(raw.slice(headEnd + 4), 'latin1') >= Number(cl[1]) || raw.length > 65536;
  if (/\r\ntransfer-encoding:\s*chunked/i.test(raw.slice(0, headEnd)))
    return /\r\n0\r\n\r\n/.test(raw.slice(headEnd)) || raw.length > 65536;
  return raw.length > 65536;
}

/** Product and version from a Server header, e.g. "Apache/2.4.57 (Debian)" -> Apache httpd 2.4.57. */
export function serverProduct(server: string): { product?: string; version?: string; os?: string } {
  const rules: [RegExp, string][] = [
    [/^Apache\/?([\d.]+)?(?:\s+\(([^)]+)\))?/i, 'Apache httpd'],
    [/^nginx\/?([\d.]+)?/i, 'nginx'],
    [/^openresty\/?([\d.]+)?/i, 'OpenResty'],
    [/^Microsoft-IIS\/?([\d.]+)?/i, 'Microsoft IIS httpd'],
    [/^lighttpd\/?([\d.]+)?/i, 'lighttpd'],
    [/^Jetty\(?([\d.]+[\w.-]*)?/i, 'Jetty'],
    [/^Apache-Coyote\/?([\d.]+)?/i, 'Apache Tomcat'],
    [/^Caddy\/?([\d.]+)?/i, 'Caddy httpd'],
    [/^gunicorn\/?([\d.]+)?/i, 'Gunicorn'],
    [/^Werkzeug\/?([\d.]+)?/i, 'Werkzeug httpd'],
    [/^Kestrel/i, 'Kestrel'],
    [/^Microsoft-HTTPAPI\/?([\d.]+)?/i, 'Microsoft HTTPAPI httpd'],
  ];
  for (const [re, product] of rules) {
    const m = re.exec(server.trim());
    if (m) return { product, version: m[1], os: product === 'Apache httpd' ? m[2] : undefined };
  }
  const generic = /^([A-Za-z][\w .-]*?)\/(\d[\w.]*)/.exec(server.trim());
  if (generic) return { product: generic[1], version: generic[2] };
  return { product: server.trim() || undefined };
}

export function pageTitle(body: string): string | undefined {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body);
  if (!m) return undefined;
  const t = m[1]
    .replace(/\s+/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
  return t || undefined;
}

/** Elasticsearch answers GET / with {name, cluster_name, version: {number}, tagline: "You Know, for Search"}. */
function elasticsearch(res: HttpResponse): Found | undefined {
  if (!/json/i.test(res.headers['content-type'] ?? '') && !res.body.trimStart().startsWith('{')) return undefined;
  let doc: unknown;
  try {
    doc = JSON.parse(res.body);
  } catch {
    return undefined;
  }
  if (!doc || typeof doc !== 'object') return undefined;
  const d = doc as { tagline?: unknown; version?: { number?: unknown; distribution?: unknown }; cluster_name?: unknown; name?: unknown };
  const isEs = d.tagline === 'You Know, for Search' || (typeof d.version?.number === 'string' && typeof d.cluster_name === 'string');
  if (!isEs) return undefined;
  const opensearch = d.version?.distribution === 'opensearch';
  return {
    name: 'elasticsearch',
    product: opensearch ? 'OpenSearch' : 'Elasticsearch',
    version: typeof d.version?.number === 'string' ? d.version.number : undefined,
    extra: { clusterName: d.cluster_name, nodeName: d.name, tagline: d.tagline, unauthenticated: true },
  };
}

/** Sends GET / on an open connection; a Found for http (or elasticsearch) when the answer is HTTP. */
export async function identifyHttp(
  conn: ServiceConnection,
  hostHeader: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Found | 'not-http' | undefined> {
  conn.write(
    `GET / HTTP/1.1\r\nHost: ${hostHeader}\r\nUser-Agent: Mozilla/5.0 (compatible; Bulwark)\r\nAccept: */*\r\nConnection: close\r\n\r\n`,
  );
  const buf = await conn.read(completeHttp, timeoutMs, signal);
  if (buf.length === 0) return undefined;
  const res = parseHttpResponse(buf);
  if (!res) return 'not-http';
  const es = elasticsearch(res);
  const server = res.headers['server'];
  const title = pageTitle(res.body);
  const extra: Record<string, unknown> = { status: res.status, headers: res.headers };
  if (server) extra.server = server;
  if (title) extra.title = title;
  const banner = text(buf.subarray(0, buf.indexOf('\r\n\r\n') > 0 ? buf.indexOf('\r\n\r\n') : 512), 1024);
  if (es) return { ...es, banner, extra: { ...extra, ...es.extra } };
  const sp = server ? serverProduct(server) : {};
  if (sp.os) extra.os = sp.os;
  return { name: 'http', product: sp.product, version: sp.version, banner, extra };
}

/** Certificate, protocol and cipher of a TLS session. */
export function tlsDetails(socket: tls.TLSSocket): Record<string, unknown> {
  const cert = socket.getPeerCertificate(false);
  const cipher = socket.getCipher();
  const out: Record<string, unknown> = { version: socket.getProtocol(), cipher: cipher?.name, cipherStandardName: cipher?.standardName };
  if (socket.alpnProtocol) out.alpn = socket.alpnProtocol;
  if (cert && Object.keys(cert).length > 0) {
    const subject = (cert.subject ?? {}) as unknown as Record<string, string | string[]>;
    const issuer = (cert.issuer ?? {}) as unknown as Record<string, string | string[]>;
    const sans = (cert.subjectaltname ?? '')
      .split(/,\s*/)
      .filter(Boolean)
      .map((s) => s.replace(/^(DNS|IP Address):/, ''));
    const c = cert as tls.PeerCertificate & { bits?: number; asn1Curve?: string; pubkey?: Buffer };
    out.certificate = {
      subject: flattenName(subject),
      issuer: flattenName(issuer),
      subjectString: nameString(subject),
      issuerString: nameString(issuer),
      validFrom: new Date(cert.valid_from).toISOString(),
      validTo: new Date(cert.valid_to).toISOString(),
      subjectAltNames: sans,
      keyBits: c.bits,
      keyType: c.asn1Curve ? 'EC' : c.bits ? 'RSA' : undefined,
      curve: c.asn1Curve,
      serialNumber: cert.serialNumber,
      fingerprint256: cert.fingerprint256,
      selfSigned: nameString(subject) === nameString(issuer),
      expired: new Date(cert.valid_to).getTime() < Date.now(),
    };
  }
  return out;
}

function flattenName(name: Record<string, string | string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(name)) out[k] = Array.isArray(v) ? v.join(', ') : String(v);
  return out;
}

function nameString(name: Record<string, string | string[]>): string {
  return Object.entries(flattenName(name))
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
}
