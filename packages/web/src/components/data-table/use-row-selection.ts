// Which rows of the page shown are selected; a selection outlives a refetch of the same rows but not a change of page.
import { useState } from 'react';

export type RowKey = string | number;

export interface RowSelection<Row> {
  selectedRows: readonly Row[];
  isSelected(key: RowKey): boolean;
  toggle(key: RowKey): void;
  /** Selects every row shown, or none when all are selected already. */
  toggleAll(): void;
  clear(): void;
  allSelected: boolean;
  someSelected: boolean;
}

export function useRowSelection<Row>(rows: readonly Row[], rowKey: (row: Row, index: number) => RowKey): RowSelection<Row> {
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(() => new Set());
  const keys = rows.map(rowKey);
  const present = new Set(keys);
  // Rows that left the list (another page, a filter, a deletion) leave the selection: adjusted while rendering.
  if ([...selected].some((key) => !present.has(key))) {
    setSelected(new Set([...selected].filter((key) => present.has(key))));
  }

  const count = keys.filter((key) => selected.has(key)).length;
  const allSelected = keys.length > 0 && count === keys.length;

  return {
    selectedRows: rows.filter((row, index) => selected.has(rowKey(row, index))),
    isSelected: (key) => selected.has(key),
    toggle: (key) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(keys)),
    clear: () => setSelected(new Set()),
    allSelected,
    someSelected: count > 0 && !allSelected,
  };
}
