// Calls of the Subscription and settings page: the customer (GET customer/), its settings changed (PATCH
// customer/{id}/, superusers), the assets that count against the subscription (GET usage/), and the session's copy of
// the customer refreshed after a save.
import type { QueryClient } from '@tanstack/react-query';
import { assetUsage, customer, type AssetUsage, type Customer } from '@bulwark/core';
import { fetchCustomer } from '../../api/account.ts';
import { api } from '../../api/client.ts';
import { SESSION_KEY, type Session } from '../../session/session.ts';
import type { CustomerSettingsPatch } from './settings-form.ts';

export const CUSTOMER_SETTINGS_KEYS = {
  customer: ['customer-settings', 'customer'] as const,
  usage: ['customer-settings', 'usage'] as const,
};

/** GET customer/: the signed-in user's customer with its subscription and settings. */
export function fetchCustomerSettings(signal?: AbortSignal): Promise<Customer> {
  return fetchCustomer(signal);
}

/** PATCH customer/{id}/: the customer as saved. */
export function updateCustomerSettings(id: number, patch: CustomerSettingsPatch): Promise<Customer> {
  return api.patch(`customer/${id}/`, patch, { schema: customer });
}

/** GET usage/: licensed assets against the subscription's limit. */
export function fetchAssetUsage(signal?: AbortSignal): Promise<AssetUsage> {
  return api.get('usage/', { signal, schema: assetUsage });
}

/** Puts the customer as saved into the session, so the layout and other pages read the new settings. */
export function setSessionCustomer(queryClient: QueryClient, saved: Customer): void {
  queryClient.setQueryData<Session>(SESSION_KEY, (session) => (session ? { ...session, customer: saved } : session));
}
