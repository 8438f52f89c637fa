// Request-input helpers the target and profile routes share: whole-object validation with DRF-style field errors,
// `ordering` parameters ('-' for descending) and ILIKE patterns for `search`.
import { z } from 'zod';
import { badRequest, type FieldErrors } from '../../http/errors.ts';

/** Parses `input` with `schema`; on failure throws 400 `{field: [msg]}` (issues on the whole object: non_field_errors). */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : 'non_field_errors';
    (errors[field] ??= []).push(issue.message);
  }
  throw badRequest(errors);
}

/** An `ordering` query parameter over `keys` (each also with '-'), with a default. */
export function orderingParam<K extends string>(keys: readonly [K, ...K[]], fallback: K | `-${K}`) {
  const values = [...keys, ...keys.map((k) => `-${k}` as const)] as [K | `-${K}`, ...(K | `-${K}`)[]];
  return z.enum(values, { error: `Order by one of: ${keys.join(', ')} (with - for descending).` }).default(fallback as never);
}

/** The key and direction of an ordering value. */
export function splitOrdering<K extends string>(value: K | `-${K}`): { key: K; descending: boolean } {
  return value.startsWith('-') ? { key: value.slice(1) as K, descending: true } : { key: value as K, descending: false };
}

/** `%text%` for ILIKE, with the pattern characters of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A PATCH body: any fields; the route merges them into the current object and validates the whole. */
export const patchBody = z.record(z.string(), z.unknown());
