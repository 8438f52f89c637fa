// The web scan's one HTTP client: every request of the crawl, the login and the tests goes through it, so the scope,
// the rate (requests per second), the parallelism, the session (cookies and auth headers) and the request count hold
// for all of them. Node's http/https directly: no redirects followed, no header rewritten, self-signed TLS accepted
// (a scanner looks at what is there), bodies decoded (gzip, deflate, br) and capped.
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { AbortedError, sleep } from '../net/limits.ts';
import type { OriginStorage } from './browser/types.ts';
import { isConnectionLoss, OutageWatch, type Outage } from './outage.ts';
import type { WebClient, WebRequest, WebResponse } from './types.ts';

const MAX_BODY = 2 * 1024 * 1024;

export interface WebClientOptions {
  requestsPerSecond: number;
  parallel: number;
  timeoutMs: number;
  signal: AbortSignal;
  /** Decides whether a URL may be requested (the scan's scope). */
  inScope(url: string): boolean;
  /** Headers sent with every request (user agent, the profile's headers). */
  headers?: Record<string, string>;
  /** Called with every response received (passive tests, the session check). */
  onResponse?(res: WebResponse): void;
  /** A target that stopped answering: it came back and the scan went on, or it was given up on (outage.ts). */
  onOutage?(outage: Outage): void;
  /** The longest wait for a target that stopped answering to come back (default 60 s). */
  outageWaitMs?: number;
}

/** Cookies per host, as a browser would keep them for the scan's session (path and expiry kept simple). */
export class CookieJar {
  private readonly byHost = new Map<string, Map<string, string>>();

  set(url: string, setCookie: string): void {
    const host = new URL(url).hostname;
    for (const line of setCookie.split('\n')) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      let jar = this.byHost.get(host);
      if (!jar) this.byHost.set(host, (jar = new Map()));
      const expired =
        attrs.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a)) ||
        attrs.some((a) => {
          const m = /^\s*expires\s*=\s*(.+)$/i.exec(a);
          return m ? Date.parse(m[1]!) < Date.now() : false;
        });
      if (expired || value === '' || value === 'deleted') jar.delete(name);
      else jar.set(name, value);
    }
  }

  header(url: string): string | undefined {
    const jar = this.byHost.get(new URL(url).hostname);
    if (!jar || jar.size === 0) return undefined;
    return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The cookies sent to `url` (the browser is handed them before each page load). */
  entries(url: string): { name: string; value: string }[] {
    return [...(this.byHost.get(new URL(url).hostname) ?? [])].map(([name, value]) => ({ name, value }));
  }

  /** Sets one cookie directly (a cookie header of the profile, a recorded browser login). */
  put(url: string, name: string, value: string): void {
    this.set(url, `${name}=${value}`);
  }

  clear(): void {
    this.byHost.clear();
  }

  get size(): number {
    let n = 0;
    for (const jar of this.byHost.values()) n += jar.size;
    return n;
  }
}

/** The client of one scan. */
export class ScanHttpClient implements WebClient {
  readonly cookies = new CookieJar();
  /** Headers of the session (Authorization …), sent unless a request is anonymous. */
  sessionHeaders: Record<string, string> = {};
  /** The session's web storage (a recorded login's): every browser context the scan opens starts with it. */
  browserStorage: OriginStorage[] = [];
  /** Computes the Authorization header per request (HTTP Digest), unless the request is anonymous. */
  authorize?: (method: string, url: string) => string | undefined;
  /**
   * Virtual hosts: a URL whose host (name:port) is a key here is sent to the mapped address (host:port) with the
   * URL's host in the Host header, so a vhost is crawled and tested as its own site without DNS.
   */
  readonly hostMap = new Map<string, string>();
  private sent = 0;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private nextSlot = 0;
  private readonly agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 64, rejectUnauthorized: false }),
  };

  private readonly outages: OutageWatch;

  constructor(private readonly options: WebClientOptions) {
    this.outages = new OutageWatch({
      probe: async (origin) => {
        this.sent++;
        await this.exchange({ method: 'GET', url: `${origin}/`, anonymous: true });
      },
      signal: options.signal,
      ...(options.outageWaitMs !== undefined ? { maxWaitMs: options.outageWaitMs } : {}),
      ...(options.onOutage ? { onOutage: options.onOutage } : {}),
    });
  }

  get requestsSent(): number {
    return this.sent;
  }

  inScope(url: string): boolean {
    return this.options.inScope(url);
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  async send(req: WebRequest): Promise<WebResponse> {
    if (!req.outOfScope && !this.options.inScope(req.url)) throw new Error(`Out of scope: ${req.url}`);
    await this.acquire();
    try {
      await this.pace();
      this.sent++;
      const origin = new URL(req.url).origin;
      let res: WebResponse;
      try {
        res = await this.exchange(req);
      } catch (err) {
        // The target stopped answering: once more when it is back (outage.ts), else the error as it came.
        if (this.options.signal.aborted || !isConnectionLoss(err)) throw err;
        if (!(await this.outages.recover(origin, `${req.method} ${req.url}`, err))) throw err;
        this.sent++;
        res = await this.exchange(req);
      }
      this.outages.answered(origin);
      this.options.onResponse?.(res);
      return res;
    } finally {
      this.release();
    }
  }

  /** Holds a request the headless browser is about to make to the scan's rate, and counts it. */
  async paceBrowserRequest(): Promise<void> {
    await this.pace();
    this.sent++;
  }

  private async acquire(): Promise<void> {
    if (this.options.signal.aborted) throw new AbortedError();
    if (this.active < Math.max(1, this.options.parallel)) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }

  /** Spaces requests evenly at the profile's rate. */
  private async pace(): Promise<void> {
    const gap = 1000 / Math.max(0.1, this.options.requestsPerSecond);
    const now = performance.now();
    const at = Math.max(now, this.nextSlot);
    this.nextSlot = at + gap;
    if (at > now) await sleep(at - now, this.options.signal);
  }

  private exchange(req: WebRequest): Promise<WebResponse> {
    const url = new URL(req.url);
    const mapped = this.hostMap.get(url.host);
    const headers: Record<string, string> = {
      ...(mapped ? { host: url.host } : {}),
      'user-agent': 'Mozilla/5.0 (compatible; Bulwark web scanner)',
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'accept-encoding': 'gzip, deflate, br',
      ...lower(this.options.headers ?? {}),
    };
    if (!req.anonymous) {
      Object.assign(headers, lower(this.sessionHeaders));
      const cookie = this.cookies.header(req.url);
      if (cookie) headers.cookie = cookie;
      const authorization = this.authorize?.(req.method, req.url);
      if (authorization) headers.authorization = authorization;
    }
    Object.assign(headers, lower(req.headers ?? {}));
    const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body);
    if (body && headers['content-length'] === undefined) headers['content-length'] = String(body.length);
    const isHttps = url.protocol === 'https:';
    const target = mapped ? new URL(req.url.replace(url.host, mapped)) : url;
    const started = performance.now();
    const signal = this.options.signal;
    return new Promise<WebResponse>((resolve, reject) => {
      const r = (isHttps ? https : http).request(
        target,
        {
          method: req.method,
          headers,
          agent: isHttps ? this.agents.https : this.agents.http,
          signal,
          // A virtual host on TLS names itself in SNI, as a browser would.
          ...(mapped && isHttps ? { servername: url.hostname } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          let truncated = false;
          res.on('data', (c: Buffer) => {
            if (size >= MAX_BODY) {
              truncated = true;
              return;
            }
            chunks.push(c);
            size += c.length;
          });
          res.on('error', reject);
          res.on('end', () => {
            const out: Record<string, string> = {};
            for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join('\n') : v;
            let raw: Buffer = Buffer.concat(chunks);
            try {
              raw = decode(raw, out['content-encoding']);
            } catch {
              // A body that does not decode is kept as it came.
            }
            if (raw.length > MAX_BODY) {
              raw = raw.subarray(0, MAX_BODY);
              truncated = true;
            }
            if (!req.anonymous && out['set-cookie']) this.cookies.set(req.url, out['set-cookie']);
            resolve({
              request: {
                method: req.method,
                url: req.url,
                headers,
                ...(body ? { body: body.toString('utf8').slice(0, 20_000) } : {}),
              },
              url: req.url,
              status: res.statusCode ?? 0,
              headers: out,
              body: text(raw),
              truncated,
              timeMs: performance.now() - started,
            });
          });
        },
      );
      r.setTimeout(req.timeoutMs ?? this.options.timeoutMs, () =>
        r.destroy(new Error(`No answer within ${req.timeoutMs ?? this.options.timeoutMs} ms: ${req.url}`)),
      );
      r.on('error', (err) => reject(signal.aborted ? new AbortedError() : err));
      r.end(body);
    });
  }
}

function lower(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) out[k.toLowerCase()] = v;
  return out;
}

function decode(raw: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.gunzipSync(raw, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case 'deflate':
      try {
        return zlib.inflateSync(raw);
      } catch {
        return zlib.inflateRawSync(raw);
      }
    case 'br':
      return zlib.brotliDecompressSync(raw);
    default:
      return raw;
  }
}

function text(raw: Buffer): string {
  const s = raw.toString('utf8');
  // Invalid UTF-8 turns into U+FFFD; such a body is read as latin1 so payload reflections keep their bytes.
  return s.includes('\uFFFD') ? raw.toString('latin1') : s;
}

/** The request as evidence: request line, headers, body (at most 4,000 characters). */
export function requestText(res: Pick<WebResponse, 'request'>): string {
  const { method, url, headers, body } = res.request;
  const u = new URL(url);
  const lines = [`${method} ${u.pathname}${u.search} HTTP/1.1`, `host: ${headers.host ?? u.host}`];
  for (const [k, v] of Object.entries(headers))
    if (k !== 'host') lines.push(`${k}: ${k === 'authorization' || k === 'cookie' ? mask(v) : v}`);
  return (lines.join('\n') + (body ? `\n\n${body}` : '')).slice(0, 4000);
}

/** The response around `needle` (its first occurrence), `radius` characters either side; the start when not found. */
export function excerpt(body: string, needle: string | RegExp, radius = 200): string {
  let at = -1;
  let len = 0;
  if (typeof needle === 'string') {
    at = body.indexOf(needle);
    len = needle.length;
  } else {
    const m = needle.exec(body);
    if (m) {
      at = m.index;
      len = m[0].length;
    }
  }
  if (at < 0) return body.slice(0, radius * 2);
  return body.slice(Math.max(0, at - radius), at + len + radius);
}

const mask = (v: string): string => (v.length <= 8 ? '********' : `${v.slice(0, 4)}…(masked)`);
