// Query keys and options of the profile screens (list pages, one profile, the test catalogue for the pickers).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryParams } from '../../api/query-string.ts';
import { fetchProfile, fetchProfiles, fetchTestCategories, fetchTests } from './profiles-api.ts';

export const PROFILE_KEYS = {
  all: ['profiles'] as const,
  list: (query: QueryParams) => ['profiles', 'list', query] as const,
  one: (id: number) => ['profiles', 'one', id] as const,
};

export const PROFILES_PAGE_SIZE = 20;

export function profileListOptions(query: QueryParams) {
  return queryOptions({
    queryKey: PROFILE_KEYS.list(query),
    queryFn: ({ signal }) => fetchProfiles(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function profileOptions(id: number) {
  return queryOptions({ queryKey: PROFILE_KEYS.one(id), queryFn: ({ signal }) => fetchProfile(id, signal) });
}

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
