// A watched website's checks: availability, status, response time, redirects, TLS, security headers, content change
// (over a normalised page, so rotating tokens do not count) and keywords. (Pinned signature; built by its helper.)
import type { WebsiteCheckResult } from '@bulwark/core';

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
}

export async function checkWebsite(opts: WebsiteCheckOptions): Promise<WebsiteCheckResult> {
  throw new Error(`checkWebsite is not built yet (${opts.url})`);
}

/** The page with what changes on every load removed (CSRF tokens, nonces, timestamps, session ids). */
export function normaliseContent(html: string): string {
  return html;
}

/** sha256 (hex) of the normalised page. */
export function contentHash(html: string): string {
  return normaliseContent(html);
}
