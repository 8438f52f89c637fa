// Same-page variants: one URL written several ways is one URL (query order, fragments, default ports), and URLs that
// differ only in values (?page=1…N, ?sort=, /calendar/2026/11/29, /item/17) are variants of one page, of which the
// crawl fetches only a few, so paging, sort orders and calendars cannot make it run away.

/** The URL as the crawl keys it: no fragment, query parameters sorted, default port dropped. */
export function normalizeUrl(url: string): string {
  const u = new URL(url);
  u.hash = '';
  const params = [...u.searchParams].sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  u.search = '';
  for (const [k, v] of params) u.searchParams.append(k, v);
  return u.href;
}

/** A path segment that carries a value rather than naming a page: numbers, dates, hex ids, UUIDs. */
export function isValueSegment(seg: string): boolean {
  return (
    /^\d+$/.test(seg) ||
    /^\d{4}-\d{1,2}(-\d{1,2})?$/.test(seg) ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(seg) ||
    (/^[0-9a-f]{12,}$/i.test(seg) && /\d/.test(seg))
  );
}

/** The page pattern of a URL: method, origin, path with value segments as {v}, and the sorted parameter names. */
export function variantKey(url: string, method = 'GET'): string {
  const u = new URL(url);
  const path = u.pathname
    .split('/')
    .map((s) => (isValueSegment(decodeURIComponent(s)) ? '{v}' : s))
    .join('/');
  const names = [...new Set([...u.searchParams.keys()])].sort();
  return `${method} ${u.origin}${path}?${names.join('&')}`;
}

/** Counts pages per pattern: `admit` answers false once a pattern has had `perPattern` URLs. */
export class VariantLimiter {
  private readonly seen = new Map<string, number>();
  constructor(private readonly perPattern = 3) {}

  admit(url: string, method = 'GET'): boolean {
    const key = variantKey(url, method);
    const n = this.seen.get(key) ?? 0;
    if (n >= this.perPattern) return false;
    this.seen.set(key, n + 1);
    return true;
  }
}
