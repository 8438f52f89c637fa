// Error joining rules (platform-core §5) and the query _min/_max cap (§9).
import { QUERY_MIN_MAX_CAP } from '../constants.ts';

/** Several errors for one form field are shown joined with a space. */
export function joinFieldErrors(errors: readonly string[]): string {
  return errors.join(' ');
}

/** An array of errors (e.g. a server error list shown as one message) is joined with '. '. */
export function joinErrorArray(errors: readonly string[]): string {
  return errors.join('. ');
}

/** Caps a _min or _max query bound at 100. */
export function capQueryBound(value: number): number {
  return Math.min(value, QUERY_MIN_MAX_CAP);
}

/** Copy of query params with every numeric `*_min` / `*_max` value capped at 100. */
export function capMinMaxParams<T extends Record<string, unknown>>(params: T): T {
  const out: Record<string, unknown> = { ...params };
  for (const [key, value] of Object.entries(out)) {
    if (/_(min|max)$/.test(key) && typeof value === 'number') out[key] = capQueryBound(value);
  }
  return out as T;
}
