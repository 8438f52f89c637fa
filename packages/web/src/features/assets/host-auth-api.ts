// Calls and queries of what authenticated scans found on a host asset: its authentication state (health, system,
// kernels, SSH host key), trusting a changed host key, and its installed packages.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { hostAuthentication, hostPackage, type HostAuthentication, type HostPackage } from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';

const authenticationAnswer = hostAuthentication.nullable();
const packagePage = pagedAnswer(hostPackage);

export const HOST_AUTH_KEYS = {
  authentication: (id: number) => ['assets', 'authentication', id] as const,
  packages: (id: number, query: QueryParams) => ['assets', 'packages', id, query] as const,
};

/** GET assets/{id}/authentication/: null when no authenticated scan has looked at the host. */
export function fetchHostAuthentication(id: number, signal?: AbortSignal): Promise<HostAuthentication | null> {
  return api.get(`assets/${id}/authentication/`, { signal, schema: authenticationAnswer });
}

/** POST assets/{id}/authentication/trust-host-key/: pins the key the host presents now. */
export function trustHostKey(id: number): Promise<HostAuthentication> {
  return api.post(`assets/${id}/authentication/trust-host-key/`, undefined, { schema: hostAuthentication });
}

export function fetchHostPackages(id: number, query: QueryParams, signal?: AbortSignal): Promise<Paged<HostPackage>> {
  return api.get(`assets/${id}/packages/`, { query, signal, schema: packagePage });
}

export function hostAuthenticationOptions(id: number, enabled = true) {
  return queryOptions({
    queryKey: HOST_AUTH_KEYS.authentication(id),
    queryFn: ({ signal }) => fetchHostAuthentication(id, signal),
    enabled,
  });
}

export function hostPackagesOptions(id: number, query: QueryParams) {
  return queryOptions({
    queryKey: HOST_AUTH_KEYS.packages(id, query),
    queryFn: ({ signal }) => fetchHostPackages(id, query, signal),
    placeholderData: keepPreviousData,
  });
}
