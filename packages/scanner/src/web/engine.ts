// Runs one web-application scan: sign in, crawl (HTTP and, when asked, the headless browser), run the selected tests
// on every response, page, insertion point and site, and report progress, findings and errors as it goes. The
// limits hold throughout: the run time (error 3, on the injected clock), the URL count (error 7), the scope, the rate;
// a lost session that cannot be re-established ends the scan with error 4; cancelling returns what was found so far.
import { setMaxListeners } from 'node:events';
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { AbortedError } from '../net/limits.ts';
import type { ScanError, ScanErrorType } from '../types.ts';
import { AuthFailedError, WebSession } from './auth/session.ts';
import { launchWebBrowser, type BrowserRequest, type WebBrowserSession } from './browser.ts';
import { runBrowserPhase } from './browser-phase.ts';
import { Crawler } from './crawl/crawler.ts';
import { Scope } from './crawl/scope.ts';
import { probeStart } from './crawl/start.ts';
import { findVhosts } from './crawl/vhosts.ts';
import { ScanHttpClient } from './http.ts';
import { startOobListener, type OobServer } from './oob.ts';
import { describeOutage } from './outage.ts';
import { insertionPoints } from './points.ts';
import { detectTechnologies } from './technologies.ts';
import { WEB_TESTS } from './tests/index.ts';
import {
  DEFAULT_WEB_LIMITS,
  type CrawledPage,
  type OobListener,
  type SiteMapEntry,
  type Technology,
  type WebFinding,
  type WebResponse,
  type WebScanEvent,
  type WebScanProgress,
  type WebScanResult,
  type WebScanSpec,
  type WebTest,
  type WebTestContext,
} from './types.ts';
import { wafBlock, WafWatch } from './waf.ts';
import { WebTimeline } from './timeline.ts';

export interface WebScanOptions {
  signal: AbortSignal;
  onEvent?(event: WebScanEvent): void;
  /** The probe's callback listener (started by the caller; the engine starts its own on 127.0.0.1 when absent). */
  oob?: OobListener;
  /** The clock (tests move it to expire sessions or reach the run-time limit without waiting). */
  now?(): number;
  /** The tests to choose from (default: WEB_TESTS); the engine's own tests hand in theirs. */
  tests?: readonly WebTest[];
  /** Starts the headless browser (default: launchWebBrowser). */
  launchBrowser?: typeof launchWebBrowser;
  /** Progress events every this many ms (default 1,000). */
  progressEveryMs?: number;
}

/** Errors a failing test may add before the rest of its failures are only counted. */
const TEST_ERRORS_PER_TEST = 3;

export async function runWebScan(spec: WebScanSpec, opts: WebScanOptions): Promise<WebScanResult> {
  const now = opts.now ?? Date.now;
  const startedMs = now();
  const startedAt = new Date().toISOString();
  const limits = { ...DEFAULT_WEB_LIMITS, ...spec.limits };
  const deadline = startedMs + limits.maxDurationS * 1000;
  const stop = new AbortController();
  const signal = AbortSignal.any([opts.signal, stop.signal]);
  setMaxListeners(0, signal);
  const emit = (e: WebScanEvent): void => opts.onEvent?.(e);

  const errors: ScanError[] = [];
  const error = (type: ScanErrorType, message: string): void => {
    const e = { type, message };
    errors.push(e);
    emit({ type: 'error', error: e });
  };
  let timeUp = false;
  const expired = (): boolean => {
    if (!timeUp && now() > deadline) {
      timeUp = true;
      error(
        SCAN_ERROR_TYPE.run_time_exceeded,
        `The scan reached its run-time limit (${limits.maxDurationS} s) and stopped; its results are incomplete`,
      );
      stop.abort();
    }
    return timeUp;
  };

  // Selection: a discovery scan runs no tests; otherwise the profile's ids (all when undefined).
  const pool = opts.tests ?? WEB_TESTS;
  const wanted = spec.tests ? new Set(spec.tests) : null;
  const selected = spec.discovery ? [] : pool.filter((t) => !wanted || wanted.has(t.id));
  const passive = selected.filter((t) => t.response);

  const scope = new Scope(spec.target, spec.scope);
  const sitemap: SiteMapEntry[] = [];
  const pages: CrawledPage[] = [];
  const findings = new Map<string, WebFinding>();
  const technologies = new Map<string, Technology>();
  const skipped: { url: string; reason: string }[] = [];
  const vhosts: string[] = [];
  const waf = new WafWatch();
  let phase: WebScanProgress['phase'] = 'login';
  let testsTotal = 0;
  let testsDone = 0;

  const addFinding = (f: WebFinding): void => {
    const u = new URL(f.url);
    const key = `${f.test}|${u.origin}${u.pathname}|${f.method}|${f.parameter ?? ''}`;
    if (findings.has(key)) return;
    findings.set(key, f);
    emit({ type: 'finding', finding: f });
  };

  const onResponse = (res: WebResponse): void => {
    // Callbacks and other hosts a test asked are not the application's answers.
    if (!scope.hostInScope(new URL(res.url))) return;
    for (const t of detectTechnologies(res)) {
      const had = technologies.get(t.name);
      if (!had || (!had.version && t.version)) technologies.set(t.name, t);
    }
    const blocked = waf.observe(res, phase === 'test');
    if (blocked)
      error(
        SCAN_ERROR_TYPE.waf_detected,
        `A web application firewall (${blocked}) blocks the scan's test requests (${res.status} at ${res.url}); the results may be incomplete`,
      );
    if (!scope.inScope(res.url)) return;
    for (const t of passive) {
      try {
        for (const f of t.response!(res, ctx)) addFinding(f);
      } catch (err) {
        testError(t, res.url, err);
      }
    }
  };

  // A Cookie header of the profile goes into the jar: the jar writes each request's Cookie line, the app's own included.
  const profileHeaders = { ...(spec.headers ?? {}) };
  const profileCookies = Object.entries(profileHeaders).filter(([k]) => k.toLowerCase() === 'cookie');
  for (const [k] of profileCookies) delete profileHeaders[k];
  const client = new ScanHttpClient({
    requestsPerSecond: limits.requestsPerSecond,
    parallel: limits.parallel,
    timeoutMs: limits.requestTimeoutMs,
    signal,
    inScope: (u) => scope.inScope(u),
    headers: { ...profileHeaders, ...(spec.userAgent ? { 'user-agent': spec.userAgent } : {}) },
    onResponse,
    onOutage: (o) => error(SCAN_ERROR_TYPE.no_response, describeOutage(o)),
  });
  for (const [, line] of profileCookies)
    for (const pair of line.split(';')) {
      const eq = pair.indexOf('=');
      if (eq > 0) client.cookies.put(spec.target, pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }

  // The browser starts on first need (the browser crawl, a recorded login) and once only.
  let browser: Promise<WebBrowserSession | { unavailable: string }> | null = null;
  const getBrowser = (): Promise<WebBrowserSession | { unavailable: string }> =>
    (browser ??= (opts.launchBrowser ?? launchWebBrowser)({
      cookies: (url) => client.cookies.entries(url).map((c) => ({ ...c, domain: new URL(url).hostname, path: '/' })),
      storage: () => client.browserStorage,
      headers: { ...(spec.headers ?? {}), ...client.sessionHeaders },
      ...(spec.userAgent ? { userAgent: spec.userAgent } : {}),
      inScope: (u) => scope.inScope(u),
      // The browser's own requests keep to the scan's rate and count as sent; virtual hosts are reached at their
      // mapped address, and basic/digest credentials answer their origin's challenges.
      pace: () => client.paceBrowserRequest(),
      hostMap: (host) => client.hostMap.get(host),
      ...(spec.auth?.kind === 'basic' || spec.auth?.kind === 'digest'
        ? { httpCredentials: { username: spec.auth.username, password: spec.auth.password, origin: new URL(spec.target).origin } }
        : {}),
      signal,
    }).catch((err: unknown) => ({ unavailable: err instanceof Error ? err.message : String(err) })));

  const session = new WebSession(spec.auth, {
    client,
    target: spec.target,
    profileHeaders: spec.headers,
    browser: getBrowser,
    signal,
    onFailed: () => stop.abort(),
  });
  let oob = opts.oob;
  let ownOob: OobServer | undefined;
  const testErrors = new Map<string, number>();
  /** A test that threw: said (a few times per test), never fatal; a lost session or a stop is not the test's fault. */
  const testError = (t: WebTest, url: string, err: unknown): void => {
    if (err instanceof AuthFailedError || err instanceof AbortedError || signal.aborted) return;
    const n = (testErrors.get(t.id) ?? 0) + 1;
    testErrors.set(t.id, n);
    if (n <= TEST_ERRORS_PER_TEST)
      error(SCAN_ERROR_TYPE.internal, `Web test ${t.id} failed on ${url}: ${err instanceof Error ? err.message : String(err)}`);
  };
  const ctx: WebTestContext = {
    client: session,
    signal,
    spec,
    sitemap: () => sitemap,
    warn: (message) => error(SCAN_ERROR_TYPE.internal, message),
  };

  const crawler = new Crawler({
    client: session,
    scope,
    maxUrls: limits.maxUrls,
    maxDepth: limits.maxDepth,
    parallel: limits.parallel,
    allowDestructive: spec.allowDestructive,
    signal,
    expired,
    avoid: (url) => (session.isLoginUrl(url) ? 'the login page: requesting it during the scan could end the session' : null),
    onPage: (page, entry) => {
      pages.push(page);
      sitemap.push(entry);
      emit({ type: 'page', entry });
    },
    onSkip: (url, reason) => skipped.push({ url, reason }),
  });

  const progress = (): WebScanProgress => ({
    percent: Math.min(
      100,
      Math.round(
        phase === 'done'
          ? 100
          : phase === 'test'
            ? 40 + (60 * testsDone) / Math.max(1, testsTotal)
            : phase === 'login'
              ? 0
              : 40 * crawler.progress(),
      ),
    ),
    urlsFound: sitemap.length,
    requestsSent: client.requestsSent,
    phase,
    auth: session.state,
  });
  const timeline = new WebTimeline();
  const ticker = setInterval(() => {
    expired();
    const p = progress();
    timeline.tick(now() - startedMs, p);
    emit({ type: 'progress', progress: p });
  }, opts.progressEveryMs ?? 1000);

  let requests: BrowserRequest[] = [];
  const sites: string[] = [new URL(spec.target).origin];
  try {
    // 1. Sign in.
    if (spec.authUnavailable) {
      error(SCAN_ERROR_TYPE.auth_failed, spec.authUnavailable);
      return finish();
    }
    if (!(await session.start())) {
      error(SCAN_ERROR_TYPE.auth_failed, session.failure ?? 'The login failed');
      return finish();
    }
    // 2. The start URL: it must answer, and not send the scan out of scope.
    phase = 'crawl';
    emit({ type: 'progress', progress: progress() });
    const start = await probeStart(session, spec.target, scope);
    if ('error' in start) {
      error(start.type, start.error);
      return finish();
    }
    // A firewall that blocks the scanner outright (a challenge page at the start) is said at once.
    const blockedAtStart = wafBlock(start.res);
    if (blockedAtStart)
      error(
        SCAN_ERROR_TYPE.waf_detected,
        `A web application firewall (${blockedAtStart}) blocks the scanner at the start URL (${start.res.status}); the results may be incomplete`,
      );
    crawler.seed(spec.target, 'start');
    await crawler.seedSite(new URL(spec.target).origin);
    await findVhosts(spec, client, scope, start.res, (v) => {
      vhosts.push(v.host);
      sites.push(v.origin);
      crawler.seed(v.url, 'start');
    });
    for (const origin of sites.slice(1)) await crawler.seedSite(origin);
    await crawler.run();

    // 3. The browser crawl: client-side routes, the requests the scripts make, forms drawn by scripts.
    if (spec.browser && !signal.aborted) {
      phase = 'browser';
      emit({ type: 'progress', progress: progress() });
      const browsed = await runBrowserPhase({
        browser: getBrowser,
        crawler,
        startUrls: sites.map((s) => (s === sites[0] ? spec.target : `${s}/`)),
        limits,
        inScope: (u) => scope.inScope(u) && !session.isLoginUrl(u),
        allowDestructive: spec.allowDestructive,
        signal,
        now,
        deadline,
        checkEveryMs: opts.progressEveryMs ?? 1000,
        error,
        skipped,
      });
      if (browsed) {
        requests = browsed.requests;
        ctx.browser = browsed.browser;
        ctx.clientRoutes = browsed.routes;
        phase = 'crawl';
        await crawler.run();
      }
    }
    if (crawler.failures.length > 0) {
      const first = crawler.failures[0]!;
      error(
        SCAN_ERROR_TYPE.no_response,
        `${crawler.failures.length} URL${crawler.failures.length === 1 ? '' : 's'} of the crawl got no answer (first: ${first.url}: ${first.message})`,
      );
    }
    if (sitemap.length === 0 && !signal.aborted)
      error(SCAN_ERROR_TYPE.empty_result, `The crawl found no pages: the start URL answered ${start.res.status}`);
    if (crawler.maxUrlsReached)
      error(
        SCAN_ERROR_TYPE.max_urls_reached,
        `The crawl reached its URL limit (${limits.maxUrls}); pages past it were not crawled or tested`,
      );

    // 4. The tests: every page, insertion point and site, `parallel` at a time.
    if (selected.length > 0 && !signal.aborted) {
      phase = 'test';
      emit({ type: 'progress', progress: progress() });
      if (!oob && selected.some((t) => t.kind === 'active')) {
        try {
          oob = ownOob = await startOobListener({ host: '127.0.0.1' });
        } catch (err) {
          error(
            SCAN_ERROR_TYPE.internal,
            `No out-of-band listener: callback-confirmed tests are limited (${err instanceof Error ? err.message : String(err)})`,
          );
        }
      }
      if (oob) ctx.oob = oob;
      const points = insertionPoints({ pages, forms: crawler.forms, requests, avoid: (u) => session.isLoginUrl(u) });
      const jobs: { test: WebTest; url: string; run: () => Promise<WebFinding[]> }[] = [];
      for (const t of selected) {
        if (t.page) for (const p of pages) jobs.push({ test: t, url: p.url, run: () => t.page!(p, ctx) });
        if (t.point) for (const p of points) jobs.push({ test: t, url: p.url, run: () => t.point!(p, ctx) });
        if (t.site) for (const s of sites) jobs.push({ test: t, url: s, run: () => t.site!(s, ctx) });
      }
      testsTotal = jobs.length;
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < jobs.length && !signal.aborted && !expired()) {
          const job = jobs[next++]!;
          try {
            for (const f of await job.run()) addFinding(f);
          } catch (err) {
            if (err instanceof AuthFailedError) throw err;
            testError(job.test, job.url, err);
          } finally {
            testsDone++;
          }
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, limits.parallel) }, worker));
    }
  } catch (err) {
    if (err instanceof AuthFailedError) {
      error(SCAN_ERROR_TYPE.auth_failed, err.message);
      stop.abort();
    } else if (!(err instanceof AbortedError) && !signal.aborted) {
      error(SCAN_ERROR_TYPE.internal, `The web scan failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return finish();

  async function finish(): Promise<WebScanResult> {
    clearInterval(ticker);
    // However the loss surfaced (a test may have caught the error), a session lost for good is error 4.
    if (session.state === 'failed' && !errors.some((e) => e.type === SCAN_ERROR_TYPE.auth_failed))
      error(SCAN_ERROR_TYPE.auth_failed, session.failure ?? 'The session was lost');
    phase = 'done';
    const last = progress();
    emit({ type: 'progress', progress: last });
    await Promise.allSettled([ownOob?.close(), browser?.then((b) => ('close' in b ? b.close() : undefined))]);
    client.close();
    const finishedMs = now();
    return {
      target: spec.target,
      sitemap,
      forms: crawler.forms,
      technologies: [...technologies.values()],
      vhosts,
      findings: [...findings.values()],
      skipped,
      errors,
      stats: {
        startedAt,
        finishedAt: new Date(Date.parse(startedAt) + (finishedMs - startedMs)).toISOString(),
        durationMs: finishedMs - startedMs,
        urlsFound: sitemap.length,
        requestsSent: client.requestsSent,
        parameters: new Set(sitemap.flatMap((e) => e.parameters.map((p) => `${new URL(e.url).pathname} ${p}`))).size,
        forms: crawler.forms.length,
        reauthentications: session.reauthentications,
        auth: session.state,
        timeline: timeline.finish(finishedMs - startedMs, last),
      },
    };
  }
}
