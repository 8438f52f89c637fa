// Which assets a profile watches: its assets, the hosts inside its networks and ranges, its tags' assets, minus its
// minus tags' assets, never archived ones.
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';

/**
 * The watched set as SQL rows `(profile_id, asset_id)` of the customer's profiles `profileIds`: the profile's assets
 * (hosts, networks, ranges, web applications), the hosts found inside its networks and ranges (assets.parent_id),
 * the assets carrying any of its tags, less every asset carrying any of its minus tags; archived assets and other
 * customers' assets never. Every join keeps to the customer, so an id of another customer in a profile watches nothing.
 */
export function watchedSql(customerId: number, profileIds: number[]): SQL {
  return sql`(
    with p as (
      select id, asset_ids, tag_ids, minus_tag_ids from monitoring_profiles
      where customer_id = ${customerId} and id = any(${intArray(profileIds)})
    ),
    direct as (
      select p.id as profile_id, a.id as asset_id, a.kind
      from p cross join lateral jsonb_array_elements_text(p.asset_ids) x(v)
      join assets a on a.id = x.v::int and a.customer_id = ${customerId}
    ),
    tagged as (
      select p.id as profile_id, t.asset_id
      from p cross join lateral jsonb_array_elements_text(p.tag_ids) x(v)
      join asset_tags t on t.tag_id = x.v::int and t.customer_id = ${customerId}
    ),
    minus as (
      select p.id as profile_id, t.asset_id
      from p cross join lateral jsonb_array_elements_text(p.minus_tag_ids) x(v)
      join asset_tags t on t.tag_id = x.v::int and t.customer_id = ${customerId}
    ),
    inside as (
      select d.profile_id, h.id as asset_id
      from direct d join assets h on h.parent_id = d.asset_id and h.customer_id = ${customerId}
      where d.kind in ('network', 'range')
    ),
    all_of as (
      select profile_id, asset_id from direct
      union select profile_id, asset_id from inside
      union select profile_id, asset_id from tagged
    )
    select w.profile_id, w.asset_id
    from all_of w join assets a on a.id = w.asset_id and a.archived_at is null
    where not exists (select 1 from minus m where m.profile_id = w.profile_id and m.asset_id = w.asset_id)
  )`;
}

/** How many assets each profile watches now. */
export async function countWatched(db: Tx, customerId: number, profileIds: number[]): Promise<Map<number, number>> {
  const out = new Map(profileIds.map((id) => [id, 0]));
  if (!profileIds.length) return out;
  const rows = await queryRows<{ profile_id: number; n: number }>(
    db,
    sql`select w.profile_id, count(*)::int as n from ${watchedSql(customerId, profileIds)} w group by w.profile_id`,
  );
  for (const r of rows) out.set(Number(r.profile_id), Number(r.n));
  return out;
}
