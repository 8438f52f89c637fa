// Calls of the platform operators' customers screen: list (paged, search), create, and change (PATCH of changed fields).
import { platformCustomer, type PlatformCustomer } from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';
import type { CustomerInput, CustomerPatch } from './customer-form.ts';

const customerPage = pagedAnswer(platformCustomer);

export const PLATFORM_KEYS = {
  all: ['platform', 'customers'] as const,
  list: (query: QueryParams) => ['platform', 'customers', 'list', query] as const,
};

/** GET platform/customers/: the installation's customers with tier, licence, flags and user counts. */
export function fetchPlatformCustomers(query: QueryParams, signal?: AbortSignal): Promise<Paged<PlatformCustomer>> {
  return api.get('platform/customers/', { query, signal, schema: customerPage });
}

export function createPlatformCustomer(input: CustomerInput): Promise<PlatformCustomer> {
  return api.post('platform/customers/', input, { schema: platformCustomer });
}

export function updatePlatformCustomer(id: number, patch: CustomerPatch): Promise<PlatformCustomer> {
  return api.patch(`platform/customers/${id}/`, patch, { schema: platformCustomer });
}
