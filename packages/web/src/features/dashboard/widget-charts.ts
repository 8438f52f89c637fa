// How each widget kind is drawn as a chart (pure: data, display type and settings in; the ECharts option, its
// accessible name, its figures as a table, its legend and where a click goes out). Single values, lists and messages
// are not charts: widgetChart answers null for them and WidgetView draws them.
import {
  RISK_BAND_LABELS,
  SEVERITY_LABELS,
  WIDGET_DISPLAY_TYPE,
  WIDGET_DISPLAY_TYPE_LABELS,
  WIDGET_KIND_DISPLAYS,
  WIDGET_LAYOUT,
  WIDGET_SERIES,
  WIDGET_SERIES_LABELS,
  riskBand,
  type Severity,
  type TrendPoint,
  type WidgetConfig,
  type WidgetData,
  type WidgetDisplayType,
  type WidgetKind,
  type WidgetSeries,
} from '@bulwark/core';
import type { ChartItem, ChartOption, ChartTableData, ColorOf, LegendEntry } from '../../components/charts/index.ts';
import { riskScoreColor } from '../../components/risk-colors.ts';
import { severityColor } from '../scans/result-format.ts';
import { linkForSegment, linkForSeries } from './widget-links.ts';

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

const SERIES_KEYS: Record<WidgetSeries, 'critical' | 'high' | 'medium' | 'low' | 'total' | 'average'> = {
  1: 'critical',
  2: 'high',
  3: 'medium',
  4: 'low',
  5: 'total',
  6: 'average',
};
const SERIES_COLORS: Record<WidgetSeries, string> = { 1: 'red', 2: 'orange', 3: 'yellow', 4: 'blue', 5: 'gray', 6: 'violet' };
const SEGMENT_COLORS = ['blue', 'teal', 'grape', 'orange', 'cyan', 'lime'];
const NO_DAYS = 'No daily figures yet: they start with the first day Bulwark has scan results.';

/** The display type a widget is drawn as: its own when its kind suits it, else the kind's first. */
export function displayOf(kind: WidgetKind, display: number): WidgetDisplayType {
  const suits = WIDGET_KIND_DISPLAYS[kind];
  return suits.includes(display as WidgetDisplayType) ? (display as WidgetDisplayType) : suits[0]!;
}

/** 'Line chart', 'Pie chart', … for accessible names. */
function chartName(display: WidgetDisplayType): string {
  return `${WIDGET_DISPLAY_TYPE_LABELS[display]} chart`;
}

/** '2026-11-20' → '11-20' on axes. */
function shortDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(day) ? day.slice(5, 10) : day;
}

function formatNumber(n: number | null): string {
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

function cartesian({ categories, horizontal, second, valueName }: Cartesian) {
  const category = { type: 'category', data: categories, axisLabel: { formatter: shortDay }, axisTick: { alignWithLabel: true } };
  const values: object[] = [{ type: 'value', name: valueName, minInterval: 1 }];
  if (second) values.push({ type: 'value', name: second.name, max: second.max, splitLine: { show: false } });
  return {
    grid: { left: 8, right: 16, top: second || valueName ? 28 : 12, bottom: 8, containLabel: true },
    xAxis: horizontal ? values : category,
    yAxis: horizontal ? { ...category, inverse: true } : values,
  };
}

function seriesType(display: WidgetDisplayType): 'line' | 'bar' {
  return display === WIDGET_DISPLAY_TYPE.line ? 'line' : 'bar';
}

function riskScoreChart(
  data: Extract<WidgetData, { kind: 'customer_average_risk_score' }>,
  display: WidgetDisplayType,
  title: string,
  color: ColorOf,
): WidgetChart | null {
  const band = riskBand(data.value);
  const bandColor = color(riskScoreColor(data.value));
  const summary = `${title}: ${data.value} of 100 (${RISK_BAND_LABELS[band]}), across ${data.assets} assets`;
  const legend: LegendEntry[] = [
    { label: `${RISK_BAND_LABELS[band]} risk, ${data.assets} assets`, color: bandColor },
    { label: 'Vulnerabilities by asset', link: data.link },
  ];
  if (display === WIDGET_DISPLAY_TYPE.gauge)
    return {
      label: summary,
      legend,
      linkFor: () => data.link,
      table: {
        caption: title,
        columns: ['Figure', 'Value'],
        rows: [
          ['Average risk', data.value],
          ['Risk band', RISK_BAND_LABELS[band]],
          ['Assets', data.assets],
        ],
      },
      option: {
        series: [
          {
            type: 'gauge',
            min: 0,
            max: 100,
            startAngle: 210,
            endAngle: -30,
            radius: '95%',
            center: ['50%', '58%'],
            progress: { show: true, width: 14, itemStyle: { color: bandColor } },
            axisLine: { lineStyle: { width: 14, color: [[1, color('gray', 2)]] } },
            pointer: { show: false },
            axisTick: { show: false },
            splitLine: { show: false },
            axisLabel: { show: false },
            anchor: { show: false },
            title: { show: false },
            detail: { valueAnimation: true, fontSize: 30, fontWeight: 600, color: bandColor, offsetCenter: [0, 0], formatter: '{value}' },
            data: [{ value: data.value, name: 'Average risk' }],
          },
        ],
      },
    };
  if (display === WIDGET_DISPLAY_TYPE.line) {
    const latest = data.trend.at(-1);
    return {
      label: `${chartName(display)} of ${title.toLowerCase()} over ${data.trend.length} days${latest ? `, latest ${latest.value}` : ''}`,
      empty: data.trend.length === 0 ? NO_DAYS : undefined,
      legend,
      linkFor: () => data.link,
      table: { caption: title, columns: ['Day', 'Average risk'], rows: data.trend.map((p) => [p.day, p.value]) },
      option: {
        tooltip: { trigger: 'axis' },
        ...cartesian({ categories: data.trend.map((p) => p.day), horizontal: false }),
        yAxis: { type: 'value', min: 0, max: 100 },
        series: [
          {
            type: 'line',
            name: 'Average risk',
            data: data.trend.map((p) => p.value),
            showSymbol: data.trend.length <= 31,
            itemStyle: { color: bandColor },
            lineStyle: { color: bandColor },
          },
        ],
      },
    };
  }
  return null;
}

function trendChart(
  data: Extract<WidgetData, { kind: 'vulnerability_trend' }>,
  display: WidgetDisplayType,
  config: WidgetConfig,
  title: string,
  color: ColorOf,
): WidgetChart {
  const codes = (config.series?.length ? config.series : DEFAULT_SERIES) as WidgetSeries[];
  const stacked = config.layout === WIDGET_LAYOUT.stacked;
  const horizontal = display === WIDGET_DISPLAY_TYPE.bar;
  const type = seriesType(display);
  const hasAverage = codes.includes(WIDGET_SERIES.average);
  const names = codes.map((c) => WIDGET_SERIES_LABELS[c]);
  const valueOf = (p: TrendPoint, c: WidgetSeries) => p[SERIES_KEYS[c]];
  const latest = data.points.at(-1);
  const axes = cartesian({
    categories: data.points.map((p) => p.day),
    horizontal,
    valueName: hasAverage ? 'Findings' : undefined,
    second: hasAverage ? { name: 'Risk', max: 100 } : undefined,
  });
  return {
    label:
      `${chartName(display)}${stacked ? ', stacked,' : ''} of ${names.join(', ')} over ${data.points.length} days` +
      (latest ? `; ${latest.day}: ${codes.map((c) => `${WIDGET_SERIES_LABELS[c]} ${valueOf(latest, c)}`).join(', ')}` : ''),
    empty: data.points.length === 0 ? NO_DAYS : undefined,
    table: { caption: title, columns: ['Day', ...names], rows: data.points.map((p) => [p.day, ...codes.map((c) => valueOf(p, c))]) },
    legend: codes.map((c) => ({
      label: WIDGET_SERIES_LABELS[c],
      color: color(SERIES_COLORS[c]),
      value: latest ? valueOf(latest, c) : undefined,
      link: linkForSeries(data.link, c),
    })),
    linkFor: (item) => {
      const code = codes[item.seriesIndex];
      return code === undefined ? null : linkForSeries(data.link, code);
    },
    option: {
      tooltip: { trigger: 'axis' },
      ...axes,
      series: codes.map((c) => {
        const severity = c <= 4;
        const average = c === WIDGET_SERIES.average;
        const seriesColor = color(SERIES_COLORS[c]);
        return {
          type,
          name: WIDGET_SERIES_LABELS[c],
          data: data.points.map((p) => valueOf(p, c)),
          stack: stacked && severity ? 'severity' : undefined,
          areaStyle: type === 'line' && stacked && severity ? { opacity: 0.35 } : undefined,
          showSymbol: data.points.length <= 31,
          itemStyle: { color: seriesColor },
          lineStyle: type === 'line' ? { color: seriesColor } : undefined,
          cursor: linkForSeries(data.link, c) ? 'pointer' : 'default',
          ...(average ? (horizontal ? { xAxisIndex: 1 } : { yAxisIndex: 1 }) : {}),
        };
      }),
    },
  };
}

function detectedFixedChart(
  data: Extract<WidgetData, { kind: 'detected_vs_fixed' }>,
  display: WidgetDisplayType,
  title: string,
  color: ColorOf,
): WidgetChart {
  const type = seriesType(display);
  const total = (key: 'detected' | 'fixed') => data.points.reduce((n, p) => n + p[key], 0);
  const series = [
    { key: 'detected' as const, name: 'Detected', color: color('orange') },
    { key: 'fixed' as const, name: 'Fixed', color: color('teal') },
  ];
  return {
    label: `${chartName(display)} of findings detected and fixed over ${data.points.length} days: ${total('detected')} detected, ${total('fixed')} fixed`,
    empty: data.points.length === 0 ? NO_DAYS : undefined,
    table: { caption: title, columns: ['Day', 'Detected', 'Fixed'], rows: data.points.map((p) => [p.day, p.detected, p.fixed]) },
    legend: series.map((s) => ({ label: s.name, color: s.color, value: total(s.key) })),
    option: {
      tooltip: { trigger: 'axis' },
      ...cartesian({ categories: data.points.map((p) => p.day), horizontal: display === WIDGET_DISPLAY_TYPE.bar }),
      series: series.map((s) => ({
        type,
        name: s.name,
        data: data.points.map((p) => p[s.key]),
        showSymbol: data.points.length <= 31,
        itemStyle: { color: s.color },
        lineStyle: type === 'line' ? { color: s.color } : undefined,
        cursor: 'default',
      })),
    },
  };
}

/** The severity rows of a time-to-resolution answer: label, mean days (null: nothing fixed) and fixed findings. */
export function resolutionRows(data: Extract<WidgetData, { kind: 'mean_time_to_resolution' }>) {
  return data.by_severity.map((r) => ({
    severity: r.severity,
    label: SEVERITY_LABELS[r.severity as Severity] ?? String(r.severity),
    days: r.days,
    closed: r.closed,
  }));
}

function resolutionChart(
  data: Extract<WidgetData, { kind: 'mean_time_to_resolution' }>,
  display: WidgetDisplayType,
  title: string,
  color: ColorOf,
): WidgetChart {
  const rows = resolutionRows(data);
  return {
    label:
      `${chartName(display)} of mean days to resolution by severity, findings fixed in the last ${data.days} days: ` +
      rows.map((r) => `${r.label} ${r.days === null ? 'none fixed' : `${r.days} days`}`).join(', '),
    empty: rows.every((r) => r.closed === 0) ? `No finding was fixed in the last ${data.days} days.` : undefined,
    table: {
      caption: title,
      columns: ['Severity', 'Mean days to resolution', 'Fixed findings'],
      rows: rows.map((r) => [r.label, formatNumber(r.days), r.closed]),
    },
    option: {
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v} days` : '–') },
      ...cartesian({ categories: rows.map((r) => r.label), horizontal: display === WIDGET_DISPLAY_TYPE.bar, valueName: 'Days' }),
      series: [
        {
          type: 'bar',
          name: 'Mean days to resolution',
          cursor: 'default',
          label: { show: true, position: display === WIDGET_DISPLAY_TYPE.bar ? 'right' : 'top', formatter: '{c}' },
          data: rows.map((r) => ({ value: r.days, itemStyle: { color: color(severityColor(r.severity)) } })),
        },
      ],
    },
  };
}

function inventoryChart(
  data: Extract<WidgetData, { kind: 'asset_inventory' }>,
  display: WidgetDisplayType,
  title: string,
  color: ColorOf,
): WidgetChart | null {
  if (display === WIDGET_DISPLAY_TYPE.list) return null;
  const colors = data.segments.map((_, i) => color(SEGMENT_COLORS[i % SEGMENT_COLORS.length]!));
  const items = data.segments.map((s, i) => ({ name: s.label, value: s.count, itemStyle: { color: colors[i] } }));
  const common = {
    label:
      `${chartName(display)} of ${data.total} assets, ${data.with_open_findings} with open findings: ` +
      data.segments.map((s) => `${s.label} ${s.count}`).join(', '),
    empty: data.total === 0 ? 'No assets yet: scans and imports add them.' : undefined,
    table: {
      caption: title,
      columns: ['Assets', 'Count'],
      rows: [...data.segments.map((s) => [s.label, s.count]), ['All assets', data.total], ['With open findings', data.with_open_findings]],
    },
    legend: data.segments.map((s, i) => ({ label: s.label, color: colors[i]!, value: s.count, link: s.link })),
    linkFor: (item: ChartItem) => linkForSegment(data.segments, item),
  };
  if (display === WIDGET_DISPLAY_TYPE.pie)
    return {
      ...common,
      option: {
        tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
        series: [{ type: 'pie', radius: ['40%', '72%'], label: { show: false }, data: items }],
      },
    };
  if (display === WIDGET_DISPLAY_TYPE.tree_map)
    return {
      ...common,
      option: {
        tooltip: { trigger: 'item', formatter: '{b}: {c}' },
        series: [
          {
            type: 'treemap',
            roam: false,
            nodeClick: false,
            breadcrumb: { show: false },
            width: '100%',
            height: '100%',
            label: { show: true, formatter: '{b}\n{c}' },
            data: items.filter((i) => i.value > 0),
          },
        ],
      },
    };
  return {
    ...common,
    option: {
      tooltip: { trigger: 'axis' },
      ...cartesian({ categories: data.segments.map((s) => s.label), horizontal: true }),
      series: [{ type: 'bar', name: 'Assets', data: items, label: { show: true, position: 'right' } }],
    },
  };
}

function benchmarkChart(
  data: Extract<WidgetData, { kind: 'industry_benchmark' }>,
  display: WidgetDisplayType,
  title: string,
  color: ColorOf,
): WidgetChart | null {
  if (!data.available || !data.industry || display !== WIDGET_DISPLAY_TYPE.bar) return null;
  const figures = [
    { name: 'Average risk', mine: data.mine.average_risk, industry: data.industry.average_risk },
    { name: 'Open findings per asset', mine: data.mine.open_per_asset, industry: data.industry.open_per_asset },
  ];
  const series = [
    { name: 'You', color: color('blue'), values: figures.map((f) => f.mine) },
    { name: `Industry (${data.contributors} customers)`, color: color('gray'), values: figures.map((f) => f.industry) },
  ];
  return {
    label:
      `${chartName(display)} comparing you with ${data.contributors} other customers: ` +
      figures.map((f) => `${f.name.toLowerCase()} ${f.mine} against ${f.industry}`).join('; '),
    table: { caption: title, columns: ['Figure', 'You', 'Industry'], rows: figures.map((f) => [f.name, f.mine, f.industry]) },
    legend: series.map((s) => ({ label: s.name, color: s.color })),
    option: {
      tooltip: { trigger: 'axis' },
      ...cartesian({ categories: figures.map((f) => f.name), horizontal: true }),
      series: series.map((s) => ({
        type: 'bar',
        name: s.name,
        data: s.values,
        cursor: 'default',
        itemStyle: { color: s.color },
        label: { show: true, position: 'right' },
      })),
    },
  };
}

/** The chart of a widget's data drawn as `display`; null when it is not drawn as a chart (a value, a list, a message). */
export function widgetChart(data: WidgetData, display: number, config: WidgetConfig, title: string, color: ColorOf): WidgetChart | null {
  if (data.kind === 'owasp_top_10' || data.kind === 'recipients_by_severity') return null;
  const d = displayOf(data.kind, display);
  switch (data.kind) {
    case 'customer_average_risk_score':
      return riskScoreChart(data, d, title, color);
    case 'vulnerability_trend':
      return trendChart(data, d, config, title, color);
    case 'detected_vs_fixed':
      return detectedFixedChart(data, d, title, color);
    case 'mean_time_to_resolution':
      return d === WIDGET_DISPLAY_TYPE.list ? null : resolutionChart(data, d, title, color);
    case 'asset_inventory':
      return inventoryChart(data, d, title, color);
    case 'news_feed':
      return null;
    case 'industry_benchmark':
      return benchmarkChart(data, d, title, color);
  }
}
