// The bar above a table with selectable rows: how many are selected (announced), their bulk actions, and clearing the selection.
import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';

export function BulkActions({ count, children, onClear }: { count: number; children: ReactNode; onClear(): void }) {
  return (
    <Group gap="sm" wrap="wrap" role="group" aria-label="Bulk actions">
      <Text size="sm" aria-live="polite" fw={count > 0 ? 500 : undefined} c={count > 0 ? undefined : 'dimmed'}>
        {count > 0 ? `${count} selected` : 'Select rows for bulk actions'}
      </Text>
      {count > 0 && (
        <>
          {children}
          <Button variant="subtle" size="xs" onClick={onClear}>
            Clear selection
          </Button>
        </>
      )}
    </Group>
  );
}
