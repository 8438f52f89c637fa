// Saved filters of the vulnerability list (remediation/vm-filter-collection/): each user's own, names unique per user
// (409 "Saved filter with that name already exists"), at most one default, which the list applies when it opens.
import { sql } from 'drizzle-orm';
import { SAVED_FILTER_NAME_TAKEN, type SavedFilter } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict, notFound } from '../../http/errors.ts';

export interface Owner {
  customerId: number;
  userId: number;
}
type Filters = Record<string, string | string[]>;
interface Row extends Record<string, unknown> {
  id: number;
  name: string;
  filters: Filters;
  is_default: boolean;
  created_at: string | Date;
  updated_at: string | Date;
}

const toSavedFilter = (r: Row): SavedFilter => ({
  id: Number(r.id),
  name: r.name,
  filters: r.filters ?? {},
  is_default: Boolean(r.is_default),
  created: new Date(r.created_at).toISOString(),
  updated: new Date(r.updated_at).toISOString(),
});

const mine = (o: Owner) => sql`customer_id = ${o.customerId} and user_id = ${o.userId}`;

/** Runs a write that may hit the unique name, answering the spec's 409 for it. */
async function named<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict({ name: [SAVED_FILTER_NAME_TAKEN] });
    throw e;
  }
}

export async function listSavedFilters(db: Db, o: Owner): Promise<SavedFilter[]> {
  const rows = await queryRows<Row>(db, sql`select * from saved_filters where ${mine(o)} order by lower(name), id`);
  return rows.map(toSavedFilter);
}

async function one(db: Db | Tx, o: Owner, id: number): Promise<Row> {
  const [row] = await queryRows<Row>(db, sql`select * from saved_filters where ${mine(o)} and id = ${id}`);
  if (!row) throw notFound();
  return row;
}

export async function getSavedFilter(db: Db, o: Owner, id: number): Promise<SavedFilter> {
  return toSavedFilter(await one(db, o, id));
}

export async function createSavedFilter(db: Db, o: Owner, input: { name: string; filters: Filters }): Promise<SavedFilter> {
  return named(() =>
    db.transaction(async (tx) => {
      const [row] = await queryRows<Row>(
        tx,
        sql`insert into saved_filters (customer_id, user_id, name, filters)
            values (${o.customerId}, ${o.userId}, ${input.name}, ${JSON.stringify(input.filters)}::jsonb) returning *`,
      );
      return toSavedFilter(row!);
    }),
  );
}

export async function updateSavedFilter(db: Db, o: Owner, id: number, input: { name: string; filters: Filters }): Promise<SavedFilter> {
  return named(() =>
    db.transaction(async (tx) => {
      await one(tx, o, id);
      const [row] = await queryRows<Row>(
        tx,
        sql`update saved_filters set name = ${input.name}, filters = ${JSON.stringify(input.filters)}::jsonb, updated_at = now()
            where ${mine(o)} and id = ${id} returning *`,
      );
      return toSavedFilter(row!);
    }),
  );
}

export async function deleteSavedFilter(db: Db, o: Owner, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await one(tx, o, id);
    await tx.execute(sql`delete from saved_filters where ${mine(o)} and id = ${id}`);
  });
}

/** Makes this the user's one default (the previous default stops being one), or stops it being the default. */
export async function setDefaultSavedFilter(db: Db, o: Owner, id: number, isDefault: boolean): Promise<SavedFilter> {
  return db.transaction(async (tx) => {
    await one(tx, o, id);
    if (isDefault) await tx.execute(sql`update saved_filters set is_default = false where ${mine(o)} and is_default and id <> ${id}`);
    const [row] = await queryRows<Row>(
      tx,
      sql`update saved_filters set is_default = ${isDefault}, updated_at = now() where ${mine(o)} and id = ${id} returning *`,
    );
    return toSavedFilter(row!);
  });
}
