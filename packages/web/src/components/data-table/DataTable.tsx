// The one table of the app: declared columns, server paging and sorting, a column chooser, row selection with bulk
// actions, a sticky heading, virtual rows on long pages, and the loading / empty / error states of a list.
import { useEffect, useEffectEvent, useState, type CSSProperties } from 'react';
import { Box, Checkbox, Group, Stack, Table, VisuallyHidden } from '@mantine/core';
import { pageCount } from '../paged-answer.ts';
import { BulkActions } from './BulkActions.tsx';
import { ColumnChooser } from './ColumnChooser.tsx';
import { useColumnVisibility } from './column-visibility.ts';
import { DataTableBody } from './DataTableBody.tsx';
import { ListEmpty, ListError, ListLoading } from './ListStates.tsx';
import { ariaSort, nextOrdering } from './ordering.ts';
import { SortHeader } from './SortHeader.tsx';
import { TablePager } from './TablePager.tsx';
import type { DataColumn, DataTablePaging, DataTableSelection, EmptyState, RowAttributes } from './types.ts';
import { useRowSelection, type RowKey } from './use-row-selection.ts';

/** Rows above this many on one page are virtualised. */
export const VIRTUALIZE_ABOVE = 100;

const HIDDEN_CAPTION: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

export interface DataTableProps<Row> {
  /** Names the table: the key of its column choices in localStorage, and `{id}-empty` the test id of its empty state. */
  id: string;
  /** The table's accessible name (a caption, visually hidden). */
  caption: string;
  columns: readonly DataColumn<Row>[];
  /** The rows of the page shown; undefined while the first answer is awaited. */
  rows: readonly Row[] | undefined;
  /** A stable key of a row (its id); `index` only for rows that have none. */
  rowKey(row: Row, index: number): RowKey;
  rowProps?(row: Row): RowAttributes;
  /** The failure of the list call; shown instead of the rows, or above them when older rows are still at hand. */
  error?: unknown;
  /** Shown for a failure the server gave no message for. */
  errorMessage?: string;
  onRetry?(): void;
  loadingLabel?: string;
  empty: EmptyState;
  /** A newer answer is being fetched (the rows shown are the previous ones). */
  fetching?: boolean;
  /** The server ordering (`name`, `-started`); with `onOrderingChange` the headings of columns with a sortKey sort. */
  ordering?: string;
  onOrderingChange?(ordering: string): void;
  paging?: DataTablePaging;
  selection?: DataTableSelection<Row>;
  /** Narrower screens scroll the table sideways below this width (px). */
  minWidth?: number;
  /** Taller tables scroll inside this height, under their sticky heading. */
  maxHeight?: CSSProperties['maxHeight'];
  virtualizeAbove?: number;
  estimatedRowHeight?: number;
  striped?: boolean;
  highlightOnHover?: boolean;
  verticalSpacing?: number | 'xs' | 'sm' | 'md';
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { id, caption, columns, rows, rowKey, paging, selection, ordering, onOrderingChange, empty } = props;
  const visibility = useColumnVisibility(id, columns);
  const selected = useRowSelection(rows ?? [], rowKey);
  // In state, not a ref: the virtual rows need the box once it exists, which a ref would not re-render them for.
  const [scrollBox, setScrollBox] = useState<HTMLDivElement | null>(null);

  // A page past the last one (the list shrank, or an old link): go to the last page there is, in place of this one so
  // that Back does not return to it.
  const lastPage = paging ? pageCount(paging.count, paging.pageSize) : 1;
  const pastTheEnd = paging !== undefined && rows !== undefined && paging.page > lastPage;
  const goToLastPage = useEffectEvent(() => paging?.onPageChange(lastPage, { replace: true }));
  useEffect(() => {
    if (pastTheEnd) goToLastPage();
  }, [pastTheEnd, lastPage]);

  const failure = props.error ? (
    <ListError error={props.error} fallback={props.errorMessage ?? 'The list could not be loaded.'} onRetry={props.onRetry} />
  ) : null;
  if (failure && !rows) return failure;
  if (!rows || pastTheEnd) return <ListLoading label={props.loadingLabel ?? 'Loading…'} />;
  if (rows.length === 0) return <ListEmpty empty={empty} testId={`${id}-empty`} />;

  const shown = visibility.shown;
  const sortable = onOrderingChange !== undefined;
  const rowIndexOffset = paging ? (paging.page - 1) * paging.pageSize : 0;
  const toolbar = selection !== undefined || visibility.hideable.length > 0;

  return (
    <Stack gap="sm">
      {failure}
      {toolbar && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          {selection ? (
            <BulkActions count={selected.selectedRows.length} onClear={selected.clear}>
              {selection.actions(selected.selectedRows, selected.clear)}
            </BulkActions>
          ) : (
            <span />
          )}
          {visibility.hideable.length > 0 && <ColumnChooser caption={caption} visibility={visibility} />}
        </Group>
      )}
      {sortable && <VisuallyHidden id={`${id}-sort-hint`}>Sorts the list by this column.</VisuallyHidden>}
      {/* Focusable, so a keyboard can scroll a table wider or taller than its box (WCAG 2.1.1). */}
      <Box
        ref={setScrollBox}
        style={{ overflow: 'auto', maxHeight: props.maxHeight ?? '70vh' }}
        aria-busy={props.fetching || undefined}
        tabIndex={0}
        role="group"
        aria-label={`${caption} (scrolls)`}
      >
        <Table
          stickyHeader
          striped={props.striped ?? true}
          highlightOnHover={props.highlightOnHover ?? false}
          verticalSpacing={props.verticalSpacing ?? 'sm'}
          style={{ minWidth: props.minWidth }}
          aria-rowcount={(paging ? paging.count : rows.length) + 1}
        >
          <caption style={HIDDEN_CAPTION}>{caption}</caption>
          <Table.Thead>
            <Table.Tr aria-rowindex={1}>
              {selection && (
                <Table.Th scope="col" w={40}>
                  <Checkbox
                    aria-label="Select all rows on this page"
                    checked={selected.allSelected}
                    indeterminate={selected.someSelected}
                    onChange={selected.toggleAll}
                  />
                </Table.Th>
              )}
              {shown.map((column) => {
                const sortKey = column.sortKey;
                return sortable && sortKey ? (
                  <SortHeader
                    key={column.key}
                    sort={ariaSort(ordering, sortKey)}
                    hintId={`${id}-sort-hint`}
                    onSort={() => onOrderingChange(nextOrdering(ordering, sortKey, column.descendingFirst))}
                  >
                    {column.header}
                  </SortHeader>
                ) : (
                  <Table.Th key={column.key} scope="col">
                    {column.headerHidden ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <DataTableBody
            rows={rows}
            columns={shown}
            rowKey={rowKey}
            rowProps={props.rowProps}
            selection={selection ? { state: selected, rowLabel: selection.rowLabel } : undefined}
            rowIndexOffset={rowIndexOffset}
            scrollBox={scrollBox}
            virtualizeAbove={props.virtualizeAbove ?? VIRTUALIZE_ABOVE}
            estimatedRowHeight={props.estimatedRowHeight ?? 48}
          />
        </Table>
      </Box>
      {paging && <TablePager {...paging} />}
    </Stack>
  );
}
