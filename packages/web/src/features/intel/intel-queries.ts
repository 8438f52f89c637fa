// Query keys and options of the intelligence page: the status and the import list poll while an import is under way.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchFeedImports, fetchIntelStatus } from './intel-api.ts';
import { importPollInterval, IMPORTS_PAGE_SIZE } from './intel-format.ts';

export const INTEL_KEYS = {
  status: ['intel', 'status'] as const,
  imports: ['intel', 'imports'] as const,
  importsPage: (page: number) => ['intel', 'imports', page] as const,
};

export const intelStatusQuery = queryOptions({
  queryKey: INTEL_KEYS.status,
  queryFn: ({ signal }) => fetchIntelStatus(signal),
  refetchInterval: (query) => {
    const last = query.state.data?.last_import;
    return importPollInterval(last ? [last] : undefined);
  },
});

export function feedImportsQuery(page: number) {
  return queryOptions({
    queryKey: INTEL_KEYS.importsPage(page),
    queryFn: ({ signal }) => fetchFeedImports(page, IMPORTS_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => importPollInterval(query.state.data?.results),
  });
}
