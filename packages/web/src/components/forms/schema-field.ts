// Uses a core zod schema as a form validator: a field's first message (schemaMessage), or the first message of every
// field of a whole form (schemaErrors), so that a form checks what the server will check with the same words.

interface SafeParser {
  safeParse(
    data: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string; path: ReadonlyArray<PropertyKey> }> } };
}

export function schemaMessage(schema: SafeParser, data: unknown): string | null {
  const result = schema.safeParse(data);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

/**
 * The schema's first message for each top-level field, added to `errors` where it has none yet (the form's own checks
 * come first). An issue without a field goes on `fallback`, or is left out when there is none.
 */
export function schemaErrors(
  schema: SafeParser,
  data: unknown,
  errors: Record<string, string> = {},
  fallback = '',
): Record<string, string> {
  const result = schema.safeParse(data);
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? fallback);
    if (field !== '') errors[field] ??= issue.message;
  }
  return errors;
}
