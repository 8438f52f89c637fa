// Dashboard and widget codes of platform-core §3: display types, kinds, series, layouts, scopes.

/** Widget display types: pie 1 … slim bar 10. */
export const WIDGET_DISPLAY_TYPE = {
  pie: 1,
  line: 2,
  single_value: 3,
  gauge: 4,
  list: 5,
  owasp_pie: 6,
  column: 7,
  bar: 8,
  tree_map: 9,
  slim_bar: 10,
} as const;
export type WidgetDisplayType = (typeof WIDGET_DISPLAY_TYPE)[keyof typeof WIDGET_DISPLAY_TYPE];
export const WIDGET_DISPLAY_TYPE_LABELS: Record<WidgetDisplayType, string> = {
  1: 'Pie',
  2: 'Line',
  3: 'Single value',
  4: 'Gauge',
  5: 'List',
  6: 'OWASP pie',
  7: 'Column',
  8: 'Bar',
  9: 'Tree map',
  10: 'Slim bar',
};

export const WIDGET_KINDS = [
  'customer_average_risk_score',
  'recipients_by_severity',
  'owasp_top_10',
  'vulnerability_trend',
  'news_feed',
  'detected_vs_fixed',
  'mean_time_to_resolution',
  'asset_inventory',
  'industry_benchmark',
  'tickets_by_status',
  'overdue_tickets',
  'ticket_time_to_fix',
] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];
export const WIDGET_KIND_LABELS: Record<WidgetKind, string> = {
  customer_average_risk_score: 'Customer average risk score',
  recipients_by_severity: 'Recipients by severity',
  owasp_top_10: 'OWASP top 10',
  vulnerability_trend: 'Vulnerability trend',
  news_feed: 'News feed',
  detected_vs_fixed: 'Detected vs fixed',
  mean_time_to_resolution: 'Mean time to resolution',
  asset_inventory: 'Asset inventory',
  industry_benchmark: 'Industry benchmark',
  tickets_by_status: 'Open tickets by status',
  overdue_tickets: 'Overdue tickets',
  ticket_time_to_fix: 'Ticket time to fix',
};

/** Series: critical 1, high 2, medium 3, low 4, total 5, average 6. */
export const WIDGET_SERIES = { critical: 1, high: 2, medium: 3, low: 4, total: 5, average: 6 } as const;
export type WidgetSeries = (typeof WIDGET_SERIES)[keyof typeof WIDGET_SERIES];
export const WIDGET_SERIES_LABELS: Record<WidgetSeries, string> = {
  1: 'Critical',
  2: 'High',
  3: 'Medium',
  4: 'Low',
  5: 'Total',
  6: 'Average',
};

/** Layout: grouped 1, stacked 2. */
export const WIDGET_LAYOUT = { grouped: 1, stacked: 2 } as const;
export type WidgetLayout = (typeof WIDGET_LAYOUT)[keyof typeof WIDGET_LAYOUT];

/** Dashboard scope. */
export const DASHBOARD_SCOPES = ['dashboard', 'team', 'tag'] as const;
export type DashboardScope = (typeof DASHBOARD_SCOPES)[number];
