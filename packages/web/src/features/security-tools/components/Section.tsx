// A titled card of a monitor's page; the section is named by its heading for screen-reader navigation.
import type { ReactNode } from 'react';
import { Card, Stack, Title } from '@mantine/core';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
