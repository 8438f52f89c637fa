// A chart's legend in HTML under it: a coloured mark and a label per series or segment, a link to the list behind it
// where there is one, so what a click on the chart opens is also reachable by keyboard.
import { Anchor, Box, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export interface LegendEntry {
  label: string;
  /** A CSS colour (no mark without one). */
  color?: string;
  /** Shown after the label, e.g. a count. */
  value?: string | number;
  /** The list this entry opens. */
  link?: string | null;
}

export function ChartLegend({ entries, label }: { entries: LegendEntry[]; label: string }) {
  return (
    <Group component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label} wrap="wrap">
      {entries.map((e) => {
        const text = e.value === undefined ? e.label : `${e.label} ${e.value}`;
        return (
          <Group component="li" key={e.label} gap={4} wrap="nowrap">
            {e.color && <Box w={10} h={10} style={{ borderRadius: 2, background: e.color, flexShrink: 0 }} aria-hidden />}
            {e.link ? (
              <Anchor component={Link} to={e.link} size="xs">
                {text}
              </Anchor>
            ) : (
              <Text size="xs">{text}</Text>
            )}
          </Group>
        );
      })}
    </Group>
  );
}
