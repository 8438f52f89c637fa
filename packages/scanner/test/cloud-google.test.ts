// The google provider against the Google Cloud stand-in: the JWT bearer grant, every control on a resource that
// passes and one that fails, paging, throttling, a refused permission named by the test, refused credentials.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { runCloudScan } from '../src/cloud/engine.ts';
import { GOOGLE } from '../src/cloud/google/index.ts';
import type { CloudScanResult, CloudScanSpec } from '../src/cloud/types.ts';
import { googleSeed, startGoogleStandIn, type GoogleStandIn } from './cloud-helpers/google-stand-in.ts';

let g: GoogleStandIn;
beforeAll(async () => {
  g = await startGoogleStandIn('127.0.77.1');
});
afterAll(async () => {
  await g?.stop();
});
beforeEach(() => {
  g.state.projects = googleSeed(g.url);
  g.state.denied.clear();
  g.state.throttleNext = 0;
  g.state.pageSize = 2;
});

const spec = (over: Partial<CloudScanSpec> = {}, key = g.key): CloudScanSpec => ({
  provider: 'google',
  credentials: { service_account_key: key, projects: [] },
  regions: ['us-central1'],
  endpoints: { googleToken: g.tokenUrl, googleApis: g.url },
  limits: { requestsPerSecond: 1000 },
  ...over,
});

const resultOf = (r: CloudScanResult, control: string, name: string) => {
  const type = GOOGLE.controls.find((c) => c.id === control)?.resourceType;
  const res = r.resources.find((x) => x.name === name && x.type === type);
  expect(res, name).toBeDefined();
  return r.results.find((x) => x.control === control && x.resource === res!.uid);
};

describe('google provider', () => {
  it('inventories both projects across pages, in the regions asked', async () => {
    const r = await runCloudScan(spec(), {}, GOOGLE);
    expect(r.errors).toEqual([]);
    expect(r.account).toBe('bulwark-demo');
    expect(r.accountName).toBe('Bulwark Demo');
    const byType = (t: string) =>
      r.resources
        .filter((x) => x.type === t)
        .map((x) => x.name)
        .sort();
    expect(byType('google.resourcemanager.project')).toEqual(['Bulwark Clean', 'Bulwark Demo']);
    // Three firewalls plus one: two pages of two; instances only in us-central1 (far-away is in asia-east1).
    expect(byType('google.compute.firewall')).toHaveLength(4);
    expect(byType('google.compute.instance')).toEqual(['db-1', 'web-1']);
    expect(byType('google.compute.subnetwork')).toEqual(['default', 'prod-us', 'proxy-only']);
    expect(byType('google.storage.bucket')).toEqual(['clean-logs', 'demo-logs', 'demo-private', 'demo-public']);
    expect(byType('google.kms.cryptokey')).toEqual(['rotated', 'signing', 'stale', 'yearly']);
    expect(byType('google.iam.serviceaccount')).toHaveLength(2);
    expect(byType('google.sql.instance')).toEqual(['billing', 'orders']);
    expect(byType('google.container.cluster')).toEqual(['apps']);
    expect(r.resources.find((x) => x.name === 'web-1')?.publicAddresses).toEqual(['34.1.2.3']);
    expect(r.stats.calls).toBeGreaterThan(20);
  });

  it('each control passes on a good resource and fails on a bad one, with the evidence', async () => {
    const r = await runCloudScan(spec(), {}, GOOGLE);
    const cases: [string, string, string][] = [
      ['google-iam-sa-admin', 'Bulwark Clean', 'Bulwark Demo'],
      ['google-iam-sa-user-role', 'Bulwark Clean', 'Bulwark Demo'],
      ['google-iam-primitive-user-roles', 'Bulwark Clean', 'Bulwark Demo'],
      ['google-iam-sa-key-age', 'scanner@bulwark-demo.iam.gserviceaccount.com', 'ci@bulwark-demo.iam.gserviceaccount.com'],
      ['google-kms-key-rotation', 'rotated', 'stale'],
      ['google-logging-sink-all', 'Bulwark Clean', 'Bulwark Demo'],
      ['google-storage-log-retention', 'clean-logs', 'demo-logs'],
      ['google-compute-default-network', 'prod', 'default'],
      ['google-compute-firewall-ssh', 'iap-ssh', 'default-allow-ssh'],
      ['google-compute-firewall-rdp', 'open-but-off', 'allow-rdp-range'],
      ['google-compute-subnet-flow-logs', 'prod-us', 'default'],
      ['google-compute-instance-default-sa', 'db-1', 'web-1'],
      ['google-compute-instance-public-ip', 'db-1', 'web-1'],
      ['google-storage-public', 'demo-private', 'demo-public'],
      ['google-storage-uniform-access', 'demo-private', 'demo-public'],
      ['google-storage-versioning', 'demo-private', 'demo-public'],
      ['google-sql-require-ssl', 'billing', 'orders'],
      ['google-sql-open-authorized-networks', 'billing', 'orders'],
      ['google-sql-public-ip', 'billing', 'orders'],
      ['google-sql-backups', 'billing', 'orders'],
    ];
    expect(new Set(cases.map((c) => c[0]))).toEqual(new Set(GOOGLE.controls.map((c) => c.id)));
    for (const [control, good, bad] of cases) {
      expect(resultOf(r, control, good)?.status, `${control} on ${good}`).toBe('pass');
      expect(resultOf(r, control, bad)?.status, `${control} on ${bad}`).toBe('fail');
    }
    expect(resultOf(r, 'google-storage-public', 'demo-public')?.evidence).toContain('allUsers');
    expect(resultOf(r, 'google-sql-open-authorized-networks', 'orders')?.evidence).toContain('0.0.0.0/0');
    expect(resultOf(r, 'google-compute-firewall-ssh', 'default-allow-ssh')?.evidence).toContain('"22"');
    expect(resultOf(r, 'google-iam-sa-key-age', 'ci@bulwark-demo.iam.gserviceaccount.com')?.evidence).toContain('old1');
    // Not evaluated where the benchmark does not apply: an asymmetric key, a proxy-only subnet, a bucket no sink writes to.
    expect(resultOf(r, 'google-kms-key-rotation', 'signing')).toBeUndefined();
    expect(resultOf(r, 'google-compute-subnet-flow-logs', 'proxy-only')).toBeUndefined();
    expect(resultOf(r, 'google-storage-log-retention', 'demo-public')).toBeUndefined();
    for (const c of GOOGLE.controls) {
      expect(c.id).toMatch(/^google-[a-z]+-[a-z-]+$/);
      expect(c.severity).toBeGreaterThanOrEqual(0);
    }
  });

  it('pages one item at a time and backs off on 429 through the engine budget', async () => {
    g.state.pageSize = 1;
    const one = await runCloudScan(spec(), {}, GOOGLE);
    g.state.pageSize = 2;
    g.state.throttleNext = 3;
    const before = g.state.throttled;
    const r = await runCloudScan(spec(), {}, GOOGLE);
    expect(g.state.throttled - before).toBe(3);
    expect(r.stats.throttled).toBe(3);
    expect(r.errors).toEqual([]);
    expect(r.resources.length).toBe(one.resources.length);
    expect(one.resources.filter((x) => x.type === 'google.compute.firewall')).toHaveLength(4);
  });

  it('a refused permission: its controls say error with Google’s words, test() names it', async () => {
    g.state.denied.add('storage.buckets.getIamPolicy');
    g.state.denied.add('compute.firewalls.list');
    const r = await runCloudScan(spec(), {}, GOOGLE);
    expect(resultOf(r, 'google-storage-public', 'demo-public')).toMatchObject({ status: 'error' });
    expect(resultOf(r, 'google-storage-public', 'demo-public')?.message).toContain("Permission 'storage.buckets.getIamPolicy' denied");
    expect(r.results.filter((x) => x.control === 'google-compute-firewall-ssh')).toEqual([]);
    expect(r.resources.filter((x) => x.type === 'google.compute.firewall')).toEqual([]);
    // The listing's failure is the account's (two projects).
    const t = await GOOGLE.test(spec());
    expect(t.ok).toBe(false);
    expect(t.account).toBe('bulwark-demo');
    expect(t.missingPermissions).toEqual(['compute.firewalls.list']);
    expect(t.message).toContain('compute.firewalls.list');
  });

  it('test() answers ok with the project when every read is allowed', async () => {
    const t = await GOOGLE.test(spec({ credentials: { service_account_key: g.key, projects: ['bulwark-clean'] } }));
    expect(t).toMatchObject({ ok: true, account: 'bulwark-clean', missingPermissions: [] });
    expect(t.message).toContain('scanner@bulwark-demo.iam.gserviceaccount.com');
  });

  it('a key the token endpoint refuses: auth failed, and the test says why', async () => {
    const r = await runCloudScan(spec({}, g.wrongKey), {}, GOOGLE);
    expect(r.resources).toEqual([]);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ type: SCAN_ERROR_TYPE.auth_failed });
    expect(r.errors[0]!.message).toContain('Invalid JWT Signature');
    const t = await GOOGLE.test(spec({}, g.wrongKey));
    expect(t).toMatchObject({ ok: false, account: null });
    expect(t.message).toContain('invalid_grant');
    const notJson = await GOOGLE.test(spec({}, 'not a key'));
    expect(notJson.message).toContain('not JSON');
  });

  it('lists its regions', () => {
    expect(GOOGLE.regions.map((r) => r.id)).toContain('europe-west3');
    expect(new Set(GOOGLE.regions.map((r) => r.id)).size).toBe(GOOGLE.regions.length);
  });
});
