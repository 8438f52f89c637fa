// Query keys and options of the scan credential screens: a kind's paged list, and the choices of the profile pickers.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ScanAuthOs } from '@bulwark/core';
import type { QueryParams } from '../../../api/query-string.ts';
import { fetchCredentialChoices, fetchCredentials } from './credentials-api.ts';

export const CREDENTIAL_KEYS = {
  all: ['credentials'] as const,
  list: (kind: ScanAuthOs, query: QueryParams) => ['credentials', 'list', kind, query] as const,
  choices: ['credentials', 'choices'] as const,
};

export const CREDENTIALS_PAGE_SIZE = 20;

export function credentialListOptions(kind: ScanAuthOs, query: QueryParams) {
  return queryOptions({
    queryKey: CREDENTIAL_KEYS.list(kind, query),
    queryFn: ({ signal }) => fetchCredentials(kind, query, signal),
    placeholderData: keepPreviousData,
  });
}

export const credentialChoicesOptions = queryOptions({
  queryKey: CREDENTIAL_KEYS.choices,
  queryFn: ({ signal }) => fetchCredentialChoices(signal),
});
