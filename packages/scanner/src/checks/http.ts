// Runs a template's http requests (method/path or raw) against one target and builds the response view for matching:
// payload rounds, cookies kept for the run, request conditions (matchers over several responses of a round).
import http from 'node:http';
import https from 'node:https';
import type { Value } from './dsl.ts';
import { fillTemplate } from './expr.ts';
import { sendRaw, type RawResponse } from './http-raw.ts';
import type { ResponseView } from './match.ts';
import type { CheckTarget } from './target.ts';
import type { HttpRequest } from './types.ts';

const MAX_BODY = 1 << 20;

export interface HttpExchange {
  url: string;
  view: ResponseView;
}

/** One request to the target's address (whatever the URL's host says), its response read up to MAX_BODY. */
export function sendHttp(
  t: CheckTarget,
  method: string,
  url: URL,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<RawResponse> {
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const hdrs: Record<string, string> = {
      'User-Agent': 'Mozilla/5.0 (compatible; Bulwark-Scanner)',
      Accept: '*/*',
      Host: url.host,
      Connection: 'close',
    };
    // A template's header replaces ours whatever its case (two Host headers would be a malformed request).
    for (const [k, v] of Object.entries(headers)) {
      for (const own of Object.keys(hdrs)) if (own.toLowerCase() === k.toLowerCase()) delete hdrs[own];
      hdrs[k] = v;
    }
    if (body && !Object.keys(hdrs).some((k) => k.toLowerCase() === 'content-length'))
      hdrs['Content-Length'] = String(Buffer.byteLength(body));
    // Whatever the URL or Host header says, the connection goes to the target's address (and port, unless a same-host
    // redirect names another): templates never send traffic elsewhere.
    const req = mod.request(
      {
        host: t.address,
        port: Number(url.port) || t.port,
        method,
        path: url.pathname + url.search,
        headers: hdrs,
        rejectUnauthorized: false,
        servername: /^[0-9.]+$|:/.test(url.hostname) ? undefined : url.hostname,
        timeout: timeoutMs,
        signal: t.signal,
        agent: false,
        insecureHTTPParser: true,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < MAX_BODY) chunks.push(c);
          size += c.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            line: `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage ?? ''}`.trimEnd(),
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks).subarray(0, MAX_BODY).toString('utf8'),
            location: typeof res.headers.location === 'string' ? res.headers.location : undefined,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body || undefined);
  });
}

function view(r: RawResponse, started: number): ResponseView {
  let header = '';
  const env: Record<string, Value> = {};
  for (let i = 0; i < r.rawHeaders.length; i += 2) {
    header += `${r.rawHeaders[i]}: ${r.rawHeaders[i + 1]}\r\n`;
    const key = r.rawHeaders[i].toLowerCase().replace(/-/g, '_');
    env[key] = env[key] === undefined ? r.rawHeaders[i + 1] : `${String(env[key])}, ${r.rawHeaders[i + 1]}`;
  }
  const all = `${r.line}\r\n${header}\r\n${r.body}`;
  const parts = { body: r.body, header, all_headers: header, all, raw: all, response: all, status: r.line };
  Object.assign(env, parts, { status_code: r.status, content_length: Buffer.byteLength(r.body), duration: (Date.now() - started) / 1000 });
  return { parts, env, status: r.status };
}

/** Cookies of the run: set by responses, sent with later requests (unless a request names the cookie itself). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(rawHeaders: string[]): void {
    for (let i = 0; i < rawHeaders.length; i += 2) {
      if (rawHeaders[i].toLowerCase() !== 'set-cookie') continue;
      const m = /^\s*([^=;\s]+)=([^;]*)/.exec(rawHeaders[i + 1]);
      if (m) this.cookies.set(m[1], m[2]);
    }
  }
  apply(headers: Record<string, string>): Record<string, string> {
    if (this.cookies.size === 0) return headers;
    const key = Object.keys(headers).find((k) => k.toLowerCase() === 'cookie');
    const own = key ? headers[key] : '';
    const named = new Set([...own.matchAll(/(?:^|;)\s*([^=;\s]+)=/g)].map((m) => m[1]));
    const extra = [...this.cookies].filter(([n]) => !named.has(n)).map(([n, v]) => `${n}=${v}`);
    if (!extra.length) return headers;
    const out = { ...headers };
    if (key) delete out[key];
    out.Cookie = [own, ...extra].filter(Boolean).join('; ');
    return out;
  }
}

/** The responses of one round as `name_1`, `name_2` … beside the last response's own variables (request conditions). */
function combined(views: ResponseView[]): ResponseView {
  const last = views[views.length - 1];
  const env: Record<string, Value> = { ...last.env };
  views.forEach((v, i) => {
    for (const [k, x] of Object.entries(v.env)) env[`${k}_${i + 1}`] = x;
  });
  return { parts: { ...last.parts }, env, status: last.status };
}

/**
 * Sends each request of the block, once per payload round, in order; yields every exchange (or, with request
 * conditions, one per round) for the caller to match. `env` is the run's variables: payload values and what the
 * caller's extractors find are added to it, so later requests can use them.
 */
export async function* runHttp(req: HttpRequest, t: CheckTarget, env: Record<string, Value>): AsyncGenerator<HttpExchange> {
  const jar = req.cookies ? new CookieJar() : null;
  for (const round of req.rounds) {
    Object.assign(env, round);
    for (const [k, v] of req.variables) env[k] = fillTemplate(v, env);
    const views: ResponseView[] = [];
    let lastUrl = '';
    for (const r of req.requests) {
      const base = new URL(String(env.BaseURL));
      const timeoutMs = r.timeoutMs ?? t.timeoutMs;
      const started = Date.now();
      let res: RawResponse;
      let url: URL;
      if (r.raw !== undefined) {
        url = new URL(fillTemplate(r.path, env).replace(/^\//, `${base.origin}/`), base);
        res = await sendRaw(t, fillTemplate(r.raw, env), timeoutMs);
      } else {
        const filled = fillTemplate(r.path, env);
        let headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [fillTemplate(k, env), fillTemplate(v, env)]));
        if (/^https?:\/\//.test(filled)) url = new URL(filled);
        else {
          url = new URL(base.href);
          const [p, q] = filled.split('?', 2);
          url.pathname = p;
          if (q !== undefined) url.search = `?${q}`;
        }
        if (jar) headers = jar.apply(headers);
        res = await sendHttp(t, r.method, url, headers, fillTemplate(r.body, env), timeoutMs);
        jar?.take(res.rawHeaders);
        let hops = 0;
        while (req.redirects && res.location && res.status >= 300 && res.status < 400 && hops++ < req.maxRedirects) {
          const next = new URL(res.location, url);
          if (next.hostname !== url.hostname) break;
          url = next;
          res = await sendHttp(t, 'GET', url, jar ? jar.apply({}) : {}, '', timeoutMs);
          jar?.take(res.rawHeaders);
        }
      }
      lastUrl = url.href;
      const v = view(res, started);
      if (!req.reqCondition) yield { url: lastUrl, view: v };
      else views.push(v);
    }
    if (req.reqCondition && views.length) yield { url: lastUrl, view: combined(views) };
  }
}
