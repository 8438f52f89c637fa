// The active tests through the engine: runWebScan crawls the vulnerable fixture app from its home page and its
// findings cover every flaw the app has (one finding per test and endpoint); the fixed twin, crawled the same way,
// gives no active finding. Time-based tests use short delays; no browser (the browser file covers XSS execution).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWebScan } from '../../src/web/engine.ts';
import { startOobListener, type OobServer } from '../../src/web/oob.ts';
import { cmdiTimeTest } from '../../src/web/tests/active/cmdi.ts';
import { ACTIVE_WEB_TESTS } from '../../src/web/tests/active/index.ts';
import { sqliTimeTest } from '../../src/web/tests/active/sqli.ts';
import type { WebScanResult, WebTest } from '../../src/web/types.ts';
import { webSpec } from './fixtures/site-spec.ts';
import { startVulnApp } from './fixtures/vuln-app.ts';

const fast: Record<string, WebTest> = {
  'web-sqli-time': sqliTimeTest({ delaysS: [0.4, 0.8], samples: 5 }),
  'web-cmdi-time': cmdiTimeTest({ delaysS: [0.6, 1.2], samples: 5 }),
};
const tests = ACTIVE_WEB_TESTS.map((t) => fast[t.id] ?? t);

let vuln: Awaited<ReturnType<typeof startVulnApp>>;
let fixed: Awaited<ReturnType<typeof startVulnApp>>;
let oob: OobServer;

beforeAll(async () => {
  [vuln, fixed, oob] = await Promise.all([
    startVulnApp({ fixed: false }),
    startVulnApp({ fixed: true }),
    startOobListener({ host: '127.0.0.1' }),
  ]);
});
afterAll(async () => {
  await Promise.all([vuln?.close(), fixed?.close(), oob?.close()]);
});

const scan = (base: string): Promise<WebScanResult> =>
  runWebScan(webSpec(`${base}/`, { discovery: false, tests: tests.map((t) => t.id) }), {
    signal: new AbortController().signal,
    oob,
    tests,
  });

const active = new Set(ACTIVE_WEB_TESTS.map((t) => t.id));

describe('runWebScan with the active tests', () => {
  it('finds every flaw of the vulnerable app, and nothing on the fixed twin', async () => {
    const [v, f] = await Promise.all([scan(vuln.base), scan(fixed.base)]);
    const found = v.findings
      .filter((x) => active.has(x.test))
      .map((x) => `${x.test} ${new URL(x.url).pathname}${x.parameter ? ` ${x.parameter}` : ''}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'web-xss-reflected /xss/text q',
        'web-xss-reflected /xss/attr q',
        'web-xss-reflected /xss/attr-unquoted q',
        'web-xss-reflected /xss/script q',
        'web-xss-reflected /xss/url u',
        'web-xss-stored /guestbook message',
        'web-cmdi-output /cmd/ping host',
        'web-cmdi-time /cmd/blind host',
        'web-path-traversal /file name',
        'web-ssrf /proxy url',
        'web-ssrf /include page',
        'web-open-redirect /go next',
        'web-open-redirect /go-meta next',
        'web-open-redirect /go-js next',
        'web-crlf /lang lang',
        'web-ssti /hello name',
        'web-xxe /xml-order xml',
        'web-xxe /api/order',
        'web-file-upload /upload file',
        'web-file-upload /upload-static file',
      ]),
    );
    expect(f.findings.filter((x) => active.has(x.test))).toEqual([]);
  });
});
