// One number of the feed summary: a labelled card (a named region) with the count and what it counts.
import { useId } from 'react';
import { Card, Text } from '@mantine/core';
import { formatCount } from '../intel-format.ts';

export function StatCard({ label, value, description }: { label: string; value: number; description: string }) {
  const id = useId();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Text size="sm" c="dimmed" fw={500} id={id}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {formatCount(value)}
      </Text>
      <Text size="xs" c="dimmed">
        {description}
      </Text>
    </Card>
  );
}
