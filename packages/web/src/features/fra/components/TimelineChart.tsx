// What people did over time in an assessment (fra/assessments/{uuid}/timeline/): a bar per period and event kind, machine
// requests in their own grey series, with the figures as a table for assistive technology.
import { useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import { TRACKING_EVENT_LABELS, formatDateTime, type TrackingEvent } from '@bulwark/core';
import { ChartTable, EChart, useChartColors, type ChartOption } from '../../../components/charts/index.ts';
import type { TimelineBucket } from '../api.ts';

const SERIES: { key: string; label: string; color: string }[] = [
  ...(['sent', 'opened', 'clicked', 'submitted', 'reported', 'training_completed'] as TrackingEvent[]).map((k, i) => ({
    key: k,
    label: TRACKING_EVENT_LABELS[k],
    color: ['blue', 'cyan', 'orange', 'red', 'green', 'teal'][i]!,
  })),
  { key: 'bots', label: 'Machine requests (not counted)', color: 'gray' },
];

const valueOf = (b: TimelineBucket, key: string) => b.counts[key] ?? 0;

export function TimelineChart({ buckets }: { buckets: readonly TimelineBucket[] }) {
  const colorOf = useChartColors();
  const shown = useMemo(() => SERIES.filter((s) => buckets.some((b) => valueOf(b, s.key) > 0)), [buckets]);
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: shown.map((s) => s.label) },
      grid: { left: 40, right: 16, top: 32, bottom: 32 },
      xAxis: { type: 'category', data: buckets.map((b) => formatDateTime(b.at)), axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', minInterval: 1 },
      series: shown.map((s) => ({
        type: 'bar',
        name: s.label,
        data: buckets.map((b) => valueOf(b, s.key)),
        itemStyle: { color: colorOf(s.color) },
      })),
    }),
    [buckets, shown, colorOf],
  );
  if (buckets.length === 0 || shown.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing has happened yet.
      </Text>
    );
  return (
    <Stack gap="xs">
      <div style={{ height: 240 }}>
        <EChart option={option} label="Events over time, machine requests apart" fallbackSize={{ width: 640, height: 240 }} />
      </div>
      <ChartTable
        caption="Events over time"
        columns={['Period', ...shown.map((s) => s.label)]}
        rows={buckets.map((b) => [formatDateTime(b.at), ...shown.map((s) => valueOf(b, s.key))])}
      />
    </Stack>
  );
}
