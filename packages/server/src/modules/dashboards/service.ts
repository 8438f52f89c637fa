// The rules of dashboards: each user's own, with a useful default made the first time they look (risk score, trend,
// detected vs fixed, time to resolution, inventory, news, benchmark); widgets placed by slot on the 12-column grid,
// drawn only in display types their kind suits; everything within the user's customer (another's is a 404).
import { sql } from 'drizzle-orm';
import {
  WIDGET_DISPLAY_TYPE,
  WIDGET_KIND_DISPLAYS,
  type Dashboard,
  type DashboardScope,
  type Widget,
  type WidgetConfig,
  type WidgetKind,
  type dashboardInput,
  type widgetInput,
} from '@bulwark/core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest, notFound } from '../../http/errors.ts';

export interface Owner {
  customerId: number;
  userId: number;
}
type Row = Record<string, unknown>;

const iso = (v: unknown) => new Date(v as string).toISOString();

function toDashboard(r: Row): Dashboard {
  return {
    id: Number(r.id),
    name: String(r.name),
    scope: String(r.scope) as DashboardScope,
    team: r.team_id === null ? null : Number(r.team_id),
    tag: r.tag_id === null ? null : Number(r.tag_id),
    is_default: Boolean(r.is_default),
    created: iso(r.created_at),
    updated: iso(r.updated_at),
  };
}

export function toWidget(r: Row): Widget {
  return {
    id: Number(r.id),
    dashboard: Number(r.dashboard_id),
    kind: String(r.kind) as WidgetKind,
    title: String(r.title),
    width: Number(r.width),
    height: Number(r.height),
    config: (r.config as WidgetConfig) ?? {},
    display_type: Number(r.display_type),
    slot: Number(r.slot),
    teams: (r.teams as number[]) ?? [],
    tags: (r.tags as number[]) ?? [],
  };
}

/** The widgets of a new dashboard: what a security manager looks at first. */
const DEFAULT_WIDGETS: {
  kind: WidgetKind;
  title: string;
  width: number;
  height: number;
  slot: number;
  display: number;
  config?: WidgetConfig;
}[] = [
  { kind: 'customer_average_risk_score', title: 'Average asset risk', width: 4, height: 3, slot: 0, display: WIDGET_DISPLAY_TYPE.gauge },
  {
    kind: 'vulnerability_trend',
    title: 'Open vulnerabilities, last 30 days',
    width: 8,
    height: 3,
    slot: 4,
    display: WIDGET_DISPLAY_TYPE.line,
    config: { days: 30, series: [1, 2, 3, 4], layout: 2 },
  },
  {
    kind: 'detected_vs_fixed',
    title: 'Detected vs fixed',
    width: 6,
    height: 3,
    slot: 300,
    display: WIDGET_DISPLAY_TYPE.column,
    config: { days: 30 },
  },
  {
    kind: 'mean_time_to_resolution',
    title: 'Mean time to resolution',
    width: 6,
    height: 3,
    slot: 306,
    display: WIDGET_DISPLAY_TYPE.bar,
    config: { days: 90 },
  },
  { kind: 'asset_inventory', title: 'Asset inventory', width: 4, height: 3, slot: 600, display: WIDGET_DISPLAY_TYPE.pie },
  { kind: 'news_feed', title: 'News', width: 4, height: 3, slot: 604, display: WIDGET_DISPLAY_TYPE.list },
  { kind: 'industry_benchmark', title: 'Compared with others', width: 4, height: 3, slot: 608, display: WIDGET_DISPLAY_TYPE.bar },
];

async function insertDefault(tx: Tx, o: Owner, name: string, isDefault: boolean): Promise<number> {
  if (isDefault) await tx.execute(sql`update dashboards set is_default = false where user_id = ${o.userId} and is_default`);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into dashboards (customer_id, user_id, name, scope, is_default) values (${o.customerId}, ${o.userId}, ${name}, 'dashboard', ${isDefault})
        returning id`,
  );
  const id = Number(row!.id);
  const values = DEFAULT_WIDGETS.map(
    (w) =>
      sql`(${id}, ${o.customerId}, ${w.kind}, ${w.title}, ${w.width}, ${w.height}, ${JSON.stringify(w.config ?? {})}::jsonb, ${w.display}, ${w.slot})`,
  );
  await tx.execute(
    sql`insert into widgets (dashboard_id, customer_id, kind, title, width, height, config, display_type, slot) values ${sql.join(values, sql`, `)}`,
  );
  return id;
}

/** The user's dashboards, default first; the first look makes the default one. */
export async function listDashboards(db: Db, o: Owner): Promise<Dashboard[]> {
  const read = () => queryRows<Row>(db, sql`select * from dashboards where user_id = ${o.userId} order by is_default desc, id`);
  let rows = await read();
  if (rows.length === 0) {
    await db.transaction(async (tx) => {
      // Two first looks at once make one dashboard: the second finds the first's.
      await tx.execute(sql`select pg_advisory_xact_lock(${o.userId})`);
      const [again] = await queryRows(tx, sql`select 1 from dashboards where user_id = ${o.userId}`);
      if (!again) await insertDefault(tx, o, 'My dashboard', true);
    });
    rows = await read();
  }
  return rows.map(toDashboard);
}

/** A new default dashboard with the default widgets (dashboard-create/). */
export async function createDefaultDashboard(db: Db, o: Owner): Promise<Dashboard> {
  const id = await db.transaction((tx) => insertDefault(tx, o, 'My dashboard', true));
  return getDashboard(db, o, id);
}

export async function getDashboard(db: Db | Tx, o: Owner, id: number): Promise<Dashboard> {
  const [row] = await queryRows<Row>(db, sql`select * from dashboards where id = ${id} and user_id = ${o.userId}`);
  if (!row) throw notFound();
  return toDashboard(row);
}

async function checkScope(db: Db | Tx, o: Owner, input: z.output<typeof dashboardInput>): Promise<void> {
  if (input.scope === 'team' && input.team === null) throw badRequest({ team: ['Choose the team this dashboard is for.'] });
  if (input.scope === 'tag' && input.tag === null) throw badRequest({ tag: ['Choose the tag this dashboard is for.'] });
  if (input.team !== null) {
    const [t] = await queryRows(db, sql`select 1 from teams where id = ${input.team} and customer_id = ${o.customerId}`);
    if (!t) throw badRequest({ team: ['No such team.'] });
  }
  if (input.tag !== null) {
    const [t] = await queryRows(db, sql`select 1 from tags where id = ${input.tag} and customer_id = ${o.customerId}`);
    if (!t) throw badRequest({ tag: ['No such tag.'] });
  }
}

export async function createDashboard(db: Db, o: Owner, input: z.output<typeof dashboardInput>): Promise<Dashboard> {
  await checkScope(db, o, input);
  const id = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into dashboards (customer_id, user_id, name, scope, team_id, tag_id)
          values (${o.customerId}, ${o.userId}, ${input.name}, ${input.scope}, ${input.team}, ${input.tag}) returning id`,
    );
    return Number(row!.id);
  });
  return getDashboard(db, o, id);
}

export async function updateDashboard(db: Db, o: Owner, id: number, input: z.output<typeof dashboardInput>): Promise<Dashboard> {
  await getDashboard(db, o, id);
  await checkScope(db, o, input);
  await db.transaction((tx) =>
    tx.execute(sql`update dashboards set name = ${input.name}, scope = ${input.scope}, team_id = ${input.team}, tag_id = ${input.tag},
                   updated_at = now() where id = ${id} and user_id = ${o.userId}`),
  );
  return getDashboard(db, o, id);
}

export async function deleteDashboard(db: Db, o: Owner, id: number): Promise<void> {
  await getDashboard(db, o, id);
  await db.transaction((tx) => tx.execute(sql`delete from dashboards where id = ${id} and user_id = ${o.userId}`));
}

// Widgets.

export async function listWidgets(db: Db, o: Owner, dashboardId: number, page: number, pageSize: number) {
  await getDashboard(db, o, dashboardId);
  const [rows, [n]] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select * from widgets where dashboard_id = ${dashboardId} order by slot, id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from widgets where dashboard_id = ${dashboardId}`),
  ]);
  return { count: Number(n?.n ?? 0), rows: rows.map(toWidget) };
}

export async function getWidget(db: Db | Tx, o: Owner, id: number): Promise<Widget> {
  const [row] = await queryRows<Row>(
    db,
    sql`select w.* from widgets w join dashboards d on d.id = w.dashboard_id where w.id = ${id} and d.user_id = ${o.userId}`,
  );
  if (!row) throw notFound();
  return toWidget(row);
}

type WidgetValues = z.output<typeof widgetInput>;

export async function createWidget(db: Db, o: Owner, input: WidgetValues): Promise<Widget> {
  try {
    await getDashboard(db, o, input.dashboard);
  } catch {
    throw badRequest({ dashboard: ['No such dashboard.'] });
  }
  const display = input.display_type ?? WIDGET_KIND_DISPLAYS[input.kind][0]!;
  const id = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into widgets (dashboard_id, customer_id, kind, title, width, height, config, display_type, slot, teams, tags)
          values (${input.dashboard}, ${o.customerId}, ${input.kind}, ${input.title}, ${input.width}, ${input.height},
                  ${JSON.stringify(input.config)}::jsonb, ${display}, ${input.slot}, ${JSON.stringify(input.teams)}::jsonb,
                  ${JSON.stringify(input.tags)}::jsonb)
          returning id`,
    );
    return Number(row!.id);
  });
  return getWidget(db, o, id);
}

export async function updateWidget(db: Db, o: Owner, id: number, input: WidgetValues): Promise<Widget> {
  const current = await getWidget(db, o, id);
  if (input.dashboard !== current.dashboard) throw badRequest({ dashboard: ['A widget stays on its dashboard.'] });
  const display = input.display_type ?? WIDGET_KIND_DISPLAYS[input.kind][0]!;
  await db.transaction((tx) =>
    tx.execute(sql`update widgets set kind = ${input.kind}, title = ${input.title}, width = ${input.width}, height = ${input.height},
                   config = ${JSON.stringify(input.config)}::jsonb, display_type = ${display}, slot = ${input.slot},
                   teams = ${JSON.stringify(input.teams)}::jsonb, tags = ${JSON.stringify(input.tags)}::jsonb
                   where id = ${id}`),
  );
  return getWidget(db, o, id);
}

export async function deleteWidget(db: Db, o: Owner, id: number): Promise<void> {
  await getWidget(db, o, id);
  await db.transaction((tx) => tx.execute(sql`delete from widgets where id = ${id}`));
}
export { trend, type WidgetContext } from './widget-data.ts';
