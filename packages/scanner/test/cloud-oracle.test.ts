// The oracle provider against the OCI stand-in: signed requests (and a wrong key refused 401), every control on a
// resource that passes and one that fails, paging, throttling, a refused permission named by the test.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { runCloudScan } from '../src/cloud/engine.ts';
import { ORACLE } from '../src/cloud/oracle/index.ts';
import { oracleSignature } from '../src/cloud/oracle/client.ts';
import type { CloudScanResult, CloudScanSpec } from '../src/cloud/types.ts';
import { HOME, TENANCY, USER, oracleSeed, startOracleStandIn, type OracleStandIn } from './cloud-helpers/oracle-stand-in.ts';

let o: OracleStandIn;
beforeAll(async () => {
  o = await startOracleStandIn('127.0.77.2');
});
afterAll(async () => {
  await o?.stop();
});
beforeEach(() => {
  Object.assign(o.state, oracleSeed(o.fingerprint));
  o.state.denied.clear();
  o.state.throttleNext = 0;
  o.state.pageSize = 2;
});

const spec = (over: Partial<CloudScanSpec> = {}, privateKey = o.privateKey): CloudScanSpec => ({
  provider: 'oracle',
  credentials: { tenancy_ocid: TENANCY, user_ocid: USER, fingerprint: o.fingerprint, private_key: privateKey, region: HOME },
  regions: [HOME],
  endpoints: { oracle: o.endpoint },
  limits: { requestsPerSecond: 1000 },
  ...over,
});

const resultOf = (r: CloudScanResult, control: string, name: string | null) => {
  if (name === null) return r.results.find((x) => x.control === control && x.resource === null);
  const type = ORACLE.controls.find((c) => c.id === control)?.resourceType;
  const res = r.resources.find((x) => x.name === name && x.type === type);
  expect(res, `${name} (${type})`).toBeDefined();
  return r.results.find((x) => x.control === control && x.resource === res!.uid);
};

describe('oracle provider', () => {
  it('inventories the tenancy across pages in the regions asked', async () => {
    const r = await runCloudScan(spec(), {}, ORACLE);
    expect(r.errors).toEqual([]);
    expect(r.account).toBe(TENANCY);
    expect(r.accountName).toBe('bulwark-tenancy');
    const byType = (t: string) =>
      r.resources
        .filter((x) => x.type === t)
        .map((x) => x.name)
        .sort();
    expect(byType('oracle.identity.user')).toEqual(['alice@example.com', 'bob@example.com', 'scanner']);
    expect(byType('oracle.identity.policy')).toEqual(['Tenant Admin Policy', 'ops-everything']);
    expect(byType('oracle.core.instance')).toEqual(['app', 'web']);
    expect(byType('oracle.core.securitylist')).toEqual(['open-all', 'open-ssh', 'restricted']);
    expect(byType('oracle.core.networksecuritygroup')).toEqual(['nsg-db', 'nsg-web']);
    expect(byType('oracle.core.subnet')).toEqual(['private', 'public']);
    expect(byType('oracle.objectstorage.bucket')).toEqual(['private-bucket', 'public-bucket']);
    expect(r.resources.find((x) => x.name === 'web')?.publicAddresses).toEqual(['130.61.1.2']);
    expect(o.state.badSignatures).toBe(0);
  });

  it('each control passes on a good resource and fails on a bad one, with the evidence', async () => {
    const bad = await runCloudScan(spec(), {}, ORACLE);
    const cases: [string, string, string][] = [
      ['oracle-identity-policy-manage-all', 'Tenant Admin Policy', 'ops-everything'],
      ['oracle-identity-user-mfa', 'alice@example.com', 'bob@example.com'],
      ['oracle-identity-api-key-age', 'alice@example.com', 'bob@example.com'],
      ['oracle-core-seclist-ssh', 'restricted', 'open-ssh'],
      ['oracle-core-seclist-rdp', 'open-ssh', 'open-all'],
      ['oracle-core-nsg-ssh', 'nsg-db', 'nsg-db-open'],
      ['oracle-core-nsg-rdp', 'nsg-db', 'nsg-web'],
      ['oracle-core-instance-public-ip', 'app', 'web'],
      ['oracle-core-instance-legacy-imds', 'app', 'web'],
      ['oracle-logging-vcn-flow-logs', 'public', 'private'],
      ['oracle-objectstorage-public', 'private-bucket', 'public-bucket'],
      ['oracle-objectstorage-cmk', 'private-bucket', 'public-bucket'],
      ['oracle-objectstorage-versioning', 'private-bucket', 'public-bucket'],
    ];
    // nsg-web opens 3380-3390 (RDP), not SSH: an NSG open on SSH is added for the failing case.
    o.state.regions[HOME]!.networkSecurityGroups.push({
      id: 'ocid1.networksecuritygroup.oc1.x.sshopen',
      displayName: 'nsg-db-open',
      compartmentId: 'ocid1.compartment.oc1..aaaaprod',
      rules: [{ direction: 'INGRESS', source: '0.0.0.0/0', protocol: '6' }],
    });
    const r = await runCloudScan(spec(), {}, ORACLE);
    for (const [control, good, failing] of cases) {
      expect(resultOf(r, control, good)?.status, `${control} on ${good}`).toBe('pass');
      expect(resultOf(r, control, failing)?.status, `${control} on ${failing}`).toBe('fail');
    }
    expect(resultOf(r, 'oracle-core-nsg-ssh', 'nsg-web')?.status).toBe('pass');
    expect(resultOf(r, 'oracle-objectstorage-public', 'public-bucket')?.evidence).toContain('ObjectRead');
    expect(resultOf(r, 'oracle-core-seclist-ssh', 'open-ssh')?.evidence).toContain('0.0.0.0/0');
    expect(resultOf(r, 'oracle-identity-policy-manage-all', 'ops-everything')?.evidence).toContain(
      'Allow group Ops to manage all-resources in tenancy',
    );
    expect(resultOf(r, 'oracle-identity-api-key-age', 'bob@example.com')?.evidence).toContain('33:44');
    // Users without a console password are not judged on MFA.
    expect(resultOf(r, 'oracle-identity-user-mfa', 'scanner')).toBeUndefined();

    // Account-level controls: failing as seeded, passing once the tenancy is set right.
    const account = ['oracle-identity-password-length', 'oracle-audit-retention', 'oracle-cloudguard-enabled'];
    for (const id of account) expect(resultOf(bad, id, null)?.status, id).toBe('fail');
    expect(resultOf(bad, 'oracle-audit-retention', null)?.evidence).toBe('{"retentionPeriodDays":90}');
    o.state.authenticationPolicy = { passwordPolicy: { minimumPasswordLength: 14 } };
    o.state.auditConfiguration = { retentionPeriodDays: 365 };
    o.state.cloudGuardConfiguration = { reportingRegion: HOME, status: 'ENABLED' };
    const good = await runCloudScan(spec(), {}, ORACLE);
    for (const id of account) expect(resultOf(good, id, null)?.status, id).toBe('pass');
    expect(new Set([...cases.map((c) => c[0]), ...account])).toEqual(new Set(ORACLE.controls.map((c) => c.id)));
  });

  it('pages one item at a time and backs off on 429 through the engine budget', async () => {
    o.state.pageSize = 1;
    const one = await runCloudScan(spec(), {}, ORACLE);
    o.state.pageSize = 2;
    o.state.throttleNext = 3;
    const r = await runCloudScan(spec(), {}, ORACLE);
    expect(r.stats.throttled).toBe(3);
    expect(r.errors).toEqual([]);
    expect(r.resources.length).toBe(one.resources.length);
    expect(one.resources.filter((x) => x.type === 'oracle.core.securitylist')).toHaveLength(3);
  });

  it('a refused permission: the controls say error, test() names the policy it needs', async () => {
    o.state.denied.add('securityLists');
    o.state.denied.add('audit');
    const r = await runCloudScan(spec(), {}, ORACLE);
    expect(r.resources.filter((x) => x.type === 'oracle.core.securitylist')).toEqual([]);
    expect(resultOf(r, 'oracle-audit-retention', null)).toMatchObject({ status: 'error' });
    expect(resultOf(r, 'oracle-audit-retention', null)?.message).toContain('NotAuthorizedOrNotFound');
    const t = await ORACLE.test(spec());
    expect(t).toMatchObject({ ok: false, account: 'bulwark-tenancy' });
    expect(t.missingPermissions).toEqual(['inspect security-lists (securityLists)', 'read tenancies (audit)']);
    o.state.denied.clear();
    expect(await ORACLE.test(spec())).toMatchObject({ ok: true, account: 'bulwark-tenancy', missingPermissions: [] });
  });

  it('a key OCI does not know: refused 401, auth failed', async () => {
    const before = o.state.badSignatures;
    const r = await runCloudScan(spec({}, o.otherKey), {}, ORACLE);
    expect(o.state.badSignatures).toBeGreaterThan(before);
    expect(r.resources).toEqual([]);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ type: SCAN_ERROR_TYPE.auth_failed });
    expect(r.errors[0]!.message).toContain('NotAuthenticated');
    const t = await ORACLE.test(spec({}, o.otherKey));
    expect(t).toMatchObject({ ok: false, account: null });
    expect(t.message).toContain('NotAuthenticated');
  });

  it('the stand-in verifies signatures as OCI does: a tampered request target and a signed body', async () => {
    const creds = { tenancy: TENANCY, user: USER, fingerprint: o.fingerprint, privateKey: o.privateKey };
    const target = new URL(`${o.url}/${HOME}/20160918/users?compartmentId=${TENANCY}`);
    const headers = oracleSignature(creds, 'GET', target);
    expect((await fetch(target, { headers })).status).toBe(200);
    // The same signature on another query: refused.
    const other = new URL(`${o.url}/${HOME}/20160918/users?compartmentId=${TENANCY}&limit=1`);
    const refused = await fetch(other, { headers });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'NotAuthenticated' });
    // A body is signed with its hash, type and length.
    const body = JSON.stringify({ x: 1 });
    const post = oracleSignature(creds, 'POST', target, body);
    expect(post.authorization).toContain('headers="(request-target) date host x-content-sha256 content-type content-length"');
    expect((await fetch(target, { method: 'POST', headers: post, body })).status).not.toBe(401);
    expect((await fetch(target, { method: 'POST', headers: post, body: JSON.stringify({ x: 2 }) })).status).toBe(401);
  });

  it('lists its regions', () => {
    expect(ORACLE.regions.map((r) => r.id)).toContain('eu-frankfurt-1');
    expect(new Set(ORACLE.regions.map((r) => r.id)).size).toBe(ORACLE.regions.length);
  });
});
