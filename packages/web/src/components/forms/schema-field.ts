// Uses a core zod schema as a form field validator: null when the value passes, else the schema's first message.

interface SafeParser {
  safeParse(data: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

export function schemaMessage(schema: SafeParser, data: unknown): string | null {
  const result = schema.safeParse(data);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}
