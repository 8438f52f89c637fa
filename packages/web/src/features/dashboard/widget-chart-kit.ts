// The parts every widget chart is built from: the chart's shape, the series keys and colours, axis layouts, and how a
// widget's display type is chosen.
import {
  WIDGET_DISPLAY_TYPE,
  WIDGET_DISPLAY_TYPE_LABELS,
  WIDGET_KIND_DISPLAYS,
  type WidgetDisplayType,
  type WidgetKind,
  type WidgetSeries,
} from '@bulwark/core';
import type { ChartItem, ChartOption, ChartTableData, LegendEntry } from '../../components/charts/index.ts';

export interface WidgetChart {
  option: ChartOption;
  /** The chart in words: its accessible name. */
  label: string;
  table: ChartTableData;
  legend?: LegendEntry[];
  /** Where a click on a series item goes (null: nowhere). */
  linkFor?(item: ChartItem): string | null;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string;
}

/** The trend series shown when a widget names none. */
export const DEFAULT_SERIES: readonly WidgetSeries[] = [1, 2, 3, 4];

export const SERIES_KEYS: Record<WidgetSeries, 'critical' | 'high' | 'medium' | 'low' | 'total' | 'average'> = {
  1: 'critical',
  2: 'high',
  3: 'medium',
  4: 'low',
  5: 'total',
  6: 'average',
};
export const SERIES_COLORS: Record<WidgetSeries, string> = { 1: 'red', 2: 'orange', 3: 'yellow', 4: 'blue', 5: 'gray', 6: 'violet' };
export const SEGMENT_COLORS = ['blue', 'teal', 'grape', 'orange', 'cyan', 'lime'];
export const NO_DAYS = 'No daily figures yet: they start with the first day Bulwark has scan results.';

/** The display type a widget is drawn as: its own when its kind suits it, else the kind's first. */
export function displayOf(kind: WidgetKind, display: number): WidgetDisplayType {
  const suits = WIDGET_KIND_DISPLAYS[kind];
  return suits.includes(display as WidgetDisplayType) ? (display as WidgetDisplayType) : suits[0]!;
}

/** 'Line chart', 'Pie chart', … for accessible names. */
export function chartName(display: WidgetDisplayType): string {
  return `${WIDGET_DISPLAY_TYPE_LABELS[display]} chart`;
}

/** '2026-11-20' → '11-20' on axes. */
export function shortDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(day) ? day.slice(5, 10) : day;
}

export function formatNumber(n: number | null): string {
  return n === null ? '–' : String(n);
}

interface Cartesian {
  categories: string[];
  /** Bars grow sideways (categories on the y axis). */
  horizontal: boolean;
  /** A second value axis (for a series on another scale). */
  second?: { name: string; max?: number };
  valueName?: string;
}

export function cartesian({ categories, horizontal, second, valueName }: Cartesian) {
  const category = { type: 'category', data: categories, axisLabel: { formatter: shortDay }, axisTick: { alignWithLabel: true } };
  const values: object[] = [{ type: 'value', name: valueName, minInterval: 1 }];
  if (second) values.push({ type: 'value', name: second.name, max: second.max, splitLine: { show: false } });
  return {
    grid: { left: 8, right: 16, top: second || valueName ? 28 : 12, bottom: 8, containLabel: true },
    xAxis: horizontal ? values : category,
    yAxis: horizontal ? { ...category, inverse: true } : values,
  };
}

export function seriesType(display: WidgetDisplayType): 'line' | 'bar' {
  return display === WIDGET_DISPLAY_TYPE.line ? 'line' : 'bar';
}
