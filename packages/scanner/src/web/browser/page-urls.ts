// The browser crawl's view of URLs: when two URLs are the same page (a fragment that is not a route, the values the
// crawl typed into a filter), when a URL is the same screen as the page it was found on (its filter or paging state),
// which URL the variant limit counts for a client-side route, and the parent whose children may share a template.
import { FILL_TEXT, FILL_VALUES } from './page-scripts.ts';
import { isNameValue } from '../variants.ts';

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

/** A fragment that is a client-side route (`#/items`, `#!/items?q=…`): a hash-routed application's screen. */
export const ROUTE_FRAGMENT = /^#!?\//;

/** Same page for the crawl: the fragment is dropped unless it is a client-side route (#/items, #!/items). */
export function pageKey(url: string): string {
  try {
    const u = new URL(url);
    if (!ROUTE_FRAGMENT.test(u.hash)) u.hash = '';
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

/**
 * The same screen as the page it was found on: the same path (and client-side route), the query differing only in
 * values that carry data (numbers, dates, ids) or that the crawl typed itself. A list's filter, paging or sort state
 * written into the URL is such a URL; `?page=reports` (a value naming a page) is not.
 */
export function sameScreen(url: string, from: string): boolean {
  try {
    const u = new URL(pageKey(url));
    const f = new URL(pageKey(from));
    if (u.origin !== f.origin || u.pathname !== f.pathname || u.hash.split('?')[0] !== f.hash.split('?')[0]) return false;
    if (u.search === f.search) return false;
    for (const [name, value] of u.searchParams)
      if (f.searchParams.get(name) !== value && !OWN_VALUES.has(value) && isNameValue(value)) return false;
    return true;
  } catch {
    return false;
  }
}

/** The page a URL sits under (its path without the last segment, the route's likewise): the list of a detail screen. */
export function parentOf(url: string): string {
  try {
    const u = new URL(variantUrl(url));
    return `${u.origin}${u.pathname.replace(/\/[^/]*\/?$/, '')}`;
  } catch {
    return url;
  }
}
