// Benchmark: a web scan of a generated 10,000-page site (big-site.ts) keeps its memory flat and holds its limits.
// 1. A crawl of the whole site with the passive tests: RSS and heap sampled every 250 ms, printed every 2,000 pages
//    found; "flat" means the RSS after the last 8,000 pages grew by less than BENCH_FLAT_MB (default 150) over
//    what it was at 2,000. The site counts requests in flight and per second: they must stay within the limits.
// 2. maxUrls 1,000: the scan stops with error 7 (max urls reached) and its site map holds at most 1,000 URLs.
// 3. maxDurationS 3: the scan stops with error 3 (run time exceeded) within a few seconds.
// Run: npx tsx bench/was/flat-memory.ts   (BENCH_PAGES, default 10000; BENCH_RPS, default 400; BENCH_PARALLEL, default 8)
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { DEFAULT_WEB_LIMITS, runWebScan, webTestCatalogue, type WebScanSpec } from '../../packages/scanner/src/index.ts';
import { startBigSite } from './big-site.ts';

const PAGES = Number(process.env.BENCH_PAGES ?? 10_000);
const RPS = Number(process.env.BENCH_RPS ?? 400);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 8);
const FLAT_MB = Number(process.env.BENCH_FLAT_MB ?? 150);
const MB = 1024 * 1024;
let failures = 0;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
};

const passive = webTestCatalogue()
  .filter((t) => t.kind === 'passive')
  .map((t) => t.id);
const spec = (url: string, limits: Partial<WebScanSpec['limits']>): WebScanSpec => ({
  target: url,
  discovery: false,
  scope: {},
  limits: { ...DEFAULT_WEB_LIMITS, maxUrls: PAGES * 3, requestsPerSecond: RPS, parallel: PARALLEL, maxDurationS: 3600, ...limits },
  browser: false,
  allowDestructive: false,
  tests: passive,
  sensitive: { countries: ['dk', 'no', 'se', 'us'] },
});

// 1. The whole site.
{
  const site = await startBigSite('127.0.0.22', PAGES);
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage().rss;
  let pages = 0;
  let peak = base;
  const marks: { pages: number; rss: number; heap: number }[] = [];
  let lastTenth = -1;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    // A mark every PAGES/5 pages found (the site map also holds each page's sorted variant: about 10 marks).
    const tenth = Math.floor(pages / (PAGES / 5));
    if (tenth > lastTenth) {
      lastTenth = tenth;
      marks.push({ pages, rss: m.rss, heap: m.heapUsed });
    }
  }, 250);
  const t = performance.now();
  const result = await runWebScan(spec(site.url, {}), {
    signal: AbortSignal.timeout(3600_000),
    onEvent: (e) => {
      if (e.type === 'page') pages++;
    },
  });
  const ms = performance.now() - t;
  clearInterval(sampler);
  const s = site.stats();
  await site.close();
  console.log(
    `whole site: ${result.sitemap.length} URLs in the site map, ${result.stats.requestsSent} requests, ${(ms / 1000).toFixed(1)} s`,
  );
  console.log(`RSS at start ${(base / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB`);
  for (const m of marks)
    console.log(`  ${String(m.pages).padStart(6)} pages: RSS ${(m.rss / MB).toFixed(0)} MB, heap ${(m.heap / MB).toFixed(0)} MB`);
  const at2k = marks.find((m) => m.pages >= PAGES / 5) ?? marks[0];
  const last = marks[marks.length - 1];
  check(result.sitemap.length >= PAGES, `found every page (${result.sitemap.length} ≥ ${PAGES})`);
  if (at2k && last)
    check(
      last.rss - at2k.rss < FLAT_MB * MB,
      `memory flat: RSS grew ${((last.rss - at2k.rss) / MB).toFixed(0)} MB from ${at2k.pages} to ${last.pages} pages (< ${FLAT_MB} MB)`,
    );
  check(s.maxInFlight <= PARALLEL, `parallel requests held: at most ${s.maxInFlight} in flight (limit ${PARALLEL})`);
  // A one-second window can see a limiter's burst at its edge: 10% over the rate is allowed.
  check(s.maxPerSecond <= RPS * 1.1, `rate held: at most ${s.maxPerSecond} requests in one second (limit ${RPS})`);
}

// 2. The URL limit.
{
  const site = await startBigSite('127.0.0.22', PAGES);
  const r = await runWebScan(spec(site.url, { maxUrls: 1000 }), { signal: AbortSignal.timeout(600_000) });
  await site.close();
  check(
    r.errors.some((e) => e.type === SCAN_ERROR_TYPE.max_urls_reached) && r.sitemap.length <= 1000,
    `maxUrls 1000: error 7 and ${r.sitemap.length} URLs in the site map`,
  );
}

// 3. The run-time limit.
{
  const site = await startBigSite('127.0.0.22', PAGES);
  const t = performance.now();
  const r = await runWebScan(spec(site.url, { maxDurationS: 3 }), { signal: AbortSignal.timeout(600_000) });
  const s = (performance.now() - t) / 1000;
  await site.close();
  check(
    r.errors.some((e) => e.type === SCAN_ERROR_TYPE.run_time_exceeded) && s < 13,
    `maxDurationS 3: error 3, stopped after ${s.toFixed(1)} s`,
  );
}

console.log(failures ? `\n${failures} check(s) failed` : '\nall checks passed');
process.exitCode = failures ? 1 : 0;
