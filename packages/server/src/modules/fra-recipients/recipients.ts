// The rules of changing recipients: each recipient has its recipient asset (kind 'recipient', type 5, value = the
// lower-case address, name = the person's name, email_address) written in the same transaction; its tags are the
// asset's static tags; one address per customer (400 on `email`); deleting a recipient deletes its asset and with it
// the asset's findings. Many recipients change at once through a bulk change (tags, department, language, active).
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ASSET_TYPE, type Recipient, type recipientInput } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { refreshAssetsDerived } from '../assets/index.ts';
import { getRecipient, isId } from './read-model.ts';

export type RecipientValues = z.output<typeof recipientInput>;
export const DUPLICATE_EMAIL = 'A recipient with this email address already exists.';
const unlimited = (customerId: number) => ({ customerId, limitedToTags: null });

/** The name the recipient asset shows: the person's full name, else the address. */
export const assetNameOf = (v: { first_name: string; last_name: string; email: string }) =>
  `${v.first_name} ${v.last_name}`.trim() || v.email;

/** 400 on `tags` when a tag is not the customer's or is dynamic (its rules decide who carries it). */
export async function checkTags(tx: Db | Tx, customerId: number, tagIds: readonly number[]): Promise<void> {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return;
  const found = await queryRows<{ id: number; is_dynamic: boolean }>(
    tx,
    sql`select id, is_dynamic from tags where customer_id = ${customerId} and id = any(${intArray(unique)})`,
  );
  const have = new Map(found.map((t) => [Number(t.id), Boolean(t.is_dynamic)]));
  const messages = unique.flatMap((id) =>
    !have.has(id) ? [`No tag with id ${id}.`] : have.get(id) ? [`Tag ${id} is dynamic: its rules decide which recipients carry it.`] : [],
  );
  if (messages.length) throw badRequest({ tags: messages });
}

/** Replaces the static tags of the assets with `tagIds` (dynamic tags stay theirs). */
export async function setTags(tx: Tx, customerId: number, assetIds: readonly number[], tagIds: readonly number[]): Promise<void> {
  if (assetIds.length === 0) return;
  await tx.execute(sql`
    delete from asset_tags at using tags t
    where at.asset_id = any(${intArray(assetIds)}) and t.id = at.tag_id and not t.is_dynamic
      and not (at.tag_id = any(${intArray(tagIds)}))`);
  await addTags(tx, customerId, assetIds, tagIds);
}

export async function addTags(tx: Tx, customerId: number, assetIds: readonly number[], tagIds: readonly number[]): Promise<void> {
  if (assetIds.length === 0 || tagIds.length === 0) return;
  await tx.execute(sql`
    insert into asset_tags (tag_id, asset_id, customer_id)
    select t, a, ${customerId} from unnest(${intArray(tagIds)}) t cross join unnest(${intArray(assetIds)}) a
    on conflict do nothing`);
}

/** Inserts or renames the recipient asset of an address; answers its id. */
export async function upsertAsset(tx: Tx, customerId: number, email: string, name: string, userId: number | null): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into assets (customer_id, kind, type, value, name, email_address, created_by)
        values (${customerId}, 'recipient', ${ASSET_TYPE.recipient}, ${email}, ${name}, ${email}, ${userId})
        on conflict (customer_id, zone, kind, lower(value)) do update set name = excluded.name, email_address = excluded.email_address,
          modified_at = now()
        returning id`,
  );
  return Number(row!.id);
}

async function emailTaken(tx: Tx, customerId: number, email: string, except?: number): Promise<boolean> {
  const [row] = await queryRows(
    tx,
    sql`select 1 from fra_recipients where customer_id = ${customerId} and email = ${email} and id <> ${except ?? 0}`,
  );
  return Boolean(row);
}

/** Creates (no id) or changes a recipient with its asset and tags; answers it as the API does. */
export async function saveRecipient(
  db: Db,
  customerId: number,
  v: RecipientValues,
  userId: number,
  now: Date,
  id?: number,
): Promise<Recipient> {
  try {
    return await db.transaction(async (tx) => {
      if (id !== undefined && !isId(id)) throw notFound();
      if (await emailTaken(tx, customerId, v.email, id)) throw badRequest({ email: [DUPLICATE_EMAIL] });
      await checkTags(tx, customerId, v.tags);
      let recipientId = id;
      let assetId: number;
      if (id === undefined) {
        assetId = await upsertAsset(tx, customerId, v.email, assetNameOf(v), userId);
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into fra_recipients (customer_id, asset_id, email, first_name, last_name, department, job_title, language,
                                          active, source, created_at, modified_at)
              values (${customerId}, ${assetId}, ${v.email}, ${v.first_name}, ${v.last_name}, ${v.department}, ${v.job_title},
                      ${v.language}, ${v.active}, 'manual', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
              returning id`,
        );
        recipientId = Number(row!.id);
      } else {
        const [row] = await queryRows<{ asset_id: number }>(
          tx,
          sql`update fra_recipients set email = ${v.email}, first_name = ${v.first_name}, last_name = ${v.last_name},
                department = ${v.department}, job_title = ${v.job_title}, language = ${v.language}, active = ${v.active},
                modified_at = ${now.toISOString()}::timestamptz
              where id = ${id} and customer_id = ${customerId} returning asset_id`,
        );
        if (!row) throw notFound();
        assetId = Number(row.asset_id);
        await tx.execute(sql`update assets set value = ${v.email}, email_address = ${v.email}, name = ${assetNameOf(v)}, modified_at = ${now.toISOString()}::timestamptz
                             where id = ${assetId} and customer_id = ${customerId}`);
      }
      await setTags(tx, customerId, [assetId], v.tags);
      await refreshAssetsDerived(tx, customerId, [assetId]);
      return (await getRecipient(tx, unlimited(customerId), recipientId!))!;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest({ email: [DUPLICATE_EMAIL] });
    throw e;
  }
}

/** Deletes recipients with their assets (the assets' findings and tags go with them by cascade); answers how many. */
export async function deleteRecipients(db: Db, customerId: number, ids: readonly number[]): Promise<number> {
  const valid = ids.filter(isId);
  if (valid.length === 0) return 0;
  return db.transaction(async (tx) => {
    const gone = await queryRows<{ asset_id: number }>(
      tx,
      sql`delete from fra_recipients where customer_id = ${customerId} and id = any(${intArray(valid)}) returning asset_id`,
    );
    if (gone.length)
      await tx.execute(
        sql`delete from assets where customer_id = ${customerId} and kind = 'recipient' and id = any(${intArray(gone.map((g) => Number(g.asset_id)))})`,
      );
    return gone.length;
  });
}

export interface BulkChanges {
  department?: string;
  language?: string;
  active?: boolean;
  /** Tags added to / removed from each recipient (its other tags stay). */
  add_tags?: number[];
  remove_tags?: number[];
}

/** Changes many recipients at once in one transaction; answers how many were changed (ids of another customer count none). */
export async function bulkChange(db: Db, customerId: number, ids: readonly number[], c: BulkChanges, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await checkTags(tx, customerId, [...(c.add_tags ?? []), ...(c.remove_tags ?? [])]);
    const rows = await queryRows<{ asset_id: number }>(
      tx,
      sql`update fra_recipients set
            department = coalesce(${c.department ?? null}::text, department),
            language = coalesce(${c.language ?? null}::text, language),
            active = coalesce(${c.active ?? null}::boolean, active),
            modified_at = ${now.toISOString()}::timestamptz
          where customer_id = ${customerId} and id = any(${intArray(ids.filter(isId))}) returning asset_id`,
    );
    const assetIds = rows.map((r) => Number(r.asset_id));
    await addTags(tx, customerId, assetIds, c.add_tags ?? []);
    if (c.remove_tags?.length && assetIds.length)
      await tx.execute(
        sql`delete from asset_tags where asset_id = any(${intArray(assetIds)}) and tag_id = any(${intArray(c.remove_tags)})`,
      );
    if (c.add_tags?.length || c.remove_tags?.length) await refreshAssetsDerived(tx, customerId, assetIds);
    return assetIds.length;
  });
}
