// "Requests over time" on a web run's summary: requests per second (bars, by phase colour) and URLs found (line) along
// the run, with the figures in words and as a table for assistive technology. Shows how a scan spent its time and
// whether its request limit held.
import { Card, Stack, Text, Title } from '@mantine/core';
import type { WebTimelinePoint } from '@bulwark/core';
import { ChartTable, EChart, useChartColors, type ChartOption } from '../../../components/charts/index.ts';
import { clockOf, paceOf, paceSummary, tableRows } from './requests-over-time.ts';

const PHASE_LABELS: Record<string, string> = { login: 'Sign-in', crawl: 'Crawl', browser: 'Browser crawl', test: 'Tests', done: 'Done' };
const PHASE_COLORS: Record<string, string> = { login: 'gray', crawl: 'blue', browser: 'cyan', test: 'orange', done: 'gray' };

export function RequestsOverTime({ points }: { points: readonly WebTimelinePoint[] }) {
  const color = useChartColors();
  const pace = paceOf(points);
  const title = 'Requests over time';
  if (pace.length < 2)
    return (
      <Text size="sm" c="dimmed">
        The run was too short to chart its pace.
      </Text>
    );
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    legend: { data: ['Requests per second', 'URLs found'], bottom: 0 },
    grid: { left: 48, right: 48, top: 24, bottom: 48 },
    xAxis: { type: 'value', min: 0, max: pace.at(-1)!.atS, axisLabel: { formatter: (v: number) => clockOf(v) } },
    yAxis: [
      { type: 'value', name: 'req/s', minInterval: 1 },
      { type: 'value', name: 'URLs', minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      {
        name: 'Requests per second',
        type: 'bar',
        barMaxWidth: 8,
        data: pace.map((p) => ({ value: [p.atS, p.rate], itemStyle: { color: color(PHASE_COLORS[p.phase] ?? 'blue') } })),
      },
      {
        name: 'URLs found',
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        data: pace.map((p) => [p.atS, p.urls]),
        itemStyle: { color: color('grape') },
      },
    ],
  };
  const summary = paceSummary(pace);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="web-pace-heading">
      <Stack gap="xs">
        <Title order={2} size="h4" id="web-pace-heading">
          {title}
        </Title>
        <Text size="sm" c="dimmed" data-testid="web-pace-summary">
          {summary} Bars are coloured by phase: sign-in grey, crawl blue, browser crawl cyan, tests orange.
        </Text>
        <EChart option={option} label={`${title}: ${summary}`} fallbackSize={{ width: 720, height: 220 }} />
        <ChartTable
          caption={title}
          columns={['Time', 'Requests sent', 'Requests per second', 'URLs found', 'Phase']}
          rows={tableRows(pace).map((p) => [clockOf(p.atS), p.requests, p.rate, p.urls, PHASE_LABELS[p.phase] ?? p.phase])}
        />
      </Stack>
    </Card>
  );
}
