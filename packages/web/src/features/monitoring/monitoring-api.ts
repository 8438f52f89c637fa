// Calls of continuous monitoring (feature-areas §7 `cm/`): profiles (paged list, one, create 201, update, partial
// update, delete 204, "check now"), alerts (paged list with filters, one, dismiss = DELETE 204), the alerts counted
// by trigger under the list's filters (for the chart), and the pickers the profile form needs (users, tags, assets).
import {
  MONITORING_TRIGGERS,
  assetBasic,
  monitoringAlert,
  monitoringCheckResult,
  monitoringProfile,
  type AssetBasic,
  type MonitoringAlert,
  type MonitoringCheckResult,
  type MonitoringProfile,
  type MonitoringProfileInput,
  type MonitoringTrigger,
} from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';

const PROFILES = 'cm/profiles/';
const ALERTS = 'cm/alerts/';
const profilePage = pagedAnswer(monitoringProfile);
const alertPage = pagedAnswer(monitoringAlert);
const assetPage = pagedAnswer(assetBasic);

export const MONITORING_KEYS = {
  all: ['monitoring'] as const,
  profiles: ['monitoring', 'profiles'] as const,
  profileList: (query: QueryParams) => ['monitoring', 'profiles', 'list', query] as const,
  profile: (id: number) => ['monitoring', 'profiles', 'one', id] as const,
  /** Every profile's id and name, for filters and titles. */
  profileNames: ['monitoring', 'profiles', 'names'] as const,
  alerts: ['monitoring', 'alerts'] as const,
  alertList: (query: QueryParams) => ['monitoring', 'alerts', 'list', query] as const,
  alertCounts: (query: QueryParams) => ['monitoring', 'alerts', 'counts', query] as const,
  alert: (id: number) => ['monitoring', 'alerts', 'one', id] as const,
  assetChoices: (search: string) => ['monitoring', 'asset-choices', search] as const,
};

export function fetchProfiles(query: QueryParams, signal?: AbortSignal): Promise<Paged<MonitoringProfile>> {
  return api.get(PROFILES, { query, signal, schema: profilePage });
}

export function fetchProfile(id: number, signal?: AbortSignal): Promise<MonitoringProfile> {
  return api.get(`${PROFILES}${id}/`, { signal, schema: monitoringProfile });
}

export function createProfile(input: MonitoringProfileInput): Promise<MonitoringProfile> {
  return api.post(PROFILES, input, { schema: monitoringProfile });
}

export function updateProfile(id: number, input: MonitoringProfileInput): Promise<MonitoringProfile> {
  return api.put(`${PROFILES}${id}/`, input, { schema: monitoringProfile });
}

/** PATCH: only the fields given (the list's on/off switch), so it never overwrites an edit made meanwhile. */
export function patchProfile(id: number, change: Partial<MonitoringProfileInput>): Promise<MonitoringProfile> {
  return api.patch(`${PROFILES}${id}/`, change, { schema: monitoringProfile });
}

export function deleteProfile(id: number): Promise<void> {
  return api.delete(`${PROFILES}${id}/`);
}

/** Runs the profile's own check now; answers the round's counts. */
export function checkProfile(id: number): Promise<MonitoringCheckResult> {
  return api.post(`${PROFILES}${id}/check/`, {}, { schema: monitoringCheckResult });
}

export function fetchAlerts(query: QueryParams, signal?: AbortSignal): Promise<Paged<MonitoringAlert>> {
  return api.get(ALERTS, { query, signal, schema: alertPage });
}

export function fetchAlert(id: number, signal?: AbortSignal): Promise<MonitoringAlert> {
  return api.get(`${ALERTS}${id}/`, { signal, schema: monitoringAlert });
}

/** Dismisses an alert (the change stays known, so it is not raised again while it persists). */
export function dismissAlert(id: number): Promise<void> {
  return api.delete(`${ALERTS}${id}/`);
}

const alertCounts = {
  parse(data: unknown): Record<MonitoringTrigger, number> {
    const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    return Object.fromEntries(MONITORING_TRIGGERS.map((t) => [t, typeof body[t] === 'number' ? body[t] : 0])) as Record<
      MonitoringTrigger,
      number
    >;
  },
};

/** How many alerts each trigger has under the list's filters (its trigger filter, paging and ordering left out). */
export function fetchAlertCounts(filters: QueryParams, signal?: AbortSignal): Promise<Record<MonitoringTrigger, number>> {
  return api.get(`${ALERTS}counts/`, { query: filters, signal, schema: alertCounts });
}

/** Network assets (hosts, networks, ranges) and web applications matching `search`, for the profile's asset picker. */
export async function fetchAssetChoices(search: string, signal?: AbortSignal): Promise<AssetBasic[]> {
  const query = { search: search === '' ? undefined : search, page_size: 20 };
  const [network, web] = await Promise.all([
    api.get('assets/basic/', { query, signal, schema: assetPage }),
    // A user who may not read web applications still picks network assets.
    api.get('assets/webapp/', { query, signal, schema: assetPage }).catch(() => ({ results: [] as AssetBasic[] })),
  ]);
  return [...network.results, ...web.results];
}
