// Query keys and options of the profile screens (list pages, one profile, the test catalogue for the pickers).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryParams } from '../../api/query-string.ts';
import { fetchTestCategories, fetchTests } from './profiles-api.ts';

export const PROFILE_KEYS = {
  all: ['profiles'] as const,
  list: (query: QueryParams) => ['profiles', 'list', query] as const,
  one: (id: number) => ['profiles', 'one', id] as const,
};

export const PROFILES_PAGE_SIZE = 20;

/** The catalogue changes only with a new release of the checks: keep it for the session. */
export const testCategoriesOptions = queryOptions({
  queryKey: ['catalogue', 'categories'],
  queryFn: ({ signal }) => fetchTestCategories(signal),
  staleTime: Infinity,
});

export function testSearchOptions(search: string) {
  return queryOptions({
    queryKey: ['catalogue', 'tests', search],
    queryFn: ({ signal }) => fetchTests({ search: search === '' ? undefined : search, page_size: 50 }, signal),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}
