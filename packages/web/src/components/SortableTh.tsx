// A table column heading that sorts the list when clicked: a real button inside the <th>, with aria-sort on the heading.
import type { ReactNode } from 'react';
import { Table, UnstyledButton, Group, Text } from '@mantine/core';

export type SortDirection = 'asc' | 'desc' | null;

const ARROWS: Record<'asc' | 'desc', string> = { asc: '▲', desc: '▼' };

export function SortableTh({ children, direction, onSort }: { children: ReactNode; direction: SortDirection; onSort(): void }) {
  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
  return (
    <Table.Th scope="col" aria-sort={ariaSort}>
      <UnstyledButton onClick={onSort} style={{ font: 'inherit', fontWeight: 'inherit' }}>
        <Group gap={4} wrap="nowrap">
          <span>{children}</span>
          <Text component="span" size="xs" c={direction ? undefined : 'dimmed'} aria-hidden>
            {direction ? ARROWS[direction] : '↕'}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
