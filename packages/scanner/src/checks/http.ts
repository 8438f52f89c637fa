// Runs a template's http requests (method/path or raw) against one target and builds the response view for matching.
import http from 'node:http';
import https from 'node:https';
import type { Value } from './dsl.ts';
import type { ResponseView } from './match.ts';
import { fill, variables, type CheckTarget } from './target.ts';
import type { HttpRequest } from './types.ts';

const MAX_BODY = 1 << 20;

export interface HttpExchange {
  url: string;
  view: ResponseView;
}

function send(
  t: CheckTarget,
  method: string,
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; line: string; rawHeaders: string[]; body: string; location?: string }> {
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const hdrs: Record<string, string> = {
      'User-Agent': 'Mozilla/5.0 (compatible; Bulwark-Scanner)',
      Accept: '*/*',
      Host: url.host,
      Connection: 'close',
      ...headers,
    };
    if (body && !Object.keys(hdrs).some((k) => k.toLowerCase() === 'content-length'))
      hdrs['Content-Length'] = String(Buffer.byteLength(body));
    const req = mod.request(
      {
        host: t.address,
        port: Number(url.port) || t.port,
        method,
        path: url.pathname + url.search,
        headers: hdrs,
        rejectUnauthorized: false,
        servername: /^[0-9.]+$|:/.test(url.hostname) ? undefined : url.hostname,
        timeout: t.timeoutMs,
        signal: t.signal,
        agent: false,
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

function view(r: Awaited<ReturnType<typeof send>>, started: number): ResponseView {
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

/** Sends each request of the block in order; yields every exchange (the caller matches and may stop early). */
export async function* runHttp(req: HttpRequest, t: CheckTarget): AsyncGenerator<HttpExchange> {
  const vars = variables(t);
  for (const r of req.requests) {
    const filled = fill(r.path, vars);
    const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, fill(v, vars)]));
    let url: URL;
    if (/^https?:\/\//.test(filled)) url = new URL(filled);
    else {
      url = new URL(vars.BaseURL);
      const hostHdr = Object.entries(headers).find(([k]) => k.toLowerCase() === 'host')?.[1];
      if (hostHdr) url = new URL(`${url.protocol}//${hostHdr}`);
      const [p, q] = filled.split('?', 2);
      url.pathname = p;
      if (q !== undefined) url.search = `?${q}`;
    }
    // A path appended to {{BaseURL}} keeps characters URL() would normalise away (e.g. "/..;/") as written.
    const started = Date.now();
    let res = await send(t, r.method, url, headers, fill(r.body, vars));
    let hops = 0;
    while (req.redirects && res.location && res.status >= 300 && res.status < 400 && hops++ < req.maxRedirects) {
      const next = new URL(res.location, url);
      if (next.hostname !== url.hostname) break;
      url = next;
      res = await send(t, 'GET', url, {}, '');
    }
    yield { url: url.href, view: view(res, started) };
  }
}
