// A column heading that sorts the list when clicked: a real button inside the <th>, with aria-sort on the heading and a
// description that says the button sorts (screen readers announce a heading's sort order, not that it can be sorted).
import type { ReactNode } from 'react';
import { Group, Table, Text, UnstyledButton } from '@mantine/core';

const ARROWS = { ascending: '▲', descending: '▼' } as const;

interface SortHeaderProps {
  children: ReactNode;
  sort: 'ascending' | 'descending' | 'none';
  onSort(): void;
  /** The id of the hidden text that says what the button does. */
  hintId?: string;
}

export function SortHeader({ children, sort, onSort, hintId }: SortHeaderProps) {
  return (
    <Table.Th scope="col" aria-sort={sort}>
      <UnstyledButton onClick={onSort} aria-describedby={hintId} style={{ font: 'inherit', fontWeight: 'inherit' }}>
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
