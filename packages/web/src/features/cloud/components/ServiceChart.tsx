// Controls passed and failed by service (s3, iam, ec2 …) as stacked bars, with the figures as a table for assistive
// technology; says so when there is nothing to draw.
import { Stack, Text } from '@mantine/core';
import type { CloudPolicyResult } from '@bulwark/core';
import { ChartTable, EChart, useChartColors, type ChartOption } from '../../../components/charts/index.ts';

export interface ServiceCount {
  service: string;
  passed: number;
  failed: number;
}

/** Results added up per service, the services with failures first. */
export function countsByService(results: readonly CloudPolicyResult[]): ServiceCount[] {
  const by = new Map<string, ServiceCount>();
  for (const r of results) {
    const key = r.service || 'other';
    const row = by.get(key) ?? { service: key, passed: 0, failed: 0 };
    row.passed += r.passed;
    row.failed += r.failed;
    by.set(key, row);
  }
  return [...by.values()].sort((a, b) => b.failed - a.failed || a.service.localeCompare(b.service));
}

const TITLE = 'Checks passed and failed by service';

export function ServiceChart({ results }: { results: readonly CloudPolicyResult[] }) {
  const color = useChartColors();
  const rows = countsByService(results).filter((r) => r.passed + r.failed > 0);
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No checks to draw yet.
      </Text>
    );
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    legend: { data: ['Passed', 'Failed'] },
    grid: { left: 80, right: 16, top: 32, bottom: 24 },
    xAxis: { type: 'value' },
    yAxis: { type: 'category', data: rows.map((r) => r.service) },
    series: [
      { name: 'Passed', type: 'bar', stack: 'all', data: rows.map((r) => r.passed), itemStyle: { color: color('green') } },
      { name: 'Failed', type: 'bar', stack: 'all', data: rows.map((r) => r.failed), itemStyle: { color: color('red') } },
    ],
  };
  return (
    <Stack gap="xs">
      <EChart
        option={option}
        label={`${TITLE}: ${rows.map((r) => `${r.service} ${r.passed} passed, ${r.failed} failed`).join('; ')}`}
        fallbackSize={{ width: 480, height: Math.max(120, rows.length * 32 + 60) }}
      />
      <ChartTable caption={TITLE} columns={['Service', 'Passed', 'Failed']} rows={rows.map((r) => [r.service, r.passed, r.failed])} />
    </Stack>
  );
}
