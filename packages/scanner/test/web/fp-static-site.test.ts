// False positives: a full web scan (every test, the destructive rule on) of a site whose every input is handled safely
// (fp-safe-site.ts, with bait pages that show SQL errors and /etc/passwd lines whatever they are asked) crawls the
// whole site and reports no injection, XSS, traversal, inclusion, redirect, SSRF or upload finding.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWebScan, webTestCatalogue, DEFAULT_WEB_LIMITS, type WebScanResult } from '../../src/web/index.ts';
import { startSafeSite, type SafeSite } from './fp-safe-site.ts';

// The test categories whose findings would be false on this site (the passive header and cookie checks may speak:
// they are about configuration, not input handling).
const INPUT_FLAWS = /inject|xss|script|travers|inclusion|upload|redirect|ssrf|xxe|xml|template|crlf|command/i;

describe('false positives: a safe static site', () => {
  let site: SafeSite;
  let result: WebScanResult;

  beforeAll(async () => {
    site = await startSafeSite('127.0.0.1');
    result = await runWebScan(
      {
        target: site.url,
        discovery: false,
        scope: {},
        limits: { ...DEFAULT_WEB_LIMITS, requestsPerSecond: 2000, parallel: 8, maxDurationS: 300, requestTimeoutMs: 5000 },
        browser: false,
        allowDestructive: false,
        sensitive: { countries: ['dk', 'no', 'se', 'us'] },
      },
      { signal: AbortSignal.timeout(280_000) },
    );
  }, 300_000);

  afterAll(async () => {
    await site?.close();
  });

  it('crawls the site: product pages, forms and parameters', () => {
    const urls = result.sitemap.map((e) => new URL(e.url).pathname);
    expect(urls).toContain('/products');
    // Lamp pages are numbered (/products/17): same-page variants, of which the crawl fetches a few, not all 40.
    expect(urls.some((u) => /^\/products\/\d+$/.test(u))).toBe(true);
    for (const path of ['/search', '/contact', '/docs', '/articles/sql-errors', '/news', '/upload']) expect(urls).toContain(path);
    expect(result.forms.length).toBeGreaterThanOrEqual(4);
    expect(result.stats.parameters).toBeGreaterThanOrEqual(8);
    expect(result.errors).toEqual([]);
  });

  it('reports no finding about input handling', () => {
    const category = new Map(webTestCatalogue().map((t) => [t.id, t.category]));
    const flaws = result.findings.filter((f) => INPUT_FLAWS.test(`${f.test} ${category.get(f.test) ?? ''}`));
    expect(flaws.map((f) => `${f.test} ${f.method} ${f.url} ${f.parameter ?? ''}: ${f.evidence.how}`)).toEqual([]);
  });

  it('does not follow the sign-out link', () => {
    expect(result.sitemap.map((e) => new URL(e.url).pathname)).not.toContain('/logout');
    expect(result.skipped.some((s) => s.url.endsWith('/logout'))).toBe(true);
  });
});
