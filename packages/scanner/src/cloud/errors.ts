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

/** Whether the error is a throttling answer (429, ThrottlingException, RequestLimitExceeded …). */
export function isThrottling(err: unknown): boolean {
  return THROTTLING.has(cloudErrorCode(err)) || httpStatus(err) === 429;
}

/** Whether the error says the credentials are refused (401, InvalidClientTokenId, SignatureDoesNotMatch …). */
export function isAuthFailure(err: unknown): boolean {
  return err instanceof CloudAuthError || AUTH_FAILED.has(cloudErrorCode(err)) || httpStatus(err) === 401;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
