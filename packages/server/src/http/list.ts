// The list toolkit: every paged list call builds its query string and its answer from these pieces, so paging,
// ordering, the filter shapes of feature-areas §3 and the error format are the same everywhere (ARCHITECTURE: HTTP API).
// Modelled on DRF's PageNumberPagination, OrderingFilter and django-filter lookups, which the spec's calls follow.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { queryRows, TEXT_OPERATORS } from '../db/rows.ts';
import { badRequest, fieldErrors } from './errors.ts';

export { fieldErrors };

export { pageQuery, paged, pagedSchema, MAX_PAGE_SIZE } from './pagination.ts';

const INTEGER = 'A valid integer is required.';

/** An `ordering` parameter over `keys` ('-' for descending), parsed to its key and direction. */
export function ordering<K extends string>(keys: readonly K[], fallback: K | `-${K}`) {
  const values = [...keys, ...keys.map((k) => `-${k}` as const)] as [K | `-${K}`, ...(K | `-${K}`)[]];
  return z
    .enum(values, { error: `Order by one of: ${keys.join(', ')} (with - for descending).` })
    .default(fallback as never)
    .transform((v: K | `-${K}`) => splitOrdering(v));
}

/** The key and direction of an ordering value. */
export function splitOrdering<K extends string>(value: K | `-${K}`): { key: K; descending: boolean } {
  return value.startsWith('-') ? { key: value.slice(1) as K, descending: true } : { key: value as K, descending: false };
}

/** One end of a date range (`…_after` / `…_before`); a bare day as an upper bound includes the whole day. */
export const dateBound = (end: boolean) =>
  z
    .string()
    .trim()
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Enter a valid date or date and time (YYYY-MM-DD or ISO 8601).')
    .transform((v) => new Date(Date.parse(v) + (end && /^\d{4}-\d{2}-\d{2}$/.test(v) ? 86_400_000 - 1 : 0)))
    .optional();

/** `_min` / `_max` of a score: numbers from 0 to 100 (§9: capped at 100). */
export const scoreBound = z.coerce
  .number({ error: 'A valid number is required.' })
  .min(0, 'Ensure this value is greater than or equal to 0.')
  .max(100, 'Ensure this value is less than or equal to 100.')
  .optional();

export const integerParam = z.coerce.number({ error: INTEGER }).int(INTEGER);
export const idParam = integerParam.positive('Ensure this value is greater than 0.');
/** `:id` of a route (messages from core's zod-messages, as every other number). */
export const idParams = z.object({ id: z.coerce.number().int().positive() });

/** true/false/1/0 in a query string. */
export const boolParam = z
  .enum(['true', 'false', '1', '0', 'True', 'False'], { error: 'Must be true or false.' })
  .transform((v) => v === 'true' || v === '1' || v === 'True')
  .optional();

/** A parameter that may repeat (`?tag=1&tag=2`), as a list. */
export const listParam = <T extends z.ZodType>(item: T, max = 1000) =>
  // One value or many, always as a list, so each value's own message reaches the caller (a union would say only
  // "Invalid input").
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(max, `Choose at most ${max} values.`)).optional();

export const searchParam = z.string().trim().max(200, 'Ensure this field has no more than 200 characters.').optional();

/** A text filter `field__operator=value` (DRF lookups), e.g. `asset_name__starts_with=web`. */
export function textFilters<F extends string>(fields: readonly F[]) {
  const shape: Record<string, z.ZodOptional<z.ZodString>> = {};
  for (const f of fields) for (const op of TEXT_OPERATORS) shape[`${f}__${op}`] = z.string().max(500).optional();
  return shape;
}

/** Parses `input` with `schema`; on failure throws 400 `{field: [msg]}`. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw badRequest(fieldErrors(result.error.issues));
}

/** A PATCH body: any fields; the route merges them into the current object and validates the whole with parseInput. */
export const patchBody = z.record(z.string(), z.unknown());

/** Above this many rows a count is PostgreSQL's estimate instead of an exact count (the OPTIONS count of big lists). */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * The number of rows of `query` (a SELECT without ORDER BY or LIMIT): exact up to `exactLimit` (EXACT_COUNT_LIMIT unless
 * a list needs less), else the planner's estimate, so counting a million-row list costs no more than reading a page of it.
 */
export async function countRows(db: Db, query: SQL, exactLimit = EXACT_COUNT_LIMIT): Promise<{ count: number; exact: boolean }> {
  const [capped] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM (${query}) q LIMIT ${exactLimit + 1}) c`,
  );
  const n = Number(capped?.n ?? 0);
  if (n <= exactLimit) return { count: n, exact: true };
  const [first] = await queryRows<Record<string, unknown>>(db, sql`EXPLAIN (FORMAT JSON) ${query}`);
  const json = (first?.['QUERY PLAN'] ?? Object.values(first ?? {})[0]) as unknown;
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan?: { 'Plan Rows'?: number } }[];
  const estimate = Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? n);
  return { count: Math.max(estimate, n), exact: false };
}
