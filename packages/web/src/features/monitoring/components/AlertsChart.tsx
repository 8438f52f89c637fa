// Alerts by trigger under the list's filters, as a bar chart (a click filters the list by that trigger) with the figures
// as a table for assistive technology; says so when there is nothing to draw.
import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { MONITORING_TRIGGERS, MONITORING_TRIGGER_LABELS, type MonitoringTrigger } from '@bulwark/core';
import { ChartTable, EChart, useChartColors, type ChartOption } from '../../../components/charts/index.ts';

export function AlertsChart({
  counts,
  onTrigger,
}: {
  counts: Record<MonitoringTrigger, number> | undefined;
  onTrigger(trigger: MonitoringTrigger): void;
}) {
  const color = useChartColors();
  const shown = useMemo(() => MONITORING_TRIGGERS.filter((t) => (counts?.[t] ?? 0) > 0), [counts]);
  const option = useMemo<ChartOption>(
    () => ({
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      tooltip: { trigger: 'item' },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: shown.map((t) => MONITORING_TRIGGER_LABELS[t]) },
      series: [{ type: 'bar', data: shown.map((t) => counts?.[t] ?? 0), itemStyle: { color: color('orange') }, barMaxWidth: 18 }],
    }),
    [shown, counts, color],
  );
  if (!counts) return null;
  if (shown.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No alerts to count by trigger.
      </Text>
    );
  const caption = 'Alerts by trigger';
  return (
    <div style={{ height: 40 + shown.length * 28 }}>
      <EChart
        option={option}
        label={`${caption}: ${shown.map((t) => `${MONITORING_TRIGGER_LABELS[t]} ${counts[t]}`).join(', ')}`}
        fallbackSize={{ width: 480, height: 40 + shown.length * 28 }}
        onItemClick={(item) => {
          const trigger = shown[item.dataIndex];
          if (trigger) onTrigger(trigger);
        }}
      />
      <ChartTable caption={caption} columns={['Trigger', 'Alerts']} rows={shown.map((t) => [MONITORING_TRIGGER_LABELS[t], counts[t]])} />
    </div>
  );
}
