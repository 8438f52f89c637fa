// The web-application scanner's contract: what a web task asks for (WebScanSpec, plain JSON so it travels to a remote
// probe), what the crawler hands the tests (pages, forms, insertion points), what a test is, and what the engine
// reports (findings with their evidence, the site map, progress, errors).
import { OWASP_2021_LABELS, type Owasp2021 } from '@bulwark/core';
import type { ScanError } from '../types.ts';

// ---------------------------------------------------------------------------------------------------------------
// The task.

/** The countries of the sensitive-content search (profile sc_ss_*): Denmark CPR, Norway fødselsnummer, Sweden
 * personnummer, US social security number. */
export type SensitiveCountry = 'dk' | 'no' | 'se' | 'us';

/** How the scanner signs in to the application. Secrets are decrypted by the server for this task only. */
export type WebAuthSpec =
  | {
      kind: 'form';
      /** The page with the login form (the form is found on it) or the URL it posts to. */
      loginUrl: string;
      username: string;
      password: string;
      /** Field names; found from the form (type=password, the text field before it) when left out. */
      usernameField?: string;
      passwordField?: string;
      /** Other fields to send as they are (e.g. a "remember me" box). */
      extraFields?: Record<string, string>;
      /** A regular expression a page shows only when signed in (e.g. "Logout|Sign out"). */
      loggedInIndicator?: string;
      /** A regular expression a page shows only when signed out (e.g. "Please sign in"). */
      loggedOutIndicator?: string;
      /** The page the session is checked on (default: the page the login lands on). */
      checkUrl?: string;
    }
  | { kind: 'basic' | 'digest'; username: string; password: string }
  /** Bearer tokens, API keys or cookies sent as headers with every request. */
  | { kind: 'headers'; headers: Record<string, string>; loggedInIndicator?: string; checkUrl?: string }
  /** A browser login sequence recorded as steps, replayed in the headless browser. */
  | {
      kind: 'recorded';
      steps: { action: 'goto' | 'fill' | 'click' | 'press' | 'wait'; url?: string; selector?: string; value?: string }[];
      loggedInIndicator?: string;
      loggedOutIndicator?: string;
      checkUrl?: string;
    };

export interface WebScope {
  /** Hosts (name or name:port) besides the target's own that are in scope. */
  hosts?: string[];
  /** Path prefixes the crawl stays under (default: the target URL's directory). */
  pathPrefixes?: string[];
  /** Regular expressions over the full URL: when given, a URL must match one. */
  include?: string[];
  /** Regular expressions over the full URL: a URL matching one is never requested. */
  exclude?: string[];
  /** Virtual host names to try on the target's address (Host header), each crawled as its own site. */
  vhosts?: string[];
}

export interface WebLimits {
  /** Distinct URLs the crawl may find before it stops with error 7 (max urls reached). Default 2,000. */
  maxUrls: number;
  /** Link depth from the start URL. Default 10. */
  maxDepth: number;
  /** Run time, seconds, before the scan stops with error 3 (run time exceeded). Default 3,600. */
  maxDurationS: number;
  /** Requests per second, all parallel requests together. Default 50. */
  requestsPerSecond: number;
  /** Requests in flight at once. Default 8. */
  parallel: number;
  /** Per-request timeout, ms. Default 10,000. */
  requestTimeoutMs: number;
}

export const DEFAULT_WEB_LIMITS: WebLimits = {
  maxUrls: 2000,
  maxDepth: 10,
  maxDurationS: 3600,
  requestsPerSecond: 50,
  parallel: 8,
  requestTimeoutMs: 10_000,
};

export interface WebScanSpec {
  /** The start URL (the web-application asset's URI). */
  target: string;
  /** A discovery scan: crawl and report the site map, technologies and virtual hosts; no tests. */
  discovery: boolean;
  scope: WebScope;
  limits: WebLimits;
  /** Crawl with the headless browser as well (runs scripts, follows client-side routes, fires events). */
  browser: boolean;
  /** Submit and follow what destroys state (logout, delete, reset, clear, unsubscribe …). Default off. */
  allowDestructive: boolean;
  /** Ids of the web tests to run (the profile's selection); undefined runs them all. */
  tests?: string[];
  /** The sensitive-content search: which countries' national identity numbers to look for. */
  sensitive: { countries: SensitiveCountry[] };
  auth?: WebAuthSpec;
  /**
   * Why the sign-in cannot be had for this scan (the server could not get its stored credential: a vault that refused
   * it, say). The scan then ends at once with error 4 and this reason, without a login attempt with empty values.
   */
  authUnavailable?: string;
  /** Headers sent with every request (besides the auth's). */
  headers?: Record<string, string>;
  userAgent?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP.

export interface WebRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send without the session (cookies and auth headers): to compare signed-in and signed-out answers. */
  anonymous?: boolean;
  timeoutMs?: number;
  /** Out-of-scope requests are refused unless set (a test asking an attacker-controlled or callback URL). */
  outOfScope?: boolean;
}

export interface WebResponse {
  /** The request as sent: method, URL, headers (the session's included), body. */
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  url: string;
  status: number;
  /** Header names lower-cased; a header sent several times (Set-Cookie) joined by '\n'. */
  headers: Record<string, string>;
  /** The body decoded as text (UTF-8, or latin1 when it is not), at most 2 MB. */
  body: string;
  truncated: boolean;
  /** From the request's first byte to the response's last, ms. */
  timeMs: number;
}

/** The one HTTP client of a web scan: scope, rate, parallelism, the session, counting. */
export interface WebClient {
  send(req: WebRequest): Promise<WebResponse>;
  /** Requests sent so far. */
  readonly requestsSent: number;
  /** The URL is in the scan's scope. */
  inScope(url: string): boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// What the crawl finds.

export type PageSource = 'start' | 'link' | 'form' | 'robots' | 'sitemap' | 'script' | 'browser' | 'redirect' | 'guess';

export interface FormField {
  name: string;
  /** input type, or 'textarea' / 'select'. */
  type: string;
  value: string;
  /** For select and radio: the values offered. */
  options?: string[];
}

export interface WebForm {
  /** The page the form is on. */
  page: string;
  /** Absolute URL the form submits to. */
  action: string;
  method: 'GET' | 'POST';
  enctype: 'application/x-www-form-urlencoded' | 'multipart/form-data' | 'text/plain' | 'application/json';
  fields: FormField[];
  /** Has a field that looks like an anti-CSRF token. */
  csrfToken: boolean;
}

export interface CrawledPage {
  url: string;
  method: string;
  status: number;
  contentType: string;
  depth: number;
  source: PageSource;
  /** Where it was found. */
  referrer?: string;
  title?: string;
  /** The response of the page (the crawl's own request). */
  response: WebResponse;
}

export type ParamLocation = 'query' | 'body' | 'json' | 'path' | 'header' | 'cookie' | 'multipart';

/** One place a value goes into the application: a query parameter, a form field, a JSON key, a path segment … */
export interface InsertionPoint {
  method: string;
  /** The URL as found (with its query); for location 'query' the parameter is replaced there. */
  url: string;
  location: ParamLocation;
  name: string;
  /** The value the application was seen with (a form's default, the link's value). */
  value: string;
  /** The other fields sent with it (a form's other fields, the query's other parameters, the JSON body). */
  fields: Record<string, string>;
  /** The form it came from, if any (for CSRF tokens refreshed before each test). */
  form?: WebForm;
  /** The page it was found on. */
  page: string;
}

export interface SiteMapEntry {
  url: string;
  method: string;
  status: number;
  contentType: string;
  depth: number;
  source: PageSource;
  referrer?: string;
  title?: string;
  /** Parameter names seen on this URL (query and form). */
  parameters: string[];
}

export interface Technology {
  name: string;
  version?: string;
  /** CPE 2.3 when known, so the intelligence can match CVEs. */
  cpe?: string;
  evidence: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Tests and findings.

/** OWASP Top 10 (2021): core's vocabulary, named here for the tests. */
export const OWASP_2021 = OWASP_2021_LABELS;
export type OwaspCategory = Owasp2021;

export interface WebTestInfo {
  /** Stable id, 'web-' prefixed: 'web-sqli-error', 'web-xss-reflected' … (the catalogue's and the finding's check id). */
  id: string;
  name: string;
  /** Catalogue category (the plus/minus lists work on it): 'sql-injection', 'xss', 'information-disclosure' … */
  category: string;
  /** 0 info … 4 critical. */
  severity: 0 | 1 | 2 | 3 | 4;
  cwe: string[];
  owasp: OwaspCategory;
  description: string;
  solution: string;
  references: string[];
  /** Active tests send payloads; passive ones only read what the crawl fetched. */
  kind: 'active' | 'passive';
}

export interface WebEvidence {
  /** The request that proves it (request line, headers, body), as sent. */
  request: string;
  /** The part of the response around the proof (at most a few hundred characters; sensitive matches masked). */
  response: string;
  /** What was seen: the error message, the reflected marker, the masked number … */
  proof: string;
  /** How it was confirmed: 'database error message', 'true/false responses differ', 'executed in the browser' … */
  how: string;
}

export interface WebFinding {
  /** The test's id. */
  test: string;
  url: string;
  method: string;
  parameter?: string;
  location?: ParamLocation;
  payload?: string;
  confidence: 'confirmed' | 'potential';
  /** Overrides the test's severity (e.g. a version-dependent finding). */
  severity?: 0 | 1 | 2 | 3 | 4;
  /** Overrides the test's name (e.g. 'jQuery 1.8.3 with known vulnerabilities'). */
  name?: string;
  cve?: string[];
  evidence: WebEvidence;
}

/** What a test gets: the client, the scan's settings, and the listener for out-of-band callbacks. */
export interface WebTestContext {
  client: WebClient;
  signal: AbortSignal;
  spec: WebScanSpec;
  /** The probe's callback listener, when it runs one: a unique URL per test and a way to ask whether it was called. */
  oob?: OobListener;
  /** The headless browser, when the scan has one: loads a request and says which execution markers fired. */
  browser?: WebBrowser;
  /** The site map so far (the crawl is over when point and site tests run): stored-XSS tests look for their markers. */
  sitemap(): readonly SiteMapEntry[];
  /** Report a problem that is not a finding (a test that could not run). */
  warn(message: string): void;
  /**
   * The client-side hash routes with a query that the browser crawl reached (`http://host/#/track-result?id=…`): the
   * site map keeps no fragments, so the DOM-based test learns them here.
   */
  clientRoutes?: readonly string[];
}

/** The name of the function a script payload calls to prove it ran: `__bwk('marker')`. The browser defines it. */
export const EXEC_HOOK = '__bwk';

export interface WebBrowser {
  /**
   * Loads the request in a fresh page with the session's cookies, waits for it to settle (scripts, timers, events
   * fired) and returns the markers passed to EXEC_HOOK, in order.
   */
  run(req: {
    url: string;
    method?: 'GET' | 'POST';
    body?: string;
    contentType?: string;
    /** Markers to follow into the page's sinks (innerHTML, eval, URL attributes …); answered as `reached`. */
    watch?: string[];
  }): Promise<{ executed: string[]; finalUrl: string; reached?: { marker: string; sink: string }[] }>;
}

export interface OobListener {
  /** A fresh URL on the listener; any request to it (HTTP) is recorded under the returned token. */
  url(): { token: string; url: string };
  /** Whether the token's URL was called (waits up to `waitMs` for it). */
  called(token: string, waitMs?: number): Promise<{ from: string; request: string } | null>;
}

export interface WebTest extends WebTestInfo {
  /** Passive: every in-scope response the scan received. Must be synchronous and cheap. */
  response?(res: WebResponse, ctx: WebTestContext): WebFinding[];
  /** Once per crawled page. */
  page?(page: CrawledPage, ctx: WebTestContext): Promise<WebFinding[]>;
  /** Once per insertion point (query parameter, form field …). */
  point?(point: InsertionPoint, ctx: WebTestContext): Promise<WebFinding[]>;
  /** Once per site (origin, or virtual host). */
  site?(origin: string, ctx: WebTestContext): Promise<WebFinding[]>;
}

// ---------------------------------------------------------------------------------------------------------------
// What the engine reports.

export type WebAuthState = 'none' | 'signed-in' | 'lost' | 'failed';

export interface WebScanProgress {
  percent: number;
  urlsFound: number;
  requestsSent: number;
  phase: 'login' | 'crawl' | 'browser' | 'test' | 'done';
  auth: WebAuthState;
}

/** One sample of a run's pace: the requests sent and URLs found so far, `atMs` after the start, in which phase. */
export interface WebTimelinePoint {
  atMs: number;
  requests: number;
  urls: number;
  phase: WebScanProgress['phase'];
}

export interface WebScanStats {
  /** Requests and URLs over time (at most WEB_TIMELINE_POINTS samples, evenly spread over the run). */
  timeline?: WebTimelinePoint[];
  startedAt: string;
  finishedAt?: string;
  durationMs?: number;
  urlsFound: number;
  requestsSent: number;
  parameters: number;
  forms: number;
  /** Times the session was found lost and established again. */
  reauthentications: number;
  auth: WebAuthState;
}

export interface WebScanResult {
  target: string;
  sitemap: SiteMapEntry[];
  forms: WebForm[];
  technologies: Technology[];
  /** Virtual hosts that answered with a site of their own. */
  vhosts: string[];
  findings: WebFinding[];
  /** Links and forms not followed because they would destroy state (logout, delete …), with the reason. */
  skipped: { url: string; reason: string }[];
  errors: ScanError[];
  stats: WebScanStats;
}

export type WebScanEvent =
  | { type: 'progress'; progress: WebScanProgress }
  | { type: 'page'; entry: SiteMapEntry }
  | { type: 'finding'; finding: WebFinding }
  | { type: 'error'; error: ScanError };
