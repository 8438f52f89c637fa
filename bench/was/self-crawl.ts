// The browser crawl on Bulwark's own screens (a large React application, signed in as its administrator): how many
// requests the crawl sends and how long it takes, with the scan's cache of static files and, as the reference in the
// same run, without it (a cache of no size: every page load fetches the application's scripts again, as it did when
// routing had turned Chromium's own cache off). BENCH_PAGES (default 30) bounds both crawls; BENCH_FULL=1 then crawls
// the whole application from the dashboard with the cache, to its end.
// Run: npm run build -w @bulwark/web && npx tsx bench/was/self-crawl.ts
import { AssetCache } from '../../packages/scanner/src/web/browser/asset-cache.ts';
import { browserCrawl } from '../../packages/scanner/src/web/browser/crawl.ts';
import { launchChromium } from '../../packages/scanner/src/web/browser/launch.ts';
import { signInAsAdmin } from '../../e2e/helpers/sign-in.ts';
import { startStack } from '../../e2e/helpers/stack.ts';

const PAGES = Number(process.env.BENCH_PAGES ?? 30);
const stack = await startStack();
const { context, page } = await stack.newPage();
await signInAsAdmin(page);
const cookies = await context.cookies();
await context.close();
const csrf = cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
const browser = await launchChromium();
if ('unavailable' in browser) throw new Error(browser.unavailable);
const origin = new URL(stack.baseUrl).origin;

async function crawl(
  start: string,
  maxPages: number,
  cache: AssetCache,
): Promise<{ s: number; pages: number; sent: number; hits: number }> {
  let sent = 0;
  const t0 = performance.now();
  const res = await browserCrawl(
    browser as Exclude<typeof browser, { unavailable: string }>,
    {
      cookies: () => cookies.map((c) => ({ name: c.name, value: c.value, domain: c.domain, path: c.path })),
      headers: { 'x-csrftoken': csrf },
      pace: async () => void sent++,
      assetCache: cache,
      signal: AbortSignal.timeout(3_600_000),
    },
    [`${stack.baseUrl}${start}`],
    {
      maxPages,
      maxDepth: 10,
      // The sign-out call is the one thing the crawl must never reach; everything else of the application is in scope.
      inScope: (u) => u.startsWith(`${origin}/`) && !u.includes('/auth/logout'),
      allowDestructive: false,
      signal: AbortSignal.timeout(3_600_000),
    },
  );
  return { s: (performance.now() - t0) / 1000, pages: res.pages.length, sent, hits: cache.hits };
}

const fmt = (r: { s: number; pages: number; sent: number; hits: number }): string =>
  `${r.pages} pages, ${r.sent} requests sent, ${r.hits} answered from the cache, ${r.s.toFixed(1)} s`;
const reference = await crawl('/scans/scans', PAGES, new AssetCache({ maxBytes: 0 }));
const cached = await crawl('/scans/scans', PAGES, new AssetCache());
console.log(`reference (no cache): ${fmt(reference)}`);
console.log(`scan cache:           ${fmt(cached)}`);
console.log(`requests sent: ${(cached.sent / reference.sent).toFixed(2)}× the reference; time ${(cached.s / reference.s).toFixed(2)}×`);
if (process.env.BENCH_FULL === '1') console.log(`whole application:    ${fmt(await crawl('/dashboard', 5000, new AssetCache()))}`);
await browser.close();
await stack.close();
