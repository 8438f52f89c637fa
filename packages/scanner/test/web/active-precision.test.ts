// Precision of the active tests on a site that handles every input safely (fp-safe-site.ts, with bait: pages that
// always show a SQL error and /etc/passwd lines, a body that changes on every request, escaped reflections in script
// strings and attributes, local-only redirects, an upload that stores nothing): the engine runs only the active tests
// (time-based ones with short delays) and none of them reports anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWebScan } from '../../src/web/engine.ts';
import { startOobListener, type OobServer } from '../../src/web/oob.ts';
import { cmdiTimeTest } from '../../src/web/tests/active/cmdi.ts';
import { ACTIVE_WEB_TESTS } from '../../src/web/tests/active/index.ts';
import { sqliTimeTest } from '../../src/web/tests/active/sqli.ts';
import type { WebScanResult, WebTest } from '../../src/web/types.ts';
import { startSafeSite, type SafeSite } from './fp-safe-site.ts';
import { webSpec } from './fixtures/site-spec.ts';

const fast: Record<string, WebTest> = {
  'web-sqli-time': sqliTimeTest({ delaysS: [0.4, 0.8], samples: 5 }),
  'web-cmdi-time': cmdiTimeTest({ delaysS: [0.6, 1.2], samples: 5 }),
};
const tests = ACTIVE_WEB_TESTS.map((t) => fast[t.id] ?? t);

let site: SafeSite;
let oob: OobServer;
let result: WebScanResult;

beforeAll(async () => {
  [site, oob] = await Promise.all([startSafeSite('127.0.0.1'), startOobListener({ host: '127.0.0.1' })]);
  result = await runWebScan(webSpec(site.url, { discovery: false, tests: tests.map((t) => t.id) }), {
    signal: AbortSignal.timeout(200_000),
    oob,
    tests,
  });
}, 220_000);

afterAll(async () => {
  await Promise.all([site?.close(), oob?.close()]);
});

describe('active tests on a safe site', () => {
  it('crawl and test the site, and report nothing', () => {
    expect(result.sitemap.length).toBeGreaterThan(10);
    expect(result.stats.requestsSent).toBeGreaterThan(200);
    expect(result.findings.map((f) => `${f.test} ${f.url} ${f.parameter ?? ''} ${f.payload ?? ''}`)).toEqual([]);
  });
});
