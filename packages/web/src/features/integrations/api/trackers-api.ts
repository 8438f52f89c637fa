// Calls of the ticketing-integration pages (superusers): a tracker's settings read (secrets masked) and replaced (PUT
// app1/customer/{id}/{tracker}/), the connection test and a test issue with the saved settings, each integration's sync
// state (GET trackers/) and a tracker's delivery log (GET trackers/{tracker}/deliveries/).
import {
  TRACKER_SETTINGS_SCHEMAS,
  trackerDelivery,
  trackerSyncState,
  trackerTestTicket,
  type Tracker,
  type TrackerDelivery,
  type TrackerSettings,
  type TrackerSyncStateAnswer,
  type TrackerTestTicket,
} from '@bulwark/core';
import { api, type AnswerSchema } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/query-string.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../../components/paged-answer.ts';
import type { TrackerSettingsInput } from '../tracker-form.ts';

const deliveryPage = pagedAnswer(trackerDelivery);
const syncStates = listAnswer(trackerSyncState);
const detailAnswer: AnswerSchema<{ detail: string }> = {
  parse(data: unknown) {
    const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    if (typeof body.detail !== 'string') throw new Error('detail missing');
    return { detail: body.detail };
  },
};

export const TRACKER_KEYS = {
  all: ['trackers'] as const,
  settings: (customerId: number, tracker: Tracker) => ['trackers', 'settings', customerId, tracker] as const,
  states: ['trackers', 'states'] as const,
  deliveries: (tracker: Tracker) => ['trackers', 'deliveries', tracker] as const,
  deliveryList: (tracker: Tracker, query: QueryParams) => ['trackers', 'deliveries', tracker, query] as const,
};

const settingsPath = (customerId: number, tracker: Tracker) => `app1/customer/${customerId}/${tracker}/`;
/** The tracker's own answer schema, read as the union the pages handle. */
const settingsAnswer = (tracker: Tracker): AnswerSchema<TrackerSettings> => ({
  parse: (data: unknown): TrackerSettings => TRACKER_SETTINGS_SCHEMAS[tracker].answer.parse(data),
});

export function fetchTrackerSettings(customerId: number, tracker: Tracker, signal?: AbortSignal): Promise<TrackerSettings> {
  return api.get(settingsPath(customerId, tracker), { signal, schema: settingsAnswer(tracker) });
}

export function saveTrackerSettings(customerId: number, tracker: Tracker, input: TrackerSettingsInput): Promise<TrackerSettings> {
  return api.put(settingsPath(customerId, tracker), input, { schema: settingsAnswer(tracker) });
}

/** POST …/test-connection/: signs in with the saved settings; answers "Connection to X succesful!" (400 with the reason when not). */
export function testTrackerConnection(customerId: number, tracker: Tracker): Promise<{ detail: string }> {
  return api.post(`${settingsPath(customerId, tracker)}test-connection/`, undefined, { schema: detailAnswer });
}

/** POST …/test-ticket/: creates a test issue with the saved settings; answers its key and address. */
export function createTestTicket(customerId: number, tracker: Tracker): Promise<TrackerTestTicket> {
  return api.post(`${settingsPath(customerId, tracker)}test-ticket/`, undefined, { schema: trackerTestTicket });
}

export function fetchTrackerStates(signal?: AbortSignal): Promise<TrackerSyncStateAnswer[]> {
  return api.get('trackers/', { signal, schema: syncStates });
}

export function fetchTrackerDeliveries(tracker: Tracker, query: QueryParams, signal?: AbortSignal): Promise<Paged<TrackerDelivery>> {
  return api.get(`trackers/${tracker}/deliveries/`, { query, signal, schema: deliveryPage });
}
