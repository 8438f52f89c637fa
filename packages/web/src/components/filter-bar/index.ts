// The filter kit: FilterBar, the list state kept in the URL (useListState), and the filter kinds pages declare.
export { FilterBar, type FilterBarProps } from './FilterBar.tsx';
export { listQuery, readListState, useListState, type ListState, type ListStateOptions } from './use-list-state.ts';
export {
  chipText,
  dayEnd,
  dayStart,
  filterQuery,
  filterValuesFromQuery,
  isDay,
  rangeError,
  readFilterValues,
  storedQuery,
  writeFilterValue,
  type StoredQuery,
} from './filter-params.ts';
export type { FilterDef, FilterOption, FilterValue, FilterValues } from './filter-types.ts';
