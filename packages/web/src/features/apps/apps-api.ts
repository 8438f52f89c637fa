// Calls of the applications and ports views (feature-areas §7 Apps and ports): the lists, and one group's assets and
// open findings. Applications are retried once on a timeout (§7), as the client does for every GET.
import {
  appAsset,
  appVulnerability,
  installedApp,
  portSummary,
  type AppAsset,
  type AppVulnerability,
  type InstalledApp,
  type PortSummary,
} from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';

export function fetchApps(query: QueryParams, signal?: AbortSignal): Promise<Paged<InstalledApp>> {
  return api.get('assets/na-installed-apps/', { query, signal, schema: pagedAnswer(installedApp) });
}
export function fetchPorts(query: QueryParams, signal?: AbortSignal): Promise<Paged<PortSummary>> {
  return api.get('assets/ports/', { query, signal, schema: pagedAnswer(portSummary) });
}
/** `group` is `na-installed-apps/…/{id}` or `ports/…/{port}/{protocol}` without the kind of list. */
export function fetchGroupAssets(base: string, page: number, signal?: AbortSignal): Promise<Paged<AppAsset>> {
  return api.get(base.replace('{list}', 'assets'), { query: { page, page_size: 25 }, signal, schema: pagedAnswer(appAsset) });
}
export function fetchGroupVulnerabilities(base: string, page: number, signal?: AbortSignal): Promise<Paged<AppVulnerability>> {
  return api.get(base.replace('{list}', 'vulnerabilities'), {
    query: { page, page_size: 25 },
    signal,
    schema: pagedAnswer(appVulnerability),
  });
}
