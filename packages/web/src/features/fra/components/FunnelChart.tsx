// The funnel of people in an assessment (sent → opened → clicked → submitted data, reported, training completed) as a
// bar chart with its figures as a table for assistive technology, and the machine requests said apart: they are never
// in the bars.
import { useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import type { AssessmentStats } from '@bulwark/core';
import { ChartTable, EChart, useChartColors, type ChartOption } from '../../../components/charts/index.ts';
import { botText, funnelRows } from '../assessment-format.ts';

const COLORS = ['blue', 'cyan', 'orange', 'red', 'green', 'teal'];

export function FunnelChart({ stats }: { stats: AssessmentStats }) {
  const colorOf = useChartColors();
  const rows = useMemo(() => funnelRows(stats), [stats]);
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 140, right: 48, top: 8, bottom: 24 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: rows.map((r) => r.label) },
      series: [
        {
          type: 'bar',
          name: 'People',
          data: rows.map((r, i) => ({ value: r.people, itemStyle: { color: colorOf(COLORS[i] ?? 'blue') } })),
          label: { show: true, position: 'right', formatter: (p: { dataIndex: number }) => `${rows[p.dataIndex]?.percent ?? 0}%` },
        },
      ],
    }),
    [rows, colorOf],
  );
  return (
    <Stack gap="xs">
      <div style={{ height: 240 }}>
        <EChart
          option={option}
          label={`People in the assessment: ${rows.map((r) => `${r.people} ${r.label.toLowerCase()}`).join(', ')}`}
          fallbackSize={{ width: 480, height: 240 }}
        />
      </div>
      <ChartTable
        caption="People at each step (machine requests not counted)"
        columns={['Step', 'People', 'Of those sent']}
        rows={rows.map((r) => [r.label, r.people, `${r.percent}%`])}
      />
      <Text size="sm" data-testid="bots-apart">
        {botText(stats.bot_events)}
      </Text>
    </Stack>
  );
}
