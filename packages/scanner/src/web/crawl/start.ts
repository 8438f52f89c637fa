// The start URL of a web scan, asked before the crawl: it must answer (error 1), and its redirects must stay in the
// scope (error 8), or there is nothing to crawl.
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { AbortedError } from '../../net/limits.ts';
import type { ScanErrorType } from '../../types.ts';
import { AuthFailedError } from '../auth/session.ts';
import type { WebClient, WebResponse } from '../types.ts';
import type { Scope } from './scope.ts';

/** The start URL's answer after in-scope redirects; error 8 when it redirects out of scope, 1 when it does not answer. */
export async function probeStart(
  client: WebClient,
  target: string,
  scope: Scope,
): Promise<{ res: WebResponse } | { type: ScanErrorType; error: string }> {
  let url = target;
  try {
    for (let i = 0; i < 8; i++) {
      const res = await client.send({ method: 'GET', url });
      const loc = res.status >= 300 && res.status < 400 ? res.headers.location : undefined;
      if (!loc) return { res };
      const next = new URL(loc, url).href;
      if (!scope.inScope(next))
        return { type: SCAN_ERROR_TYPE.url_redirect, error: `The start URL ${target} redirects out of the scan's scope, to ${next}` };
      url = next;
    }
    return { type: SCAN_ERROR_TYPE.url_redirect, error: `The start URL ${target} redirects in a loop` };
  } catch (err) {
    if (err instanceof AbortedError || err instanceof AuthFailedError) throw err;
    return {
      type: SCAN_ERROR_TYPE.connection_failed,
      error: `The start URL ${target} did not answer: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}
