// Query keys and options of the scan screens; run lists and run pages poll every 2 s while a run moves.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryParams } from '../../api/query-string.ts';
import {
  fetchProbeGroupOptions,
  fetchProbeOptions,
  fetchProfileOptions,
  fetchRun,
  fetchRunErrors,
  fetchRunFindings,
  fetchRunHosts,
  fetchRuns,
  fetchSavedHosts,
  fetchSavedRanges,
  type ProfileOption,
  type ScanKind,
} from './scans-api.ts';
import { runPollInterval } from './scan-format.ts';
import { fetchTagChoices } from './scans-api.ts';

export const SCAN_KEYS = {
  runs: ['scans', 'runs'] as const,
  runList: (query: QueryParams, kind: ScanKind = 'nvt') => ['scans', 'runs', 'list', kind, query] as const,
  run: (id: number) => ['scans', 'runs', 'one', id] as const,
  runPart: (id: number, part: string, query: unknown) => ['scans', 'runs', 'part', id, part, query] as const,
  targets: ['scans', 'targets'] as const,
  pickers: ['scans', 'pickers'] as const,
};

export function runListOptions(query: QueryParams, kind: ScanKind = 'nvt') {
  return queryOptions({
    queryKey: SCAN_KEYS.runList(query, kind),
    queryFn: ({ signal }) => fetchRuns(query, signal, kind),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => runPollInterval(q.state.data?.results),
  });
}

/** One run; run ids are unique across kinds, so the key is the id alone (actions update it whatever the kind). */
export function runQuery(id: number, kind: ScanKind = 'nvt') {
  return queryOptions({
    queryKey: SCAN_KEYS.run(id),
    queryFn: ({ signal }) => fetchRun(id, signal, kind),
    refetchInterval: (q) => runPollInterval(q.state.data ? [q.state.data] : undefined),
  });
}

/** Parts of a result (findings, hosts, errors) grow while the run moves: ask again with it. */
export function runFindingsQuery(id: number, query: QueryParams, polling: number | false) {
  return queryOptions({
    queryKey: SCAN_KEYS.runPart(id, 'findings', query),
    queryFn: ({ signal }) => fetchRunFindings(id, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: polling,
  });
}

export function runHostsQuery(id: number, query: QueryParams, polling: number | false) {
  return queryOptions({
    queryKey: SCAN_KEYS.runPart(id, 'hosts', query),
    queryFn: ({ signal }) => fetchRunHosts(id, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: polling,
  });
}

export function runErrorsQuery(id: number, showHidden: boolean, polling: number | false, kind: ScanKind = 'nvt') {
  return queryOptions({
    queryKey: SCAN_KEYS.runPart(id, 'errors', showHidden),
    queryFn: ({ signal }) => fetchRunErrors(id, showHidden, signal, kind),
    refetchInterval: polling,
  });
}

export const savedHostsQuery = queryOptions({
  queryKey: [...SCAN_KEYS.targets, 'hosts'],
  queryFn: ({ signal }) => fetchSavedHosts(signal),
});

export const savedRangesQuery = queryOptions({
  queryKey: [...SCAN_KEYS.targets, 'ranges'],
  queryFn: ({ signal }) => fetchSavedRanges(signal),
});

/** The customer's tags, for choosing assets by tag (the same key as the other tag pickers). */
export const tagOptionsQuery = queryOptions({
  queryKey: ['tags', 'basics'],
  queryFn: ({ signal }) => fetchTagChoices(signal),
});

/** The key of GET noprofiles/ (network and policy profiles in one answer); each form picks its kind with `select`. */
export const PROFILE_OPTIONS_KEY = [...SCAN_KEYS.pickers, 'profiles'] as const;

const networkOnly = (profiles: ProfileOption[]) => profiles.filter((p) => p.type === 'nvt');
const policyOnly = (profiles: ProfileOption[]) => profiles.filter((p) => p.type === 'oval');

/** The network profiles of noprofiles/ (the network scan form and schedules never offer a policy profile). */
export const profileOptionsQuery = queryOptions({
  queryKey: PROFILE_OPTIONS_KEY,
  queryFn: ({ signal }) => fetchProfileOptions(signal),
  select: networkOnly,
});

/** The policy profiles of noprofiles/, for the policy scan form. */
export const policyProfileOptionsQuery = queryOptions({
  queryKey: PROFILE_OPTIONS_KEY,
  queryFn: ({ signal }) => fetchProfileOptions(signal),
  select: policyOnly,
});

/** The profiles a scan of `kind` may use. */
export function profileChoicesQuery(kind: ScanKind) {
  return kind === 'oval' ? policyProfileOptionsQuery : profileOptionsQuery;
}

export const probeOptionsQuery = queryOptions({
  queryKey: [...SCAN_KEYS.pickers, 'probes'],
  queryFn: ({ signal }) => fetchProbeOptions(signal),
  retry: false,
});

export const probeGroupOptionsQuery = queryOptions({
  queryKey: [...SCAN_KEYS.pickers, 'probe-groups'],
  queryFn: ({ signal }) => fetchProbeGroupOptions(signal),
  retry: false,
});
