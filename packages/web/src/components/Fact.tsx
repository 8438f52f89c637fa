// One labelled fact of a page's facts grid: a small upper-case term above its value, in a description list (dl).
import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} component="div">
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}
