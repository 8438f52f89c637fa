// Cloud scans of Azure, Google Cloud and Oracle Cloud through the whole server path: a profile made through the API
// with the provider's credentials, a scan started on the built-in probe against the provider's stand-in (the same
// ones the scanner's provider tests use, answering as the published REST APIs do), the run's row naming the account,
// cloud assets, findings of source cloud in the unified vulnerabilities and policy_results with passes and failures.
// (The AWS path, with moto, and every guard are in cloud-scans.test.ts; this file is about each provider's wiring:
// the credential fields the API seals and hands to the probe, the endpoints the configuration names.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudPolicyResult, CloudResourceItem, CloudScan, CloudScanRunRow, ScanRunRow, Vulnerability } from '@bulwark/core';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setFlags, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { startAzureStandIn, type AzureStandIn } from '../../scanner/test/cloud-helpers/azure-stand-in.ts';
import { APP, TENANT, azureSeed } from '../../scanner/test/cloud-helpers/azure-seed.ts';
import { startGoogleStandIn, type GoogleStandIn } from '../../scanner/test/cloud-helpers/google-stand-in.ts';
import { HOME, TENANCY, USER, startOracleStandIn, type OracleStandIn } from '../../scanner/test/cloud-helpers/oracle-stand-in.ts';

type Page<T> = { count: number; results: T[] };

let azure: AzureStandIn;
let google: GoogleStandIn;
let oracle: OracleStandIn;
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  [azure, google, oracle] = await Promise.all([
    startAzureStandIn('127.0.78.1', azureSeed()),
    startGoogleStandIn('127.0.78.2'),
    startOracleStandIn('127.0.78.3'),
  ]);
  t = await startTestApp('pglite', {
    BULWARK_AZURE_LOGIN_URL: azure.url,
    BULWARK_CLOUD_AZURE_URL: azure.url,
    BULWARK_GRAPH_URL: azure.url,
    BULWARK_CLOUD_GOOGLE_TOKEN_URL: google.tokenUrl,
    BULWARK_CLOUD_GOOGLE_API_URL: google.url,
    BULWARK_CLOUD_ORACLE_URL: oracle.endpoint,
  });
  await setFlags(t.ctx, 1, ['cloud-scanning', 'cloud-vm-resources']);
  admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([azure?.stop(), google?.stop(), oracle?.stop()]);
});

/** Polls a cloud run until it ended. */
async function ended(runId: number, ms = 120_000): Promise<ScanRunRow> {
  const until = Date.now() + ms;
  let last: ScanRunRow | undefined;
  while (Date.now() < until) {
    last = (await admin.get<ScanRunRow>(`/api/scan/cruns/${runId}/`)).body;
    if (last.status === 2 || last.status === 3) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`run ${runId} did not end; last: ${JSON.stringify(last)}`);
}

const PROVIDERS = [
  {
    name: 'Azure',
    code: 1,
    prefix: 'azure-',
    profile: () => ({
      regions: ['westeurope'],
      credentials: { tenant_id: APP.tenantId, client_id: APP.clientId, client_secret: APP.clientSecret, subscriptions: [] },
    }),
    account: TENANT,
  },
  {
    name: 'Google Cloud',
    code: 4,
    prefix: 'google-',
    profile: () => ({ regions: ['us-central1'], credentials: { service_account_key: google.key, projects: [] } }),
    account: null,
  },
  {
    name: 'Oracle Cloud',
    code: 3,
    prefix: 'oracle-',
    profile: () => ({
      regions: [HOME],
      credentials: {
        tenancy_ocid: TENANCY,
        user_ocid: USER,
        fingerprint: oracle.fingerprint,
        private_key: oracle.privateKey,
        region: HOME,
      },
    }),
    account: TENANCY,
  },
];

describe.each(PROVIDERS)('a cloud scan of $name through the server', (p) => {
  it('inventories the account into cloud assets, findings of source cloud and policy results', { timeout: 180_000 }, async () => {
    const profile = await admin.post<{ id: number; credentials: Record<string, unknown> }>('/api/scan/cprofiles/', {
      name: p.name,
      provider: p.code,
      ...p.profile(),
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    const scan = await admin.post<CloudScan>('/api/scan/cscans/', { name: p.name, profile: profile.body.id, start: true });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    const finished = await ended(scan.body.last_run!);
    await settleRunProcessing(t.ctx);

    const errors = (await admin.get<unknown[]>(`/api/scan/cruns/${finished.id}/errors/?show_hidden=true`)).body;
    expect(errors).toEqual([]);
    const run = (await admin.get<CloudScanRunRow>(`/api/scan/cruns/${finished.id}/`)).body;
    expect(run.cloud).toMatchObject({ provider: p.code, phase: 'done' });
    if (p.account) expect(run.cloud!.account).toBe(p.account);
    else expect(run.cloud!.account).toBeTruthy();
    expect(run.cloud!.calls).toBeGreaterThan(0);
    expect(run.cloud!.resources).toBeGreaterThan(2);

    const resources = (await admin.get<Page<CloudResourceItem>>(`/api/scan/cruns/${finished.id}/results/?page_size=500`)).body.results;
    // The account is an asset of its own (account-level controls are findings on it), beside the resources counted.
    expect(resources.length).toBe(run.cloud!.resources + 1);
    expect(resources.filter((r) => r.resource_type.endsWith('.account') && r.name.includes(run.cloud!.account!))).toHaveLength(1);
    const policy = (await admin.get<CloudPolicyResult[]>(`/api/scan/cruns/${finished.id}/policy_results/`)).body;
    const failed = policy.filter((c) => c.status === 'fail');
    expect(failed.length).toBeGreaterThan(0);
    // The seeds hold a resource that passes and one that fails of each kind: a control fails as soon as one fails.
    expect(policy.some((c) => c.passed > 0)).toBe(true);
    expect(failed.every((c) => c.failed > 0)).toBe(true);
    expect(policy.every((c) => c.id.startsWith(p.prefix))).toBe(true);

    // Each failed control on a resource is a finding of source cloud on that resource's asset.
    const vulns = (await admin.get<Page<Vulnerability>>('/api/remediation/vulnerability-simple/?page_size=500')).body.results;
    const ours = vulns.filter((v) => v.source === 'cloud' && (v.check_id ?? '').startsWith(`cloud:${p.prefix}`));
    expect(ours.length).toBeGreaterThan(0);
    const assetIds = new Set(resources.map((r) => r.id));
    expect(ours.filter((v) => assetIds.has(v.asset.id)).length).toBeGreaterThan(0);
    for (const c of failed.slice(0, 5))
      expect(
        ours.some((v) => v.check_id === `cloud:${c.id}`),
        c.id,
      ).toBe(true);
  });
});
