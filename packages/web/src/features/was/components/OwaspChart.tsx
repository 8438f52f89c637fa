// Findings by OWASP Top 10 (2021) category as a ring chart with its legend (each entry can open a list) and the figures
// as a table for assistive technology; says so when there is nothing to draw.
import { Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ChartLegend, ChartTable, EChart, useChartColors, type ChartOption } from '../../../components/charts/index.ts';

export interface OwaspSlice {
  /** 'A03:2021', or null for findings without a category. */
  id: string | null;
  label: string;
  count: number;
  link?: string | null;
}

/** One colour per category, in the Top 10's order (uncategorised grey). */
const PALETTE = ['red', 'orange', 'yellow', 'lime', 'green', 'teal', 'cyan', 'blue', 'indigo', 'grape'];

export function owaspName(slice: OwaspSlice): string {
  return slice.id ? `${slice.id.slice(0, 3)} ${slice.label}` : slice.label || 'Uncategorised';
}

export function OwaspChart({ slices, title = 'Findings by OWASP Top 10 category' }: { slices: readonly OwaspSlice[]; title?: string }) {
  const color = useChartColors();
  const navigate = useNavigate();
  const shown = slices.filter((s) => s.count > 0);
  if (shown.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No findings to group by OWASP category.
      </Text>
    );
  const colors = shown.map((s) => color(s.id ? PALETTE[(Number(s.id.slice(1, 3)) - 1) % PALETTE.length]! : 'gray'));
  const option: ChartOption = {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    series: [
      {
        type: 'pie',
        radius: ['40%', '72%'],
        label: { show: false },
        data: shown.map((s, i) => ({ name: owaspName(s), value: s.count, itemStyle: { color: colors[i] } })),
      },
    ],
  };
  const total = shown.reduce((sum, s) => sum + s.count, 0);
  return (
    <Stack gap="xs">
      <EChart
        option={option}
        label={`${title}: ${shown.map((s) => `${owaspName(s)} ${s.count}`).join(', ')}`}
        fallbackSize={{ width: 320, height: 220 }}
        onItemClick={(item) => {
          const link = shown[item.dataIndex]?.link;
          if (link) void navigate(link);
        }}
      />
      <ChartLegend
        label={title}
        entries={shown.map((s, i) => ({ label: owaspName(s), color: colors[i], value: s.count, link: s.link ?? null }))}
      />
      <ChartTable
        caption={title}
        columns={['Category', 'Findings']}
        rows={[...shown.map((s) => [owaspName(s), s.count]), ['All', total]]}
      />
    </Stack>
  );
}
