// Calls of the cloud screens (issue 32): the provider regions and control catalogue (cloud/supported-regions/, cloud/controls/),
// the profile picker (cloud/cloud_basics/), the credential test (scan/cprofiles/{id}/test/ or, before saving,
// scan/cprofiles/test/), cloud scans and runs (scan/cscans/, scan/cruns/ with results/ and policy_results/), cloud
// resources (cloud/resources/ with their vulnerabilities) and the unified findings of source `cloud`.
import {
  CLOUD_SCAN_KIND,
  cloudBasics,
  cloudControl,
  cloudPolicyResult,
  cloudRegionList,
  cloudResource,
  cloudScan,
  cloudScanRun,
  cloudTestResult,
  vulnerability,
  type CloudControlItem,
  type CloudPolicyResult,
  type CloudProviderKey,
  type CloudResourceItem,
  type CloudScan,
  type CloudScanInput,
  type CloudTestResult,
  type CloudScanRunRow,
  type Vulnerability,
} from '@bulwark/core';
import { api } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/query-string.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../../components/paged-answer.ts';

const SCANS = `scan/${CLOUD_SCAN_KIND.api.scans}/`;
const RUNS = `scan/${CLOUD_SCAN_KIND.api.runs}/`;
const PROFILES = `scan/${CLOUD_SCAN_KIND.api.profiles}/`;

export type CloudRegionChoice = { id: string; label: string };
export type CloudBasic = { id: number; name: string; provider: number };

/** GET cloud/supported-regions/{provider}/: the regions a profile may limit its scans to. */
export async function fetchCloudRegions(provider: CloudProviderKey, signal?: AbortSignal): Promise<CloudRegionChoice[]> {
  const answer = await api.get(`cloud/supported-regions/${provider}/`, { signal, schema: cloudRegionList });
  return answer.results;
}

/** GET cloud/controls/?provider=: the provider's controls (the ones a profile may leave out). */
export function fetchCloudControls(provider: number, signal?: AbortSignal): Promise<CloudControlItem[]> {
  return api.get('cloud/controls/', { query: { provider, page_size: 1000 }, signal, schema: listAnswer(cloudControl) });
}

/** GET cloud/controls/{id}/: one control of the catalogue (the cp/{cp} page). */
export function fetchCloudControl(id: string, signal?: AbortSignal): Promise<CloudControlItem> {
  return api.get(`cloud/controls/${encodeURIComponent(id)}/`, { signal, schema: cloudControl });
}

/** GET cloud/cloud_basics/: the cloud profiles for pickers (id, name, provider). */
export function fetchCloudBasics(signal?: AbortSignal): Promise<CloudBasic[]> {
  return api.get('cloud/cloud_basics/', { signal, schema: cloudBasics });
}

/**
 * POST scan/cprofiles/{id}/test/ (the stored credentials, those typed overriding them) or scan/cprofiles/test/ (a profile
 * not saved yet): whether the provider accepted them, the account and the permissions refused.
 */
export function testCloudCredentials(
  id: number | null,
  body: { provider: number; credentials: Record<string, unknown> },
): Promise<CloudTestResult> {
  return api.post(id === null ? `${PROFILES}test/` : `${PROFILES}${id}/test/`, body, { schema: cloudTestResult });
}

const runPage = pagedAnswer(cloudScanRun);

/** GET scan/cruns/: the cloud runs with their status, progress, account and allowed actions. */
export function fetchCloudRuns(query: QueryParams, signal?: AbortSignal): Promise<Paged<CloudScanRunRow>> {
  return api.get(RUNS, { query, signal, schema: runPage });
}

/** GET scan/cruns/{id}/: one cloud run with the account it read and the engine's progress. */
export function fetchCloudRun(id: number, signal?: AbortSignal): Promise<CloudScanRunRow> {
  return api.get(`${RUNS}${id}/`, { signal, schema: cloudScanRun });
}

/** POST scan/cscans/: a cloud scan of a profile (start defaults to true: its first run begins). */
export function createCloudScan(input: CloudScanInput & { start?: boolean }): Promise<CloudScan> {
  return api.post(SCANS, input, { schema: cloudScan });
}

/** GET scan/cruns/{id}/policy_results/: each control evaluated in the run with its counts. */
export function fetchPolicyResults(runId: number, signal?: AbortSignal): Promise<CloudPolicyResult[]> {
  return api.get(`${RUNS}${runId}/policy_results/`, { query: { page_size: 1000 }, signal, schema: listAnswer(cloudPolicyResult) });
}

/** GET scan/cruns/{id}/results/: the resources the run saw (paged). */
export function fetchRunResources(runId: number, query: QueryParams, signal?: AbortSignal): Promise<Paged<CloudResourceItem>> {
  return api.get(`${RUNS}${runId}/results/`, { query, signal, schema: pagedAnswer(cloudResource) });
}

/** GET cloud/resources/: cloud resources (paged, filtered by provider, account, region, type, gone). */
export function fetchCloudResources(query: QueryParams, signal?: AbortSignal): Promise<Paged<CloudResourceItem>> {
  return api.get('cloud/resources/', { query, signal, schema: pagedAnswer(cloudResource) });
}

export function fetchCloudResource(id: number, signal?: AbortSignal): Promise<CloudResourceItem> {
  return api.get(`cloud/resources/${id}/`, { signal, schema: cloudResource });
}

export function deleteCloudResource(id: number): Promise<void> {
  return api.delete(`cloud/resources/${id}/`);
}

const findingPage = pagedAnswer(vulnerability);

/** GET cloud/resources/{id}/vulnerabilities/: the resource's findings (a page or a list). */
export function fetchResourceVulnerabilities(id: number, signal?: AbortSignal): Promise<Vulnerability[]> {
  return api.get(`cloud/resources/${id}/vulnerabilities/`, { query: { page_size: 500 }, signal, schema: listAnswer(vulnerability) });
}

/** GET remediation/vulnerability-simple/ narrowed to cloud findings (of a run, of a control …). */
export function fetchCloudFindings(query: QueryParams, signal?: AbortSignal): Promise<Paged<Vulnerability>> {
  return api.get('remediation/vulnerability-simple/', { query: { source: 'cloud', qod_min: '0', ...query }, signal, schema: findingPage });
}

/** The check id of a control's findings ('cloud:<control id>') and back. */
export const CLOUD_CHECK_PREFIX = CLOUD_SCAN_KIND.findingSource.checkIdPrefix;
export const controlOfCheck = (checkId: string | null): string | null =>
  checkId?.startsWith(CLOUD_CHECK_PREFIX) ? checkId.slice(CLOUD_CHECK_PREFIX.length) : null;

/** The cp/{cp} page of a control. */
export const controlPagePath = (control: string): string => `/vm/unified-vulnerabilities/cp/${encodeURIComponent(control)}`;
export const cloudAssetPath = (id: number): string => `/assets/cloud/view/${id}`;
