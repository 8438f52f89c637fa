// The line under a server-paged list: how many items there are, the page buttons (a labelled navigation landmark) and rows per page.
import { Box, Group, Pagination, Select, Text } from '@mantine/core';
import { pageCount } from '../paged-answer.ts';
import type { DataTablePaging } from './types.ts';

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

/** Page sizes offered, besides the list's own default. */
export const PAGE_SIZE_CHOICES: readonly number[] = [10, 25, 50, 100, 250, 500];

export function pageSizeChoices(current: number): string[] {
  return [...new Set([...PAGE_SIZE_CHOICES, current])].sort((a, b) => a - b).map(String);
}

export function TablePager({ count, page, pageSize, onPageChange, onPageSizeChange, noun, singular }: DataTablePaging) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="md">
        <Text size="sm" c="dimmed">
          {count} {count === 1 ? singular : noun}
        </Text>
        {onPageSizeChange && count > Number(pageSizeChoices(pageSize)[0]) && (
          <Select
            aria-label="Rows per page"
            size="xs"
            w={90}
            data={pageSizeChoices(pageSize)}
            value={String(pageSize)}
            onChange={(value) => value && onPageSizeChange(Number(value))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>
      <Box component="nav" aria-label={`Pages of ${noun}`}>
        <Pagination
          total={pageCount(count, pageSize)}
          value={page}
          onChange={(next) => onPageChange(next)}
          hideWithOnePage
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
        />
      </Box>
    </Group>
  );
}
