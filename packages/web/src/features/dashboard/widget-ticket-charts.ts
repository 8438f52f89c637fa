// How the ticket widgets are drawn (issue 29 SLA): open tickets by status as a pie or bars (a click opens the ticket list
// with that status), and time to fix by severity as bars (median days from creation to Fixed). Overdue tickets are a
// value and a list, never a chart (WidgetView draws them). Pure, like the other widget charts.
import { SEVERITY_LABELS, WIDGET_DISPLAY_TYPE, type Severity, type WidgetData, type WidgetDisplayType } from '@bulwark/core';
import type { ChartItem, ColorOf } from '../../components/charts/index.ts';
import { severityColor } from '../scans/result-format.ts';
import { type WidgetChart, cartesian, chartName, formatNumber } from './widget-chart-kit.ts';

type StatusData = Extract<WidgetData, { kind: 'tickets_by_status' }>;
type FixData = Extract<WidgetData, { kind: 'ticket_time_to_fix' }>;

/** Open is the call to act (red), In progress under way (blue), Solution applied waiting on its re-test (teal). */
const STATUS_COLORS: Record<number, string> = { 0: 'red', 4: 'blue', 1: 'teal' };

/** The list a status segment opens, found by its label (or, failing that, its position). */
export function linkForStatus(data: StatusData, item: Pick<ChartItem, 'name' | 'dataIndex'>): string | null {
  const segment = data.segments.find((s) => s.label === item.name) ?? data.segments[item.dataIndex];
  return segment?.link ?? null;
}

export function ticketStatusChart(data: StatusData, display: WidgetDisplayType, title: string, color: ColorOf): WidgetChart | null {
  if (display === WIDGET_DISPLAY_TYPE.list) return null;
  const colors = data.segments.map((s) => color(STATUS_COLORS[s.status] ?? 'gray'));
  const items = data.segments.map((s, i) => ({ name: s.label, value: s.count, itemStyle: { color: colors[i] } }));
  const common = {
    label: `${chartName(display)} of ${data.total} open tickets by status: ` + data.segments.map((s) => `${s.label} ${s.count}`).join(', '),
    empty: data.total === 0 ? 'No open tickets: rules and people open them from findings.' : undefined,
    table: {
      caption: title,
      columns: ['Status', 'Tickets'],
      rows: [...data.segments.map((s) => [s.label, s.count] as [string, number]), ['All open', data.total] as [string, number]],
    },
    legend: data.segments.map((s, i) => ({ label: s.label, color: colors[i]!, value: s.count, link: s.link })),
    linkFor: (item: ChartItem) => linkForStatus(data, item),
  };
  if (display === WIDGET_DISPLAY_TYPE.pie)
    return {
      ...common,
      option: {
        tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
        series: [{ type: 'pie', radius: ['40%', '72%'], label: { show: false }, data: items }],
      },
    };
  return {
    ...common,
    option: {
      tooltip: { trigger: 'axis' },
      ...cartesian({ categories: data.segments.map((s) => s.label), horizontal: true }),
      series: [{ type: 'bar', name: 'Tickets', data: items, label: { show: true, position: 'right' } }],
    },
  };
}

export function ticketFixRows(data: FixData) {
  return data.by_severity.map((r) => ({
    severity: r.severity,
    label: SEVERITY_LABELS[r.severity as Severity] ?? String(r.severity),
    days: r.days,
    fixed: r.fixed,
  }));
}

export function ticketFixChart(data: FixData, display: WidgetDisplayType, title: string, color: ColorOf): WidgetChart | null {
  if (display === WIDGET_DISPLAY_TYPE.list) return null;
  const rows = ticketFixRows(data);
  const horizontal = display === WIDGET_DISPLAY_TYPE.bar;
  return {
    label:
      `${chartName(display)} of median days to fix tickets by severity, tickets fixed in the last ${data.days} days: ` +
      rows.map((r) => `${r.label} ${r.days === null ? 'none fixed' : `${r.days} days`}`).join(', '),
    empty: rows.every((r) => r.fixed === 0) ? `No ticket was fixed in the last ${data.days} days.` : undefined,
    table: {
      caption: title,
      columns: ['Severity', 'Median days to fix', 'Fixed tickets'],
      rows: rows.map((r) => [r.label, formatNumber(r.days), r.fixed]),
    },
    option: {
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v} days` : '–') },
      ...cartesian({ categories: rows.map((r) => r.label), horizontal, valueName: 'Days' }),
      series: [
        {
          type: 'bar',
          name: 'Median days to fix',
          cursor: 'default',
          label: { show: true, position: horizontal ? 'right' : 'top', formatter: '{c}' },
          data: rows.map((r) => ({ value: r.days, itemStyle: { color: color(severityColor(r.severity)) } })),
        },
      ],
    },
  };
}
