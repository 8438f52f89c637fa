// Calls of the integration pages (feature-areas §7, superusers): one type's settings read (secrets masked) and replaced
// (PUT), a test message through the saved settings, the delivery log, and BeyondTrust's test of a managed account; plus
// the signed-in customer's id the settings paths carry.
import {
  beyondTrustTestResult,
  integrationSettings,
  notificationDelivery,
  type BeyondTrustTestResult,
  type IntegrationSettings,
  type IntegrationSettingsInput,
  type NotificationDelivery,
  type NotificationIntegration,
  type SettingsIntegration,
} from '@bulwark/core';
import { api, type AnswerSchema } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/query-string.ts';
import type { Session } from '../../../session/session.ts';
import { pagedAnswer, type Paged } from '../../../components/paged-answer.ts';

const deliveryPage = pagedAnswer(notificationDelivery);
/** A test message's outcome: the server's words, and whether it was sent or only kept in the outbox (e-mail without a mail server). */
export interface TestAnswer {
  detail: string;
  delivered: 'sent' | 'stored';
}
/** The test's answer: `{detail: "Connection to Slack succesful!", delivered: "sent"}`. */
const testAnswer: AnswerSchema<TestAnswer> = {
  parse(data: unknown): TestAnswer {
    const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    if (typeof body.detail !== 'string') throw new Error('detail missing');
    return { detail: body.detail, delivered: body.delivered === 'stored' ? 'stored' : 'sent' };
  },
};

export const INTEGRATION_KEYS = {
  all: ['integrations'] as const,
  settings: (customerId: number, type: SettingsIntegration) => ['integrations', 'settings', customerId, type] as const,
  deliveries: ['integrations', 'deliveries'] as const,
  deliveryList: (query: QueryParams) => ['integrations', 'deliveries', query] as const,
};

/** The signed-in user's customer (the session's customer, else the profile's); null before either is known. */
export function customerIdOf(session: Pick<Session, 'customer' | 'profile'>): number | null {
  return session.customer?.id ?? session.profile?.customer ?? null;
}

const settingsPath = (customerId: number, type: SettingsIntegration) => `app1/customer/${customerId}/${type}/`;

/** GET app1/customer/{id}/{type}/: the settings, secrets answered as ******** when set. */
export function fetchIntegration(customerId: number, type: SettingsIntegration, signal?: AbortSignal): Promise<IntegrationSettings> {
  return api.get(settingsPath(customerId, type), { signal, schema: integrationSettings });
}

/** PUT app1/customer/{id}/{type}/: replaces the settings (fields left out are cleared); answers them as saved. */
export function saveIntegration(
  customerId: number,
  type: SettingsIntegration,
  input: IntegrationSettingsInput,
): Promise<IntegrationSettings> {
  return api.put(settingsPath(customerId, type), input, { schema: integrationSettings });
}

/** POST …/test-connection/: a test message through the saved settings; answers the server's success message. */
export function testIntegration(customerId: number, type: NotificationIntegration): Promise<TestAnswer> {
  return api.post(`${settingsPath(customerId, type)}test-connection/`, undefined, { schema: testAnswer });
}

/** GET notifications/deliveries/: the delivery log, newest first (filters: channel, state). */
export function fetchDeliveries(query: QueryParams, signal?: AbortSignal): Promise<Paged<NotificationDelivery>> {
  return api.get('notifications/deliveries/', { query, signal, schema: deliveryPage });
}

/** What the BeyondTrust account test is asked to borrow: a managed system and one of its accounts (core's beyondTrustTestInput). */
export interface BeyondTrustTestInput {
  system_name: string;
  account_name: string;
}

/**
 * POST …/beyondtrust/test-account/: signs in to Password Safe with the saved settings, requests the account, retrieves
 * its credential (never answered), checks the request in and signs out; answers how each step went.
 */
export function testBeyondTrustAccount(
  customerId: number,
  input: BeyondTrustTestInput,
  signal?: AbortSignal,
): Promise<BeyondTrustTestResult> {
  return api.post(`${settingsPath(customerId, 'beyondtrust')}test-account/`, input, { schema: beyondTrustTestResult, signal });
}
