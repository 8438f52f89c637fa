// Where a click on a chart goes: a trend's severity series opens the vulnerability list filtered to that severity, an
// inventory segment opens its own asset list, the risk score opens its link. Pure, so the rules are testable without
// drawing a chart.
import type { WidgetData, WidgetSeries } from '@bulwark/core';

/** The severity filter of each severity series: critical 1 → 4, high 2 → 3, medium 3 → 2, low 4 → 1. */
export const SERIES_SEVERITY: Partial<Record<WidgetSeries, number>> = { 1: 4, 2: 3, 3: 2, 4: 1 };

/** `link` with `key=value` set in its query string. */
export function withQuery(link: string, key: string, value: string): string {
  const at = link.indexOf('?');
  const path = at < 0 ? link : link.slice(0, at);
  const params = new URLSearchParams(at < 0 ? '' : link.slice(at + 1));
  params.set(key, value);
  return `${path}?${params.toString()}`;
}

/** The list a trend series opens: a severity series its severity, total the whole list, average none. */
export function linkForSeries(base: string, series: WidgetSeries): string | null {
  const severity = SERIES_SEVERITY[series];
  if (severity !== undefined) return withQuery(base, 'severity', String(severity));
  return series === 5 ? base : null;
}

type Segment = Extract<WidgetData, { kind: 'asset_inventory' }>['segments'][number];

/** The list an inventory segment opens, found by its label (or, failing that, its position). */
export function linkForSegment(segments: readonly Segment[], item: { name: string; dataIndex: number }): string | null {
  const segment = segments.find((s) => s.label === item.name) ?? segments[item.dataIndex];
  return segment?.link ?? null;
}
