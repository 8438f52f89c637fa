// Query keys and options of the users screen.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { UserAdminRow, UserProfile } from '@bulwark/core';
import type { QueryParams } from '../../api/query-string.ts';
import { SESSION_KEY, setSessionProfile, type Session } from '../../session/session.ts';
import { fetchUserAdminList } from './users-api.ts';

export const USER_KEYS = {
  all: ['users'] as const,
  list: (query: QueryParams) => ['users', 'list', query] as const,
};

/** A page of the customer's users (users/users/): page, page_size, ordering and filters from the list's state. */
export function userListOptions(query: QueryParams) {
  return queryOptions({
    queryKey: USER_KEYS.list(query),
    queryFn: ({ signal }) => fetchUserAdminList(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** After a change: the list again, and the signed-in user's own profile when they changed themselves. */
export async function userChanged(queryClient: QueryClient, saved: UserProfile | UserAdminRow): Promise<void> {
  if (queryClient.getQueryData<Session>(SESSION_KEY)?.profile?.id === saved.id) setSessionProfile(queryClient, saved);
  await queryClient.invalidateQueries({ queryKey: USER_KEYS.all });
}
