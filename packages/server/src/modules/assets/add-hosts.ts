// Adding many host names as host assets at once (domain asset discovery's "add as assets"): in one transaction that
// holds the customer's row, so two additions cannot both slip under the subscription's asset limit; names that are
// already assets are counted, not duplicated; static tags of the customer go on the new assets; dynamic tags and risk
// follow as for any asset created by hand.
import { sql } from 'drizzle-orm';
import { ASSET_KIND_TYPE } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { intArray, queryRows, textArray } from '../../db/rows.ts';
import { badRequest } from '../../http/errors.ts';
import type { AssetScope } from '../../tenancy/visibility.ts';
import { refreshAssetsDerived } from './derived.ts';
import { normaliseHost } from './normalise.ts';

export interface AddedHosts {
  created: number;
  existing: number;
  assets: { id: number; value: string }[];
}

/**
 * Creates a host asset for each name that is not one yet. The limit counts every host and web application asset not
 * archived (each host added will count once a scan sees it); refused whole, keyed `field`, when it would be passed.
 */
export async function addHostAssets(
  db: Db,
  scope: AssetScope,
  userId: number,
  names: readonly string[],
  o: { tags: readonly number[]; assetLimit: number | null; field: string },
): Promise<AddedHosts> {
  const values = [...new Set(names.map((n) => normaliseHost(n)))];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from customers where id = ${scope.customerId} for update`);
    const tags = [...new Set(o.tags)];
    if (tags.length) {
      const ok = await queryRows<{ id: number }>(
        tx,
        sql`select id from tags where customer_id = ${scope.customerId} and not is_dynamic and id = any(${intArray(tags)})`,
      );
      const have = new Set(ok.map((t) => Number(t.id)));
      const wrong = tags.filter((t) => !have.has(t));
      if (wrong.length) throw badRequest({ tags: wrong.map((id) => `Invalid pk "${id}" - object does not exist or is a dynamic tag.`) });
    }
    const known = await queryRows<{ value: string }>(
      tx,
      sql`select lower(value) as value from assets
          where customer_id = ${scope.customerId} and zone = '' and kind = 'host' and lower(value) = any(${textArray(values)})`,
    );
    const existing = new Set(known.map((k) => k.value));
    const fresh = values.filter((v) => !existing.has(v.toLowerCase()));
    if (o.assetLimit !== null && fresh.length > 0) {
      const [{ n }] = (await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from assets
            where customer_id = ${scope.customerId} and kind in ('host', 'webapp') and archived_at is null`,
      )) as [{ n: number }];
      const used = Number(n);
      if (used + fresh.length > o.assetLimit) {
        const room = Math.max(0, o.assetLimit - used);
        throw badRequest({
          [o.field]: [
            `Adding ${fresh.length} host names would take your organisation to ${used + fresh.length} assets; its subscription allows ${o.assetLimit}. ` +
              (room > 0 ? `Choose at most ${room}.` : 'Archive or delete assets first, or ask for a larger subscription.'),
          ],
        });
      }
    }
    const created = fresh.length
      ? await queryRows<{ id: number; value: string }>(
          tx,
          sql`insert into assets (customer_id, kind, type, value, created_by)
              select ${scope.customerId}, 'host', ${ASSET_KIND_TYPE.host}, v, ${userId} from unnest(${textArray(fresh)}) as v
              on conflict do nothing
              returning id, value`,
        )
      : [];
    const ids = created.map((c) => Number(c.id));
    if (ids.length && tags.length)
      await tx.execute(sql`
        insert into asset_tags (tag_id, asset_id, customer_id)
        select t, a, ${scope.customerId} from unnest(${intArray(tags)}) as t cross join unnest(${intArray(ids)}) as a
        on conflict do nothing`);
    await refreshAssetsDerived(tx, scope.customerId, ids);
    return {
      created: ids.length,
      existing: values.length - ids.length,
      assets: created.map((c) => ({ id: Number(c.id), value: c.value })).sort((a, b) => a.value.localeCompare(b.value)),
    };
  });
}
