// The trend widgets' charts: average risk over time, open findings by series, and detected against fixed.
import {
  RISK_BAND_LABELS,
  WIDGET_DISPLAY_TYPE,
  WIDGET_LAYOUT,
  WIDGET_SERIES,
  WIDGET_SERIES_LABELS,
  riskBand,
  type TrendPoint,
  type WidgetConfig,
  type WidgetData,
  type WidgetDisplayType,
  type WidgetSeries,
} from '@bulwark/core';
import type { ColorOf, LegendEntry } from '../../components/charts/index.ts';
import { riskScoreColor } from '../../components/risk-colors.ts';
import { linkForSeries } from './widget-links.ts';
import {
  type WidgetChart,
  DEFAULT_SERIES,
  SERIES_KEYS,
  SERIES_COLORS,
  NO_DAYS,
  chartName,
  cartesian,
  seriesType,
} from './widget-chart-kit.ts';

export function riskScoreChart(
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

export function trendChart(
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

export function detectedFixedChart(
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
