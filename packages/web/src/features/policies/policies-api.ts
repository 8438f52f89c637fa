// Calls of the policy library (scan/ovalpolicies/: list, one with its rules, import an OVAL file, delete an imported one)
// and of policy scan profiles (scan/oprofiles/: list, one, create, update, delete, copy, export, import).
import {
  ovalPolicy,
  ovalPolicyDetail,
  policyProfile,
  policyProfileExport,
  type OvalPolicy,
  type OvalPolicyDetail,
  type PolicyProfile,
  type PolicyProfileInput,
} from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../components/paged-answer.ts';

export type PolicyProfileExport = ReturnType<typeof policyProfileExport.parse>;
export type { OvalPolicy, OvalPolicyDetail, PolicyProfile, PolicyProfileInput };

const policyList = listAnswer(ovalPolicy);
const profilePage = pagedAnswer(policyProfile);

/** A library id in a path: ids hold '#', ':' and '/' ('ssg-debian11-xccdf.xml#xccdf_…', 'imported:3'). */
const policyPath = (id: string): string => `scan/ovalpolicies/${encodeURIComponent(id)}/`;

/** GET scan/ovalpolicies/: the installation's SCAP content profiles, then the customer's imported OVAL files. */
export function fetchPolicies(search: string | undefined, signal?: AbortSignal): Promise<OvalPolicy[]> {
  return api.get('scan/ovalpolicies/', { query: { search: search || undefined }, signal, schema: policyList });
}

export function fetchPolicy(id: string, signal?: AbortSignal): Promise<OvalPolicyDetail> {
  return api.get(policyPath(id), { signal, schema: ovalPolicyDetail });
}

/** POST scan/ovalpolicies/import/: 400 {content} when the text is not OVAL, 409 {name} when the name is taken. */
export function importOvalFile(name: string, content: string): Promise<OvalPolicyDetail> {
  // A large OVAL file takes the server a while to read: more than the usual 30 s may pass.
  return api.post('scan/ovalpolicies/import/', { name, content }, { schema: ovalPolicyDetail, timeoutMs: 120_000 });
}

/** DELETE an imported file; 409 {non_field_errors} while a profile uses it. */
export function deleteImportedPolicy(id: string): Promise<void> {
  return api.delete(policyPath(id));
}

export function fetchPolicyProfiles(query: QueryParams, signal?: AbortSignal): Promise<Paged<PolicyProfile>> {
  return api.get('scan/oprofiles/', { query, signal, schema: profilePage });
}

export function fetchPolicyProfile(id: number, signal?: AbortSignal): Promise<PolicyProfile> {
  return api.get(`scan/oprofiles/${id}/`, { signal, schema: policyProfile });
}

export function createPolicyProfile(input: PolicyProfileInput): Promise<PolicyProfile> {
  return api.post('scan/oprofiles/', input, { schema: policyProfile });
}

export function updatePolicyProfile(id: number, input: PolicyProfileInput): Promise<PolicyProfile> {
  return api.put(`scan/oprofiles/${id}/`, input, { schema: policyProfile });
}

export function deletePolicyProfile(id: number): Promise<void> {
  return api.delete(`scan/oprofiles/${id}/`);
}

/** POST scan/oprofiles/{id}/copy/: a copy named by the copy-name rule ('Name (1)'). */
export function copyPolicyProfile(id: number): Promise<PolicyProfile> {
  return api.post(`scan/oprofiles/${id}/copy/`, undefined, { schema: policyProfile });
}

export function exportPolicyProfile(id: number): Promise<PolicyProfileExport> {
  return api.get(`scan/oprofiles/${id}/export/`, { schema: policyProfileExport });
}

/** POST scan/oprofiles/import/ with the JSON of an export. */
export function importPolicyProfile(data: unknown): Promise<PolicyProfile> {
  return api.post('scan/oprofiles/import/', data, { schema: policyProfile });
}
