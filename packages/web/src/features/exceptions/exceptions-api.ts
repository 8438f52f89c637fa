// Calls of exceptions (feature-areas §7 exclusions/exclusions/): the paged list, create (answers 200) and delete (204).
import { exclusion, type Exclusion, type ExclusionInput } from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';

const exclusionPage = pagedAnswer(exclusion);

export function fetchExceptions(query: QueryParams, signal?: AbortSignal): Promise<Paged<Exclusion>> {
  return api.get('exclusions/exclusions/', { query, signal, schema: exclusionPage });
}
export function createException(input: ExclusionInput): Promise<Exclusion> {
  return api.post('exclusions/exclusions/', input, { schema: exclusion });
}
export function deleteException(id: number): Promise<void> {
  return api.delete(`exclusions/exclusions/${id}/`);
}

export const EXCEPTION_KEYS = { all: ['exceptions'] as const, list: (q: QueryParams) => ['exceptions', 'list', q] as const };
