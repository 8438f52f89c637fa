// The cloud providers' errors, read the same way by the engine and by every collector: refused credentials, a call the
// stopped scan refused, and which provider answers mean throttling or refused credentials. Apart from engine.ts so the
// providers (which the engine loads) can use them without an import cycle.
/** A collector throws this when the credentials are refused (the run's error says auth failed, type 4). */
export class CloudAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CloudAuthError';
  }
}

/** A call the budget refused because the scan was stopped (abort, maxResources): collectors record it and go on. */
export class CloudStoppedError extends Error {
  constructor() {
    super('The scan was stopped before this call.');
    this.name = 'CloudStoppedError';
  }
}

/** Error codes and names the providers answer when the caller is going too fast (AWS, Azure, Google, OCI). */
const THROTTLING = new Set([
  'ThrottlingException',
  'Throttling',
  'ThrottledException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'TooManyRequestsException',
  'TooManyRequests',
  'SlowDown',
  'ProvisionedThroughputExceededException',
  'RateLimitExceeded',
  'rateLimitExceeded',
  'userRateLimitExceeded',
]);

/** Codes of a 503 that asks to be tried again later (Azure ServerBusy, AWS and OCI ServiceUnavailable). */
const BUSY = new Set(['ServerBusy', 'ServiceUnavailable', 'ServiceUnavailableException']);

/** Error codes that say the credentials themselves are refused (not a missing permission). */
const AUTH_FAILED = new Set([
  'InvalidClientTokenId',
  'SignatureDoesNotMatch',
  'UnrecognizedClientException',
  'AuthFailure',
  'ExpiredToken',
  'ExpiredTokenException',
  'InvalidAccessKeyId',
  'IncompleteSignature',
  'NotAuthenticated',
]);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  Code?: unknown;
  status?: unknown;
  statusCode?: unknown;
  $metadata?: { httpStatusCode?: number };
  retryAfterMs?: unknown;
}

/** The provider's error code of a thrown error ('AccessDenied', 'ThrottlingException' …), or its name. */
export function cloudErrorCode(err: unknown): string {
  if (!err || typeof err !== 'object') return 'Error';
  const e = err as ErrorLike;
  for (const v of [e.Code, e.code, e.name]) if (typeof v === 'string' && v && v !== 'Error') return v;
  return 'Error';
}

function httpStatus(err: unknown): number | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as ErrorLike;
  const s = e.$metadata?.httpStatusCode ?? e.statusCode ?? e.status;
  return typeof s === 'number' ? s : undefined;
}

/**
 * Whether the error asks the caller to slow down or come back: a throttling answer (429, ThrottlingException,
 * RequestLimitExceeded …), or a 503 that says the service is busy or names when to try again (Retry-After).
 */
export function isThrottling(err: unknown): boolean {
  const status = httpStatus(err);
  if (THROTTLING.has(cloudErrorCode(err)) || status === 429) return true;
  return status === 503 && (BUSY.has(cloudErrorCode(err)) || retryAfterOf(err) !== undefined);
}

/** How long the provider asked the caller to wait (its Retry-After), in ms, when it said. */
export function retryAfterOf(err: unknown): number | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const ms = (err as ErrorLike).retryAfterMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/** A Retry-After header (seconds or an HTTP date) as milliseconds from now; undefined when absent or unreadable. */
export function retryAfterHeader(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (value.trim() !== '' && Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Whether the error says the credentials are refused (401, InvalidClientTokenId, SignatureDoesNotMatch …). */
export function isAuthFailure(err: unknown): boolean {
  return err instanceof CloudAuthError || AUTH_FAILED.has(cloudErrorCode(err)) || httpStatus(err) === 401;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
