// A column heading that sorts the list when clicked: a real button inside the <th>, with aria-sort on the heading.
import type { ReactNode } from 'react';
import { Group, Table, Text, UnstyledButton } from '@mantine/core';

const ARROWS = { ascending: '▲', descending: '▼' } as const;

export function SortHeader({ children, sort, onSort }: { children: ReactNode; sort: 'ascending' | 'descending' | 'none'; onSort(): void }) {
  return (
    <Table.Th scope="col" aria-sort={sort}>
      <UnstyledButton onClick={onSort} style={{ font: 'inherit', fontWeight: 'inherit' }}>
        <Group gap={4} wrap="nowrap">
          <span>{children}</span>
          <Text component="span" size="xs" c={sort === 'none' ? 'dimmed' : undefined} aria-hidden>
            {sort === 'none' ? '↕' : ARROWS[sort]}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
