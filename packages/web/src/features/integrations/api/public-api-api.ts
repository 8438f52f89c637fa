// Calls of the Public API page (feature-areas §7 Public API, superusers, signed-in sessions only): the organisation's
// switch (config/, activate/, deactivate/) and its API tokens (list, create — the answer holds the secret once —, delete).
import {
  apiToken,
  apiTokenCreated,
  publicApiConfig,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenInput,
  type PublicApiConfig,
} from '@bulwark/core';
import { api } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../../components/paged-answer.ts';

const BASE = 'public/auth/v2';
const tokenPage = pagedAnswer(apiToken);

export const PUBLIC_API_KEYS = {
  all: ['public-api'] as const,
  config: ['public-api', 'config'] as const,
  tokens: (q: QueryParams) => ['public-api', 'tokens', q] as const,
};

export function fetchPublicApiConfig(signal?: AbortSignal): Promise<PublicApiConfig> {
  return api.get(`${BASE}/config/`, { signal, schema: publicApiConfig });
}
export function activatePublicApi(): Promise<PublicApiConfig> {
  return api.post(`${BASE}/activate/`, {}, { schema: publicApiConfig });
}
export function deactivatePublicApi(): Promise<PublicApiConfig> {
  return api.post(`${BASE}/deactivate/`, {}, { schema: publicApiConfig });
}
export function fetchTokens(query: QueryParams, signal?: AbortSignal): Promise<Paged<ApiToken>> {
  return api.get(`${BASE}/permissions/tokens/`, { query, signal, schema: tokenPage });
}
export function createToken(input: ApiTokenInput): Promise<ApiTokenCreated> {
  return api.post(`${BASE}/permissions/tokens/`, input, { schema: apiTokenCreated });
}
export function deleteToken(id: number): Promise<void> {
  return api.delete(`${BASE}/permissions/tokens/${id}/`);
}
