// The rows of a DataTable: every row of a short page, or on a long page only those near the scrolled view (virtual rows).
import { Checkbox, Table } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { RowKey, RowSelection } from './use-row-selection.ts';
import type { DataColumn, RowAttributes } from './types.ts';

export interface DataTableBodyProps<Row> {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey(row: Row, index: number): RowKey;
  rowProps?(row: Row): RowAttributes;
  /** Present when rows can be selected: the selection and each row's name in its checkbox label. */
  selection?: { state: RowSelection<Row>; rowLabel(row: Row): string };
  /** aria-rowindex of the first row less 2 (the heading row is 1): the rows before this page. */
  rowIndexOffset: number;
  /** The box the table scrolls in. */
  scrollBox: HTMLDivElement | null;
  /** Pages with more rows than this render only the rows near the view. */
  virtualizeAbove: number;
  estimatedRowHeight: number;
}

export function DataTableBody<Row>(props: DataTableBodyProps<Row>) {
  const { rows, columns, rowKey, rowProps, selection, rowIndexOffset, scrollBox, virtualizeAbove, estimatedRowHeight } = props;
  const virtual = rows.length > virtualizeAbove;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollBox,
    estimateSize: () => estimatedRowHeight,
    overscan: 10,
    enabled: virtual,
    // A row is never 0 px high; a 0 comes from an element not laid out (yet), so the estimate stands.
    measureElement: (element) => element.getBoundingClientRect().height || estimatedRowHeight,
  });
  const width = columns.length + (selection ? 1 : 0);

  function renderRow(row: Row, index: number) {
    const key = rowKey(row, index);
    const selected = selection?.state.isSelected(key) ?? false;
    return (
      <Table.Tr
        key={key}
        data-index={index}
        ref={virtual ? virtualizer.measureElement : undefined}
        aria-rowindex={rowIndexOffset + index + 2}
        bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
        {...rowProps?.(row)}
      >
        {selection && (
          <Table.Td w={40}>
            <Checkbox aria-label={`Select ${selection.rowLabel(row)}`} checked={selected} onChange={() => selection.state.toggle(key)} />
          </Table.Td>
        )}
        {columns.map((column) => (
          <Table.Td key={column.key} {...column.cellProps}>
            {column.cell(row)}
          </Table.Td>
        ))}
      </Table.Tr>
    );
  }

  if (!virtual) return <Table.Tbody>{rows.map(renderRow)}</Table.Tbody>;

  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? items[0].start : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  return (
    <Table.Tbody>
      {before > 0 && (
        <tr aria-hidden style={{ height: before }}>
          <td colSpan={width} style={{ padding: 0, border: 0 }} />
        </tr>
      )}
      {items.map((item) => renderRow(rows[item.index], item.index))}
      {after > 0 && (
        <tr aria-hidden style={{ height: after }}>
          <td colSpan={width} style={{ padding: 0, border: 0 }} />
        </tr>
      )}
    </Table.Tbody>
  );
}
