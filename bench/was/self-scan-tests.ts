// Where the test phase of a web scan spends its work on a single-page application: the suite's self-scan of Bulwark
// (BULWARK_SELF_SCAN=1 in e2e/was-self-scan.test.ts: /vm/ and /api/, 80 URLs, the input-handling tests, the browser
// on), run with each test wrapped so the bench counts, per test, its browser loads (run()), its own requests and its
// time, and for the whole test phase the requests sent (the HTTP client's and the browser's). Counts, not seconds,
// are the figures to compare: the machine's cores are shared.
// Run: npm run build -w @bulwark/web && npx tsx bench/was/self-scan-tests.ts
import { AsyncLocalStorage } from 'node:async_hooks';
import { launchWebBrowser } from '../../packages/scanner/src/web/browser.ts';
import {
  DEFAULT_WEB_LIMITS,
  runWebScan,
  WEB_TESTS,
  type WebFinding,
  type WebScanProgress,
  type WebTest,
  type WebTestContext,
} from '../../packages/scanner/src/web/index.ts';
import { signInAsAdmin } from '../../e2e/helpers/sign-in.ts';
import { ADMIN_EMAIL, startStack } from '../../e2e/helpers/stack.ts';

const INPUT_FLAWS = /inject|xss|script|travers|inclusion|upload|redirect|ssrf|xxe|xml|template|crlf|command/i;

interface Tally {
  jobs: number;
  /** Jobs that loaded a page in the browser at least once (for the DOM check: the pages it tried). */
  loaded: number;
  loads: number;
  requests: number;
  ms: number;
}
const tallies = new Map<string, Tally>();
const current = new AsyncLocalStorage<Tally>();
const tally = (id: string): Tally => {
  let t = tallies.get(id);
  if (!t) tallies.set(id, (t = { jobs: 0, loaded: 0, loads: 0, requests: 0, ms: 0 }));
  return t;
};

/** The test's context with its client's sends counted for the test that makes them. */
function counted(ctx: WebTestContext, t: Tally): WebTestContext {
  const client = ctx.client;
  const send: typeof client.send = (req) => {
    t.requests++;
    return client.send(req);
  };
  return { ...ctx, client: new Proxy(client, { get: (o, k) => (k === 'send' ? send : Reflect.get(o, k, o)) }) };
}

function wrap(test: WebTest): WebTest {
  const t = tally(test.id);
  const timed =
    <A>(fn: (a: A, ctx: WebTestContext) => Promise<WebFinding[]>) =>
    async (a: A, ctx: WebTestContext) => {
      const t0 = performance.now();
      const before = t.loads;
      t.jobs++;
      try {
        return await current.run(t, () => fn(a, counted(ctx, t)));
      } finally {
        if (t.loads > before) t.loaded++;
        t.ms += performance.now() - t0;
      }
    };
  return {
    ...test,
    ...(test.page ? { page: timed(test.page.bind(test)) } : {}),
    ...(test.point ? { point: timed(test.point.bind(test)) } : {}),
    ...(test.site ? { site: timed(test.site.bind(test)) } : {}),
  };
}

let phase: WebScanProgress['phase'] = 'login';
let browserRequestsInTests = 0;
let testPhaseStart: number | null = null;
let testPhaseStartMs = 0;

const stack = await startStack();
const { context, page } = await stack.newPage();
await signInAsAdmin(page);
const cookies = await context.cookies();
await context.close();
const csrf = cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
const started = performance.now();
const result = await runWebScan(
  {
    target: `${stack.baseUrl}/vm/unified-vulnerabilities`,
    discovery: false,
    scope: { pathPrefixes: ['/vm/', '/api/'] },
    limits: { ...DEFAULT_WEB_LIMITS, maxUrls: 80, requestsPerSecond: 400, parallel: 6, maxDurationS: 900, requestTimeoutMs: 15_000 },
    tests: WEB_TESTS.filter((t) => INPUT_FLAWS.test(`${t.id} ${t.category}`)).map((t) => t.id),
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
    signal: AbortSignal.timeout(1_000_000),
    tests: WEB_TESTS.map(wrap),
    launchBrowser: async (opts) => {
      const b = await launchWebBrowser({
        ...opts,
        pace: async (url) => {
          if (phase === 'test') browserRequestsInTests++;
          await opts.pace?.(url);
        },
      });
      if ('unavailable' in b) return b;
      return {
        ...b,
        run: (req) => {
          const t = current.getStore();
          if (t) t.loads++;
          return b.run(req);
        },
      };
    },
    onEvent: (e) => {
      if (e.type !== 'progress') return;
      phase = e.progress.phase;
      if (phase === 'test' && testPhaseStart === null) {
        testPhaseStart = e.progress.requestsSent;
        testPhaseStartMs = performance.now();
      }
    },
  },
);
const ended = performance.now();
await stack.close();

const rows = [...tallies].filter(([, t]) => t.jobs > 0).sort((a, b) => b[1].ms - a[1].ms);
console.log('test                         jobs  pages loaded  browser loads  own requests  time (s)');
for (const [id, t] of rows)
  console.log(
    `${id.padEnd(28)} ${String(t.jobs).padStart(5)} ${String(t.loaded).padStart(13)} ${String(t.loads).padStart(14)} ${String(t.requests).padStart(13)} ${(t.ms / 1000).toFixed(1).padStart(9)}`,
  );
const loads = rows.reduce((n, [, t]) => n + t.loads, 0);
console.log(
  `test phase: ${result.stats.requestsSent - (testPhaseStart ?? result.stats.requestsSent)} requests sent (${browserRequestsInTests} of them by the browser), ${loads} browser loads, ${((ended - testPhaseStartMs) / 1000).toFixed(0)} s`,
);
console.log(
  `scan: ${result.sitemap.length} pages, ${result.stats.requestsSent} requests, ${((ended - started) / 1000).toFixed(0)} s, errors ${JSON.stringify(result.errors.map((e) => e.type))}, findings ${JSON.stringify(result.findings.map((f) => `${f.test} ${f.url} ${f.parameter ?? ''}`))}`,
);
