// The rules of changing the inventory: an asset's value is normalised and unique per customer (409 keyed `value`),
// owners and tags must be the customer's own, a host a scan found keeps its address, and deleting an asset drops it
// from the scans that target it — each change in one transaction, within the caller's AssetScope.
import { sql } from 'drizzle-orm';
import { isIP } from 'node:net';
import type { z } from 'zod';
import { ASSET_KIND_TYPE, assetKindOf, type AssetKind, type assetInput } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { getAssetRow, type AssetRow } from './repo.ts';
import { refreshAssetsDerived } from './derived.ts';
import { isPublicAddress, normaliseHost, normaliseIpRange } from './normalise.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';

export type AssetValues = z.output<typeof assetInput>;

/** One asset the scope sees (other modules read assets through here). */
export { getAssetRow, type AssetRow };
export { scopeOfCaller, type AssetScope } from '../../tenancy/visibility.ts';

export const DUPLICATE_ASSET = 'An asset with this value already exists.';

/** The kind and canonical text of an asset value (validated by core's assetInput before). */
export function normaliseAssetValue(value: string): { kind: AssetKind; value: string } {
  const kind = assetKindOf(value);
  if (kind === 'webapp') return { kind, value: new URL(value).toString() };
  if (kind === 'host') return { kind, value: normaliseHost(value) };
  return normaliseIpRange(value);
}

/** 400 when the owner or a tag is not the customer's (tags set by rules cannot be set by hand). */
async function checkReferences(tx: Tx, customerId: number, v: Pick<AssetValues, 'owner' | 'tags'>): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (v.owner !== null) {
    const [u] = await queryRows(tx, sql`select 1 from users where id = ${v.owner} and customer_id = ${customerId} and is_active`);
    if (!u) errors.owner = [`Invalid pk "${v.owner}" - object does not exist.`];
  }
  const tags = [...new Set(v.tags)];
  if (tags.length) {
    const found = await queryRows<{ id: number; is_dynamic: boolean }>(
      tx,
      sql`select id, is_dynamic from tags where customer_id = ${customerId} and id = any(${intArray(tags)})`,
    );
    const have = new Map(found.map((t) => [Number(t.id), t.is_dynamic]));
    const messages = tags.flatMap((id) =>
      !have.has(id)
        ? [`Invalid pk "${id}" - object does not exist.`]
        : have.get(id)
          ? [`Tag ${id} is dynamic: its rules decide which assets carry it.`]
          : [],
    );
    if (messages.length) errors.tags = messages;
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

async function setStaticTags(tx: Tx, customerId: number, assetId: number, tagIds: readonly number[]): Promise<void> {
  await tx.execute(sql`
    delete from asset_tags at using tags t
    where at.asset_id = ${assetId} and t.id = at.tag_id and not t.is_dynamic and not (at.tag_id = any(${intArray(tagIds)}))`);
  if (tagIds.length)
    await tx.execute(sql`
      insert into asset_tags (tag_id, asset_id, customer_id)
      select unnest(${intArray(tagIds)}), ${assetId}, ${customerId} on conflict do nothing`);
}

export async function createAsset(db: Db, scope: AssetScope, userId: number, input: AssetValues): Promise<AssetRow> {
  const { kind, value } = normaliseAssetValue(input.value);
  const address = kind === 'host' && isIP(value) ? value : null;
  try {
    return await db.transaction(async (tx) => {
      await checkReferences(tx, scope.customerId, input);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into assets (customer_id, kind, type, value, address, name, description, criticality, owner_id, is_server,
                                internet_facing, pci, created_by)
            values (${scope.customerId}, ${kind}, ${ASSET_KIND_TYPE[kind]}, ${value}, ${address}, ${input.name}, ${input.description},
                    ${input.criticality}, ${input.owner}, ${input.is_server ?? false},
                    ${input.internet_facing ?? (address !== null && isPublicAddress(address))}, ${input.pci}, ${userId})
            on conflict do nothing
            returning id`,
      );
      if (!row) throw conflict({ value: [DUPLICATE_ASSET] });
      await setStaticTags(tx, scope.customerId, Number(row.id), input.tags);
      await refreshAssetsDerived(tx, scope.customerId, [Number(row.id)]);
      return (await getAssetRow(tx, { customerId: scope.customerId, limitedToTags: null }, Number(row.id)))!;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict({ value: [DUPLICATE_ASSET] });
    throw e;
  }
}

export async function updateAsset(db: Db, scope: AssetScope, id: number, input: AssetValues): Promise<AssetRow> {
  try {
    return await db.transaction(async (tx) => {
      const current = await getAssetRow(tx, scope, id);
      if (!current) throw notFound();
      await checkReferences(tx, scope.customerId, input);
      const next = normaliseAssetValue(input.value);
      if (next.kind !== current.kind || next.value !== current.value) {
        if (current.first_seen !== null && current.kind === 'host')
          throw badRequest({ value: ['A host found by scans keeps its address; add the new address as another asset.'] });
        if (next.kind !== current.kind) throw badRequest({ value: [`Enter a value of the same kind (${current.kind}).`] });
      }
      const address = next.kind === 'host' && isIP(next.value) ? next.value : next.value === current.value ? current.address : null;
      await tx.execute(sql`
        update assets set value = ${next.value}, address = ${address}, name = ${input.name}, description = ${input.description},
          criticality = ${input.criticality}, owner_id = ${input.owner}, is_server = ${input.is_server ?? current.is_server},
          internet_facing = ${input.internet_facing ?? current.internet_facing}, pci = ${input.pci}, modified_at = now()
        where id = ${id} and customer_id = ${scope.customerId}`);
      await setStaticTags(tx, scope.customerId, id, input.tags);
      await refreshAssetsDerived(tx, scope.customerId, [id]);
      return (await getAssetRow(tx, scope, id))!;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict({ value: [DUPLICATE_ASSET] });
    throw e;
  }
}

/**
 * Deletes the assets of `ids` the scope allows and drops them from the customer's scans, in one transaction; returns
 * how many went. Runs keep the targets they resolved at start, so history is unchanged.
 */
export async function deleteAssets(db: Db | Tx, scope: AssetScope, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const run = async (tx: Tx) => {
    const gone = await queryRows<{ id: number }>(
      tx,
      sql`delete from assets a where ${sql.join([sql`a.id = any(${intArray(ids)})`, scopeCondition(scope)], sql` and `)} returning a.id`,
    );
    if (gone.length === 0) return 0;
    const goneIds = intArray(gone.map((g) => Number(g.id)));
    await tx.execute(sql`
      update scans s set target_ids = (select coalesce(jsonb_agg(e order by n), '[]'::jsonb)
                                       from jsonb_array_elements(s.target_ids) with ordinality as x(e, n)
                                       where not ((e #>> '{}')::int = any(${goneIds})))
      where s.customer_id = ${scope.customerId}
        and exists (select 1 from jsonb_array_elements_text(s.target_ids) t where t::int = any(${goneIds}))`);
    return gone.length;
  };
  return 'transaction' in db ? db.transaction(run) : run(db);
}
