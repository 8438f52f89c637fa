// The shapes a DataTable is declared with: its columns, paging, selection and empty state.
import type { ReactNode } from 'react';
import type { TableTdProps } from '@mantine/core';

/** One column, declared once: heading, cell, and optionally server sorting and whether a user may hide it. */
export interface DataColumn<Row> {
  /** Stable name of the column (React key, column-chooser setting). */
  key: string;
  /** Heading text; also the column's name in the column chooser. */
  header: string;
  /** The heading is read by screen readers only (e.g. the actions column). */
  headerHidden?: boolean;
  cell(row: Row): ReactNode;
  /** The server's `ordering` name of this column; the heading becomes a sort button. */
  sortKey?: string;
  /** The first click sorts descending (dates, counts, scores: newest or most first). */
  descendingFirst?: boolean;
  /** The user may hide and show it with the column chooser. */
  hideable?: boolean;
  /** Hidden until the user shows it (implies hideable). */
  hiddenByDefault?: boolean;
  /** Props of each body cell of the column (width limits, font). */
  cellProps?: Omit<TableTdProps, 'children'>;
}

/** Server paging: the page shown, its size, and the `count` of the `{count, next, previous, results}` answer. */
export interface DataTablePaging {
  page: number;
  pageSize: number;
  count: number;
  /** `replace`: the change corrects the URL rather than being a step the user took (Back skips it). */
  onPageChange(page: number, options?: { replace?: boolean }): void;
  /** Offers a rows-per-page choice when given. */
  onPageSizeChange?(pageSize: number): void;
  /** Plural noun of the items, e.g. 'scans'. */
  noun: string;
  /** Singular noun, e.g. 'scan'. */
  singular: string;
}

/** Row selection: the accessible name of each row's checkbox, and the actions on the selected rows. */
export interface DataTableSelection<Row> {
  /** What a row is called in its checkbox label: 'Select {rowLabel}'. */
  rowLabel(row: Row): string;
  /** The bulk actions shown while rows are selected; `clear` empties the selection. */
  actions(selected: readonly Row[], clear: () => void): ReactNode;
}

/** What an empty list says, and what the user can do about it. */
export interface EmptyState {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}

/** `data-*` attributes of a row, e.g. `{ 'data-run-id': 7 }`. */
export type RowAttributes = Record<`data-${string}`, string | number | undefined>;
