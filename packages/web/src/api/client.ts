// The one HTTP client of the app (§7): JSON, cookies, CSRF header, 30 s timeout, renewal before calls, 401 handling.
import { REQUEST_TIMEOUT_MS, SESSION_RENEW_BEFORE_MS, TIMEOUT_RETRIES, authStatus } from '@bulwark/core';
import { ApiError, errorMessageFromBody } from './errors.ts';
import { CSRF_HEADER, csrfToken, isUnsafeMethod } from './csrf.ts';
import { buildQueryString, type QueryParams } from './query-string.ts';
import { lostSessionTarget, shouldRenewBefore } from './renewal.ts';
import { clearSessionState, recordAuthStatus, sessionState } from './session-state.ts';
import { CLIENT_TEXTS } from './texts.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Anything with a zod-like `parse`; the answer is checked against it. */
export interface AnswerSchema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Retry once, silently, when the first attempt times out (§9: apps and app assets). */
  retryOnTimeout?: boolean;
  /** Never renew the session before this call. */
  skipRenewal?: boolean;
  /** A 401 answer is only returned to the caller, the session is not ended. */
  ignoreUnauthorized?: boolean;
  schema?: AnswerSchema<T>;
  /** Which timeout warning to show (§8): 'brief' 2.5 s (default) or 'reload', the data layer's, with a Reload action. */
  timeoutWarning?: 'brief' | 'reload';
}

export interface ClientHooks {
  /** The session is gone: go to logout (or login) with the session_expired message. */
  onSessionLost(target: 'logout' | 'login'): void;
  /** A call timed out for good (no retry left). */
  onTimeout(warning: 'brief' | 'reload'): void;
}

let hooks: ClientHooks = { onSessionLost: () => undefined, onTimeout: () => undefined };

export function configureClient(next: ClientHooks): void {
  hooks = next;
}

export const API_ROOT = '/api/';

export function apiUrl(path: string, query?: QueryParams): string {
  return API_ROOT + path.replace(/^\/+/, '') + buildQueryString(query);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** The CSRF cookie is set by the first GET under /api/; fetch one when it is missing. */
async function ensureCsrfToken(): Promise<string | null> {
  const existing = csrfToken();
  if (existing) return existing;
  await fetch(apiUrl('check-authentication/'), { credentials: 'include', headers: { Accept: 'application/json' } });
  return csrfToken();
}

function sessionLost(target: 'logout' | 'login'): void {
  if (!sessionState().authenticated) return;
  clearSessionState();
  hooks.onSessionLost(target);
}

async function send<T>(method: HttpMethod, path: string, options: RequestOptions<T>, attempt: number): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | FormData | URLSearchParams | undefined;
  if (options.body instanceof FormData || options.body instanceof URLSearchParams) {
    // An upload, or a form (the digest settings): the browser writes the body and its Content-Type.
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (isUnsafeMethod(method)) {
    const token = await ensureCsrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const cancel = (): void => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', cancel, { once: true });

  let response: Response;
  let data: unknown;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
    data = await readBody(response);
  } catch {
    if (timedOut) {
      if (options.retryOnTimeout && attempt < TIMEOUT_RETRIES) return send(method, path, options, attempt + 1);
      hooks.onTimeout(options.timeoutWarning ?? 'brief');
      throw new ApiError({ kind: 'timeout', message: CLIENT_TEXTS.timeout });
    }
    if (options.signal?.aborted) throw new ApiError({ kind: 'cancelled', message: CLIENT_TEXTS.cancelled });
    throw new ApiError({ kind: 'network', message: CLIENT_TEXTS.network });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }

  if (response.status === 401 && !options.ignoreUnauthorized) sessionLost('logout');
  if (!response.ok) {
    const message = errorMessageFromBody(data) ?? `${CLIENT_TEXTS.httpError} (HTTP ${response.status})`;
    throw new ApiError({ kind: 'http', status: response.status, message, data });
  }
  if (!options.schema) return data as T;
  try {
    return options.schema.parse(data);
  } catch (error) {
    console.error(`Unexpected answer of ${method} ${path}`, error);
    throw new ApiError({ kind: 'invalid-answer', status: response.status, message: CLIENT_TEXTS.invalidAnswer, data });
  }
}

let renewal: Promise<void> | null = null;

/** POST auth/renew-session/; concurrent callers share one renewal. */
export function renewSession(): Promise<void> {
  renewal ??= send('POST', 'auth/renew-session/', { schema: authStatus, ignoreUnauthorized: true }, 0)
    .then((status) => {
      if (!status.isAuthenticated) throw new ApiError({ kind: 'http', status: 401, message: CLIENT_TEXTS.notAuthenticated });
      recordAuthStatus(status);
    })
    .finally(() => {
      renewal = null;
    });
  return renewal;
}

/** Sends one call; renews the session first when under 5 minutes remain (§8). */
export async function request<T>(method: HttpMethod, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const state = sessionState();
  const renew = shouldRenewBefore({
    path,
    authenticated: state.authenticated,
    expiresAt: state.expiresAt,
    now: Date.now(),
    renewBeforeMs: SESSION_RENEW_BEFORE_MS,
    skipRenewal: options.skipRenewal,
  });
  if (renew) {
    try {
      await renewSession();
    } catch {
      sessionLost(lostSessionTarget(state.customerLoaded));
      throw new ApiError({ kind: 'cancelled', message: CLIENT_TEXTS.notAuthenticated });
    }
  }
  return send(method, path, options, 0);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions<T>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, options),
  /** OPTIONS: what some lists answer about themselves (e.g. their count, §7). */
  options: <T>(path: string, options?: RequestOptions<T>) => request<T>('OPTIONS', path, options),
};
