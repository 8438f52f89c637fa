// robots.txt and sitemaps as seeds of the crawl: a scanner reads the Allow and Disallow paths as places to look (what
// a site hides from search engines is often what a tester wants), and the sitemap (or sitemap index) lists pages the
// links may never reach.

export interface Robots {
  paths: string[];
  sitemaps: string[];
}

/** The Allow/Disallow paths (wildcards cut at the first * or $) and the Sitemap lines of a robots.txt. */
export function parseRobots(body: string, origin: string): Robots {
  const paths = new Set<string>();
  const sitemaps = new Set<string>();
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const m = /^(allow|disallow|sitemap)\s*:\s*(\S+)/i.exec(line);
    if (!m) continue;
    const value = m[2]!;
    if (m[1]!.toLowerCase() === 'sitemap') {
      try {
        sitemaps.add(new URL(value, origin).href);
      } catch {
        // ignored
      }
      continue;
    }
    const path = value.split(/[*$]/)[0]!;
    if (!path.startsWith('/') || path === '/') continue;
    paths.add(new URL(path, origin).href);
  }
  return { paths: [...paths], sitemaps: [...sitemaps] };
}

/** The <loc> URLs of a sitemap; `index` when it is a sitemap index (its locs are further sitemaps). */
export function parseSitemap(body: string): { urls: string[]; index: boolean } {
  const urls: string[] = [];
  for (const m of body.matchAll(/<loc>\s*(?:<!\[CDATA\[)?\s*([^<\]\s]+)\s*(?:\]\]>)?\s*<\/loc>/gi)) urls.push(m[1]!.replace(/&amp;/g, '&'));
  return { urls, index: /<sitemapindex[\s>]/i.test(body) };
}
