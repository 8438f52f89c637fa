// The charts of a report as ECharts options (plain data, no ECharts import): the web view draws them in the browser,
// the server renders the very same options to SVG for PDF and HTML, so every format shows the same picture.
import { SEVERITY_COLORS, REPORT_SECTION_LABELS } from './codes/reports.ts';
import { SEVERITY_LABELS } from './codes/vulnerabilities.ts';
import type { ReportData } from './api/reports.ts';

/** An ECharts option object (kept as plain data so core needs no chart library). */
export type ChartOption = Record<string, unknown>;

const SEVERITIES = [4, 3, 2, 1, 0] as const;
const base = { animation: false, textStyle: { fontFamily: 'Helvetica, Arial, sans-serif' } };

/** Open findings by severity, Critical first, as coloured columns. */
export function severityChart(data: ReportData): ChartOption {
  return {
    ...base,
    grid: { left: 48, right: 16, top: 24, bottom: 32 },
    xAxis: { type: 'category', data: SEVERITIES.map((s) => SEVERITY_LABELS[s]) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: REPORT_SECTION_LABELS.severity_breakdown,
        label: { show: true, position: 'top' },
        data: SEVERITIES.map((s) => ({ value: data.summary.by_severity[s] ?? 0, itemStyle: { color: SEVERITY_COLORS[s] } })),
      },
    ],
  };
}

/**
 * Open findings per day by severity over the report's trend window: stacked areas, or stacked columns while there are
 * fewer than three days (a line through one point draws nothing, which made a new installation's trend look empty).
 */
export function trendChart(data: ReportData): ChartOption {
  const few = data.trend.length < 3;
  const series = ([4, 3, 2, 1] as const).map((s) => {
    const key = ({ 1: 'low', 2: 'medium', 3: 'high', 4: 'critical' } as const)[s];
    const values = data.trend.map((p) => p[key]);
    return few
      ? { type: 'bar', name: SEVERITY_LABELS[s], stack: 'open', barMaxWidth: 48, color: SEVERITY_COLORS[s], data: values }
      : {
          type: 'line',
          name: SEVERITY_LABELS[s],
          stack: 'open',
          areaStyle: { opacity: 0.35 },
          symbol: 'none',
          color: SEVERITY_COLORS[s],
          data: values,
        };
  });
  return {
    ...base,
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 32, bottom: 32 },
    xAxis: { type: 'category', data: data.trend.map((p) => p.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series,
  };
}

/** Mean days to resolution by severity, Critical first. */
export function mttrChart(data: ReportData): ChartOption {
  return {
    ...base,
    grid: { left: 64, right: 24, top: 16, bottom: 24 },
    xAxis: { type: 'value', name: 'days' },
    yAxis: { type: 'category', inverse: true, data: SEVERITIES.map((s) => SEVERITY_LABELS[s]) },
    series: [
      {
        type: 'bar',
        label: { show: true, position: 'right' },
        data: SEVERITIES.map((s) => ({ value: data.remediation.mttr_days[s] ?? 0, itemStyle: { color: SEVERITY_COLORS[s] } })),
      },
    ],
  };
}
