// Schemas of the dashboard calls (platform-core §3 Dashboard and widget, §7 Dashboards, §9 slot = 100*y + x): a
// dashboard and its widgets as the grid places them, what a widget's kind answers (its data), and what each kind can
// be drawn as. Server and web share them.
import { z } from 'zod';
import { DASHBOARD_SCOPES, WIDGET_DISPLAY_TYPE, WIDGET_KINDS, type WidgetDisplayType, type WidgetKind } from '../codes/dashboards.ts';
import { OWASP_2021_IDS } from '../codes/owasp.ts';

/** The grid is 12 columns wide; a slot is 100*y + x (constants.ts widgetSlot, slotPosition). */
export const GRID_COLUMNS = 12;

/** The display types that suit each kind (its first is the default). */
export const WIDGET_KIND_DISPLAYS: Record<WidgetKind, readonly WidgetDisplayType[]> = {
  customer_average_risk_score: [WIDGET_DISPLAY_TYPE.gauge, WIDGET_DISPLAY_TYPE.single_value, WIDGET_DISPLAY_TYPE.line],
  vulnerability_trend: [WIDGET_DISPLAY_TYPE.line, WIDGET_DISPLAY_TYPE.column, WIDGET_DISPLAY_TYPE.bar],
  detected_vs_fixed: [WIDGET_DISPLAY_TYPE.column, WIDGET_DISPLAY_TYPE.line, WIDGET_DISPLAY_TYPE.bar],
  mean_time_to_resolution: [WIDGET_DISPLAY_TYPE.bar, WIDGET_DISPLAY_TYPE.column, WIDGET_DISPLAY_TYPE.list],
  asset_inventory: [WIDGET_DISPLAY_TYPE.pie, WIDGET_DISPLAY_TYPE.tree_map, WIDGET_DISPLAY_TYPE.bar, WIDGET_DISPLAY_TYPE.list],
  news_feed: [WIDGET_DISPLAY_TYPE.list],
  owasp_top_10: [WIDGET_DISPLAY_TYPE.owasp_pie, WIDGET_DISPLAY_TYPE.bar],
  recipients_by_severity: [WIDGET_DISPLAY_TYPE.slim_bar, WIDGET_DISPLAY_TYPE.pie],
  industry_benchmark: [WIDGET_DISPLAY_TYPE.bar, WIDGET_DISPLAY_TYPE.single_value],
  tickets_by_status: [WIDGET_DISPLAY_TYPE.pie, WIDGET_DISPLAY_TYPE.bar, WIDGET_DISPLAY_TYPE.list],
  overdue_tickets: [WIDGET_DISPLAY_TYPE.single_value, WIDGET_DISPLAY_TYPE.list],
  ticket_time_to_fix: [WIDGET_DISPLAY_TYPE.bar, WIDGET_DISPLAY_TYPE.column, WIDGET_DISPLAY_TYPE.list],
};

/** A widget's settings: the trend's days, series (§3: critical 1 … average 6) and layout (grouped 1, stacked 2). */
export const widgetConfig = z
  .object({
    days: z.union([z.literal(7), z.literal(30), z.literal(90), z.literal(365)]).optional(),
    series: z.array(z.number().int().min(1).max(6)).max(6).optional(),
    layout: z.union([z.literal(1), z.literal(2)]).optional(),
  })
  .strict();
export type WidgetConfig = z.infer<typeof widgetConfig>;

export const widget = z.object({
  id: z.number().int(),
  dashboard: z.number().int(),
  kind: z.enum(WIDGET_KINDS),
  title: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  config: widgetConfig,
  display_type: z.number().int(),
  slot: z.number().int(),
  teams: z.array(z.number().int()),
  tags: z.array(z.number().int()),
});
export type Widget = z.infer<typeof widget>;

const size = (max: number) =>
  z
    .number({ error: `Enter a size from 1 to ${max}.` })
    .int()
    .min(1, `Enter a size from 1 to ${max}.`)
    .max(max, `Enter a size from 1 to ${max}.`);

export const widgetInput = z
  .object({
    dashboard: z.number().int().positive(),
    kind: z.enum(WIDGET_KINDS, { error: `Choose one of: ${WIDGET_KINDS.join(', ')}.` }),
    title: z.string().trim().max(100, 'Ensure this field has no more than 100 characters.').default(''),
    width: size(GRID_COLUMNS).default(4),
    height: size(12).default(3),
    config: widgetConfig.default({}),
    display_type: z.number().int().optional(),
    slot: z
      .number()
      .int()
      .min(0)
      .refine((s) => s % 100 < GRID_COLUMNS, `A slot is 100*y + x with x from 0 to ${GRID_COLUMNS - 1}.`)
      .default(0),
    teams: z.array(z.number().int().positive()).max(100).default([]),
    tags: z.array(z.number().int().positive()).max(100).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.display_type !== undefined && !WIDGET_KIND_DISPLAYS[v.kind].includes(v.display_type as WidgetDisplayType))
      ctx.addIssue({ code: 'custom', path: ['display_type'], message: 'This kind cannot be drawn that way.' });
    if ((v.slot % 100) + v.width > GRID_COLUMNS)
      ctx.addIssue({ code: 'custom', path: ['width'], message: `The widget would reach past column ${GRID_COLUMNS}.` });
  });
export type WidgetInput = z.input<typeof widgetInput>;

export const dashboard = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(DASHBOARD_SCOPES),
  team: z.number().int().nullable(),
  tag: z.number().int().nullable(),
  is_default: z.boolean(),
  created: z.string(),
  updated: z.string(),
});
export type Dashboard = z.infer<typeof dashboard>;

export const dashboardInput = z.object({
  name: z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, 'This field may not be blank.')
    .max(100, 'Ensure this field has no more than 100 characters.'),
  scope: z.enum(DASHBOARD_SCOPES).default('dashboard'),
  team: z.number().int().positive().nullable().default(null),
  tag: z.number().int().positive().nullable().default(null),
});
export type DashboardInput = z.input<typeof dashboardInput>;

/** One day of a trend (from the daily snapshots). */
export const trendPoint = z.object({
  day: z.string(),
  critical: z.number().int(),
  high: z.number().int(),
  medium: z.number().int(),
  low: z.number().int(),
  total: z.number().int(),
  /** The customer's average asset risk that day. */
  average: z.number(),
  detected: z.number().int(),
  fixed: z.number().int(),
});
export type TrendPoint = z.infer<typeof trendPoint>;

/** What a widget shows; `link` is the list a chart's segment opens (with that filter). */
export const widgetData = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('customer_average_risk_score'),
    value: z.number(),
    assets: z.number().int(),
    trend: z.array(z.object({ day: z.string(), value: z.number() })),
    link: z.string(),
  }),
  z.object({ kind: z.literal('vulnerability_trend'), points: z.array(trendPoint), link: z.string() }),
  z.object({
    kind: z.literal('detected_vs_fixed'),
    points: z.array(z.object({ day: z.string(), detected: z.number().int(), fixed: z.number().int() })),
  }),
  z.object({
    kind: z.literal('mean_time_to_resolution'),
    /** Days from first seen to closed, for findings closed within the window, by severity 0-4. */
    by_severity: z.array(z.object({ severity: z.number().int(), days: z.number().nullable(), closed: z.number().int() })),
    days: z.number().int(),
  }),
  z.object({
    kind: z.literal('asset_inventory'),
    segments: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int(), link: z.string() })),
    total: z.number().int(),
    with_open_findings: z.number().int(),
  }),
  z.object({
    kind: z.literal('news_feed'),
    items: z.array(
      z.object({ id: z.number().int(), title: z.string(), category_label: z.string(), show_at: z.string(), link: z.string().nullable() }),
    ),
  }),
  z.object({
    kind: z.literal('industry_benchmark'),
    /** Shown only when at least INDUSTRY_MIN_CUSTOMERS other customers contribute. */
    available: z.boolean(),
    contributors: z.number().int(),
    mine: z.object({ average_risk: z.number(), open_per_asset: z.number() }),
    industry: z.object({ average_risk: z.number(), open_per_asset: z.number() }).nullable(),
  }),
  z.object({
    kind: z.literal('owasp_top_10'),
    /** Open web findings that count, by OWASP Top 10 (2021) category, A01 … A10, each with the list it opens. */
    categories: z.array(z.object({ id: z.enum(OWASP_2021_IDS), label: z.string(), count: z.number().int(), link: z.string() })),
    total: z.number().int(),
    /** Open web findings with no category (not counted in the categories). */
    uncategorised: z.number().int(),
    /** What the widget says when it shows no chart (no web findings yet), and its one-line summary otherwise. */
    message: z.string(),
    link: z.string(),
  }),
  z.object({
    kind: z.literal('tickets_by_status'),
    /** Tickets not closed, by status (Open, In progress, Solution applied), each with the ticket list it opens. */
    segments: z.array(z.object({ status: z.number().int(), label: z.string(), count: z.number().int(), link: z.string() })),
    total: z.number().int(),
    link: z.string(),
  }),
  z.object({
    kind: z.literal('overdue_tickets'),
    /** Tickets not closed whose due date has passed, of `with_due_date` not closed with one; the most overdue first. */
    count: z.number().int(),
    with_due_date: z.number().int(),
    items: z.array(
      z.object({
        uuid: z.string(),
        number: z.number().int(),
        title: z.string(),
        due_date: z.string(),
        days_overdue: z.number().int(),
        link: z.string(),
      }),
    ),
    link: z.string(),
  }),
  z.object({
    kind: z.literal('ticket_time_to_fix'),
    /** Median days from a ticket's creation to Fixed, for tickets fixed within the window, by priority 4 … 1 (worst severity). */
    by_severity: z.array(z.object({ severity: z.number().int(), days: z.number().nullable(), fixed: z.number().int() })),
    days: z.number().int(),
  }),
  z.object({
    kind: z.literal('recipients_by_severity'),
    /** False while the customer has no active recipients (the message says how to add them). */
    available: z.boolean(),
    message: z.string(),
    /** Active recipients per phishing severity, neutral 0 … critical 4, each with the recipient list it opens. */
    severities: z.array(z.object({ severity: z.number().int(), label: z.string(), count: z.number().int(), link: z.string() })).optional(),
    total: z.number().int().optional(),
  }),
]);
export type WidgetData = z.infer<typeof widgetData>;

/** The industry benchmark shows the aggregate only when this many other customers contribute. */
export const INDUSTRY_MIN_CUSTOMERS = 5;

/** A widget with what it shows (`GET dashboard/widgets/{id}/`). */
export const widgetWithData = widget.extend({ data: widgetData });
export type WidgetWithData = z.infer<typeof widgetWithData>;

/** What a preview needs: the kind and its settings, before the widget is saved. */
export const widgetPreviewInput = z.object({
  kind: z.enum(WIDGET_KINDS),
  config: widgetConfig.default({}),
});
