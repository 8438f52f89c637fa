// A generated site of N pages (default 10,000) for the web-scan memory and limits bench: page n links to its ten
// children 10n+1 … 10n+10 (so every page is within depth 4 of the home page), its parent and a sorted variant of
// itself; every page has a small search form. Pages are named by slugs (/docs/section-bcd), as a real site's are:
// numbered paths (/p/17) would be same-page variants, of which the crawl rightly fetches only a few. The server counts requests, the most in flight at once and the most
// in any one second, so the bench can check the scanner's parallel and rate limits from the target's side.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BigSite {
  url: string;
  pages: number;
  stats(): { requests: number; maxInFlight: number; maxPerSecond: number };
  close(): Promise<void>;
}

/** n written in letters (0 → a, 25 → z, 26 → ba …): a slug, never a number or a hex id. */
export function slug(n: number): string {
  let out = '';
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `section-${out}`;
}

function unslug(s: string): number {
  let n = 0;
  for (const c of s) n = n * 26 + (c.charCodeAt(0) - 97);
  return n;
}

const href = (n: number) => (n === 0 ? '/' : `/docs/${slug(n)}`);

function page(n: number, total: number, sort: string): string {
  const children = Array.from({ length: 10 }, (_, i) => n * 10 + i + 1).filter((c) => c <= total);
  const links = children.map((c) => `<li><a href="${href(c)}">Page ${c}</a></li>`).join('');
  const parent = n > 0 ? `<a href="${href(Math.floor((n - 1) / 10))}">up</a>` : '';
  // Filler text so a page weighs about what a real one does (~2 KB).
  const text = `Section ${n} of the generated site. `.repeat(30);
  return `<!doctype html><html><head><title>Page ${n}</title></head><body><h1>Page ${n} (${sort})</h1>${parent} <a href="${href(n)}?sort=desc">sort</a><ul>${links}</ul><p>${text}</p><form action="/search" method="get"><input name="q"><button>Find</button></form></body></html>`;
}

export async function startBigSite(host = '127.0.0.1', total = 10_000): Promise<BigSite> {
  let requests = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const perSecond = new Map<number, number>();
  const server = http.createServer((req, res) => {
    requests++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const second = Math.floor(Date.now() / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    res.on('close', () => inFlight--);
    const url = new URL(req.url ?? '/', 'http://site');
    const m = /^\/docs\/section-([a-z]+)$/.exec(url.pathname);
    const n = url.pathname === '/' ? 0 : m ? unslug(m[1]!) : -1;
    if (n < 0 || n > total) {
      res.writeHead(url.pathname === '/search' ? 200 : 404, { 'content-type': 'text/html' });
      res.end('<html><body><p>Nothing found.</p></body></html>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page(n, total, url.searchParams.get('sort') === 'desc' ? 'desc' : 'asc'));
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/`,
    pages: total + 1,
    stats: () => ({ requests, maxInFlight, maxPerSecond: Math.max(0, ...perSecond.values()) }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
