// False positives on a real application: a full web scan (every test, the headless browser on) of Bulwark's own web
// app and API, signed in as its administrator (the session cookie and the CSRF header the web app sends), reports no
// injection, XSS, traversal, inclusion, redirect, SSRF or upload finding — Bulwark handles every input safely — while
// the crawl does reach the API's answers and the single-page app's client routes, and keeps the session to the end.
// It runs on demand, not in `npm test`: the browser crawl of Bulwark's own dense screens (every button fired, every
// call recorded) takes minutes even for one screen, beyond the suite's time budget. BULWARK_SELF_SCAN=1 scans the
// vulnerability screens (/vm/) and the API they call (/api/), 80 URLs at most, with the input-handling tests;
// BULWARK_SELF_SCAN_FULL=1 scans the whole application, up to 2,000 URLs, with every test (docs/benchmarks.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { DEFAULT_WEB_LIMITS, runWebScan, webTestCatalogue, type WebScanResult } from '../packages/scanner/src/web/index.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';
import { ADMIN_EMAIL, startStack, type Stack } from './helpers/stack.ts';

// The test categories whose findings would be false here (header and cookie checks may speak: they are configuration).
const INPUT_FLAWS = /inject|xss|script|travers|inclusion|upload|redirect|ssrf|xxe|xml|template|crlf|command/i;
const FULL = process.env.BULWARK_SELF_SCAN_FULL === '1';
const ON = FULL || process.env.BULWARK_SELF_SCAN === '1';

describe.skipIf(!ON)('false positives: Bulwark scanning itself, signed in (BULWARK_SELF_SCAN=1)', () => {
  let stack: Stack;
  let result: WebScanResult;

  beforeAll(async () => {
    stack = await startStack();
    const { context, page } = await stack.newPage();
    await signInAsAdmin(page);
    const cookies = await context.cookies();
    await context.close();
    const csrf = cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
    result = await runWebScan(
      {
        // The suite scans the vulnerability screens and the API they call; the full run, the whole application.
        target: FULL ? `${stack.baseUrl}/` : `${stack.baseUrl}/vm/unified-vulnerabilities`,
        discovery: false,
        scope: FULL ? {} : { pathPrefixes: ['/vm/', '/api/'] },
        limits: {
          ...DEFAULT_WEB_LIMITS,
          maxUrls: FULL ? 2000 : 80,
          requestsPerSecond: 400,
          parallel: 6,
          maxDurationS: FULL ? 3600 : 900,
          requestTimeoutMs: 15_000,
        },
        // The tests about input handling (the header and cookie checks have nothing to do with false positives).
        ...(FULL
          ? {}
          : {
              tests: webTestCatalogue()
                .filter((t) => INPUT_FLAWS.test(`${t.id} ${t.category}`))
                .map((t) => t.id),
            }),
        browser: true,
        allowDestructive: false,
        sensitive: { countries: ['dk', 'no', 'se', 'us'] },
        auth: {
          kind: 'headers',
          headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'x-csrftoken': csrf },
          checkUrl: `${stack.baseUrl}/api/user/profile/`,
          loggedInIndicator: ADMIN_EMAIL.replace('.', '\\.'),
        },
      },
      {
        signal: AbortSignal.timeout(FULL ? 3_700_000 : 1_000_000),
        onEvent: (e) => {
          if (e.type === 'progress' && process.env.BULWARK_SELF_SCAN_TRACE) process.stderr.write(`${JSON.stringify(e.progress)}\n`);
        },
      },
    );
  }, 3_800_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('crawls the API and the client routes, signed in to the end', () => {
    const paths = result.sitemap.map((e) => new URL(e.url).pathname);
    console.log(
      `self-scan: ${result.sitemap.length} pages, ${result.stats.requestsSent} requests, ${result.forms.length} forms, errors ${JSON.stringify(result.errors)}`,
    );
    if (process.env.BULWARK_SELF_SCAN_TRACE) console.log(result.sitemap.map((e) => `${e.source} ${e.status} ${e.url}`).join('\n'));
    const phases = new Map<string, number>();
    const tl = result.stats.timeline ?? [];
    for (let i = 1; i < tl.length; i++) phases.set(tl[i]!.phase, (phases.get(tl[i]!.phase) ?? 0) + tl[i]!.atMs - tl[i - 1]!.atMs);
    console.log(`self-scan phases (ms): ${JSON.stringify([...phases])}`);
    const sources = new Map<string, number>();
    for (const e of result.sitemap) sources.set(e.source, (sources.get(e.source) ?? 0) + 1);
    console.log(`self-scan sources: ${JSON.stringify([...sources])}, skipped ${result.skipped.length}`);
    // The suite's scan stops at its 80 URLs on purpose (error 7); nothing else may go wrong.
    expect(result.errors.filter((e) => FULL || e.type !== SCAN_ERROR_TYPE.max_urls_reached)).toEqual([]);
    expect(result.stats.auth).toBe('signed-in');
    // API answers the scripts and the browser asked for.
    expect(paths.filter((p) => p.startsWith('/api/')).length).toBeGreaterThan(20);
    expect(paths).toContain('/api/user/profile/');
    // Client routes the browser rendered.
    expect(paths).toContain('/vm/unified-vulnerabilities');
    expect(result.sitemap.some((e) => e.source === 'browser')).toBe(true);
    // The sign-out call is not made.
    expect(paths).not.toContain('/api/auth/logout/');
  });

  it('reports no finding about input handling', () => {
    const category = new Map(webTestCatalogue().map((t) => [t.id, t.category]));
    const flaws = result.findings.filter((f) => INPUT_FLAWS.test(`${f.test} ${category.get(f.test) ?? ''}`));
    expect(flaws.map((f) => `${f.test} ${f.method} ${f.url} ${f.parameter ?? ''}: ${f.evidence.how}`)).toEqual([]);
  });
});
