// The HTTP crawl of one web scan: from the start URL (and robots.txt, the sitemaps, later the browser's pages) it
// follows links, submits forms with plausible values, reads scripts for URLs and follows redirects, breadth first,
// `parallel` requests at once, within the scope, the depth and the URL limit. Same-page variants are capped per
// pattern; what would destroy state (logout, delete …) is skipped and said so; the login page is left alone.
// A single-page application answers every client route with its one shell document: such answers are kept as client
// routes for the browser crawl and do not count against the URL limit (they would fill it before the browser runs).
// Static files (scripts, styles, images …) are read, not tested: they have a budget of the same size of their own, so
// a bundle of a hundred chunks does not use up the pages'.
import { AbortedError } from '../../net/limits.ts';
import { AuthFailedError } from '../auth/session.ts';
import type { CrawledPage, PageSource, SiteMapEntry, WebClient, WebForm, WebResponse } from '../types.ts';
import { normalizeUrl, VariantLimiter } from '../variants.ts';
import { destructiveWord } from './destructive.ts';
import { formValues } from './fill.ts';
import { parseHtml } from './html.ts';
import { parseRobots, parseSitemap } from './robots.ts';
import type { Scope } from './scope.ts';
import { scriptUrls } from './scripts.ts';
import { looksLikeShell, shellDigest } from './shell.ts';
import { encodeForm } from './submit.ts';

export interface CrawlerOptions {
  client: WebClient;
  scope: Scope;
  maxUrls: number;
  maxDepth: number;
  parallel: number;
  allowDestructive: boolean;
  signal: AbortSignal;
  /** True once the run-time limit is reached: the crawl stops taking new URLs. */
  expired(): boolean;
  /** URLs never requested (the login page and the URL its form posts to), with the reason. */
  avoid(url: string): string | null;
  onPage(page: CrawledPage, entry: SiteMapEntry): void;
  onSkip(url: string, reason: string): void;
  /** Pages per same-page pattern (?page=1…N). Default 3. */
  variantsPerPattern?: number;
}

interface Item {
  method: 'GET' | 'POST';
  url: string;
  depth: number;
  source: PageSource;
  referrer?: string;
  body?: string;
  contentType?: string;
  /** Parameter names it carries (query and body). */
  params: string[];
  /** A script or sitemap: read for URLs, not a page of the site map when it is not found. */
  resource?: 'script' | 'sitemap';
}

const MAX_SITEMAPS = 20;
/** URLs kept waiting past the limit (memory stays bounded on a huge site). */
const MAX_WAITING = 10_000;
/** Files with nothing to crawl in them (images, fonts, media, archives): asked with HEAD, for the site map only. */
const BINARY =
  /\.(png|jpe?g|gif|ico|webp|bmp|tiff?|woff2?|ttf|eot|otf|mp[34]|webm|avi|mov|mkv|flac|wav|pdf|zip|gz|tgz|bz2|xz|rar|7z|exe|msi|dmg|iso|jar|war)$/i;

export class Crawler {
  readonly pages: CrawledPage[] = [];
  readonly forms: WebForm[] = [];
  /** More URLs were found than maxUrls allows (some still wait, or were dropped). */
  get maxUrlsReached(): boolean {
    return this.waiting.length > 0 || this.dropped;
  }
  /** Set when the run-time limit stopped the crawl. */
  timeUp = false;
  /** The start URL redirected out of scope (error 8): where to. */
  redirectOut?: string;
  /** Requests that failed (connection refused, timeouts), with the message. */
  readonly failures: { url: string; message: string }[] = [];
  private readonly queue: Item[] = [];
  private readonly seen = new Set<string>();
  /**
   * URLs found past the limit: they wait until a fetched URL turns out to be a client route (which does not count),
   * and only if none frees a place is the limit said to be reached.
   */
  private readonly waiting: { key: string; item: Item }[] = [];
  private readonly waitingKeys = new Set<string>();
  private dropped = false;
  /** Static files found (scripts, styles, images …), within their own budget. */
  private statics = 0;
  private readonly formKeys = new Set<string>();
  private readonly skipped = new Set<string>();
  private readonly variants: VariantLimiter;
  private sitemaps = 0;
  /** The start page's document when it is an application shell (few links, scripts doing the work). */
  private shellDigest: string | null = null;
  /** GET URLs that answered the shell document: client routes, for the browser; not counted as URLs found. */
  readonly clientRoutes: string[] = [];
  private active = 0;
  private done = 0;
  private waiters: (() => void)[] = [];

  constructor(private readonly o: CrawlerOptions) {
    this.variants = new VariantLimiter(o.variantsPerPattern ?? 3);
  }

  /** Pages and endpoints found (queued or fetched): not the static files, nor the client routes that only answered
   * the application's shell. */
  get found(): number {
    return this.seen.size - this.clientRoutes.length - this.statics;
  }

  /** Share of the known work done, 0…1. */
  progress(): number {
    const total = this.done + this.queue.length + this.active;
    return total === 0 ? 0 : this.done / total;
  }

  /** Adds a start point (the target, a virtual host's root, a page the browser found). */
  seed(url: string, source: PageSource, depth = 0, referrer?: string): void {
    this.enqueue({ method: 'GET', url, depth, source, ...(referrer ? { referrer } : {}), params: paramNames(url) });
  }

  /** Seeds robots.txt's paths and the sitemaps of an origin (requested even when the root is outside the path scope). */
  async seedSite(origin: string): Promise<void> {
    const robots = await this.fetchResource(`${origin}/robots.txt`);
    const parsed =
      robots && robots.status === 200 && !/<html/i.test(robots.body) ? parseRobots(robots.body, origin) : { paths: [], sitemaps: [] };
    for (const p of parsed.paths)
      this.enqueue({ method: 'GET', url: p, depth: 1, source: 'robots', referrer: `${origin}/robots.txt`, params: [] });
    const sitemaps = parsed.sitemaps.length ? parsed.sitemaps : [`${origin}/sitemap.xml`];
    for (const s of sitemaps) await this.readSitemap(s);
  }

  async run(): Promise<void> {
    await Promise.all(Array.from({ length: Math.max(1, this.o.parallel) }, () => this.worker()));
  }

  private async worker(): Promise<void> {
    for (;;) {
      if (this.o.signal.aborted) return;
      if (this.o.expired()) {
        this.timeUp = true;
        this.wake();
        return;
      }
      const item = this.queue.shift() ?? this.promote();
      if (!item) {
        if (this.active === 0) {
          this.wake();
          return;
        }
        await new Promise<void>((resolve) => this.waiters.push(resolve));
        continue;
      }
      this.active++;
      try {
        await this.visit(item);
      } catch (err) {
        if (err instanceof AbortedError || this.o.signal.aborted) return;
        // The session could not be kept: the engine stops the scan with error 4.
        if (err instanceof AuthFailedError) throw err;
        this.failures.push({ url: item.url, message: err instanceof Error ? err.message : String(err) });
      } finally {
        this.active--;
        this.done++;
        this.wake();
      }
    }
  }

  /** A waiting URL, when a client route freed a place under the limit. */
  private promote(): Item | undefined {
    if (this.found >= this.o.maxUrls) return undefined;
    const next = this.waiting.shift();
    if (!next) return undefined;
    this.waitingKeys.delete(next.key);
    this.seen.add(next.key);
    return next.item;
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  private enqueue(item: Item): void {
    let key: string;
    try {
      // One URL written several ways is one page: the fragment goes, the query is sorted.
      item.url = normalizeUrl(item.url);
      key = `${item.method} ${item.url} ${item.method === 'POST' ? item.params.join('&') : ''}`;
    } catch {
      return;
    }
    if (this.seen.has(key)) return;
    if (!this.o.scope.inScope(item.url)) return;
    // The start URL is crawled even when it is the login page (signed in, it is usually the application's home).
    const avoid = item.source === 'start' ? null : this.o.avoid(item.url);
    if (avoid) return this.skip(item.url, avoid);
    if (item.depth > this.o.maxDepth) return;
    // Links and forms are checked with their words where they are found; a URL named in a script, robots.txt or a
    // sitemap only has its own (fetch('/api/logout') is as destructive as a logout link).
    if (item.source !== 'start' && item.source !== 'link' && item.source !== 'form' && !item.resource && this.destructive(item.url, ''))
      return;
    if (!item.resource && item.source !== 'start' && !this.variants.admit(item.url, item.method)) return;
    if (isStatic(item)) {
      if (this.statics >= this.o.maxUrls) {
        this.dropped = true;
        return;
      }
      this.statics++;
      this.seen.add(key);
      this.queue.push(item);
      this.wake();
      return;
    }
    if (this.found >= this.o.maxUrls) {
      if (this.waitingKeys.has(key)) return;
      if (this.waiting.length >= MAX_WAITING) {
        this.dropped = true;
        return;
      }
      this.waitingKeys.add(key);
      this.waiting.push({ key, item });
      return;
    }
    this.seen.add(key);
    this.queue.push(item);
    this.wake();
  }

  private skip(url: string, reason: string): void {
    if (this.skipped.has(url)) return;
    this.skipped.add(url);
    this.o.onSkip(url, reason);
  }

  /** A destructive link or form is skipped (and said so) unless the profile allows it. */
  private destructive(url: string, label: string): boolean {
    if (this.o.allowDestructive || !this.o.scope.inScope(url)) return false;
    const u = new URL(url);
    const word = destructiveWord(`${u.pathname}${u.search}`, label);
    if (word) this.skip(url, `looks destructive ("${word}"): not followed so the scan does not change or end the session`);
    return word !== null;
  }

  private async visit(item: Item): Promise<void> {
    const head = item.method === 'GET' && BINARY.test(new URL(item.url).pathname);
    let res = await this.o.client.send({
      method: head ? 'HEAD' : item.method,
      url: item.url,
      ...(item.body !== undefined ? { body: item.body } : {}),
      ...(item.contentType ? { headers: { 'content-type': item.contentType } } : {}),
    });
    // A server that refuses HEAD is asked again with GET.
    if (head && (res.status === 405 || res.status === 501)) res = await this.o.client.send({ method: 'GET', url: item.url });
    const location = res.status >= 300 && res.status < 400 ? res.headers.location : undefined;
    if (location) {
      const next = safeUrl(location, res.url);
      if (next && item.source === 'start' && !this.o.scope.inScope(next) && this.pages.length === 0) this.redirectOut = next;
      else if (next)
        this.enqueue({ method: 'GET', url: next, depth: item.depth, source: 'redirect', referrer: item.url, params: paramNames(next) });
    }
    const type = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (item.resource === 'script' || /javascript|ecmascript/.test(type)) {
      if (res.status === 200) for (const u of scriptUrls(res.body, res.url)) this.found_(u, item, 'script');
    } else if (/json/.test(type) && res.status === 200) {
      // API answers name further resources ({"next": "/api/items?page=2", "href": "/api/users/7"}).
      for (const u of scriptUrls(res.body.slice(0, 200_000), res.url)) this.found_(u, item, 'link');
    }
    // A client-side route the browser rendered is a page even where the server has no such path.
    if ((res.status === 404 || res.status === 410) && item.source !== 'browser') return;
    if (item.resource === 'script' && res.status !== 200) return;
    let title: string | undefined;
    const formParams: string[] = [];
    const html = /html/.test(type) || (!type && /^\s*</.test(res.body));
    if (html && item.method === 'GET' && res.status === 200) {
      const digest = shellDigest(res.body);
      if (item.source === 'start' && this.shellDigest === null && looksLikeShell(res.body)) this.shellDigest = digest;
      else if (digest === this.shellDigest && item.source !== 'start') {
        // The shell again: a client route (its links and scripts were read with the start page).
        this.clientRoutes.push(item.url);
        this.record(item, res, type, undefined, []);
        return;
      }
    }
    if (/html|xml/.test(type) || (!type && /^\s*</.test(res.body))) {
      if (/xml/.test(type) && /<(urlset|sitemapindex)[\s>]/i.test(res.body)) this.sitemapUrls(res.body, res.url);
      else {
        const page = parseHtml(res.body, res.url);
        title = page.title;
        for (const l of page.links) if (!this.destructive(l.url, l.label)) this.found_(l.url, item, 'link');
        for (const code of page.scripts) for (const u of scriptUrls(code, res.url)) this.found_(u, item, 'script');
        for (const src of page.scriptSrcs)
          this.enqueue({
            method: 'GET',
            url: src,
            depth: item.depth + 1,
            source: 'script',
            referrer: res.url,
            params: [],
            resource: 'script',
          });
        for (const f of page.forms) {
          formParams.push(...f.fields.map((x) => x.name));
          this.form(f, item);
        }
      }
    }
    this.record(item, res, type, title, formParams);
  }

  private record(item: Item, res: WebResponse, type: string, title: string | undefined, formParams: string[]): void {
    const page: CrawledPage = {
      url: item.url,
      method: item.method,
      status: res.status,
      contentType: type,
      depth: item.depth,
      source: item.source,
      ...(item.referrer ? { referrer: item.referrer } : {}),
      ...(title ? { title } : {}),
      response: res,
    };
    const { response: _response, ...fields } = page;
    const entry: SiteMapEntry = { ...fields, parameters: [...new Set([...item.params, ...formParams])] };
    this.pages.push(page);
    this.o.onPage(page, entry);
  }

  /** A form the browser found: recorded and submitted as the crawl's own forms are. */
  addForm(form: WebForm, depth = 1): void {
    this.form({ ...form, label: '' }, { method: 'GET', url: form.page, depth: depth - 1, source: 'browser', params: [] });
  }

  private found_(url: string, from: Item, source: PageSource): void {
    this.enqueue({ method: 'GET', url, depth: from.depth + 1, source, referrer: from.url, params: paramNames(url) });
  }

  private form(f: WebForm & { label: string }, from: Item): void {
    if (!this.o.scope.inScope(f.action)) return;
    const names = f.fields.map((x) => x.name);
    const key = `${f.method} ${new URL(f.action).origin}${new URL(f.action).pathname} ${[...new Set(names)].sort().join('&')}`;
    if (this.formKeys.has(key)) return;
    if (this.o.avoid(f.action)) return;
    this.formKeys.add(key);
    const { label, ...form } = f;
    if (this.destructive(f.action, label)) return;
    this.forms.push(form);
    const sub = encodeForm(form, formValues(form.fields));
    this.enqueue({
      method: sub.method,
      url: sub.url,
      depth: from.depth + 1,
      source: 'form',
      referrer: from.url,
      ...(sub.body !== undefined ? { body: sub.body } : {}),
      ...(sub.contentType ? { contentType: sub.contentType } : {}),
      params: [...new Set(names)].sort(),
    });
  }

  private async fetchResource(url: string): Promise<WebResponse | null> {
    if (!this.o.scope.hostInScope(new URL(url)) || this.o.signal.aborted) return null;
    try {
      return await this.o.client.send({ method: 'GET', url, outOfScope: true });
    } catch (err) {
      if (err instanceof AbortedError) throw err;
      return null;
    }
  }

  private async readSitemap(url: string): Promise<void> {
    if (++this.sitemaps > MAX_SITEMAPS) return;
    const res = await this.fetchResource(url);
    if (!res || res.status !== 200) return;
    const nested = this.sitemapUrls(res.body, url);
    for (const n of nested) await this.readSitemap(n);
  }

  /** Seeds a sitemap's pages; answers the nested sitemaps of a sitemap index. */
  private sitemapUrls(body: string, from: string): string[] {
    const { urls, index } = parseSitemap(body);
    if (index) return urls;
    for (const u of urls) this.enqueue({ method: 'GET', url: u, depth: 1, source: 'sitemap', referrer: from, params: paramNames(u) });
    return [];
  }
}

/** Files only read, never tested: scripts, styles, source maps, images, fonts, media, archives. */
const STATIC = /\.(m?js|css|map)$/i;

function isStatic(item: Item): boolean {
  if (item.method !== 'GET') return false;
  if (item.resource === 'script') return true;
  try {
    const u = new URL(item.url);
    return u.search === '' && (STATIC.test(u.pathname) || BINARY.test(u.pathname));
  } catch {
    return false;
  }
}

function paramNames(url: string): string[] {
  try {
    return [...new Set(new URL(url).searchParams.keys())].sort();
  } catch {
    return [];
  }
}

function safeUrl(location: string, base: string): string | null {
  try {
    const u = new URL(location, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}
