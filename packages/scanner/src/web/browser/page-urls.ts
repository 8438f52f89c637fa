// The browser crawl's view of URLs: when two URLs are the same page (a fragment that is not a route, the values the
// crawl typed into a filter), and which URL the variant limit counts for a client-side route.
import { FILL_TEXT, FILL_VALUES } from './page-scripts.ts';

/** The values the crawl itself types into fields: a URL carrying them is a screen the crawl filtered, not a new one. */
const OWN_VALUES = new Set([FILL_TEXT, ...Object.values(FILL_VALUES)]);

/** The URL without the query parameters whose values the crawl typed (a list's search box writing to the URL). */
export function withoutOwnValues(url: string): string {
  try {
    const u = new URL(url);
    for (const [name, value] of [...u.searchParams]) if (OWN_VALUES.has(value)) u.searchParams.delete(name, value);
    return u.href;
  } catch {
    return url;
  }
}

/** Same page for the crawl: the fragment is dropped unless it is a client-side route (#/items, #!/items). */
export function pageKey(url: string): string {
  try {
    const u = new URL(url);
    if (!/^#!?\//.test(u.hash)) u.hash = '';
    return u.href;
  } catch {
    return url;
  }
}

/** The same page, whatever the crawl typed into its query or a non-route fragment. */
export function samePage(a: string, b: string): boolean {
  return pageKey(withoutOwnValues(a)) === pageKey(withoutOwnValues(b));
}

/**
 * The URL the variant limit counts: a client-side hash route (#/items/17) counts as the path it names, so its ids
 * and pages are limited as a path's are, and different routes are not taken for variants of one page.
 */
export function variantUrl(key: string): string {
  try {
    const u = new URL(key);
    const route = /^#!?(\/.*)$/.exec(u.hash)?.[1];
    if (!route) return u.href;
    const r = new URL(route, u.origin);
    const merged = new URL(`${u.origin}${u.pathname.replace(/\/$/, '')}/~${r.pathname}`);
    merged.search = r.search || u.search;
    return merged.href;
  } catch {
    return key;
  }
}
