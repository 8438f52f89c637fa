// Insertion points: every place a value goes into the application, found from the crawl. Query parameters, form
// fields (url-encoded and multipart bodies, GET forms), JSON bodies of the requests the browser saw the application
// make, path segments that carry ids, and a few headers and cookies. Deduplicated by method, path (value segments
// folded: /item/1 and /item/2 are one), location and name, so a parameter on 500 pages is tested once.
import type { BrowserRequest } from './browser.ts';
import { formValues } from './crawl/fill.ts';
import type { CrawledPage, InsertionPoint, ParamLocation, WebForm } from './types.ts';
import { isValueSegment } from './variants.ts';

/** Headers tried once per site (on its first page). */
const HEADERS = ['User-Agent', 'Referer'];

export interface PointSources {
  pages: readonly CrawledPage[];
  forms: readonly WebForm[];
  requests?: readonly BrowserRequest[];
  /** Points per (method, path, location, name). Default 1. */
  perKey?: number;
  /** URLs never tested (the login form and logout). */
  avoid?(url: string): boolean;
}

export function insertionPoints(src: PointSources): InsertionPoint[] {
  const perKey = src.perKey ?? 1;
  const counts = new Map<string, number>();
  const out: InsertionPoint[] = [];
  const add = (p: InsertionPoint): void => {
    if (!p.name || src.avoid?.(p.url)) return;
    const key = `${p.method} ${foldedPath(p.url)} ${p.location} ${p.name}`;
    const n = counts.get(key) ?? 0;
    if (n >= perKey) return;
    counts.set(key, n + 1);
    out.push(p);
  };

  const sites = new Set<string>();
  const cookies = new Set<string>();
  for (const page of src.pages) {
    const url = new URL(page.url);
    if (page.method === 'GET') {
      queryPoints(page.url, 'GET', page.url, add);
      pathPoints(page.url, 'GET', page.url, add);
    }
    if (!sites.has(url.origin) && page.method === 'GET' && page.status < 400) {
      sites.add(url.origin);
      for (const h of HEADERS) add({ method: 'GET', url: page.url, location: 'header', name: h, value: '', fields: {}, page: page.url });
    }
    // Cookies the application sets: their values come back to it on every request.
    for (const line of (page.response.headers['set-cookie'] ?? '').split('\n')) {
      const name = line.split('=')[0]?.trim();
      if (!name || cookies.has(name)) continue;
      cookies.add(name);
      const value = line.slice(name.length + 1).split(';')[0] ?? '';
      add({ method: 'GET', url: page.url, location: 'cookie', name, value, fields: {}, page: page.url });
    }
  }

  for (const form of src.forms) {
    const values = formValues(form.fields);
    const location: ParamLocation = form.method === 'GET' ? 'query' : form.enctype === 'multipart/form-data' ? 'multipart' : 'body';
    for (const f of form.fields) {
      if (f.type === 'submit' || f.type === 'file') continue;
      const fields = { ...values };
      delete fields[f.name];
      add({ method: form.method, url: form.action, location, name: f.name, value: values[f.name] ?? '', fields, form, page: form.page });
    }
  }

  for (const r of src.requests ?? []) {
    const method = r.method.toUpperCase();
    queryPoints(r.url, method, r.page, add);
    pathPoints(r.url, method, r.page, add);
    if (!r.body) continue;
    if (/json/i.test(r.contentType ?? '') || /^\s*[{[]/.test(r.body)) jsonPoints(r, method, add);
    else if (/x-www-form-urlencoded/i.test(r.contentType ?? '') || /^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(r.body)) {
      const values = Object.fromEntries(new URLSearchParams(r.body));
      for (const [name, value] of Object.entries(values)) {
        const fields = { ...values };
        delete fields[name];
        add({ method, url: r.url, location: 'body', name, value, fields, page: r.page });
      }
    }
  }
  return out;
}

function queryPoints(url: string, method: string, page: string, add: (p: InsertionPoint) => void): void {
  const params = [...new URL(url).searchParams];
  for (const [name, value] of params) {
    const fields: Record<string, string> = {};
    for (const [k, v] of params) if (k !== name) fields[k] = v;
    add({ method, url, location: 'query', name, value, fields, page });
  }
}

/** Path segments that carry a value (/item/17, /orders/9f1c…): name `path[i]`, the segment's index. */
function pathPoints(url: string, method: string, page: string, add: (p: InsertionPoint) => void): void {
  const segs = new URL(url).pathname.split('/');
  segs.forEach((s, i) => {
    if (s && isValueSegment(decodeURIComponent(s)))
      add({ method, url, location: 'path', name: `path[${i}]`, value: decodeURIComponent(s), fields: {}, page });
  });
}

/**
 * The top-level keys of a JSON body (a nested object's keys as a.b). `fields` holds the whole body's top-level
 * entries, each JSON-encoded, so a test rebuilds the body with one value replaced.
 */
function jsonPoints(r: BrowserRequest, method: string, add: (p: InsertionPoint) => void): void {
  let body: unknown;
  try {
    body = JSON.parse(r.body!);
  } catch {
    return;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) fields[k] = JSON.stringify(v);
  const walk = (obj: Record<string, unknown>, prefix: string): void => {
    for (const [k, v] of Object.entries(obj)) {
      const name = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === 'object' && !Array.isArray(v)) walk(v as Record<string, unknown>, name);
      else if (typeof v !== 'object' || v === null)
        add({ method, url: r.url, location: 'json', name, value: v === null ? '' : String(v), fields, page: r.page });
    }
  };
  walk(body as Record<string, unknown>, '');
}

function foldedPath(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname
    .split('/')
    .map((s) => (isValueSegment(s) ? '{v}' : s))
    .join('/')}`;
}
