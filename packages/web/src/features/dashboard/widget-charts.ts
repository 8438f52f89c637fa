// How each widget kind is drawn as a chart (pure: data, display type and settings in; the ECharts option, its
// accessible name, its figures as a table, its legend and where a click goes out). Single values, lists and messages
// are not charts: widgetChart answers null for them and WidgetView draws them.
import {
  SEVERITY_LABELS,
  WIDGET_DISPLAY_TYPE,
  type Severity,
  type WidgetConfig,
  type WidgetData,
  type WidgetDisplayType,
} from '@bulwark/core';
import type { ChartItem, ColorOf } from '../../components/charts/index.ts';
import { severityColor } from '../scans/result-format.ts';
import { linkForSegment } from './widget-links.ts';
import { type WidgetChart, SEGMENT_COLORS, displayOf, chartName, formatNumber, cartesian } from './widget-chart-kit.ts';
import { riskScoreChart, trendChart, detectedFixedChart } from './widget-trend-charts.ts';
import { ticketFixChart, ticketStatusChart } from './widget-ticket-charts.ts';

export { DEFAULT_SERIES, displayOf, type WidgetChart } from './widget-chart-kit.ts';

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
  if (data.kind === 'owasp_top_10' || data.kind === 'recipients_by_severity' || data.kind === 'overdue_tickets') return null;
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
    case 'tickets_by_status':
      return ticketStatusChart(data, d, title, color);
    case 'ticket_time_to_fix':
      return ticketFixChart(data, d, title, color);
  }
}
