// A watched website's checks: availability, status, response time, redirects, TLS, security headers, content change
// (over a normalised page, so rotating tokens do not count) and keywords. What each check judges, and when it passes,
// warns or fails, is in docs/monitoring-website-checks.md.
import { STATUS_CODES } from 'node:http';
import type { MonitorCheck, TlsDetails, WebsiteCheckResult } from '@bulwark/core';
import { contentHash, pageText } from './content-normalise.ts';
import { fetchHop, secureContextFor, type Hop } from './website-fetch.ts';
import { securityHeaders, securityHeadersCheck } from './website-headers.ts';
import { tlsChecks, tlsDetails, type OriginTls } from './website-tls.ts';

export { contentHash, normaliseContent } from './content-normalise.ts';

export interface WebsiteCheckOptions {
  url: string;
  timeoutMs: number;
  /** Above this the response-time check warns. */
  slowMs: number;
  expectedStatus: number | null;
  keywordsRequired: string[];
  keywordsForbidden: string[];
  watchContent: boolean;
  /** The last run's content hash (null: first run, nothing to compare). */
  previousHash: string | null;
  /** A certificate expiring within this many days warns (and fails once expired). */
  certDays: number;
  /** The clock the certificate's days are counted by. */
  now: Date;
  /** PEM certificates trusted beside Node's roots (the operator's BULWARK_EXTRA_CA_FILE; a test's own CA). */
  extraCa?: string;
  signal?: AbortSignal;
  /**
   * Resolves a host name to an address instead of the system resolver (e.g. through the monitor's DNS servers). A
   * name that does not resolve should reject with an error whose `code` is ENOTFOUND.
   */
  resolveHost?: (hostname: string) => Promise<string>;
}

/** Redirects followed before the check gives up (as browsers do, a little stricter). */
export const MAX_REDIRECTS = 10;

interface Walk {
  hops: Hop[];
  redirects: { url: string; status: number }[];
  /** Why following the redirects stopped or went wrong (loop, too many, https → http, bad Location). */
  redirectProblem: string | null;
  downgrade: string | null;
  error: string | null;
}

const hostOf = (u: URL) => u.hostname.replace(/^\[|\]$/g, '');
const statusText = (s: number) => `${s}${STATUS_CODES[s] ? ` ${STATUS_CODES[s]}` : ''}`;
const is2xx = (s: number) => s >= 200 && s < 300;

function describeError(e: unknown, url: URL, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `No answer from ${url.host} within ${Math.round(timeoutMs / 100) / 10} s.`;
  const err = e as NodeJS.ErrnoException;
  const code = err.code ?? '';
  if (['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA'].includes(code)) return `The name ${url.hostname} does not resolve (DNS).`;
  if (code === 'ECONNREFUSED') return `${url.host} refused the connection.`;
  if (code === 'ECONNRESET') return `${url.host} closed the connection before answering.`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `${url.host} cannot be reached (no route).`;
  if (code === 'ETIMEDOUT') return `No answer from ${url.host} (connection timed out).`;
  if (code.startsWith('HPE_')) return `${url.host} answered with invalid HTTP (${code}).`;
  if (code.startsWith('ERR_SSL') || code === 'EPROTO' || /ssl|tls/i.test(err.message ?? ''))
    return `The TLS handshake with ${url.host} failed: ${err.message}`;
  return `${url.host} could not be checked: ${err.message ?? String(e)}`;
}

/** Requests the URL and follows its redirects by hand, one hop at a time, so each hop and its TLS is seen. */
async function walk(start: URL, opts: WebsiteCheckOptions, signal: AbortSignal, timedOut: () => boolean): Promise<Walk> {
  const w: Walk = { hops: [], redirects: [], redirectProblem: null, downgrade: null, error: null };
  const secureContext = secureContextFor(opts.extraCa);
  const resolveHost = opts.resolveHost;
  const visited = new Set<string>();
  let current = start;
  for (;;) {
    visited.add(current.href);
    let hop: Hop;
    try {
      hop = await fetchHop(current, { signal, secureContext, ...(resolveHost ? { resolveHost } : {}) });
    } catch (e) {
      if (opts.signal?.aborted) throw e;
      w.error = describeError(e, current, opts.timeoutMs, timedOut());
      return w;
    }
    w.hops.push(hop);
    const location = hop.headers.location;
    if (!(hop.status >= 300 && hop.status < 400 && location)) return w;
    w.redirects.push({ url: hop.url, status: hop.status });
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      w.redirectProblem = `${hop.url} redirects to an invalid address (${location}).`;
      return w;
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      w.redirectProblem = `${hop.url} redirects to a ${next.protocol} address, which is not a web page.`;
      return w;
    }
    if (visited.has(next.href)) {
      w.redirectProblem = `The redirects loop: ${hop.url} sends back to ${next.href}.`;
      return w;
    }
    if (w.redirects.length > MAX_REDIRECTS) {
      w.redirectProblem = `More than ${MAX_REDIRECTS} redirects; browsers give up.`;
      return w;
    }
    if (current.protocol === 'https:' && next.protocol === 'http:')
      w.downgrade ??= `${hop.url} redirects from HTTPS to plain HTTP (${next.href}).`;
    current = next;
  }
}

function contains(haystacks: string[], needle: string): boolean {
  const n = needle.replace(/\s+/g, ' ').trim().toLowerCase();
  return haystacks.some((h) => h.includes(n));
}

export async function checkWebsite(opts: WebsiteCheckOptions): Promise<WebsiteCheckResult> {
  const result: WebsiteCheckResult = {
    url: opts.url,
    final_url: null,
    status_code: null,
    response_ms: null,
    redirects: [],
    tls: null,
    security_headers: [],
    content_hash: opts.previousHash,
    content_changed: null,
    checks: [],
    error: null,
  };
  const checks = result.checks;
  const add = (check: string, target: string, status: MonitorCheck['status'], detail: string, value?: unknown) =>
    checks.push({ check, target, status, detail, ...(value === undefined ? {} : { value }) });

  let start: URL;
  try {
    start = new URL(opts.url);
    if (start.protocol !== 'http:' && start.protocol !== 'https:') throw new Error('scheme');
  } catch {
    result.error = `${opts.url} is not an http:// or https:// address.`;
    add('availability', opts.url, 'fail', result.error);
    return result;
  }

  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const began = performance.now();
  const w = await walk(start, opts, signal, () => timeout.aborted);
  const elapsed = Math.round(performance.now() - began);
  const last = w.hops.at(-1) ?? null;
  result.redirects = w.redirects;
  result.final_url = last?.url ?? null;
  result.status_code = last?.status ?? null;
  result.error = w.error;

  // Availability: the site answered at all (and, through its redirects, the last address answered too).
  if (!last) add('availability', opts.url, 'fail', w.error ?? 'No answer.');
  else if (w.error) add('availability', opts.url, 'fail', `${last.url} redirected to an address that did not answer: ${w.error}`);
  else add('availability', opts.url, 'pass', `${last.url} answered ${statusText(last.status)}.`, last.status);

  // The page: the last answer, unless the redirects went wrong or the chain broke off.
  const page = last && !w.error && !w.redirectProblem ? last : null;
  const expected = opts.expectedStatus;
  if (last && !w.error) {
    // An expected redirect (3xx) is judged on the first answer; anything else on the last one.
    const judged = expected !== null && expected >= 300 && expected < 400 ? w.hops[0]! : last;
    const ok = expected !== null ? judged.status === expected : is2xx(judged.status) && page !== null;
    const want = expected !== null ? `${statusText(expected)} expected` : 'a 2xx answer expected';
    add('status_code', judged.url, ok ? 'pass' : 'fail', `${judged.url} answered ${statusText(judged.status)} (${want}).`, judged.status);
  }
  if (page) {
    result.response_ms = elapsed;
    const slow = elapsed > opts.slowMs;
    add(
      'response_time',
      page.url,
      slow ? 'warn' : 'pass',
      slow
        ? `The page took ${elapsed} ms, above the ${opts.slowMs} ms threshold.`
        : `The page took ${elapsed} ms (threshold ${opts.slowMs} ms).`,
      elapsed,
    );
  }
  if (last) {
    const path = [...w.redirects.map((r) => r.url), last.url];
    if (w.redirectProblem) add('redirects', opts.url, 'fail', w.redirectProblem, w.redirects);
    else if (w.downgrade) add('redirects', opts.url, 'fail', `${w.downgrade} The page is no longer protected by TLS.`, w.redirects);
    else if (w.redirects.length)
      add(
        'redirects',
        opts.url,
        'pass',
        `${w.redirects.length} redirect${w.redirects.length === 1 ? '' : 's'}: ${path.join(' → ')}.`,
        w.redirects,
      );
    else add('redirects', opts.url, 'pass', 'No redirects.', w.redirects);
  }

  // TLS of every https origin the walk touched (a browser would have met each); `tls` is that of the last https hop.
  const origins = new Map<string, { tls: OriginTls; host: string }>();
  let lastTls: TlsDetails | null = null;
  for (const hop of w.hops) {
    if (!hop.tls) continue;
    const u = new URL(hop.url);
    const o = { tls: tlsDetails(hop.tls, hostOf(u), opts.now, opts.extraCa), host: hostOf(u) };
    if (!origins.has(u.origin)) origins.set(u.origin, o);
    lastTls = o.tls.details;
  }
  for (const [origin, o] of origins) checks.push(...tlsChecks(o.tls, origin, o.host, opts.now, opts.certDays));
  result.tls = lastTls;

  if (page) {
    const https = page.url.startsWith('https:');
    result.security_headers = securityHeaders(page.headers, https);
    checks.push(securityHeadersCheck(result.security_headers, page.url, https));
  }

  // Content and keywords are judged on the real page only (its expected status, else 2xx): an error page that comes
  // and goes must not count as two content changes. Otherwise the last hash is carried forward as the baseline.
  const contentPage =
    page && (expected !== null && !(expected >= 300 && expected < 400) ? page.status === expected : is2xx(page.status)) ? page : null;
  if (contentPage) {
    const body = contentPage.body ?? '';
    const part = contentPage.truncated ? ' (its first 5 MB)' : '';
    result.content_hash = contentHash(body);
    if (opts.watchContent) {
      if (opts.previousHash === null)
        add(
          'content_change',
          contentPage.url,
          'info',
          `First look: the page's content${part} is recorded to compare with later runs.`,
          result.content_hash,
        );
      else {
        result.content_changed = result.content_hash !== opts.previousHash;
        add(
          'content_change',
          contentPage.url,
          result.content_changed ? 'fail' : 'pass',
          result.content_changed
            ? `The page's content${part} changed since the last run (tokens, nonces and timestamps aside).`
            : `The page's content${part} is unchanged since the last run.`,
          { previous: opts.previousHash, current: result.content_hash },
        );
      }
    }
    const haystacks = [pageText(body).toLowerCase(), body.replace(/\s+/g, ' ').toLowerCase()];
    if (opts.keywordsRequired.length) {
      const missing = opts.keywordsRequired.filter((k) => !contains(haystacks, k));
      add(
        'keywords_required',
        contentPage.url,
        missing.length ? 'fail' : 'pass',
        missing.length
          ? `Missing from the page: ${missing.map((k) => `"${k}"`).join(', ')}.`
          : opts.keywordsRequired.length === 1
            ? 'The required keyword appears.'
            : `All ${opts.keywordsRequired.length} required keywords appear.`,
        { missing },
      );
    }
    if (opts.keywordsForbidden.length) {
      const found = opts.keywordsForbidden.filter((k) => contains(haystacks, k));
      add(
        'keywords_forbidden',
        contentPage.url,
        found.length ? 'fail' : 'pass',
        found.length
          ? `Found on the page: ${found.map((k) => `"${k}"`).join(', ')}.`
          : opts.keywordsForbidden.length === 1
            ? 'The forbidden keyword does not appear.'
            : `None of the ${opts.keywordsForbidden.length} forbidden keywords appear.`,
        { found },
      );
    }
  }
  return result;
}
