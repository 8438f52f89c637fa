// The table kit: DataTable and what pages declare it with, the pager and list states for lists that are not tables.
export { DataTable, VIRTUALIZE_ABOVE, type DataTableProps } from './DataTable.tsx';
export { TablePager } from './TablePager.tsx';
export { ListEmpty, ListError, ListLoading } from './ListStates.tsx';
export { ariaSort, formatOrdering, nextOrdering, parseOrdering, sortKeysOf } from './ordering.ts';
export type { DataColumn, DataTablePaging, DataTableSelection, EmptyState, RowAttributes } from './types.ts';
