// The tenancy scope, a bottom layer below every module (any read model may use it; it imports no module). Which
// assets a user sees (feature-areas §3 Team, ARCHITECTURE "a LIMITED team member's visibility is applied in the
// repository layer"): everything, unless every team the user belongs to is LIMITED — then only the assets that carry
// one of those teams' permission tags. Superusers and users in no team see everything their permissions allow.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { intArray, queryRows } from '../db/rows.ts';

/** The scope of a request: the customer, and the tags a LIMITED member is held to (null: no limit). */
export interface AssetScope {
  customerId: number;
  limitedToTags: readonly number[] | null;
}

export interface ScopeUser {
  id: number;
  customerId: number;
  isSuperuser: boolean;
  customerAdmin: boolean;
}

export async function assetScope(db: Db | Tx, user: ScopeUser): Promise<AssetScope> {
  if (user.isSuperuser || user.customerAdmin) return { customerId: user.customerId, limitedToTags: null };
  const teams = await queryRows<{ id: number; asset_permissions: string; tag_ids: number[] | null }>(
    db,
    sql`select t.id, t.asset_permissions,
               (select array_agg(tt.tag_id) from team_tags tt where tt.team_id = t.id and tt.role = 'permission') as tag_ids
        from teams t join team_members m on m.team_id = t.id
        where m.user_id = ${user.id} and t.customer_id = ${user.customerId}`,
  );
  if (teams.length === 0 || teams.some((t) => t.asset_permissions !== 'LIMITED'))
    return { customerId: user.customerId, limitedToTags: null };
  return { customerId: user.customerId, limitedToTags: [...new Set(teams.flatMap((t) => (t.tag_ids ?? []).map(Number)))] };
}

/** The condition on an assets row aliased `alias` that keeps what the scope allows (always tenant-scoped). */
export function scopeCondition(scope: AssetScope, alias = 'a'): SQL {
  const a = sql.raw(alias);
  const tenant = sql`${a}.customer_id = ${scope.customerId}`;
  if (scope.limitedToTags === null) return tenant;
  if (scope.limitedToTags.length === 0) return sql`false`;
  return sql`${tenant} and exists (select 1 from asset_tags v where v.asset_id = ${a}.id and v.tag_id = any(${intArray(scope.limitedToTags)}))`;
}

/** The scope of a signed-in caller (what every asset and tag route reads within). */
export function scopeOfCaller(
  db: Db | Tx,
  auth: { user: { id: number; isSuperuser: boolean; customerAdmin: boolean }; customer: { id: number } },
): Promise<AssetScope> {
  return assetScope(db, {
    id: auth.user.id,
    customerId: auth.customer.id,
    isSuperuser: auth.user.isSuperuser,
    customerAdmin: auth.user.customerAdmin,
  });
}
