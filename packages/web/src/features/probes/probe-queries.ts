// Query keys and options of the scan appliance screens; probe statuses are asked for again every 10 s.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchProbe, fetchProbeGroups, fetchProbes } from './probes-api.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { PROBE_POLL_MS } from './probe-format.ts';

export const PROBE_KEYS = {
  all: ['probes'] as const,
  list: (query: QueryParams) => ['probes', 'list', query] as const,
  one: (id: number) => ['probes', 'one', id] as const,
  groups: ['probes', 'groups'] as const,
};

/** A page of the probe list: page, page_size and ordering from the list's state. */
export function probeListOptions(query: QueryParams) {
  return queryOptions({
    queryKey: PROBE_KEYS.list(query),
    queryFn: ({ signal }) => fetchProbes(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: PROBE_POLL_MS,
  });
}

export function probeOptions(id: number) {
  return queryOptions({ queryKey: PROBE_KEYS.one(id), queryFn: ({ signal }) => fetchProbe(id, signal), refetchInterval: PROBE_POLL_MS });
}

export const probeGroupsOptions = queryOptions({
  queryKey: PROBE_KEYS.groups,
  queryFn: ({ signal }) => fetchProbeGroups({ page_size: 100 }, signal),
});

/** Every probe (for group members): one large page is enough for a picker. */
export const allProbesOptions = queryOptions({
  queryKey: [...PROBE_KEYS.all, 'picker'],
  queryFn: ({ signal }) => fetchProbes({ page_size: 1000 }, signal),
});
