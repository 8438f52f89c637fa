// The state of a server-paged list kept in the page URL (so a filtered, sorted page can be bookmarked and shared): page,
// page_size, ordering and filters, and the parameters of the API call they make.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { QueryParams } from '../../api/query-string.ts';
import type { DataTablePaging } from '../data-table/types.ts';
import { filterQuery, isSet, readFilterValues, urlParam, writeFilterValue } from './filter-params.ts';
import type { FilterDef, FilterValue, FilterValues } from './filter-types.ts';

/** The server's largest page (server http/pagination.ts). */
const MAX_PAGE_SIZE = 1000;
const ORDERING = /^-?[a-z][a-z0-9_]*$/;

export interface ListStateOptions {
  /** The page size until the user picks another. */
  pageSize: number;
  /** The ordering until the user sorts (not written to the URL). */
  defaultOrdering?: string;
  /** The ordering names the list accepts; any other in the URL falls back to the default. */
  sortKeys?: readonly string[];
  filters?: readonly FilterDef[];
  /** Prefix of this list's URL parameters, for a page that shows more than one list ('findings' → findings.page). */
  prefix?: string;
}

export interface ListState {
  page: number;
  pageSize: number;
  ordering: string | undefined;
  filters: FilterValues;
  /** How many filters are set. */
  activeFilters: number;
  /** page, page_size, ordering and the filters' parameters, for the API call. */
  query: QueryParams;
  setPage(page: number, options?: { replace?: boolean }): void;
  setPageSize(pageSize: number): void;
  setOrdering(ordering: string): void;
  setFilter(name: string, value: FilterValue | undefined): void;
  clearFilters(): void;
  /** The first page in the default order, filters kept (e.g. after starting a scan, to show it at the top). */
  showFirst(): void;
  /** DataTable paging of `count` items. */
  paging(count: number, noun: string, singular: string): DataTablePaging;
}

function positiveInt(text: string | null): number | null {
  if (text === null || !/^[0-9]+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Reads the list state of `options` from URL parameters (pure, for tests and the hook). */
export function readListState(params: URLSearchParams, options: ListStateOptions) {
  const param = (name: string) => params.get(urlParam(options.prefix, name));
  const ordering = param('ordering');
  const accepted =
    ordering !== null && ORDERING.test(ordering) && (!options.sortKeys || options.sortKeys.includes(ordering.replace(/^-/, '')));
  const pageSize = positiveInt(param('page_size'));
  const filters = readFilterValues(options.filters ?? [], params, options.prefix);
  return {
    page: positiveInt(param('page')) ?? 1,
    pageSize: pageSize !== null && pageSize <= MAX_PAGE_SIZE ? pageSize : options.pageSize,
    ordering: accepted ? ordering : options.defaultOrdering,
    filters,
  };
}

/** The API parameters of a list state: paging, ordering, then the filters. */
export function listQuery(
  state: { page: number; pageSize: number; ordering: string | undefined; filters: FilterValues },
  defs: readonly FilterDef[] = [],
): QueryParams {
  return { page: state.page, page_size: state.pageSize, ordering: state.ordering, ...filterQuery(defs, state.filters) };
}

export function useListState(options: ListStateOptions): ListState {
  const [params, setParams] = useSearchParams();
  const { prefix, filters: defs = [] } = options;
  const state = readListState(params, options);
  const name = (n: string) => urlParam(prefix, n);
  // The URL as last written: two changes close together (two debounced inputs) must build on each other, not both on
  // the URL of the last render, or the second would undo the first.
  const written = useRef(params);
  useEffect(() => {
    written.current = params;
  }, [params]);

  /** Changes the URL from its current parameters; a change of what is listed starts again at page 1. */
  function update(change: (next: URLSearchParams) => void, { keepPage = false, replace = false } = {}) {
    const next = new URLSearchParams(written.current);
    if (!keepPage) next.delete(name('page'));
    change(next);
    written.current = next;
    setParams(next, { replace });
  }

  function setPage(page: number, { replace = false } = {}) {
    update((next) => (page > 1 ? next.set(name('page'), String(page)) : next.delete(name('page'))), { keepPage: true, replace });
  }

  function setOrdering(ordering: string) {
    update((next) => (ordering === options.defaultOrdering ? next.delete(name('ordering')) : next.set(name('ordering'), ordering)));
  }

  function setPageSize(pageSize: number) {
    update((next) => (pageSize === options.pageSize ? next.delete(name('page_size')) : next.set(name('page_size'), String(pageSize))));
  }

  function setFilter(filter: string, value: FilterValue | undefined) {
    const def = defs.find((d) => d.name === filter);
    if (def) update((next) => writeFilterValue(def, next, value, prefix), { replace: true });
  }

  function clearFilters() {
    update((next) => defs.forEach((def) => writeFilterValue(def, next, undefined, prefix)));
  }

  function showFirst() {
    update((next) => next.delete(name('ordering')));
  }

  return {
    ...state,
    activeFilters: Object.values(state.filters).filter(isSet).length,
    query: listQuery(state, defs),
    setPage,
    setPageSize,
    setOrdering,
    setFilter,
    clearFilters,
    showFirst,
    paging: (count, noun, singular) => ({
      page: state.page,
      pageSize: state.pageSize,
      count,
      onPageChange: setPage,
      onPageSizeChange: setPageSize,
      noun,
      singular,
    }),
  };
}
