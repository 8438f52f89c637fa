// The server's `ordering` parameter (§7: a field name, '-' for descending) read, written and toggled by a heading click.

export interface SortState {
  key: string;
  descending: boolean;
}

/** '-started' → { key: 'started', descending: true }; null when there is none. */
export function parseOrdering(ordering: string | null | undefined): SortState | null {
  if (!ordering) return null;
  return ordering.startsWith('-') ? { key: ordering.slice(1), descending: true } : { key: ordering, descending: false };
}

export function formatOrdering(sort: SortState): string {
  return `${sort.descending ? '-' : ''}${sort.key}`;
}

/** Clicking a heading: the sorted column flips; another column starts in its natural direction. */
export function nextOrdering(current: string | null | undefined, key: string, descendingFirst = false): string {
  const sort = parseOrdering(current);
  if (sort?.key === key) return formatOrdering({ key, descending: !sort.descending });
  return formatOrdering({ key, descending: descendingFirst });
}

/** The aria-sort of a sortable heading. */
export function ariaSort(current: string | null | undefined, key: string): 'ascending' | 'descending' | 'none' {
  const sort = parseOrdering(current);
  if (sort?.key !== key) return 'none';
  return sort.descending ? 'descending' : 'ascending';
}

/** The ordering names of the sortable columns. */
export function sortKeysOf(columns: readonly { sortKey?: string }[]): string[] {
  return columns.flatMap((column) => (column.sortKey ? [column.sortKey] : []));
}
