// Raw SQL with typed rows: db.execute answers differently typed results on PGlite and node-postgres; both have `rows`.
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

export async function queryRows<T extends Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
