// The one form helper for failed calls (§5, §7): the server's field errors (`{field: [msg]}`, 400 and 409) go onto the
// form's fields, and the message to show above the form (non_field_errors, message or detail, or errors of fields the
// form does not have) is returned.
import { isAlreadyReported, isApiError, messageOf } from '../../api/errors.ts';

export interface ErrorTarget {
  setErrors(errors: Record<string, string>): void;
}

/**
 * The form fields that receive server errors: a list of names the server and the form share, or a map of server field →
 * form field for names that differ (e.g. `{ cpe: 'query', package: 'query' }`).
 */
export type ErrorFields = readonly string[] | Readonly<Record<string, string>>;

function formFieldOf(fields: ErrorFields, serverField: string): string | undefined {
  if (Array.isArray(fields)) return fields.includes(serverField) ? serverField : undefined;
  return Object.hasOwn(fields, serverField) ? (fields as Readonly<Record<string, string>>)[serverField] : undefined;
}

/** Splits field errors into those for the form's fields (several for one field joined with a space) and the rest. */
export function splitFieldErrors(
  fieldErrors: Readonly<Record<string, string>>,
  fields: ErrorFields,
): { onForm: Record<string, string>; elsewhere: string[] } {
  const onForm: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [serverField, text] of Object.entries(fieldErrors)) {
    const field = formFieldOf(fields, serverField);
    if (field === undefined) elsewhere.push(text);
    else onForm[field] = onForm[field] ? `${onForm[field]} ${text}` : text;
  }
  return { onForm, elsewhere };
}

/**
 * Field errors for `fields` go onto the form; errors of other fields join the general message.
 * The general message is the server's own (non_field_errors / message / detail) or `fallback`;
 * null when every error found a field and the server sent no general message, or the client already reported the failure.
 */
export function applyServerErrors(form: ErrorTarget, error: unknown, fields: ErrorFields, fallback: string): string | null {
  if (!isApiError(error)) return fallback;
  // Already told: the client showed the timeout warning, or is taking the user to sign in again.
  if (isAlreadyReported(error)) return null;
  const { onForm, elsewhere } = splitFieldErrors(error.fieldErrors, fields);
  form.setErrors(onForm);
  const handled = Object.keys(onForm).length > 0;
  if (error.hasServerMessage) return [messageOf(error, fallback), ...elsewhere].join(' ');
  if (elsewhere.length > 0) return elsewhere.join(' ');
  return handled ? null : messageOf(error, fallback);
}
