// The error every API call rejects with; reads the server's error body with the core rules (§7, §8).
import { fieldErrors, serverErrorMessage, type ErrorBody } from '@bulwark/core';

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'cancelled' | 'invalid-answer';

function asErrorBody(body: unknown): ErrorBody {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/** The server's own message: non_field_errors or message first, then detail (§8); null when the body has none. */
export function errorMessageFromBody(body: unknown): string | null {
  const text = serverErrorMessage(asErrorBody(body), '');
  return text === '' ? null : text;
}

/** Field errors of a 400/409 body, one text per field (several joined with a space, §5). */
export function fieldErrorsFromBody(body: unknown): Record<string, string> {
  return fieldErrors(asErrorBody(body));
}

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status?: number;
  message: string;
  data?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no answer came. */
  readonly status: number;
  /** The answer body; for a cancelled call, the message itself (§8). */
  readonly data: unknown;
  /** Field errors to hand back to the form that sent the call. */
  readonly fieldErrors: Record<string, string>;
  /** True when the server sent a message of its own (non_field_errors, message or detail). */
  readonly hasServerMessage: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.data = init.kind === 'cancelled' ? init.message : init.data;
    this.fieldErrors = init.kind === 'http' ? fieldErrorsFromBody(init.data) : {};
    this.hasServerMessage = init.kind === 'http' && errorMessageFromBody(init.data) !== null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Failures the client has already shown (timeout warning) or acted on (session lost): no further message needed. */
export function isAlreadyReported(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'timeout' || error.kind === 'cancelled');
}

/**
 * The text to show for a failed call: the server's own message when it sent one, the client's own for
 * timeouts, unreachable server and cancelled calls, else `fallback` (e.g. 'Cannot save profile settings').
 */
export function messageOf(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  switch (error.kind) {
    case 'http':
      return error.hasServerMessage ? error.message : fallback;
    case 'invalid-answer':
      return fallback;
    default:
      return error.message;
  }
}
