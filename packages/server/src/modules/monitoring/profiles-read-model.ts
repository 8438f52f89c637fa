// Monitoring profiles as the screens read them (cm/profiles/): the list (paged, searched, ordered, by active) and one
// profile, with its owner, its assets split into network assets and web applications, its tags, how many assets it
// watches and its open alerts. A member of a LIMITED team reads the profiles but sees only the assets and alerts in
// its scope.
import { sql } from 'drizzle-orm';
import { MONITORING_TRIGGERS, type MonitoringProfile, type MonitoringTrigger } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern, intArray, queryRows } from '../../db/rows.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';
import { countWatched } from './watched.ts';

interface ProfileRow extends Record<string, unknown> {
  id: number;
  name: string;
  ports: string;
  asset_ids: number[];
  tag_ids: number[];
  minus_tag_ids: number[];
  triggers: string[];
  min_severity: number;
  cert_days: number;
  check_interval: number;
  active: boolean;
  notify_owner: boolean;
  notif_cc: string[];
  notif_sms_recipients: string[];
  slack: boolean;
  teams: boolean;
  webhooks: boolean;
  last_check_at: string | Date | null;
  next_check_at: string | Date | null;
  created_at: string | Date;
  modified_at: string | Date;
  owner_id: number | null;
  owner_email: string | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
}

export const PROFILE_ORDERING = ['name', 'created', 'modified'] as const;
export type ProfileOrdering = (typeof PROFILE_ORDERING)[number];
const ORDER: Record<ProfileOrdering, string> = { name: 'lower(p.name)', created: 'p.created_at', modified: 'p.modified_at' };

const COLUMNS = sql`p.id, p.name, p.ports, p.asset_ids, p.tag_ids, p.minus_tag_ids, p.triggers, p.min_severity, p.cert_days,
  p.check_interval, p.active, p.notify_owner, p.notif_cc, p.notif_sms_recipients, p.slack, p.teams, p.webhooks,
  p.last_check_at, p.next_check_at, p.created_at, p.modified_at,
  u.id as owner_id, u.email as owner_email, u.first_name as owner_first_name, u.last_name as owner_last_name`;
const FROM = sql`monitoring_profiles p left join users u on u.id = p.owner_id`;

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());
/** Ids are PostgreSQL integers: a larger one from a path names no profile. */
export const isId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
/** Stored jsonb lists come back as arrays from both drivers; anything else reads as empty. */
const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

type AssetRef = MonitoringProfile['network_assets'][number];
type TagRef = MonitoringProfile['tags'][number];

/** The assets, tags and counts the page's profiles name, read in one query each. */
async function references(db: Db | Tx, scope: AssetScope, rows: ProfileRow[]) {
  const ids = (pick: (r: ProfileRow) => unknown) => [...new Set(rows.flatMap((r) => list<number>(pick(r))))];
  const assetIds = ids((r) => r.asset_ids);
  const tagIds = [...new Set([...ids((r) => r.tag_ids), ...ids((r) => r.minus_tag_ids)])];
  const profileIds = rows.map((r) => Number(r.id));
  const [assetRows, tagRows, alertRows, watched] = await Promise.all([
    assetIds.length
      ? queryRows<{ id: number; name: string; type: number }>(
          db,
          sql`select a.id, coalesce(nullif(a.name, ''), a.value) as name, a.type from assets a
              where a.id = any(${intArray(assetIds)}) and ${scopeCondition(scope, 'a')}`,
        )
      : [],
    tagIds.length
      ? queryRows<{ id: number; name: string; color: string | null }>(
          db,
          sql`select id, name, color from tags where customer_id = ${scope.customerId} and id = any(${intArray(tagIds)})`,
        )
      : [],
    profileIds.length
      ? queryRows<{ profile_id: number; n: number }>(
          db,
          sql`select m.profile_id, count(*)::int as n from monitoring_alerts m join assets a on a.id = m.asset_id
              where m.customer_id = ${scope.customerId} and m.profile_id = any(${intArray(profileIds)}) and m.resolved_at is null
                and ${scopeCondition(scope, 'a')}
              group by m.profile_id`,
        )
      : [],
    profileIds.length ? countWatched(db, scope.customerId, profileIds) : new Map<number, number>(),
  ]);
  return {
    assets: new Map<number, AssetRef>(assetRows.map((a) => [Number(a.id), { id: Number(a.id), name: a.name, type: Number(a.type) }])),
    tags: new Map<number, TagRef>(tagRows.map((t) => [Number(t.id), { id: Number(t.id), name: t.name, color: t.color }])),
    openAlerts: new Map(alertRows.map((r) => [Number(r.profile_id), Number(r.n)])),
    watched,
  };
}

function toProfile(r: ProfileRow, refs: Awaited<ReturnType<typeof references>>): MonitoringProfile {
  const assets = list<number>(r.asset_ids).flatMap((id) => refs.assets.get(id) ?? []);
  const tagsOf = (ids: unknown) => list<number>(ids).flatMap((id) => refs.tags.get(id) ?? []);
  const id = Number(r.id);
  return {
    id,
    name: r.name,
    user:
      r.owner_id === null
        ? null
        : { id: Number(r.owner_id), email: r.owner_email ?? '', first_name: r.owner_first_name ?? '', last_name: r.owner_last_name ?? '' },
    ports: r.ports,
    network_assets: assets.filter((a) => a.type !== 3),
    web_applications: assets.filter((a) => a.type === 3),
    tags: tagsOf(r.tag_ids),
    minus_tags: tagsOf(r.minus_tag_ids),
    // A trigger a later version no longer knows is left out rather than failing the reply.
    triggers: list<string>(r.triggers).filter((t): t is MonitoringTrigger => (MONITORING_TRIGGERS as readonly string[]).includes(t)),
    min_severity: Number(r.min_severity),
    cert_days: Number(r.cert_days),
    check_interval: Number(r.check_interval),
    active: Boolean(r.active),
    notify_owner: Boolean(r.notify_owner),
    notif_cc: list<string>(r.notif_cc),
    notif_sms_recipients: list<string>(r.notif_sms_recipients),
    slack: Boolean(r.slack),
    teams: Boolean(r.teams),
    webhooks: Boolean(r.webhooks),
    watched_assets: refs.watched.get(id) ?? 0,
    open_alerts: refs.openAlerts.get(id) ?? 0,
    last_check: iso(r.last_check_at),
    next_check: iso(r.next_check_at),
    created: iso(r.created_at)!,
    modified: iso(r.modified_at)!,
  };
}

export async function listProfiles(
  db: Db,
  scope: AssetScope,
  o: { page: number; pageSize: number; search?: string; active?: boolean; ordering: ProfileOrdering; descending: boolean },
): Promise<{ count: number; results: MonitoringProfile[] }> {
  const where = sql.join(
    [
      sql`p.customer_id = ${scope.customerId}`,
      o.search ? sql`p.name ilike ${containsPattern(o.search)}` : sql`true`,
      o.active === undefined ? sql`true` : sql`p.active = ${o.active}`,
    ],
    sql` and `,
  );
  const dir = sql.raw(o.descending ? 'desc' : 'asc');
  const rows = await queryRows<ProfileRow & { total: number }>(
    db,
    sql`select ${COLUMNS}, count(*) over ()::int as total from ${FROM} where ${where}
        order by ${sql.raw(ORDER[o.ordering])} ${dir}, p.id ${dir}
        limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
  );
  // Past the last page the window count is missing: count apart.
  const count =
    rows.length > 0
      ? Number(rows[0]!.total)
      : Number((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from monitoring_profiles p where ${where}`))[0]!.n);
  const refs = await references(db, scope, rows);
  return { count, results: rows.map((r) => toProfile(r, refs)) };
}

export async function getProfile(db: Db | Tx, scope: AssetScope, id: number): Promise<MonitoringProfile | null> {
  if (!isId(id)) return null;
  const [row] = await queryRows<ProfileRow>(
    db,
    sql`select ${COLUMNS} from ${FROM} where p.id = ${id} and p.customer_id = ${scope.customerId}`,
  );
  return row ? toProfile(row, await references(db, scope, [row])) : null;
}
