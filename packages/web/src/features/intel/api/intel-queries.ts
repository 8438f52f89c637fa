// Query keys and options of the intelligence page: the status and the import list poll while an import is under way.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchFeedHealth, fetchFeedImports, fetchIntelStatus } from './intel-api.ts';
import type { QueryParams } from '../../../api/query-string.ts';
import { importPollInterval, statusPollInterval } from '../intel-format.ts';

export const INTEL_KEYS = {
  status: ['intel', 'status'] as const,
  health: ['intel', 'health'] as const,
  imports: ['intel', 'imports'] as const,
  importsPage: (query: QueryParams) => ['intel', 'imports', query] as const,
};

export const intelStatusQuery = queryOptions({
  queryKey: INTEL_KEYS.status,
  queryFn: ({ signal }) => fetchIntelStatus(signal),
  refetchInterval: (query) => statusPollInterval(query.state.data),
});

/** A page of the import history: page and page_size from the list's state. */
export function feedImportsQuery(query: QueryParams) {
  return queryOptions({
    queryKey: INTEL_KEYS.importsPage(query),
    queryFn: ({ signal }) => fetchFeedImports(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => importPollInterval(query.state.data?.results),
  });
}

/** The feeds' health the dashboard, scan results and vulnerability list warn about; checked again every five minutes. */
export const feedHealthQuery = queryOptions({
  queryKey: INTEL_KEYS.health,
  queryFn: ({ signal }) => fetchFeedHealth(signal),
  staleTime: 60_000,
  refetchInterval: 300_000,
});
