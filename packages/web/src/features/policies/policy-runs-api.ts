// Calls of policy run results: each host's score and counts (scan/noruns/{id}/hosts/), rule by rule with the evidence
// (scan/noruns/{id}/rules/), and a host's latest result of each policy (assets/{id}/policy-results/).
import {
  assetPolicyResult,
  policyHostResult,
  policyRuleRow,
  type AssetPolicyResult,
  type PolicyHostResult,
  type PolicyRuleRow,
} from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../components/paged-answer.ts';

export type { AssetPolicyResult, PolicyHostResult, PolicyRuleRow };

const hostPage = pagedAnswer(policyHostResult);
const rulePage = pagedAnswer(policyRuleRow);
const assetResults = listAnswer(assetPolicyResult);

export function fetchPolicyHosts(runId: number, query: QueryParams, signal?: AbortSignal): Promise<Paged<PolicyHostResult>> {
  return api.get(`scan/noruns/${runId}/hosts/`, { query, signal, schema: hostPage });
}

/** Rules of a run: host, result and severity (repeated), search, ordering (title, severity, result, address, rule_id), page. */
export function fetchPolicyRules(runId: number, query: QueryParams, signal?: AbortSignal): Promise<Paged<PolicyRuleRow>> {
  return api.get(`scan/noruns/${runId}/rules/`, { query, signal, schema: rulePage });
}

export function fetchAssetPolicyResults(assetId: number, signal?: AbortSignal): Promise<AssetPolicyResult[]> {
  return api.get(`assets/${assetId}/policy-results/`, { signal, schema: assetResults });
}
