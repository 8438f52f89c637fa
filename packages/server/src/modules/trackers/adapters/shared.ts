// What the tracker adapters share of HTTP: how long a 429/503 asks to wait, and a webhook call authenticated by a shared
// secret header with a JSON body (ServiceNow's business rule and TOPdesk's action sequence both call that way).
import { safeEqual } from '../../../lib/secrets.ts';
import { TrackerError } from '../adapter.ts';

/** The header ServiceNow's and TOPdesk's webhook calls carry the secret in. */
export const SHARED_SECRET_HEADER = 'x-bulwark-secret';

/** Seconds to wait from a Retry-After header (seconds or an HTTP date). */
export function retryAfterOf(header: string | null): number | null {
  if (!header) return null;
  const n = Number(header);
  if (Number.isFinite(n)) return Math.max(0, Math.ceil(n));
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The JSON body of a webhook call whose secret header matches (a missing or wrong one is 401, a body not JSON 400). */
export function sharedSecretBody(
  label: string,
  secret: string | null | undefined,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
): unknown {
  const raw = headers[SHARED_SECRET_HEADER];
  const given = Array.isArray(raw) ? raw[0] : raw;
  if (!secret || !given || !safeEqual(given, secret)) throw new TrackerError(`${label} webhook: missing or wrong secret`, 401);
  try {
    return JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    throw new TrackerError(`${label} webhook: the body is not JSON`, 400);
  }
}
