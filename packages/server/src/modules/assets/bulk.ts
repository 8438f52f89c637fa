// Bulk operations on assets (assets-bulk-operation/): the assets are the selected ids or everything a list filter
// matches, always within the caller's scope; the change is one statement on all of them, in one transaction with the
// re-evaluation of dynamic tags and risk scores it causes.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ASSET_BULK_PARAMS, type AssetBulkOperation, type AssetBulkResult } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { badRequest } from '../../http/errors.ts';
import { parseInput } from '../../http/list.ts';
import { assetConditions, type AssetFilter } from '../../tenancy/asset-filters.ts';
import { refreshAssetsDerived } from './derived.ts';
import { deleteAssets } from './service.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';

const CHUNK = 5000;

export type BulkTarget = { ids: readonly number[] } | { filter: AssetFilter };

/** The ids of the assets a bulk operation works on (unknown or hidden ids are simply not matched). */
export async function targetIds(tx: Tx, scope: AssetScope, target: BulkTarget): Promise<number[]> {
  const extra = 'ids' in target ? [sql`a.id = any(${intArray(target.ids)})`] : assetConditions(target.filter);
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select a.id from assets a where ${sql.join([scopeCondition(scope), ...extra], sql` and `)}`,
  );
  return rows.map((r) => Number(r.id));
}

async function checkStaticTags(tx: Tx, customerId: number, tags: readonly number[]): Promise<void> {
  const found = await queryRows<{ id: number; is_dynamic: boolean }>(
    tx,
    sql`select id, is_dynamic from tags where customer_id = ${customerId} and id = any(${intArray(tags)})`,
  );
  const byId = new Map(found.map((t) => [Number(t.id), t.is_dynamic]));
  const messages = tags.flatMap((id) =>
    !byId.has(id)
      ? [`Invalid pk "${id}" - object does not exist.`]
      : byId.get(id)
        ? [`Tag ${id} is dynamic: its rules decide which assets carry it.`]
        : [],
  );
  if (messages.length) throw badRequest({ params: messages });
}

export async function bulkOperation(
  db: Db,
  scope: AssetScope,
  operation: AssetBulkOperation,
  rawParams: Record<string, unknown>,
  target: BulkTarget,
): Promise<AssetBulkResult> {
  const params = parseInput(ASSET_BULK_PARAMS[operation], rawParams) as z.output<(typeof ASSET_BULK_PARAMS)[AssetBulkOperation]>;
  return db.transaction(async (tx) => {
    const ids = await targetIds(tx, scope, target);
    let changed = 0;
    if (operation === 'delete') {
      for (let i = 0; i < ids.length; i += CHUNK) changed += await deleteAssets(tx, scope, ids.slice(i, i + CHUNK));
      return { operation, matched: ids.length, changed };
    }
    if (operation === 'add_tags' || operation === 'remove_tags') {
      const tags = (params as { tags: number[] }).tags;
      await checkStaticTags(tx, scope.customerId, tags);
      for (let i = 0; i < ids.length; i += CHUNK) {
        const chunk = intArray(ids.slice(i, i + CHUNK));
        const rows =
          operation === 'add_tags'
            ? await queryRows(
                tx,
                sql`insert into asset_tags (tag_id, asset_id, customer_id)
                    select t, a, ${scope.customerId} from unnest(${intArray(tags)}) as t, unnest(${chunk}) as a
                    on conflict do nothing returning asset_id`,
              )
            : await queryRows(
                tx,
                sql`delete from asset_tags where tag_id = any(${intArray(tags)}) and asset_id = any(${chunk}) returning asset_id`,
              );
        changed += new Set(rows.map((r) => Number(r.asset_id))).size;
      }
    } else if (operation === 'set_owner') {
      const owner = (params as { owner: number | null }).owner;
      if (owner !== null) {
        const [u] = await queryRows(tx, sql`select 1 from users where id = ${owner} and customer_id = ${scope.customerId} and is_active`);
        if (!u) throw badRequest({ params: [`Invalid pk "${owner}" - object does not exist.`] });
      }
      for (let i = 0; i < ids.length; i += CHUNK)
        changed += (
          await queryRows(
            tx,
            sql`update assets set owner_id = ${owner}, modified_at = now()
                where id = any(${intArray(ids.slice(i, i + CHUNK))}) and owner_id is distinct from ${owner} returning id`,
          )
        ).length;
    } else {
      const criticality = (params as { criticality: number }).criticality;
      for (let i = 0; i < ids.length; i += CHUNK)
        changed += (
          await queryRows(
            tx,
            sql`update assets set criticality = ${criticality}, modified_at = now()
                where id = any(${intArray(ids.slice(i, i + CHUNK))}) and criticality <> ${criticality} returning id`,
          )
        ).length;
    }
    // Tags and criticality weigh the risk score; owner and criticality may be what a dynamic tag's rules test.
    await refreshAssetsDerived(tx, scope.customerId, ids);
    return { operation, matched: ids.length, changed };
  });
}
