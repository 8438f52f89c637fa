// What the passive and site tests share: building a finding with its evidence, remembering what a scan already
// reported (once per site), reading content types, cookies and forms from a response.
import { excerpt, requestText } from '../../http.ts';
import { redactSensitive } from '../../sensitive/index.ts';
import type { WebFinding, WebResponse, WebTestContext } from '../../types.ts';

/** Per scan (the client is the scan's one client), the keys already reported by each test. */
const reported = new WeakMap<object, Set<string>>();

/** True the first time a scan asks for `key` (test id + site + what), false after: a finding reported once. */
export function once(ctx: WebTestContext, key: string): boolean {
  let seen = reported.get(ctx.client);
  if (!seen) reported.set(ctx.client, (seen = new Set()));
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

/** Per-scan memory a test keeps between hooks (cookies seen, soft-404 answers …). */
const memories = new WeakMap<object, Map<string, unknown>>();
export function memory<T>(ctx: WebTestContext, name: string, init: () => T): T {
  let m = memories.get(ctx.client);
  if (!m) memories.set(ctx.client, (m = new Map()));
  if (!m.has(name)) m.set(name, init());
  return m.get(name) as T;
}

export const originOf = (url: string): string => new URL(url).origin;

export function contentType(res: WebResponse): string {
  return (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

export function isHtml(res: WebResponse): boolean {
  const ct = contentType(res);
  if (ct) return ct === 'text/html' || ct === 'application/xhtml+xml';
  return /^\s*(<!doctype html|<html)/i.test(res.body.slice(0, 200));
}

export function isJavaScript(res: WebResponse): boolean {
  const ct = contentType(res);
  return /javascript|ecmascript/.test(ct) || (/\.m?js$/i.test(new URL(res.url).pathname) && !isHtml(res));
}

/** The response headers as text (status line first), for evidence. */
export function headersText(res: WebResponse): string {
  return [`HTTP/1.1 ${res.status}`, ...Object.entries(res.headers).map(([k, v]) => `${k}: ${v.replace(/\n/g, `\n${k}: `)}`)].join('\n');
}

export interface FindingParts {
  test: string;
  res: WebResponse;
  proof: string;
  how: string;
  /** Where to cut the response excerpt; the headers are shown when absent. */
  needle?: string | RegExp;
  confidence?: WebFinding['confidence'];
  severity?: WebFinding['severity'];
  name?: string;
  cve?: string[];
  parameter?: string;
  location?: WebFinding['location'];
  /** Rewrites the response excerpt (masking). */
  maskResponse?(text: string): string;
  url?: string;
}

/** A finding with the request as sent and the response around the proof. */
export function finding(p: FindingParts): WebFinding {
  let response = p.needle === undefined ? headersText(p.res) : `${headersText(p.res)}\n\n${excerpt(p.res.body, p.needle)}`;
  if (p.maskResponse) response = p.maskResponse(response);
  response = redactSensitive(response.slice(0, 3000));
  return {
    test: p.test,
    url: p.url ?? p.res.url,
    method: p.res.request.method,
    confidence: p.confidence ?? 'confirmed',
    ...(p.severity !== undefined ? { severity: p.severity } : {}),
    ...(p.name ? { name: p.name } : {}),
    ...(p.cve?.length ? { cve: p.cve } : {}),
    ...(p.parameter ? { parameter: p.parameter } : {}),
    ...(p.location ? { location: p.location } : {}),
    evidence: { request: requestText(p.res), response, proof: p.proof, how: p.how },
  };
}

export interface SetCookie {
  name: string;
  value: string;
  secure: boolean;
  httpOnly: boolean;
  /** Lower-cased, '' when not set. */
  sameSite: string;
  line: string;
}

export function setCookies(res: WebResponse): SetCookie[] {
  const raw = res.headers['set-cookie'];
  if (!raw) return [];
  const out: SetCookie[] = [];
  for (const line of raw.split('\n')) {
    const [pair, ...attrs] = line.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (!pair || eq <= 0) continue;
    const a = attrs.map((x) => x.trim().toLowerCase());
    const value = pair.slice(eq + 1).trim();
    const expired = a.some((x) => /^max-age=(0|-\d+)$/.test(x)) || value === '' || value === 'deleted';
    if (expired) continue;
    out.push({
      name: pair.slice(0, eq).trim(),
      value,
      secure: a.includes('secure'),
      httpOnly: a.includes('httponly'),
      sameSite: a.find((x) => x.startsWith('samesite='))?.slice(9) ?? '',
      line: line.trim(),
    });
  }
  return out;
}

/** Analytics, consent and preference cookies: long values, never a session. */
const NOT_SESSION =
  /^(_ga|_gid|_gat|_gcl|_fbp|_fbc|__utm|_hj|_pk_|_clck|_clsk|_uet|mp_|ajs_|amplitude|optimizely|AMCV_|s_cc|s_sq)|consent|cookieyes|^(lang|locale|language|theme|currency|timezone|tz)$/i;

/** A cookie that holds a session (by its name, or a long random-looking value). */
export function isSessionCookie(c: Pick<SetCookie, 'name' | 'value'>): boolean {
  // Anti-CSRF cookies (XSRF-TOKEN, csrftoken) are read by the page's scripts by design: not a session, no HttpOnly.
  if (NOT_SESSION.test(c.name) || /xsrf|csrf/i.test(c.name)) return false;
  if (
    /sess|sid$|^sid|auth|token|jwt|login|remember|connect\.sid|jsessionid|phpsessid|asp\.net_sessionid|laravel_session|_session$/i.test(
      c.name,
    )
  )
    return true;
  // A token-like value: long, one alphabet of letters and digits (dotted numbers like GA1.1.123.456 are not).
  return c.value.length >= 20 && /^[A-Za-z0-9%_~+/=-]+$/.test(c.value) && /\d/.test(c.value) && /[A-Za-z]/.test(c.value);
}

export interface HtmlForm {
  action: string;
  method: string;
  /** The form's opening tag, for evidence. */
  tag: string;
  fields: { name: string; type: string; value: string; autocomplete?: string }[];
  html: string;
}

const attr = (tag: string, name: string): string | undefined => {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : undefined;
};
export { attr as htmlAttribute };

/** The forms of an HTML page with their fields (inputs, selects, textareas), actions made absolute. */
export function htmlForms(html: string, base: string): HtmlForm[] {
  const out: HtmlForm[] = [];
  for (const m of html.matchAll(/<form\b[^>]*>[\s\S]*?(?:<\/form>|$)/gi)) {
    const tag = /^<form\b[^>]*>/i.exec(m[0])![0];
    let action = base;
    try {
      action = new URL(attr(tag, 'action') || base, base).href;
    } catch {
      // A malformed action stays the page.
    }
    const fields: HtmlForm['fields'] = [];
    for (const f of m[0].matchAll(/<(input|select|textarea)\b[^>]*>/gi)) {
      const name = attr(f[0], 'name');
      if (name === undefined) continue;
      const kind = f[1]!.toLowerCase();
      const autocomplete = attr(f[0], 'autocomplete');
      fields.push({
        name,
        type: kind === 'input' ? (attr(f[0], 'type') ?? 'text').toLowerCase() : kind,
        value: attr(f[0], 'value') ?? '',
        ...(autocomplete !== undefined ? { autocomplete: autocomplete.toLowerCase() } : {}),
      });
    }
    out.push({ action, method: (attr(tag, 'method') ?? 'get').toUpperCase(), tag, fields, html: m[0] });
  }
  return out;
}

/** The URLs of a page's scripts (src attributes, absolute). */
export function scriptSources(html: string, base: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*\ssrc\s*=\s*["']?([^"'\s>]+)/gi)) {
    try {
      out.push(new URL(m[1]!, base).href);
    } catch {
      // Not a URL.
    }
  }
  return out;
}

/** A random name for a request whose answer must be "not found" (soft-404 detection). */
export const randomName = (): string => `bwk${Math.random().toString(36).slice(2, 12)}`;
