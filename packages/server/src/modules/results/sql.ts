// Small helpers for the set-based statements of results processing: rows of a raw query on either driver, and
// whole lists passed as ONE parameter (a Postgres array literal or a JSON document) so a batch is one round trip
// whatever its size, with no limit on the number of bind parameters.
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/** Runs a raw statement and gives its rows (PGlite and node-postgres both answer `{ rows }`). */
export async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** An integer list as one `int[]` parameter. */
export const intArray = (xs: Iterable<number>): SQL => sql`${`{${[...xs].map((x) => Math.trunc(x)).join(',')}}`}::int[]`;

/** A text list as one `text[]` parameter (elements quoted, so commas and quotes inside are safe). */
export const textArray = (xs: Iterable<string>): SQL =>
  sql`${`{${[...xs].map((x) => `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`}::text[]`;

/** Rows as one `jsonb` parameter, for `jsonb_to_recordset`. */
export const jsonRows = (xs: readonly unknown[]): SQL => sql`${JSON.stringify(xs)}::jsonb`;
