// Calls of the policy library (scan/ovalpolicies/: list, one with its rules, import an OVAL file, delete an imported one)
// and the types of policy scan profiles (their calls are the kind's, profiles/profile-api.ts).
import {
  ovalPolicy,
  ovalPolicyDetail,
  type policyProfileExport,
  type OvalPolicy,
  type OvalPolicyDetail,
  type PolicyProfile,
  type PolicyProfileInput,
} from '@bulwark/core';
import { api } from '../../api/client.ts';
import { listAnswer } from '../../components/paged-answer.ts';

export type PolicyProfileExport = ReturnType<typeof policyProfileExport.parse>;
export type { OvalPolicy, OvalPolicyDetail, PolicyProfile, PolicyProfileInput };

const policyList = listAnswer(ovalPolicy);

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
