// One labelled fact of an overview card (a term and its value in a description list).
import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';

export function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline" component="div">
      <Text component="dt" size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}
