// Monitoring alerts as the screens read them (cm/alerts/): the list (paged; filtered by profile, trigger, asset, state,
// time and severity; searched; newest last seen first), one alert, the open alerts counted by trigger, and dismissing
// one. Always within the caller's asset scope: a member of a LIMITED team sees only alerts on assets in its scope.
import { sql, type SQL } from 'drizzle-orm';
import { ALERT_SOURCES, MONITORING_TRIGGERS, type AlertSource, type MonitoringAlert, type MonitoringTrigger } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { containsPattern, intArray, queryRows, textArray, timeRange } from '../../db/rows.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';
import { isId } from './profiles-read-model.ts';

interface AlertRow extends Record<string, unknown> {
  id: number;
  profile_id: number;
  profile_name: string;
  trigger: string;
  asset_id: number;
  asset_name: string;
  asset_type: number;
  asset_address: string | null;
  subject: string;
  title: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  severity: number;
  source: string;
  first_seen: string | Date;
  last_seen: string | Date;
  count: number;
  resolved_at: string | Date | null;
  run_id: number | null;
  finding_id: number | null;
}

export const ALERT_ORDERING = ['last_seen', 'first_seen', 'severity', 'count'] as const;
export type AlertOrdering = (typeof ALERT_ORDERING)[number];
const ORDER: Record<AlertOrdering, string> = {
  last_seen: 'm.last_seen',
  first_seen: 'm.first_seen',
  severity: 'm.severity',
  count: 'm.count',
};

export interface AlertFilters {
  profile?: number[];
  trigger?: MonitoringTrigger[];
  asset?: number[];
  state?: 'open' | 'resolved';
  firstSeenAfter?: Date;
  firstSeenBefore?: Date;
  lastSeenAfter?: Date;
  lastSeenBefore?: Date;
  severityMin?: number;
  search?: string;
}

const COLUMNS = sql`m.id, m.profile_id, p.name as profile_name, m.trigger, m.asset_id,
  coalesce(nullif(a.name, ''), a.value) as asset_name, a.type as asset_type, a.address as asset_address, m.subject, m.title,
  m.before, m.after, m.severity, m.source, m.first_seen, m.last_seen, m.count, m.resolved_at, m.run_id, m.finding_id`;
const FROM = sql`monitoring_alerts m join monitoring_profiles p on p.id = m.profile_id join assets a on a.id = m.asset_id`;

const iso = (d: string | Date) => new Date(d).toISOString();
const record = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

function toAlert(r: AlertRow): MonitoringAlert {
  return {
    id: Number(r.id),
    profile: { id: Number(r.profile_id), name: r.profile_name },
    trigger: r.trigger as MonitoringTrigger,
    asset: { id: Number(r.asset_id), name: r.asset_name, type: Number(r.asset_type), address: r.asset_address },
    subject: r.subject,
    title: r.title,
    before: record(r.before),
    after: record(r.after),
    severity: Number(r.severity),
    state: r.resolved_at === null ? 'open' : 'resolved',
    source: ((ALERT_SOURCES as readonly string[]).includes(r.source) ? r.source : 'check') as AlertSource,
    first_seen: iso(r.first_seen),
    last_seen: iso(r.last_seen),
    count: Number(r.count),
    resolved_at: r.resolved_at === null ? null : iso(r.resolved_at),
    run: r.run_id === null ? null : Number(r.run_id),
    finding: r.finding_id === null ? null : Number(r.finding_id),
  };
}

/** The conditions of the filters, always within the scope (tenant and, for a LIMITED member, its assets). */
function conditions(scope: AssetScope, f: AlertFilters): SQL {
  const parts: SQL[] = [
    sql`m.customer_id = ${scope.customerId}`,
    scopeCondition(scope, 'a'),
    // Alerts of a trigger a later version no longer knows are not shown (the reply could not name them).
    sql`m.trigger = any(${textArray(MONITORING_TRIGGERS)})`,
  ];
  if (f.profile?.length) parts.push(sql`m.profile_id = any(${intArray(f.profile)})`);
  if (f.trigger?.length) parts.push(sql`m.trigger = any(${textArray(f.trigger)})`);
  if (f.asset?.length) parts.push(sql`m.asset_id = any(${intArray(f.asset)})`);
  if (f.state === 'open') parts.push(sql`m.resolved_at is null`);
  if (f.state === 'resolved') parts.push(sql`m.resolved_at is not null`);
  parts.push(...timeRange(sql`m.first_seen`, f.firstSeenAfter, f.firstSeenBefore));
  parts.push(...timeRange(sql`m.last_seen`, f.lastSeenAfter, f.lastSeenBefore));
  if (f.severityMin !== undefined) parts.push(sql`m.severity >= ${f.severityMin}`);
  if (f.search) {
    const like = containsPattern(f.search);
    parts.push(
      sql`(m.title ilike ${like} or m.subject ilike ${like} or a.name ilike ${like} or a.value ilike ${like} or a.address ilike ${like})`,
    );
  }
  return sql.join(parts, sql` and `);
}

export async function listAlerts(
  db: Db,
  scope: AssetScope,
  f: AlertFilters,
  o: { page: number; pageSize: number; ordering: AlertOrdering; descending: boolean },
): Promise<{ count: number; results: MonitoringAlert[] }> {
  const where = conditions(scope, f);
  const dir = sql.raw(o.descending ? 'desc' : 'asc');
  const rows = await queryRows<AlertRow & { total: number }>(
    db,
    sql`select ${COLUMNS}, count(*) over ()::int as total from ${FROM} where ${where}
        order by ${sql.raw(ORDER[o.ordering])} ${dir}, m.id ${dir}
        limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
  );
  // Past the last page the window count is missing: count apart.
  const count =
    rows.length > 0
      ? Number(rows[0]!.total)
      : Number((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${FROM} where ${where}`))[0]!.n);
  return { count, results: rows.map(toAlert) };
}

export async function getAlert(db: Db, scope: AssetScope, id: number): Promise<MonitoringAlert | null> {
  if (!isId(id)) return null;
  const [row] = await queryRows<AlertRow>(db, sql`select ${COLUMNS} from ${FROM} where m.id = ${id} and ${conditions(scope, {})}`);
  return row ? toAlert(row) : null;
}

/** The alerts the filters keep (the trigger filter aside), counted by trigger; every trigger is named, 0 when none. */
export async function countAlertsByTrigger(db: Db, scope: AssetScope, f: AlertFilters): Promise<Record<MonitoringTrigger, number>> {
  const rows = await queryRows<{ trigger: string; n: number }>(
    db,
    sql`select m.trigger, count(*)::int as n from ${FROM} where ${conditions(scope, { ...f, trigger: undefined })} group by m.trigger`,
  );
  const counts = Object.fromEntries(MONITORING_TRIGGERS.map((t) => [t, 0])) as Record<MonitoringTrigger, number>;
  for (const r of rows) counts[r.trigger as MonitoringTrigger] = Number(r.n);
  return counts;
}

/**
 * Dismisses an alert: deletes its row (the profile's state keeps the change known, so it is not raised again until it
 * changes again). False when the caller cannot see it.
 */
export async function dismissAlert(db: Db, scope: AssetScope, id: number): Promise<boolean> {
  if (!isId(id)) return false;
  const rows = await queryRows(
    db,
    sql`delete from monitoring_alerts m using assets a
        where m.id = ${id} and a.id = m.asset_id and m.customer_id = ${scope.customerId} and ${scopeCondition(scope, 'a')}
        returning m.id`,
  );
  return rows.length > 0;
}
