// The browser's cache of static files for one scan. Playwright turns Chromium's HTTP cache off once requests are
// routed, and the scan routes every request (scope, session headers, pace), so a single-page application's scripts,
// styles and fonts — a hundred files on a large one — were fetched again on every page load of the crawl and of every
// XSS check, each one paced against the scan's requests per second. This cache keeps what the server said may be kept
// (a 200 to a GET with an explicit lifetime: max-age or immutable, or Expires; never no-store, no-cache, private or a
// Vary beyond Accept-Encoding) for as long as it said, within a memory bound, and answers later loads from it, as the
// browser's own cache would have.

/** Resource types a cache answers: what a page loads to render and run, never what the application asks its API. */
export const CACHEABLE_TYPES = new Set(['script', 'stylesheet', 'font', 'image', 'media', 'manifest']);

export interface CachedAsset {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Entry extends CachedAsset {
  expiresAt: number;
}

export interface AssetCacheOptions {
  /** All bodies together at most (the least recently used go first). */
  maxBytes?: number;
  /** A larger file is not kept (a video says nothing to a scan). */
  maxEntryBytes?: number;
  /** The clock (ms), injectable for tests. */
  now?: () => number;
}

export class AssetCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly maxEntryBytes: number;
  private readonly now: () => number;
  /** Loads answered from the cache, for the scan's figures. */
  hits = 0;

  constructor(opts: AssetCacheOptions = {}) {
    this.maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    this.maxEntryBytes = opts.maxEntryBytes ?? 8 * 1024 * 1024;
    this.now = opts.now ?? Date.now;
  }

  /** The fresh copy of a GET of this type, if one is kept. */
  get(method: string, resourceType: string, url: string): CachedAsset | undefined {
    if (method !== 'GET' || !CACHEABLE_TYPES.has(resourceType)) return undefined;
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    this.entries.delete(url);
    if (entry.expiresAt <= this.now()) {
      this.bytes -= entry.body.length;
      return undefined;
    }
    // Most recently used last: eviction takes from the front.
    this.entries.set(url, entry);
    this.hits++;
    return entry;
  }

  /** Whether an answer may be kept, from its request and headers (lower-case names); the lifetime in ms, or 0. */
  lifetime(method: string, resourceType: string, status: number, headers: Record<string, string>): number {
    if (method !== 'GET' || status !== 200 || !CACHEABLE_TYPES.has(resourceType)) return 0;
    const vary = (headers['vary'] ?? '')
      .toLowerCase()
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (vary.some((v) => v !== 'accept-encoding')) return 0;
    if ('set-cookie' in headers) return 0;
    const cc = (headers['cache-control'] ?? '').toLowerCase();
    if (/(^|[\s,])(no-store|no-cache|private)([\s,=]|$)/.test(cc)) return 0;
    const maxAge = /(?:^|[\s,])max-age\s*=\s*(\d+)/.exec(cc);
    if (maxAge) return Number(maxAge[1]) * 1000;
    if (/(^|[\s,])immutable([\s,]|$)/.test(cc)) return 365 * 86_400_000;
    const expires = headers['expires'] ? Date.parse(headers['expires']) : NaN;
    const date = headers['date'] ? Date.parse(headers['date']) : NaN;
    if (Number.isFinite(expires)) return Math.max(0, expires - (Number.isFinite(date) ? date : this.now()));
    return 0;
  }

  /** Keeps an answer whose lifetime allows it. */
  put(url: string, asset: CachedAsset, lifetimeMs: number): void {
    if (lifetimeMs <= 0 || asset.body.length > this.maxEntryBytes) return;
    const old = this.entries.get(url);
    if (old) {
      this.entries.delete(url);
      this.bytes -= old.body.length;
    }
    this.entries.set(url, { ...asset, expiresAt: this.now() + lifetimeMs });
    this.bytes += asset.body.length;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.body.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
