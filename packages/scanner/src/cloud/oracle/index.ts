// The oracle provider: its regions, collector, controls and credential test (see ../types.ts).
import { DEFAULT_CLOUD_LIMITS, type CloudProviderModule, type CloudScanSpec, type CloudTestOutcome } from '../types.ts';
import { OracleClient, OracleError, oracleCredentials } from './client.ts';
import { ORACLE_CALLS, collectOracle, type OracleCall } from './collect.ts';
import { ORACLE_CONTROLS } from './controls.ts';
import { ORACLE_REGIONS } from './regions.ts';

/** One read per service in the home region and the tenancy (root compartment), with the call it stands for. */
const TESTED: [OracleCall, string, Record<string, string>][] = [
  ['users', '/20160918/users', { limit: '1' }],
  ['policies', '/20160918/policies', { limit: '1' }],
  ['compartments', '/20160918/compartments', { limit: '1' }],
  ['audit', '/20190901/configuration', {}],
  ['cloudGuard', '/20200131/configuration', {}],
  ['instances', '/20160918/instances', { limit: '1' }],
  ['securityLists', '/20160918/securityLists', { limit: '1' }],
  ['networkSecurityGroups', '/20160918/networkSecurityGroups', { limit: '1' }],
  ['logGroups', '/20200531/logGroups', { limit: '1' }],
  ['namespace', '/n/', {}],
];

/**
 * Tries the API key: the signature accepted (GetTenancy answers the tenancy's name), then one read per service; OCI
 * answers a refused read 404 NotAuthorizedOrNotFound without naming the permission, so each names the policy verb it needs.
 */
export async function testOracle(spec: Pick<CloudScanSpec, 'credentials' | 'endpoints' | 'regions'>): Promise<CloudTestOutcome> {
  const fail = (message: string): CloudTestOutcome => ({ ok: false, account: null, missingPermissions: [], message });
  let client: OracleClient;
  try {
    client = new OracleClient(oracleCredentials(spec.credentials), spec.endpoints, DEFAULT_CLOUD_LIMITS.callTimeoutMs);
  } catch (e) {
    return fail((e as Error).message);
  }
  const { tenancy, region } = client.credentials;
  let name = tenancy;
  try {
    const t = (await client.get('identity', region, `/20160918/tenancies/${tenancy}`)).body as { name?: string };
    name = t.name ?? tenancy;
  } catch (e) {
    if (!(e instanceof OracleError) || e.status !== 404) return fail((e as Error).message);
  }
  const missing = new Set<string>();
  const errors: string[] = [];
  await Promise.all(
    TESTED.map(([call, path, query]) =>
      client.get(ORACLE_CALLS[call].service, region, path, { compartmentId: tenancy, ...query }).catch((e: unknown) => {
        if (e instanceof OracleError && (e.status === 404 || e.status === 403)) missing.add(`${ORACLE_CALLS[call].needs} (${call})`);
        else errors.push((e as Error).message);
      }),
    ),
  );
  const missingPermissions = [...missing].sort();
  const ok = missingPermissions.length === 0 && errors.length === 0;
  return {
    ok,
    account: name,
    missingPermissions,
    message: ok
      ? `The API key of ${client.credentials.user} reads tenancy ${name}.`
      : [missingPermissions.length ? `Refused (NotAuthorizedOrNotFound): ${missingPermissions.join(', ')}.` : '', ...errors]
          .filter(Boolean)
          .join(' '),
  };
}

export const ORACLE: CloudProviderModule = {
  key: 'oracle',
  regions: ORACLE_REGIONS,
  controls: ORACLE_CONTROLS,
  collect: collectOracle,
  test: testOracle,
};
