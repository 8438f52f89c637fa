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

/**
 * A query value that names a page rather than carrying data: a short word (`?page=login.php`, `?action=view`,
 * `?sort=name`). Routers such as `index.php?page=…` put every page of an application behind one parameter, so these
 * values stay in the pattern; numbers, dates, ids and long or token-like values do not.
 */
export function isNameValue(value: string): boolean {
  return (
    value.length > 0 && value.length <= 64 && /[a-z]/i.test(value) && !isValueSegment(value) && !(value.length >= 16 && /\d/.test(value))
  );
}

const pathPattern = (u: URL): string =>
  u.pathname
    .split('/')
    .map((s) => (isValueSegment(safeDecode(s)) ? '{v}' : s))
    .join('/');

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The page pattern of a URL: method, origin, path with value segments as {v}, and the sorted parameters, each with its
 * value when the value names a page (isNameValue), else as a name alone.
 */
export function variantKey(url: string, method = 'GET'): string {
  const u = new URL(url);
  const params = [...new Set([...u.searchParams.keys()])].sort().map((name) => {
    const value = u.searchParams.get(name) ?? '';
    return isNameValue(value) ? `${name}=${value}` : name;
  });
  return `${method} ${u.origin}${pathPattern(u)}?${params.join('&')}`;
}

/** The coarser pattern: the parameter names alone, whatever their values. */
function namesKey(url: string, method: string): string {
  const u = new URL(url);
  const names = [...new Set([...u.searchParams.keys()])].sort();
  return `${method} ${u.origin}${pathPattern(u)}?${names.join('&')}`;
}

/**
 * Counts pages per pattern: `admit` answers false once a pattern has had `perPattern` URLs, or once the parameter
 * names alone have had `perNames` (many pages behind one router parameter are crawled; an endless word list is not).
 */
export class VariantLimiter {
  private readonly seen = new Map<string, number>();
  private readonly seenNames = new Map<string, number>();
  constructor(
    private readonly perPattern = 3,
    private readonly perNames = 300,
  ) {}

  admit(url: string, method = 'GET'): boolean {
    const key = variantKey(url, method);
    const names = namesKey(url, method);
    const n = this.seen.get(key) ?? 0;
    const m = this.seenNames.get(names) ?? 0;
    if (n >= this.perPattern || m >= this.perNames) return false;
    this.seen.set(key, n + 1);
    this.seenNames.set(names, m + 1);
    return true;
  }
}
