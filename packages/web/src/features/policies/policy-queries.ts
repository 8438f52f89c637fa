// Query keys and options of the policy screens: the library, policy profiles, and the parts of a policy run's result
// (hosts, rules) that grow while the run moves; a host's latest policy results for its asset page.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryParams } from '../../api/query-string.ts';
import { fetchPolicies, fetchPolicy } from './policies-api.ts';
import { fetchAssetPolicyResults, fetchPolicyHosts, fetchPolicyRules } from './policy-runs-api.ts';

export const POLICY_KEYS = {
  library: ['policies', 'library'] as const,
  policies: (search: string) => ['policies', 'library', 'list', search] as const,
  policy: (id: string) => ['policies', 'library', 'one', id] as const,
  profiles: ['policies', 'profiles'] as const,
  profileList: (query: QueryParams) => ['policies', 'profiles', 'list', query] as const,
  profile: (id: number) => ['policies', 'profiles', 'one', id] as const,
  runPart: (runId: number, part: 'hosts' | 'rules', query: QueryParams) => ['policies', 'runs', runId, part, query] as const,
  assetResults: (assetId: number) => ['policies', 'asset-results', assetId] as const,
};

export const POLICY_PROFILES_PAGE_SIZE = 20;
export const POLICY_RESULT_PAGE_SIZE = 25;

/** The library changes only when content is installed or a file imported: keep it a minute. */
export function policiesQuery(search = '') {
  return queryOptions({
    queryKey: POLICY_KEYS.policies(search),
    queryFn: ({ signal }) => fetchPolicies(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function policyQuery(id: string) {
  return queryOptions({ queryKey: POLICY_KEYS.policy(id), queryFn: ({ signal }) => fetchPolicy(id, signal), staleTime: 60_000 });
}

export function policyHostsQuery(runId: number, query: QueryParams, polling: number | false) {
  return queryOptions({
    queryKey: POLICY_KEYS.runPart(runId, 'hosts', query),
    queryFn: ({ signal }) => fetchPolicyHosts(runId, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: polling,
  });
}

export function policyRulesQuery(runId: number, query: QueryParams, polling: number | false) {
  return queryOptions({
    queryKey: POLICY_KEYS.runPart(runId, 'rules', query),
    queryFn: ({ signal }) => fetchPolicyRules(runId, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: polling,
  });
}

export function assetPolicyResultsQuery(assetId: number) {
  return queryOptions({
    queryKey: POLICY_KEYS.assetResults(assetId),
    queryFn: ({ signal }) => fetchAssetPolicyResults(assetId, signal),
  });
}
