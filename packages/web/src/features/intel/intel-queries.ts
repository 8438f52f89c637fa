// Query keys and options of the intelligence page: the status and the import list poll while an import is under way.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchFeedImports, fetchIntelStatus } from './intel-api.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { importPollInterval, statusPollInterval } from './intel-format.ts';

export const INTEL_KEYS = {
  status: ['intel', 'status'] as const,
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
