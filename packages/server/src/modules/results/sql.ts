// Small helpers for the set-based statements of results processing: whole lists passed as ONE parameter (a Postgres array literal or a JSON document) so a batch is one round trip
// whatever its size, with no limit on the number of bind parameters.
import { sql, type SQL } from 'drizzle-orm';

/** An integer list as one `int[]` parameter. */
export { intArray, textArray } from '../../db/rows.ts';

/** Rows as one `jsonb` parameter, for `jsonb_to_recordset`. */
export const jsonRows = (xs: readonly unknown[]): SQL => sql`${JSON.stringify(xs)}::jsonb`;
