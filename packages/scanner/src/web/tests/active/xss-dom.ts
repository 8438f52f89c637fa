// DOM-based cross-site scripting: payloads in the URL's fragment and query, and in a hash route's own query such as
// #/search?q=, that the page's own scripts run, seen only in the browser; tried only on a source whose plain marker
// the page carried to a sink, so most routes of an application cost one load.
import { marker } from '../../inject.ts';
import { ROUTE_FRAGMENT } from '../../browser/page-urls.ts';
import { shellDigest } from '../../crawl/shell.ts';
import { excerpt } from '../../http.ts';
import type { WebBrowser, WebFinding, WebTest, WebTestContext } from '../../types.ts';
import { once } from '../passive/support.ts';
import { XSS_COMMON } from './xss.ts';

const DOM_SOURCES = /location\.(hash|search|href)|document\.(URL|documentURI|location|referrer)|URLSearchParams|window\.name/;

/**
 * The DOM payloads, in the order they are tried: markup (innerHTML, document.write), a URL, a string in code. A URL
 * payload runs only where it starts the value, so it is not spent where it can only follow other text.
 */
const DOM_PAYLOADS: { make: (mark: string) => string; startsValue?: true }[] = [
  { make: (m) => `<img src=x onerror=__bwk('${m}')>` },
  { make: (m) => `javascript:__bwk('${m}')`, startsValue: true },
  { make: (m) => `'-__bwk('${m}')-'` },
];

/** Page loads the DOM check may spend on one page. */
const DOM_XSS_MAX_LOADS = 8;

/**
 * Names a route's screen commonly takes a search from, tried on a route without a query of its own. They share the
 * watched load that is made anyway, so they cost a load only where the page's scripts carried one to a sink.
 */
const ROUTE_GUESSES = ['q', 'search', 'query'];

/** Client routes with a query tried per site (each costs a few loads). */
const ROUTES_PER_SITE = 20;

/** A fragment route: its path as written (`#/search`) and its query's parameters as written, each with its name. */
interface Route {
  path: string;
  params: { name: string; raw: string }[];
}

/**
 * A place in the URL the page's scripts may read: the fragment, a parameter of the query, or a parameter of a fragment
 * route's query (`#/search?q=`), which the server never sees.
 */
type DomSource =
  | { where: string; in: 'fragment' }
  | { where: string; in: 'query'; param: string }
  | { where: string; in: 'route'; param: string; route: Route };

const decodeName = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

function parseRoute(hash: string): Route | null {
  if (!ROUTE_FRAGMENT.test(hash)) return null;
  const at = hash.indexOf('?');
  if (at < 0) return { path: hash, params: [] };
  const params = hash
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((raw) => ({ name: decodeName(raw.split('=')[0]!), raw }));
  return { path: hash.slice(0, at), params };
}

/**
 * The route a load ended on when the page's own URL named none: the application routes itself. A route holding one
 * of the load's markers is where the router kept the unknown fragment it was given; its root is the application's own.
 */
function landedRoute(finalUrl: string, marks: string[]): Route | null {
  let route: Route | null;
  try {
    route = parseRoute(new URL(finalUrl).hash);
  } catch {
    return null;
  }
  if (!route) return null;
  if (marks.some((m) => route.path.includes(m))) return { path: route.path.startsWith('#!') ? '#!/' : '#/', params: [] };
  return { path: route.path, params: route.params.filter((p) => !marks.some((m) => p.raw.includes(m))) };
}

/**
 * The page's URL with payloads in the given sources (the rest as the page had them). On a route, the route's path
 * stays: a payload for the fragment as a whole is added to the route's query instead of replacing the route, because
 * the screen that reads the fragment is only drawn on its own route (a replaced route shows the application's default
 * or error screen, which reads nothing).
 */
function domUrl(page: URL, values: Map<DomSource, string>): string {
  const q = new URL(page);
  let route = parseRoute(page.hash);
  for (const source of values.keys()) if (source.in === 'route') route = source.route;
  let hash = page.hash;
  const params = route ? route.params.map((p) => p.raw) : [];
  let appended: string | undefined;
  for (const [source, value] of values) {
    if (source.in === 'query') q.searchParams.set(source.param, value);
    else if (source.in === 'route') {
      // Encoded: a router decodes its query, and a payload's own & or # would otherwise cut it.
      const raw = `${encodeURIComponent(source.param)}=${encodeURIComponent(value)}`;
      const at = source.route.params.findIndex((p) => p.name === source.param);
      if (at >= 0) params[at] = raw;
      else params.push(raw);
    } else if (route) appended = value;
    else hash = `#${value}`;
  }
  if (route) {
    if (appended !== undefined) params.push(appended);
    hash = params.length ? `${route.path}?${params.join('&')}` : route.path;
  }
  // The fragment as written: URL's setter would encode what a link can carry unencoded.
  return `${q.origin}${q.pathname}${q.search}${hash}`;
}

const routeSources = (route: Route, names: string[]): DomSource[] =>
  names.map((name) => ({ where: `fragment query parameter ${name}`, in: 'route', param: name, route }));

/** The first page of a hash-routed shell in the scan: the same shell at another path is the same screens. */
const firstOfShell = (ctx: WebTestContext, origin: string, body: string): boolean =>
  once(ctx, `web-xss-dom shell ${origin} ${shellDigest(body)}`);

/**
 * The check on one URL: a crawled page (its body, for the shell's digest and the evidence) or a client route the
 * browser crawl reached (no body of its own: the shell's).
 */
async function domCheck(pageUrl: string, body: string, ctx: WebTestContext, browser: WebBrowser): Promise<WebFinding[]> {
  const u = new URL(pageUrl);
  const route = parseRoute(u.hash);
  // The shell's landing route is tried on the first page of that shell to start this test, claimed before any load:
  // the tests take the pages in crawl order, so that is the start URL rather than whichever path loaded fastest.
  const shellFirst = !route && firstOfShell(ctx, u.origin, body);
  const own = [...u.searchParams.keys()].slice(0, 2);
  const fragment: DomSource = { where: 'fragment', in: 'fragment' };
  // The page's own query parameters, or a guessed one.
  const params: DomSource[] = (own.length ? own : ['q']).map((name) => ({ where: `query parameter ${name}`, in: 'query', param: name }));
  // A route's own parameters, or on a route without a query the common names (see ROUTE_GUESSES).
  const routeOwn = route ? [...new Set(route.params.map((p) => p.name).filter(Boolean))].slice(0, 2) : [];
  const guessed = route && routeOwn.length === 0 ? routeSources(route, ROUTE_GUESSES) : [];
  // The first load puts a plain marker (letters and digits: no filter turns it away, no decoding breaks on it) in
  // every source at once, each its own, and watches where the markers go. A page's own parameters (of the query and
  // of the route) keep their values while the fragment is watched (the page may need them to render), so such a page
  // takes two loads; a page without takes one (the fragment and the guessed parameters together).
  const groups: DomSource[][] = [[fragment, ...(own.length ? [] : params), ...guessed]];
  const second = [...(own.length ? params : []), ...(route ? routeSources(route, routeOwn) : [])];
  if (second.length) groups.push(second);
  let loads = 0;
  const reached: DomSource[] = [];
  const watch = async (group: DomSource[]): Promise<{ finalUrl: string; marks: string[] }> => {
    const marks = new Map(group.map((source) => [source, marker()]));
    loads++;
    const r = await browser.run({ url: domUrl(u, marks), watch: [...marks.values()] });
    const hit = (source: DomSource): boolean => !r.reached || r.reached.some((x) => x.marker === marks.get(source));
    // The whole fragment written to a sink carries the guessed names' markers too: that shows nothing of their own.
    const whole = r.reached !== undefined && marks.has(fragment) && hit(fragment);
    for (const source of group) if (hit(source) && !(whole && guessed.includes(source))) reached.push(source);
    return { finalUrl: r.finalUrl, marks: [...marks.values()] };
  };
  let first: { finalUrl: string; marks: string[] } | undefined;
  for (const group of groups) {
    if (ctx.signal.aborted) return [];
    const seen = await watch(group);
    first ??= seen;
  }
  // A page whose URL names no route but whose scripts routed it (a hash-routed shell, as crawled: the crawl keeps no
  // fragments) has its route's query read too: one more watched load, once per shell.
  const landed = !shellFirst || !first ? null : landedRoute(first.finalUrl, first.marks);
  if (landed && !ctx.signal.aborted) {
    const names = [...new Set(landed.params.map((p) => p.name).filter(Boolean))].slice(0, 2);
    await watch(routeSources(landed, names.length ? names : ROUTE_GUESSES));
  }
  // Only a source whose marker reached a sink is tried, alone, with each payload; the rest need no further load.
  for (const { make, startsValue } of DOM_PAYLOADS) {
    for (const source of reached) {
      // On a route the fragment's payload follows the route, so it never starts the value.
      if (startsValue && source.in === 'fragment' && route) continue;
      if (ctx.signal.aborted || loads >= DOM_XSS_MAX_LOADS) return [];
      const mark = marker();
      const payload = make(mark);
      const url = domUrl(u, new Map([[source, payload]]));
      loads++;
      const r = await browser.run({ url });
      if (!r.executed.includes(mark)) continue;
      // A query payload the server writes back is reflected XSS (its own test), not DOM-based.
      if (source.in === 'query') {
        const res = await ctx.client.send({ method: 'GET', url });
        if (res.body.includes(payload)) continue;
      }
      const where = source.in === 'route' ? `${source.where} of the route ${source.route.path}` : source.where;
      return [
        {
          test: 'web-xss-dom',
          // A route's finding names its route (the screen), without the payload; the fragment never reaches the server.
          url: source.in === 'route' ? `${u.origin}${u.pathname}${u.search}${source.route.path}` : pageUrl,
          method: 'GET',
          parameter: source.where,
          // Only a query parameter has a location of its own; the fragment and its route never reach the server.
          ...(source.in === 'query' ? { location: 'query' as const } : {}),
          payload,
          confidence: 'confirmed',
          evidence: {
            request: `GET ${url}`,
            response: body
              ? excerpt(body, DOM_SOURCES, 200)
              : `(the screen of the route ${source.in === 'route' ? source.route.path : u.hash})`,
            proof: `${payload} in the ${where} ran`,
            how: 'executed in the browser',
          },
        },
      ];
    }
  }
  return [];
}

export const xssDom: WebTest = {
  ...XSS_COMMON,
  id: 'web-xss-dom',
  name: 'Cross-site scripting (DOM-based)',
  description:
    "The page's own scripts take a value from the URL (its fragment or query) and write it where it runs as code " +
    "(innerHTML, document.write, eval, a javascript: URL), so a link runs an attacker's script in the browser.",
  async page(page, ctx) {
    const browser = ctx.browser;
    if (!browser || page.method !== 'GET' || !/html/i.test(page.contentType)) return [];
    // Only pages whose scripts read the URL (inline, or the page loads scripts the browser runs anyway).
    if (!DOM_SOURCES.test(page.response.body) && !/<script[^>]+src=/i.test(page.response.body)) return [];
    return domCheck(page.url, page.response.body, ctx, browser);
  },
  // The hash routes with a query the browser crawl reached (#/track-result?id=7): the site map keeps no fragments, so
  // they are not pages of their own. One URL per route: its other values are the same screen.
  async site(origin, ctx) {
    const browser = ctx.browser;
    if (!browser) return [];
    const byRoute = new Map<string, string>();
    for (const url of ctx.clientRoutes ?? [])
      if (new URL(url).origin === origin && !byRoute.has(url.split('?')[0]!)) byRoute.set(url.split('?')[0]!, url);
    const found: WebFinding[] = [];
    for (const url of [...byRoute.values()].slice(0, ROUTES_PER_SITE)) {
      if (ctx.signal.aborted) break;
      found.push(...(await domCheck(url, '', ctx, browser)));
    }
    return found;
  },
};
