// Pure rules of the add / configure widget form: which settings a kind has (days for trends and windows; series and
// grouped/stacked for the vulnerability trend), the form's starting values, the config a preview and a save send, and
// the bodies of POST (a new widget at the first free slot) and PATCH (a configured one).
import {
  WIDGET_KIND_DISPLAYS,
  WIDGET_KIND_LABELS,
  WIDGET_LAYOUT,
  type Widget,
  type WidgetConfig,
  type WidgetInput,
  type WidgetKind,
  type WidgetSeries,
} from '@bulwark/core';
import { DEFAULT_SERIES } from './widget-charts.ts';
import type { WidgetPatch } from './api/dashboards-api.ts';

export const DAY_CHOICES = [7, 30, 90, 365] as const;
type Days = (typeof DAY_CHOICES)[number];

const WITH_DAYS: readonly WidgetKind[] = [
  'customer_average_risk_score',
  'vulnerability_trend',
  'detected_vs_fixed',
  'mean_time_to_resolution',
  'ticket_time_to_fix',
];

/** The kind reads a window of days (its trend, or the findings fixed within it). */
export function usesDays(kind: WidgetKind): boolean {
  return WITH_DAYS.includes(kind);
}
/** The kind draws chosen series, grouped or stacked. */
export function usesSeries(kind: WidgetKind): boolean {
  return kind === 'vulnerability_trend';
}
/** The window a kind reads unless told otherwise (the server's defaults). */
export function defaultDays(kind: WidgetKind): Days {
  return kind === 'mean_time_to_resolution' || kind === 'ticket_time_to_fix' ? 90 : 30;
}
/** Trends are wide, the rest a third of the grid. */
export function defaultWidth(kind: WidgetKind): number {
  return kind === 'vulnerability_trend' || kind === 'detected_vs_fixed' ? 6 : 4;
}
export const DEFAULT_HEIGHT = 3;

export function widgetTitle(w: Pick<Widget, 'title' | 'kind'>): string {
  return w.title.trim() || WIDGET_KIND_LABELS[w.kind];
}

/** The form's values: strings, as radio and check groups hold them. */
export interface WidgetFormValues {
  kind: WidgetKind;
  display_type: string;
  title: string;
  days: string;
  series: string[];
  layout: string;
}

export function formValues(widget?: Widget): WidgetFormValues {
  const kind = widget?.kind ?? 'vulnerability_trend';
  const display =
    widget && WIDGET_KIND_DISPLAYS[kind].includes(widget.display_type as never) ? widget.display_type : WIDGET_KIND_DISPLAYS[kind][0]!;
  return {
    kind,
    display_type: String(display),
    title: widget?.title ?? '',
    days: String(widget?.config.days ?? defaultDays(kind)),
    series: (widget?.config.series?.length ? widget.config.series : DEFAULT_SERIES).map(String),
    layout: String(widget?.config.layout ?? WIDGET_LAYOUT.grouped),
  };
}

/** The values after choosing another kind: its first display type, its default window. */
export function withKind(values: WidgetFormValues, kind: WidgetKind): WidgetFormValues {
  return { ...values, kind, display_type: String(WIDGET_KIND_DISPLAYS[kind][0]), days: String(defaultDays(kind)) };
}

/** Only the settings the kind has (the server's config is strict). */
export function configOf(v: WidgetFormValues): WidgetConfig {
  const config: WidgetConfig = {};
  if (usesDays(v.kind)) config.days = Number(v.days) as Days;
  if (usesSeries(v.kind)) {
    config.series = v.series.map(Number).sort((a, b) => a - b) as WidgetSeries[];
    config.layout = Number(v.layout) === WIDGET_LAYOUT.stacked ? WIDGET_LAYOUT.stacked : WIDGET_LAYOUT.grouped;
  }
  return config;
}

/** POST dashboard/widgets/: a new widget of the chosen kind at `slot` (a blank title takes the kind's name). */
export function newWidgetBody(v: WidgetFormValues, dashboard: number, slot: number): WidgetInput {
  return {
    dashboard,
    kind: v.kind,
    title: v.title.trim() || WIDGET_KIND_LABELS[v.kind],
    display_type: Number(v.display_type),
    config: configOf(v),
    slot,
    width: defaultWidth(v.kind),
    height: DEFAULT_HEIGHT,
  };
}

/** PATCH dashboard/widgets/{id}/: what the configure form changes. */
export function widgetPatch(v: WidgetFormValues): WidgetPatch {
  return { title: v.title.trim() || WIDGET_KIND_LABELS[v.kind], display_type: Number(v.display_type), config: configOf(v) };
}
