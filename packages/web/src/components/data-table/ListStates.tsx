// The three states of a list besides its rows: loading, failed (with a retry), and empty (a message and what to do).
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { messageOf } from '../../api/errors.ts';
import { PageLoader } from '../PageLoader.tsx';
import type { EmptyState } from './types.ts';

export function ListLoading({ label }: { label: string }) {
  return <PageLoader label={label} />;
}

/** The failure of a list call: the server's message (or `fallback`) and, when given, a button to ask again. */
export function ListError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry?(): void }) {
  return (
    <Alert color="red" variant="light" role="alert">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{messageOf(error, fallback)}</Text>
        {onRetry && (
          <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** A one-line message, or with a description and action a centred block; announced politely when it appears. */
export function ListEmpty({ empty, testId }: { empty: EmptyState; testId?: string }) {
  if (!empty.description && !empty.action) {
    return (
      <Text size="sm" c="dimmed" py="md" role="status" data-testid={testId}>
        {empty.title}
      </Text>
    );
  }
  return (
    <Stack gap="xs" py="lg" align="center" role="status" data-testid={testId}>
      <Text fw={500}>{empty.title}</Text>
      {empty.description && (
        <Text size="sm" c="dimmed" ta="center">
          {empty.description}
        </Text>
      )}
      {empty.action}
    </Stack>
  );
}
