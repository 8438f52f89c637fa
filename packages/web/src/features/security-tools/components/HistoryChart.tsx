// One figure of a monitor over its recent runs (response time, days to certificate expiry) as a line chart, oldest run
// on the left, with the figures as a table for assistive technology; says so when no run measured it.
import { Stack, Text } from '@mantine/core';
import { formatDateTime } from '@bulwark/core';
import { ChartTable, EChart, useChartColors, type ChartOption } from '../../../components/charts/index.ts';

export interface HistoryPoint {
  /** When the run started (ISO). */
  at: string;
  value: number | null;
}

interface HistoryChartProps {
  title: string;
  /** The figure's column heading, e.g. 'Response time (ms)'. */
  valueName: string;
  points: readonly HistoryPoint[];
  color?: string;
  /** What to say when no run measured the figure. */
  empty: string;
  /** A horizontal line, e.g. the certificate warning threshold. */
  threshold?: { value: number; label: string } | null;
}

export function HistoryChart({ title, valueName, points, color = 'blue', empty, threshold = null }: HistoryChartProps) {
  const colorOf = useChartColors();
  const measured = points.filter((p) => p.value !== null);
  if (measured.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  const stroke = colorOf(color);
  const latest = measured[measured.length - 1]!;
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 16, top: 16, bottom: 32 },
    xAxis: { type: 'category', data: points.map((p) => formatDateTime(p.at)), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: '', scale: false },
    series: [
      {
        type: 'line',
        name: valueName,
        data: points.map((p) => p.value),
        connectNulls: false,
        showSymbol: points.length <= 60,
        itemStyle: { color: stroke },
        lineStyle: { color: stroke },
        markLine: threshold
          ? {
              symbol: 'none',
              data: [{ yAxis: threshold.value, name: threshold.label }],
              lineStyle: { color: colorOf('orange'), type: 'dashed' },
            }
          : undefined,
      },
    ],
  };
  return (
    <Stack gap={4} h={220}>
      <EChart
        option={option}
        label={`${title} over the last ${points.length} ${points.length === 1 ? 'run' : 'runs'}, latest ${latest.value}`}
        fallbackSize={{ width: 480, height: 200 }}
      />
      <ChartTable
        caption={title}
        columns={['Run started', valueName]}
        rows={points.map((p) => [formatDateTime(p.at), p.value === null ? 'Not measured' : p.value])}
      />
    </Stack>
  );
}
