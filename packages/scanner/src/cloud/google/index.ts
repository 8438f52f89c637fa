// The google provider: its regions, collector, controls and credential test (see ../types.ts).
import { DEFAULT_CLOUD_LIMITS, type CloudProviderModule, type CloudScanSpec, type CloudTestOutcome } from '../types.ts';
import { GoogleClient, GoogleError, googleCredentials } from './client.ts';
import { GOOGLE_CALLS, collectGoogle, projectList, type GoogleCall } from './collect.ts';
import { GOOGLE_CONTROLS } from './controls.ts';
import { GOOGLE_REGIONS } from './regions.ts';

/** The lists the test tries in the first project: one read per service a scan uses. */
const TESTED: GoogleCall[] = ['sinks', 'instances', 'firewalls', 'buckets', 'sqlInstances', 'serviceAccounts', 'keyRings', 'clusters'];

/**
 * Tries the key: the token endpoint accepts the signed assertion, the projects it reads (the account is the first
 * one), then one read per service in that project; each refused read names its permission (Google's message names
 * it; else the permission the call needs).
 */
export async function testGoogle(spec: Pick<CloudScanSpec, 'credentials' | 'endpoints' | 'regions'>): Promise<CloudTestOutcome> {
  const fail = (message: string): CloudTestOutcome => ({ ok: false, account: null, missingPermissions: [], message });
  let client: GoogleClient;
  let wanted: string[];
  try {
    const creds = googleCredentials(spec.credentials);
    wanted = creds.projects;
    client = new GoogleClient(creds.key, spec.endpoints, DEFAULT_CLOUD_LIMITS.callTimeoutMs);
    await client.token();
  } catch (e) {
    return fail((e as Error).message);
  }
  const missing = new Set<string>();
  const refused = (e: unknown, call: GoogleCall) => {
    if (e instanceof GoogleError && e.status === 403) {
      missing.add(e.permission ?? GOOGLE_CALLS[call].permission);
      return true;
    }
    return false;
  };
  let projects: string[] = wanted;
  try {
    const listed = await client.request('cloudresourcemanager', '/v1/projects', { pageSize: '50' });
    const ids = (Array.isArray(listed.projects) ? (listed.projects as { projectId?: string }[]) : [])
      .map((p) => p.projectId ?? '')
      .filter(Boolean);
    if (!projects.length) projects = ids;
  } catch (e) {
    if (e instanceof GoogleError && e.authFailed) return fail(e.message);
    if (!refused(e, 'projects')) return fail((e as Error).message);
    if (!projects.length && client.key.projectId) projects = [client.key.projectId];
  }
  const project = projects[0];
  if (!project)
    return { ok: false, account: null, missingPermissions: [...missing], message: 'The key reads no project: name the projects to scan.' };
  const errors: string[] = [];
  const reads: Promise<unknown>[] = [
    client.request('cloudresourcemanager', `/v1/projects/${encodeURIComponent(project)}:getIamPolicy`, {}, {}).catch((e: unknown) => {
      if (!refused(e, 'iamPolicy')) errors.push((e as Error).message);
    }),
    ...TESTED.map((call) => {
      const { path, query } = projectList(call, project);
      return client.request(GOOGLE_CALLS[call].service, path, { ...query, maxResults: '1', pageSize: '1' }).catch((e: unknown) => {
        if (!refused(e, call)) errors.push((e as Error).message);
      });
    }),
  ];
  await Promise.all(reads);
  const missingPermissions = [...missing].sort();
  const ok = missingPermissions.length === 0 && errors.length === 0;
  return {
    ok,
    account: project,
    missingPermissions,
    message: ok
      ? `The key of ${client.key.clientEmail} reads project ${project}${projects.length > 1 ? ` and ${projects.length - 1} more` : ''}.`
      : [missingPermissions.length ? `Refused: ${missingPermissions.join(', ')}.` : '', ...errors].filter(Boolean).join(' '),
  };
}

export const GOOGLE: CloudProviderModule = {
  key: 'google',
  regions: GOOGLE_REGIONS,
  controls: GOOGLE_CONTROLS,
  collect: collectGoogle,
  test: testGoogle,
};
