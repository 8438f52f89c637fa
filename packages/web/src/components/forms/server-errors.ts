// Hands a failed call's field errors back to the form that sent it (§5, §7) and returns the message to show above it.
import { isAlreadyReported, isApiError, messageOf } from '../../api/errors.ts';

export interface ErrorTarget {
  setErrors(errors: Record<string, string>): void;
}

/**
 * Field errors for `fields` go onto the form; errors of other fields join the general message.
 * The general message is the server's own (non_field_errors / message / detail) or `fallback`;
 * null when every error found a field and the server sent no general message, or the client already reported the failure.
 */
export function applyServerErrors(form: ErrorTarget, error: unknown, fields: readonly string[], fallback: string): string | null {
  if (!isApiError(error)) return fallback;
  // Already told: the client showed the timeout warning, or is taking the user to sign in again.
  if (isAlreadyReported(error)) return null;
  const onForm: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [field, text] of Object.entries(error.fieldErrors)) {
    if (fields.includes(field)) onForm[field] = text;
    else elsewhere.push(text);
  }
  form.setErrors(onForm);
  const handled = Object.keys(onForm).length > 0;
  if (error.hasServerMessage) return [messageOf(error, fallback), ...elsewhere].join(' ');
  if (elsewhere.length > 0) return elsewhere.join(' ');
  return handled ? null : messageOf(error, fallback);
}
