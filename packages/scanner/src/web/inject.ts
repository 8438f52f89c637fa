// The active tests' shared tools: a request with a payload at an insertion point (query, form body, JSON, path,
// header, cookie, multipart), unique markers, comparing a response with the baseline (payload reflections taken out
// first so a page that echoes its input does not look different), the timing statistics of the time-based tests,
// and a finding with its evidence.
import { AbortedError } from '../net/limits.ts';
import { excerpt, requestText } from './http.ts';
import type { InsertionPoint, WebFinding, WebRequest, WebResponse, WebTestContext } from './types.ts';

/** A unique, inert marker: letters and digits only, so no encoding changes it and no filter strips it. */
export function marker(prefix = 'bwk'): string {
  return `${prefix}${Math.random().toString(36).slice(2, 8)}${Date.now().toString(36).slice(-4)}`;
}

/** Two distinct numbers whose product is unique enough to prove evaluation (never the product of the literals' text). */
export function factors(): { a: number; b: number; product: string } {
  const a = 1000 + Math.floor(Math.random() * 8000);
  const b = 1000 + Math.floor(Math.random() * 8000);
  return { a, b, product: String(a * b) };
}

/** The request that sends `value` at the point, everything else as the application was seen with. */
export function buildRequest(point: InsertionPoint, value: string): WebRequest {
  const method = point.method.toUpperCase();
  switch (point.location) {
    case 'query': {
      const u = new URL(point.url);
      u.searchParams.set(point.name, value);
      return { method, url: u.toString() };
    }
    case 'body': {
      const body = new URLSearchParams({ ...point.fields, [point.name]: value }).toString();
      return { method, url: point.url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body };
    }
    case 'json':
      return { method, url: point.url, headers: { 'content-type': 'application/json' }, body: jsonBody(point, value) };
    case 'multipart': {
      const { body, contentType } = multipart({ ...point.fields, [point.name]: value });
      return { method, url: point.url, headers: { 'content-type': contentType }, body };
    }
    case 'header':
      // A header cannot carry control or non-ASCII characters (the request would not leave): they go percent-encoded,
      // as a client would send them, so the rest of the payload is still tried.
      return { method, url: point.url, headers: { [point.name]: value.replace(/[^\t\x20-\x7e]/gu, (c) => encodeURIComponent(c)) } };
    case 'cookie': {
      const pairs = { ...point.fields, [point.name]: value };
      const cookie = Object.entries(pairs)
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('; ');
      return { method, url: point.url, headers: { cookie } };
    }
    case 'path': {
      const u = new URL(point.url);
      const seg = encodeURIComponent(point.value);
      const parts = u.pathname.split('/');
      const at = parts.lastIndexOf(seg);
      if (at >= 0) parts[at] = encodeURIComponent(value);
      else parts.push(encodeURIComponent(value));
      u.pathname = parts.join('/');
      return { method, url: u.toString() };
    }
  }
}

/**
 * The JSON body with the point's key set to the value (a string). The crawl keeps the body's top-level entries in
 * `fields` JSON-encoded (a nested key is named a.b); a field that is not JSON is taken as a string.
 */
export function jsonBody(point: InsertionPoint, value: string): string {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(point.fields)) {
    try {
      body[k] = JSON.parse(v);
    } catch {
      body[k] = v;
    }
  }
  const path = point.name.split('.');
  let obj = body;
  for (const key of path.slice(0, -1)) {
    const next = obj[key];
    obj = obj[key] = next && typeof next === 'object' && !Array.isArray(next) ? (next as Record<string, unknown>) : {};
  }
  obj[path[path.length - 1]!] = value;
  return JSON.stringify(body);
}

export interface MultipartFile {
  filename: string;
  contentType: string;
  content: string;
}

/** A multipart/form-data body of plain fields and files. */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, MultipartFile> = {},
): { body: string; contentType: string } {
  const boundary = `----bwk${marker('')}`;
  let body = '';
  for (const [k, v] of Object.entries(fields)) body += `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  for (const [k, f] of Object.entries(files))
    body +=
      `--${boundary}\r\ncontent-disposition: form-data; name="${k}"; filename="${f.filename}"\r\n` +
      `content-type: ${f.contentType}\r\n\r\n${f.content}\r\n`;
  body += `--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A form's anti-CSRF token goes stale after one use: fetch the form's page again and take the fresh hidden values. */
export async function refreshFields(point: InsertionPoint, ctx: WebTestContext): Promise<InsertionPoint> {
  if (!point.form?.csrfToken) return point;
  const res = await ctx.client.send({ method: 'GET', url: point.form.page });
  const fields = { ...point.fields };
  for (const m of res.body.matchAll(/<input\b[^>]*>/gi)) {
    const tag = m[0];
    if (!/type\s*=\s*["']?hidden/i.test(tag)) continue;
    const name = /name\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    const value = /value\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1];
    if (name && value !== undefined && name !== point.name && name in fields) fields[name] = value;
  }
  return { ...point, fields };
}

/** Sends the value at the point (the form's token refreshed first). */
export async function inject(
  point: InsertionPoint,
  value: string,
  ctx: WebTestContext,
  extra: Partial<WebRequest> = {},
): Promise<WebResponse> {
  if (ctx.signal.aborted) throw new AbortedError();
  const p = await refreshFields(point, ctx);
  const req = buildRequest(p, value);
  if (p.location === 'cookie') {
    // The cookie header replaces the session's: keep the session's other cookies in it.
    const jar = (ctx.client as { cookies?: { header(url: string): string | undefined } }).cookies?.header(p.url);
    const others = (jar ?? '').split(/;\s*/).filter((c) => c && !(c.split('=')[0]! in p.fields) && c.split('=')[0] !== p.name);
    if (others.length) req.headers = { cookie: [...others, req.headers!.cookie].join('; ') };
  }
  return ctx.client.send({ ...req, ...extra });
}

/** Like inject, but a payload the server or the connection chokes on (a reset, a malformed answer) is no answer. */
export async function attempt(
  point: InsertionPoint,
  value: string,
  ctx: WebTestContext,
  extra: Partial<WebRequest> = {},
): Promise<WebResponse | null> {
  try {
    return await inject(point, value, ctx, extra);
  } catch (e) {
    if (ctx.signal.aborted) throw e;
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Comparing responses.

/** The body with the payload's reflections (raw, URL-encoded, HTML-escaped) taken out, whitespace folded. */
export function normalise(body: string, ...values: string[]): string {
  let out = body;
  for (const v of values) {
    if (!v) continue;
    for (const form of new Set([v, encodeURIComponent(v), htmlEscape(v), htmlEscape(v).replace(/&#39;/g, '&#x27;')]))
      out = out.split(form).join('');
  }
  return out.replace(/\s+/g, ' ').trim();
}

export function htmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** How alike two bodies are, 0..1: the share of words (as a multiset) they have in common. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const count = (s: string): Map<string, number> => {
    const m = new Map<string, number>();
    for (const w of s.split(/[\s<>"'=/]+/)) if (w) m.set(w, (m.get(w) ?? 0) + 1);
    return m;
  };
  const ca = count(a);
  const cb = count(b);
  let common = 0;
  let total = 0;
  for (const [w, n] of ca) {
    common += Math.min(n, cb.get(w) ?? 0);
    total += Math.max(n, cb.get(w) ?? 0);
  }
  for (const [w, n] of cb) if (!ca.has(w)) total += n;
  return total === 0 ? 1 : common / total;
}

/** Two responses are the same page: same status and (reflections taken out) nearly the same words. */
export function samePage(a: WebResponse, b: WebResponse, values: string[], threshold = 0.97): boolean {
  if (a.status !== b.status) return false;
  return similarity(normalise(a.body, ...values), normalise(b.body, ...values)) >= threshold;
}

// ---------------------------------------------------------------------------------------------------------------
// Timing.

export interface Timing {
  mean: number;
  sd: number;
  samples: number[];
}

export function stats(samples: number[]): Timing {
  const mean = samples.reduce((s, x) => s + x, 0) / Math.max(1, samples.length);
  const variance = samples.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, samples.length - 1);
  return { mean, sd: Math.sqrt(variance), samples };
}

const timingQueues = new WeakMap<object, Promise<void>>();

/**
 * Runs a time-based measurement (baseline and delays) alone among the scan's time-based tests: another test's sleep
 * payload holding one of the server's few workers would delay this test's answers and look like its own delay.
 */
export async function measuredAlone<T>(ctx: WebTestContext, fn: () => Promise<T>): Promise<T> {
  const before = timingQueues.get(ctx.client) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  timingQueues.set(
    ctx.client,
    before.then(() => mine),
  );
  await before;
  try {
    return await fn();
  } finally {
    release();
  }
}

/** The point's normal response time: `n` requests with its original value. */
export async function timingBaseline(point: InsertionPoint, ctx: WebTestContext, n = 5): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) samples.push((await inject(point, point.value, ctx)).timeMs);
  return stats(samples);
}

/**
 * The noise ceiling of the baseline: mean + k·sd, the sd floored (a very steady server would otherwise make any
 * jitter look like a delay).
 */
export function noiseCeiling(base: Timing, k = 4, floorMs = 30): number {
  return base.mean + k * Math.max(base.sd, floorMs);
}

/**
 * A response delayed by the requested `delayMs`: past the baseline's noise, and at least (nearly) the delay longer
 * than the fastest baseline answer — a server that sleeps d cannot answer sooner than its quickest time plus d, while
 * the mean of a busy server's baseline can sit well above its quickest time.
 */
export function delayedBy(timeMs: number, delayMs: number, base: Timing): boolean {
  const fastest = Math.min(...base.samples, base.mean);
  return timeMs >= noiseCeiling(base) && timeMs - fastest >= delayMs * 0.9;
}

/**
 * The statistical confirmation of a time-based payload: with delays d1 < d2 each response is delayed by its delay
 * (beyond the baseline's noise), the longer one more than the shorter, and the same payload with delay 0 is not.
 * `send(d)` sends the payload asking for a delay of d seconds. The first delay is tried first so a point that does
 * not sleep costs one request.
 */
export async function confirmDelay(
  send: (delayS: number) => Promise<WebResponse>,
  base: Timing,
  delaysS: readonly [number, number],
): Promise<{ responses: WebResponse[]; times: number[] } | null> {
  const [d1, d2] = delaysS;
  // A request that fails (a timeout: the payload made the server far slower than asked) proves nothing.
  const ask = async (d: number): Promise<WebResponse | null> => {
    try {
      return await send(d);
    } catch (e) {
      if ((e as Error).name === 'AbortError') throw e;
      return null;
    }
  };
  const r1 = await ask(d1);
  if (!r1 || !delayedBy(r1.timeMs, d1 * 1000, base)) return null;
  // The zero delay is asked twice when the first answer is slow: a spike of a busy server does not repeat, a payload
  // that is slow whatever it asks for does.
  let r0 = await ask(0);
  if (r0 && r0.timeMs >= noiseCeiling(base)) r0 = await ask(0);
  if (!r0 || r0.timeMs >= noiseCeiling(base)) return null;
  const r2 = await ask(d2);
  if (!r2 || !delayedBy(r2.timeMs, d2 * 1000, base) || r2.timeMs <= r1.timeMs) return null;
  // Once more for the short delay: a server that was merely busy for the first answer does not repeat it.
  const r1b = await ask(d1);
  if (!r1b || !delayedBy(r1b.timeMs, d1 * 1000, base)) return null;
  return { responses: [r1, r2, r0], times: [r1.timeMs, r2.timeMs, r0.timeMs] };
}

// ---------------------------------------------------------------------------------------------------------------
// Findings.

/** A finding at the point, its evidence from the proving response. */
export function pointFinding(
  test: string,
  point: InsertionPoint,
  res: WebResponse,
  f: { payload: string; proof: string; how: string; confidence: WebFinding['confidence']; around?: string | RegExp },
): WebFinding {
  return {
    test,
    url: point.url,
    method: point.method.toUpperCase(),
    parameter: point.name,
    location: point.location,
    payload: f.payload,
    confidence: f.confidence,
    evidence: {
      request: requestText(res),
      response: excerpt(res.body, f.around ?? f.proof, 200),
      proof: f.proof,
      how: f.how,
    },
  };
}

/** The value looks like a URL or a path: the parameters RFI, SSRF, traversal and redirect tests go for first. */
export const URL_PARAM =
  /^(url|uri|link|href|file|filename|path|page|src|source|dest|destination|redirect|redirect_?uri|redir|return|return_?to|returnurl|next|continue|goto|target|feed|host|site|domain|image|img|load|fetch|proxy|callback|template|include|doc|document|folder|dir|view|content|lang)$/i;

/** The point's name or value says it carries a URL or a file. */
export function urlLike(point: InsertionPoint): boolean {
  return URL_PARAM.test(point.name) || /^(https?:)?\/\/|^\/|\.\w{2,4}$/i.test(point.value);
}
