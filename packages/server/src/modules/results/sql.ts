// Small helpers for the set-based statements of results processing: whole lists passed as ONE parameter (a Postgres array literal or a JSON document) so a batch is one round trip
// whatever its size, with no limit on the number of bind parameters.
import { sql, type SQL } from 'drizzle-orm';

/** An integer list as one `int[]` parameter. */
export { intArray } from '../../db/rows.ts';

/** A text list as one `text[]` parameter (elements quoted, so commas and quotes inside are safe). */
export const textArray = (xs: Iterable<string>): SQL =>
  sql`${`{${[...xs].map((x) => `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`}::text[]`;

/** Rows as one `jsonb` parameter, for `jsonb_to_recordset`. */
export const jsonRows = (xs: readonly unknown[]): SQL => sql`${JSON.stringify(xs)}::jsonb`;
