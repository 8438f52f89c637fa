// The line under a server-paged table: how many items there are, and the page buttons (a labelled navigation landmark).
import { Box, Group, Pagination, Text } from '@mantine/core';
import { pageCount } from './paged-answer.ts';

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

export interface ListPagerProps {
  count: number;
  page: number;
  pageSize: number;
  onPageChange(page: number): void;
  /** Plural noun of the items, e.g. 'scans'. */
  noun: string;
  /** Singular noun, e.g. 'scan'. */
  singular: string;
}

export function ListPager({ count, page, pageSize, onPageChange, noun, singular }: ListPagerProps) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {count} {count === 1 ? singular : noun}
      </Text>
      <Box component="nav" aria-label={`Pages of ${noun}`}>
        <Pagination
          total={pageCount(count, pageSize)}
          value={page}
          onChange={onPageChange}
          hideWithOnePage
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
        />
      </Box>
    </Group>
  );
}
