// Choosing the text of a failure from a server error body (§8: non_field_errors or message preferred).
import { joinErrorArray } from './validators/errors.ts';

export type ErrorBody = Record<string, unknown> | null | undefined;

function asText(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (Array.isArray(value)) {
    const strings = value.filter((v): v is string => typeof v === 'string' && v !== '');
    return strings.length > 0 ? joinErrorArray(strings) : null;
  }
  return null;
}

/** non_field_errors, then message, then detail, else `fallback`. */
export function serverErrorMessage(body: ErrorBody, fallback: string): string {
  if (!body || typeof body !== 'object') return fallback;
  return asText(body.non_field_errors) ?? asText(body.message) ?? asText(body.detail) ?? fallback;
}

/** Errors keyed by form field (400 bodies), each list joined with a space as one field message. */
export function fieldErrors(body: ErrorBody): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body || typeof body !== 'object') return out;
  for (const [field, value] of Object.entries(body)) {
    if (field === 'non_field_errors' || field === 'message' || field === 'detail') continue;
    if (typeof value === 'string') out[field] = value;
    else if (Array.isArray(value)) {
      const strings = value.filter((v): v is string => typeof v === 'string');
      if (strings.length > 0) out[field] = strings.join(' ');
    }
  }
  return out;
}

/** A failed policy create shows the first item of the conditions error when present. */
export function policyCreateErrorMessage(body: ErrorBody, fallback: string): string {
  const conditions = body && typeof body === 'object' ? body.conditions : undefined;
  if (Array.isArray(conditions) && typeof conditions[0] === 'string') return conditions[0];
  if (typeof conditions === 'string' && conditions !== '') return conditions;
  return fallback;
}
