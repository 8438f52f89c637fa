// Calls of the domain asset discovery page (feature-areas §7 `app1/customer/{id}/domain-asset-discovery/`,
// superusers): the settings read and replaced, a run started, the runs and one run, a run's host names (filtered,
// paged) and adding chosen names as host assets.
import {
  domainAddAssetsResult,
  domainDiscoveryHost,
  domainDiscoveryRun,
  domainDiscoverySettings,
  type DomainAddAssetsInput,
  type DomainAddAssetsResult,
  type DomainDiscoveryHost,
  type DomainDiscoveryRun,
  type DomainDiscoverySettings,
  type DomainDiscoverySettingsInput,
} from '@bulwark/core';
import { api } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../../components/paged-answer.ts';

const runPage = pagedAnswer(domainDiscoveryRun);
const hostPage = pagedAnswer(domainDiscoveryHost);
const base = (customerId: number) => `app1/customer/${customerId}/domain-asset-discovery/`;

export const DISCOVERY_KEYS = {
  all: ['domain-discovery'] as const,
  settings: (customerId: number) => ['domain-discovery', 'settings', customerId] as const,
  runs: (customerId: number) => ['domain-discovery', 'runs', customerId] as const,
  run: (customerId: number, runId: number) => ['domain-discovery', 'run', customerId, runId] as const,
  hosts: (customerId: number, runId: number, query: QueryParams) => ['domain-discovery', 'hosts', customerId, runId, query] as const,
};

export function fetchDiscoverySettings(customerId: number, signal?: AbortSignal): Promise<DomainDiscoverySettings> {
  return api.get(base(customerId), { signal, schema: domainDiscoverySettings });
}

export function saveDiscoverySettings(customerId: number, input: DomainDiscoverySettingsInput): Promise<DomainDiscoverySettings> {
  return api.put(base(customerId), input, { schema: domainDiscoverySettings });
}

/** POST …/runs/: starts a run over the saved settings (202); its progress is then read from the run. */
export function startDiscoveryRun(customerId: number): Promise<DomainDiscoveryRun> {
  return api.post(`${base(customerId)}runs/`, undefined, { schema: domainDiscoveryRun });
}

export function fetchDiscoveryRuns(customerId: number, signal?: AbortSignal): Promise<Paged<DomainDiscoveryRun>> {
  return api.get(`${base(customerId)}runs/`, { signal, query: { page_size: 20 }, schema: runPage });
}

export function fetchDiscoveredHosts(
  customerId: number,
  runId: number,
  query: QueryParams,
  signal?: AbortSignal,
): Promise<Paged<DomainDiscoveryHost>> {
  return api.get(`${base(customerId)}runs/${runId}/hosts/`, { signal, query, schema: hostPage });
}

export function addDiscoveredAssets(customerId: number, runId: number, input: DomainAddAssetsInput): Promise<DomainAddAssetsResult> {
  return api.post(`${base(customerId)}runs/${runId}/add-assets/`, input, { schema: domainAddAssetsResult });
}
