// Raw SQL helpers shared by every repository: typed rows of a raw query (PGlite and node-postgres both answer
// `{ rows }`), and LIKE patterns with the pattern characters of user text escaped.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

export async function queryRows<T extends Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A number list as one `int[]` parameter (both drivers take the array literal text). */
export const intArray = (xs: Iterable<number>): SQL => sql`${`{${[...xs].map((x) => Math.trunc(x)).join(',')}}`}::int[]`;

/** A text list as one `text[]` parameter (elements quoted, so commas and quotes inside are safe). */
export const textArray = (xs: Iterable<string>): SQL =>
  sql`${`{${[...xs].map((x) => `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`}::text[]`;

/** User text for a LIKE pattern: `%`, `_` and `\\` match themselves. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for ILIKE, with the pattern characters of the text escaped. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** Text operators of §3 (starts_with, ends_with, contains, is, is_not). */
export const TEXT_OPERATORS = ['starts_with', 'ends_with', 'contains', 'is', 'is_not'] as const;
export type TextOperator = (typeof TEXT_OPERATORS)[number];

/** The SQL condition of a text filter on `column`, case-insensitive. */
export function textCondition(column: SQL, operator: TextOperator, value: string): SQL {
  switch (operator) {
    case 'starts_with':
      return sql`${column} ILIKE ${`${escapeLike(value)}%`}`;
    case 'ends_with':
      return sql`${column} ILIKE ${`%${escapeLike(value)}`}`;
    case 'contains':
      return sql`${column} ILIKE ${containsPattern(value)}`;
    case 'is':
      return sql`lower(${column}) = lower(${value})`;
    case 'is_not':
      return sql`lower(${column}) <> lower(${value})`;
  }
}

/** The conditions of a date range filter (`…_after` / `…_before`) on a timestamp column; none for an open end. */
export function timeRange(column: SQL, after?: Date, before?: Date): SQL[] {
  const out: SQL[] = [];
  if (after) out.push(sql`${column} >= ${after.toISOString()}::timestamptz`);
  if (before) out.push(sql`${column} <= ${before.toISOString()}::timestamptz`);
  return out;
}

/** Rows as one `jsonb` parameter, for `jsonb_to_recordset` (one parameter whatever the number of rows). */
export const jsonRows = (xs: readonly unknown[]): SQL => sql`${JSON.stringify(xs)}::jsonb`;
