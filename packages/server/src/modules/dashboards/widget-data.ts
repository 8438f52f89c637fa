// What each widget kind shows (platform-core §3 kinds), within the caller's asset scope. Trends read the daily
// snapshots; a LIMITED team member's trend is worked out from their own findings' first-seen and closed dates instead,
// since snapshots are of the whole customer. Every segment that stands for a list carries the link to that list.
import { sql } from 'drizzle-orm';
import {
  INDUSTRY_MIN_CUSTOMERS,
  NEWS_CATEGORY_LABELS,
  type NewsCategory,
  type TrendPoint,
  type WidgetConfig,
  type WidgetData,
  type WidgetKind,
} from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';
import { dayOf, snapshotsOf } from './snapshots.ts';
import { owaspTopTen } from './owasp.ts';
import { recipientsBySeverity } from './recipients-widget.ts';
import { overdueTickets, ticketsByStatus, ticketTimeToFix } from './tickets.ts';

export interface WidgetContext {
  db: Db;
  scope: AssetScope;
  userId: number;
  now: Date;
}

const VULNS = '/vm/unified-vulnerabilities';
const ASSETS = '/assets/unified-assets';
/** Open findings that count, at or above the customer's minimum quality of detection (customers.min_qod). */
const AT_MIN_QOD = sql`f.qod >= (select c.min_qod from customers c where c.id = f.customer_id)`;
const COUNTS = sql`f.state <> 3 and f.ignore_kind is null and not f.test_ignored and ${AT_MIN_QOD}`;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The days of a window ending today, oldest first. */
function daysUpTo(now: Date, days: number): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--) out.push(dayOf(new Date(now.getTime() - i * 86_400_000)));
  return out;
}

/** Open-by-severity, average risk, detected and fixed per day: from snapshots, or live for a LIMITED scope. */
export async function trend(c: WidgetContext, days: number): Promise<TrendPoint[]> {
  if (c.scope.limitedToTags === null) {
    const rows = await snapshotsOf(c.db, c.scope.customerId, days, c.now);
    return rows.map((r) => {
      const [critical, high, medium, low] = [r.critical, r.high, r.medium, r.low].map(Number) as [number, number, number, number];
      return {
        day: r.day,
        critical,
        high,
        medium,
        low,
        total: critical + high + medium + low + Number(r.info),
        average: round1(Number(r.average_risk)),
        detected: Number(r.detected),
        fixed: Number(r.fixed),
      };
    });
  }
  const window = daysUpTo(c.now, days);
  const rows = await queryRows<Record<string, unknown>>(
    c.db,
    sql`select d.day::text as day,
               count(*) filter (where f.severity = 4 and open)::int as critical, count(*) filter (where f.severity = 3 and open)::int as high,
               count(*) filter (where f.severity = 2 and open)::int as medium, count(*) filter (where f.severity = 1 and open)::int as low,
               count(*) filter (where open)::int as total,
               count(*) filter (where f.first_seen::date = d.day)::int as detected,
               count(*) filter (where f.closed_at::date = d.day and f.closed_reason is null)::int as fixed
        from unnest(${`{${window.join(',')}}`}::date[]) as d(day)
        left join lateral (
          select f.*, (f.first_seen::date <= d.day and (f.closed_at is null or f.closed_at::date > d.day)
                       and f.ignore_kind is null and not f.test_ignored) as open
          from findings f join assets a on a.id = f.host_id
          where f.customer_id = ${c.scope.customerId} and ${scopeCondition(c.scope, 'a')} and ${AT_MIN_QOD}
            and f.first_seen::date <= d.day and (f.closed_at is null or f.closed_at::date >= d.day)) f on true
        group by d.day order by d.day`,
  );
  const average = await averageRisk(c);
  return rows.map((r) => ({
    day: String(r.day),
    critical: Number(r.critical),
    high: Number(r.high),
    medium: Number(r.medium),
    low: Number(r.low),
    total: Number(r.total),
    average: average.value,
    detected: Number(r.detected),
    fixed: Number(r.fixed),
  }));
}

async function averageRisk(c: WidgetContext): Promise<{ value: number; assets: number }> {
  const [row] = await queryRows<{ average: number | null; n: number }>(
    c.db,
    sql`select avg(a.risk_score) as average, count(*)::int as n from assets a
        where ${scopeCondition(c.scope, 'a')} and a.last_seen is not null and a.archived_at is null`,
  );
  return { value: round1(Number(row?.average ?? 0)), assets: Number(row?.n ?? 0) };
}

async function meanTimeToResolution(c: WidgetContext, days: number) {
  const since = new Date(c.now.getTime() - days * 86_400_000).toISOString();
  const rows = await queryRows<{ severity: number; days: number | null; closed: number }>(
    c.db,
    sql`select f.severity, avg(extract(epoch from (f.closed_at - f.first_seen)) / 86400) as days, count(*)::int as closed
        from findings f join assets a on a.id = f.host_id
        where f.customer_id = ${c.scope.customerId} and ${scopeCondition(c.scope, 'a')} and f.state = 3 and f.closed_reason is null
          and f.closed_at >= ${since}::timestamptz and ${AT_MIN_QOD}
        group by f.severity`,
  );
  const bySeverity = new Map(rows.map((r) => [Number(r.severity), r]));
  return [4, 3, 2, 1, 0].map((severity) => {
    const r = bySeverity.get(severity);
    return { severity, days: r?.days === null || r?.days === undefined ? null : round1(Number(r.days)), closed: Number(r?.closed ?? 0) };
  });
}

const INVENTORY: { key: string; label: string; kinds: string[]; link: string }[] = [
  { key: 'host', label: 'Hosts', kinds: ['host'], link: `${ASSETS}?kind=host` },
  { key: 'network', label: 'Networks and ranges', kinds: ['network', 'range'], link: `${ASSETS}?category=systems_and_networks` },
  { key: 'webapp', label: 'Web applications', kinds: ['webapp'], link: `${ASSETS}?category=web_applications` },
];

async function assetInventory(c: WidgetContext) {
  const rows = await queryRows<{ kind: string; n: number; vulnerable: number }>(
    c.db,
    sql`select a.kind, count(*)::int as n,
               count(*) filter (where exists (select 1 from findings f where f.host_id = a.id and ${COUNTS}))::int as vulnerable
        from assets a where ${scopeCondition(c.scope, 'a')} and a.archived_at is null group by a.kind`,
  );
  const count = (kinds: string[]) => rows.filter((r) => kinds.includes(r.kind)).reduce((n, r) => n + Number(r.n), 0);
  const segments = INVENTORY.map((s) => ({ key: s.key, label: s.label, count: count(s.kinds), link: s.link }));
  return {
    segments,
    total: segments.reduce((n, s) => n + s.count, 0),
    with_open_findings: rows.reduce((n, r) => n + Number(r.vulnerable), 0),
  };
}

async function newsItems(c: WidgetContext) {
  const rows = await queryRows<{ id: number; title: string; category: string; show_at: string; link: string | null }>(
    c.db,
    sql`select n.id, n.title, n.category, n.show_at, n.link from news_items n
        where (n.customer_id is null or n.customer_id = ${c.scope.customerId}) and n.show_at <= ${c.now.toISOString()}::timestamptz
        order by n.show_at desc, n.id desc limit 5`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    category_label: NEWS_CATEGORY_LABELS[r.category as NewsCategory] ?? r.category,
    show_at: new Date(r.show_at).toISOString(),
    link: r.link,
  }));
}

/** Average asset risk and open findings per asset, of this customer and of the installation's others (when enough). */
async function industryBenchmark(c: WidgetContext) {
  const rows = await queryRows<{ customer_id: number; average: number; per_asset: number }>(
    c.db,
    sql`select a.customer_id, avg(a.risk_score) as average,
               (select count(*) from findings f where f.customer_id = a.customer_id and ${COUNTS})::float / count(*) as per_asset
        from assets a where a.last_seen is not null and a.archived_at is null group by a.customer_id`,
  );
  const mineRow = rows.find((r) => Number(r.customer_id) === c.scope.customerId);
  const others = rows.filter((r) => Number(r.customer_id) !== c.scope.customerId);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const available = others.length >= INDUSTRY_MIN_CUSTOMERS;
  return {
    available,
    contributors: others.length,
    mine: { average_risk: round1(Number(mineRow?.average ?? 0)), open_per_asset: round1(Number(mineRow?.per_asset ?? 0)) },
    industry: available
      ? {
          average_risk: round1(mean(others.map((r) => Number(r.average)))),
          open_per_asset: round1(mean(others.map((r) => Number(r.per_asset)))),
        }
      : null,
  };
}

/** The data of a widget of `kind` with `config`. */
export async function widgetDataOf(c: WidgetContext, kind: WidgetKind, config: WidgetConfig): Promise<WidgetData> {
  const days = config.days ?? 30;
  switch (kind) {
    case 'customer_average_risk_score': {
      const { value, assets } = await averageRisk(c);
      const points = c.scope.limitedToTags === null ? await trend(c, days) : [];
      return { kind, value, assets, trend: points.map((p) => ({ day: p.day, value: p.average })), link: `${VULNS}?group=asset` };
    }
    case 'vulnerability_trend':
      return { kind, points: await trend(c, days), link: VULNS };
    case 'detected_vs_fixed':
      return { kind, points: (await trend(c, days)).map((p) => ({ day: p.day, detected: p.detected, fixed: p.fixed })) };
    case 'mean_time_to_resolution':
      return { kind, by_severity: await meanTimeToResolution(c, config.days ?? 90), days: config.days ?? 90 };
    case 'asset_inventory':
      return { kind, ...(await assetInventory(c)) };
    case 'news_feed':
      return { kind, items: await newsItems(c) };
    case 'industry_benchmark':
      return { kind, ...(await industryBenchmark(c)) };
    case 'owasp_top_10':
      return owaspTopTen(c);
    case 'tickets_by_status':
      return { kind, ...(await ticketsByStatus(c)) };
    case 'overdue_tickets':
      return { kind, ...(await overdueTickets(c)) };
    case 'ticket_time_to_fix':
      return { kind, by_severity: await ticketTimeToFix(c, config.days ?? 90), days: config.days ?? 90 };
    case 'recipients_by_severity':
      return recipientsBySeverity(c);
  }
}
