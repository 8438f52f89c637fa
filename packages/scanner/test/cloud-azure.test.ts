// The Azure provider against the Azure stand-in (cloud-helpers/azure-stand-in.ts): inventory across subscriptions and
// pages, every control on a resource that passes and one that fails, throttling, refused permissions named by the
// credential test, refused credentials.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { AZURE } from '../src/cloud/azure/index.ts';
import { runCloudScan } from '../src/cloud/engine.ts';
import type { CloudControlResult, CloudInventory, CloudScanProgress, CloudScanSpec } from '../src/cloud/types.ts';
import { startAzureStandIn, type AzureStandIn } from './cloud-helpers/azure-stand-in.ts';
import { APP, IDS, NARROW_APP, REVOKED_APP, SUB, SUB2, SUB3, TENANT, azureSeed } from './cloud-helpers/azure-seed.ts';

let azure: AzureStandIn;
beforeAll(async () => {
  azure = await startAzureStandIn('127.0.76.1', azureSeed());
});
afterAll(async () => {
  await azure?.stop();
});
beforeEach(() => {
  azure.seed.graph = azureSeed().graph;
  azure.requests.length = 0;
});

const endpoints = () => ({ azureLogin: azure.url, azureManagement: azure.url, azureGraph: azure.url });
const spec = (app: { tenantId: string; clientId: string; clientSecret: string }, subscriptions: string[] = []): CloudScanSpec => ({
  provider: 'azure',
  credentials: { tenant_id: app.tenantId, client_id: app.clientId, client_secret: app.clientSecret, subscriptions },
  regions: ['westeurope', 'northeurope'],
  endpoints: endpoints(),
  limits: { requestsPerSecond: 500 },
});

/** A scan through the engine (its budget, progress and evaluation), keeping the collector's inventory to look at. */
async function scan(target: CloudScanSpec) {
  let inventory: CloudInventory | undefined;
  const progress: CloudScanProgress[] = [];
  const result = await runCloudScan(
    target,
    { onEvent: (e) => void (e.type === 'progress' && progress.push(e.progress)) },
    { ...AZURE, collect: async (s, c) => (inventory = await AZURE.collect(s, c)) },
  );
  return { result, inventory: inventory!, progress: progress.at(-1)! };
}

const result = (results: CloudControlResult[], control: string, resource: string | null) => {
  const found = results.filter((r) => r.control === control && r.resource === resource);
  expect(found, `${control} on ${resource}`).toHaveLength(1);
  return found[0]!;
};

describe('Azure inventory', () => {
  it('reads every readable subscription, pages, joins public IPs to VMs and keeps to the regions', async () => {
    const { result, inventory, progress } = await scan(spec(APP));
    expect(result).toMatchObject({ provider: 'azure', account: TENANT, accountName: '3 subscriptions', errors: [] });
    expect(inventory.account).toBe(TENANT);
    expect(inventory.accountName).toBe('3 subscriptions');
    expect(inventory.failures).toEqual([]);
    const uids = inventory.resources.map((r) => r.uid);
    expect(uids).toEqual(expect.arrayContaining([`/subscriptions/${SUB}`, `/subscriptions/${SUB2}`, `/subscriptions/${SUB3}`, IDS.sa2]));
    // Second pages: the fourth disk and the third storage account (out of region) came from page 2.
    expect(azure.requests.some((r) => /microsoft\.compute\/disks\?.*\$skiptoken=2/i.test(r))).toBe(true);
    expect(azure.requests.some((r) => /microsoft\.storage\/storageaccounts\?.*\$skiptoken=2/i.test(r))).toBe(true);
    expect(uids).toContain(IDS.diskLooseBad);
    expect(uids).not.toContain(IDS.saElsewhere); // japaneast is not scanned
    const vm = inventory.resources.find((r) => r.uid === IDS.vmBad)!;
    expect(vm).toMatchObject({
      type: 'azure.compute.vm',
      service: 'compute',
      account: SUB,
      region: 'westeurope',
      publicAddresses: ['20.50.1.7'],
      tags: { env: 'prod' },
    });
    const bad = inventory.resources.find((r) => r.uid === IDS.saBad)!;
    expect(bad.region).toBe('westeurope'); // 'West Europe' as Resource Manager sometimes spells it
    expect(bad.properties).toMatchObject({ supportsHttpsTrafficOnly: false, allowBlobPublicAccess: true, minimumTlsVersion: 'TLS1_0' });
    expect(inventory.facts.authorizationPolicy).toMatchObject({ allowInvitesFrom: 'everyone' });
    expect(progress).toMatchObject({ phase: 'done', percent: 100, resources: inventory.resources.length, regionsDone: 2, regionsTotal: 2 });
    expect(result.resources).toHaveLength(inventory.resources.length);
  });

  it('scans only the subscriptions the credentials name, and says which it cannot read', async () => {
    const { inventory } = await scan(spec(NARROW_APP, [SUB, SUB2]));
    expect(inventory.resources.filter((r) => r.type === 'azure.resources.subscription').map((r) => r.uid)).toEqual([
      `/subscriptions/${SUB}`,
    ]);
    expect(inventory.accountName).toBe('Production');
    expect(inventory.failures).toContainEqual(
      expect.objectContaining({ code: 'SubscriptionNotFound', message: expect.stringContaining(SUB2) }),
    );
  });
});

describe('Azure controls', () => {
  let results: CloudControlResult[];
  beforeAll(async () => {
    results = (await scan(spec(APP))).result.results;
  });

  // [control, resource that passes, resource that fails, evidence of the failure]
  const cases: [string, string, string, string][] = [
    ['azure-storage-secure-transfer', IDS.saGood, IDS.saBad, '"supportsHttpsTrafficOnly":false'],
    ['azure-storage-infrastructure-encryption', IDS.saGood, IDS.saBad, '"encryption.requireInfrastructureEncryption":"(absent: false)"'],
    ['azure-storage-blob-public-access', IDS.saGood, IDS.saBad, '"allowBlobPublicAccess":true'],
    ['azure-storage-network-default-deny', IDS.saGood, IDS.saBad, '"networkAcls.defaultAction":"Allow"'],
    ['azure-storage-customer-managed-key', IDS.saGood, IDS.saBad, '"encryption.keySource":"Microsoft.Storage"'],
    ['azure-storage-minimum-tls', IDS.saGood, IDS.saBad, '"minimumTlsVersion":"TLS1_0"'],
    ['azure-sql-auditing', IDS.sqlGood, IDS.sqlBad, '"auditingSettings/default.state":"Disabled"'],
    ['azure-sql-auditing-retention', IDS.sqlGood, IDS.sqlBad, '"auditingSettings/default.retentionDays":0'],
    ['azure-sql-firewall-any-ip', IDS.sqlGood, IDS.sqlBad, '"endIpAddress":"255.255.255.255"'],
    ['azure-sql-public-network-access', IDS.sqlGood, IDS.sqlBad, '"publicNetworkAccess":"Enabled"'],
    ['azure-network-rdp-open', IDS.nsgGood, IDS.nsgBad, '"rule":"rdp-any"'],
    ['azure-network-ssh-open', IDS.nsgGood, IDS.nsgBad, '"rule":"ssh-internet"'],
    ['azure-network-udp-open', IDS.nsgGood, IDS.nsgBad, '"rule":"dns-udp"'],
    ['azure-network-http-open', IDS.nsgGood, IDS.nsgBad, '"destinationPortRange":["80","443"]'],
    ['azure-compute-public-address', IDS.vmGood, IDS.vmBad, '"publicIpAddresses":["20.50.1.7"]'],
    ['azure-compute-managed-disks', IDS.vmGood, IDS.vmClassic, '"unmanagedDisks":["vm-classic-os"]'],
    ['azure-compute-disk-encryption', IDS.vmGood, IDS.vmBad, '"encryption.type":"EncryptionAtRestWithPlatformKey"'],
    [
      'azure-compute-unattached-disk-encryption',
      IDS.diskLooseGood,
      IDS.diskLooseBad,
      '"encryption.type":"EncryptionAtRestWithPlatformKey"',
    ],
    ['azure-keyvault-recoverable', IDS.kvGood, IDS.kvBad, '"enablePurgeProtection":"(absent: false)"'],
    ['azure-keyvault-rbac', IDS.kvGood, IDS.kvBad, '"enableRbacAuthorization":"(absent: false)"'],
    ['azure-keyvault-public-network-access', IDS.kvGood, IDS.kvBad, '"publicNetworkAccess":"Enabled"'],
    ['azure-aks-rbac', IDS.aksGood, IDS.aksBad, '"enableRBAC":false'],
    ['azure-aks-api-restricted', IDS.aksGood, IDS.aksBad, '"apiServerAccessProfile.authorizedIPRanges":[]'],
    ['azure-aks-private-cluster', IDS.aksGood, IDS.aksBad, '"apiServerAccessProfile.enablePrivateCluster":false'],
    ['azure-monitor-diagnostic-setting', `/subscriptions/${SUB}`, `/subscriptions/${SUB2}`, '"diagnosticSettings":[]'],
    [
      'azure-monitor-diagnostic-categories',
      `/subscriptions/${SUB3}`,
      `/subscriptions/${SUB}`,
      '"enabledCategories":["Administrative","Security","Alert"]',
    ],
    [
      'azure-monitor-alert-policy-assignments-write',
      `/subscriptions/${SUB}`,
      `/subscriptions/${SUB2}`,
      'no enabled alert on Microsoft.Authorization/policyAssignments/write',
    ],
    ['azure-monitor-alert-network-security-groups-delete', `/subscriptions/${SUB2}`, `/subscriptions/${SUB}`, 'no enabled alert'],
    ['azure-monitor-alert-public-ip-addresses-delete', `/subscriptions/${SUB2}`, `/subscriptions/${SUB}`, 'no enabled alert'],
    [
      'azure-security-defender-virtual-machines',
      `/subscriptions/${SUB}`,
      `/subscriptions/${SUB2}`,
      '"pricings/VirtualMachines.pricingTier":"Free"',
    ],
    [
      'azure-security-defender-storage-accounts',
      `/subscriptions/${SUB2}`,
      `/subscriptions/${SUB}`,
      '"pricings/StorageAccounts.pricingTier":"Free"',
    ],
    [
      'azure-security-defender-key-vaults',
      `/subscriptions/${SUB2}`,
      `/subscriptions/${SUB3}`,
      '"pricings/KeyVaults.pricingTier":"(not listed)"',
    ],
  ];

  it.each(cases)('%s passes on one resource and fails on another, with the evidence', (control, good, bad, evidence) => {
    expect(result(results, control, good)).toMatchObject({ status: 'pass' });
    const failed = result(results, control, bad);
    expect(failed.status).toBe('fail');
    expect(failed.evidence).toContain(evidence);
  });

  it('every resource control passes somewhere and fails somewhere', () => {
    for (const control of AZURE.controls.filter((c) => c.resourceType !== 'account')) {
      const statuses = new Set(results.filter((r) => r.control === control.id).map((r) => r.status));
      expect([control.id, statuses.has('pass') && statuses.has('fail')]).toEqual([control.id, true]);
    }
  });

  it('an attached disk is not judged by the unattached-disk control', () => {
    expect(result(results, 'azure-compute-unattached-disk-encryption', IDS.diskBadOs)).toMatchObject({ status: 'not_applicable' });
  });

  it('the tenant controls read Microsoft Graph: each fails, then passes once the tenant is fixed', async () => {
    const tenant = (rs: CloudControlResult[]) => Object.fromEntries(rs.filter((r) => r.resource === null).map((r) => [r.control, r]));
    const before = tenant(results);
    expect(before['azure-entra-security-defaults']).toMatchObject({ status: 'fail', evidence: '{"isEnabled":false}' });
    expect(before['azure-entra-users-create-security-groups']).toMatchObject({
      status: 'fail',
      evidence: expect.stringContaining('allowedToCreateSecurityGroups":true'),
    });
    expect(before['azure-entra-guest-access']).toMatchObject({ status: 'fail' });
    expect(before['azure-entra-guest-invites']).toMatchObject({ status: 'fail', evidence: '{"allowInvitesFrom":"everyone"}' });
    expect(before['azure-entra-users-register-apps']).toMatchObject({ status: 'pass' });
    expect(before['azure-entra-users-create-tenants']).toMatchObject({ status: 'pass' });

    azure.seed.graph = {
      securityDefaults: { isEnabled: true },
      authorizationPolicy: {
        allowInvitesFrom: 'adminsAndGuestInviters',
        guestUserRoleId: '2af84b1e-32c8-42b7-82bc-daa82404023b',
        defaultUserRolePermissions: { allowedToCreateApps: true, allowedToCreateSecurityGroups: false, allowedToCreateTenants: true },
      },
    };
    const after = tenant((await scan(spec(APP))).result.results);
    for (const id of [
      'azure-entra-security-defaults',
      'azure-entra-users-create-security-groups',
      'azure-entra-guest-access',
      'azure-entra-guest-invites',
    ])
      expect([id, after[id]?.status]).toEqual([id, 'pass']);
    expect(after['azure-entra-users-register-apps']).toMatchObject({
      status: 'fail',
      evidence: expect.stringContaining('allowedToCreateApps":true'),
    });
    expect(after['azure-entra-users-create-tenants']).toMatchObject({ status: 'fail' });
  });
});

describe('Azure throttling, refusals and bad credentials', () => {
  it('a 429 with Retry-After is waited out and retried through the budget', async () => {
    azure.throttle('/providers/Microsoft.Storage/storageAccounts', 1, 1);
    const { result, inventory } = await scan(spec(APP, [SUB]));
    expect(result.stats.throttled).toBe(1);
    expect(result.errors).toEqual([]);
    expect(inventory.failures).toEqual([]);
    expect(inventory.resources.map((r) => r.uid)).toContain(IDS.saBad);
    expect(azure.requests.filter((r) => /storageaccounts\?api-version=[^&]+$/i.test(r))).toHaveLength(2);
  });

  it('a 503 ServerBusy is retried through the budget like a throttle', async () => {
    azure.throttle('/providers/Microsoft.Storage/storageAccounts', 1, 0, true);
    const { result, inventory } = await scan(spec(APP, [SUB]));
    expect(result.stats.throttled).toBe(1);
    expect(result.errors).toEqual([]);
    expect(inventory.failures).toEqual([]);
    expect(inventory.resources.map((r) => r.uid)).toContain(IDS.saBad);
  });

  it('a refused list is an error naming the action, never a pass', async () => {
    const { result: scanned, inventory } = await scan(spec(NARROW_APP));
    const rs = scanned.results;
    expect(inventory.resources.some((r) => r.type === 'azure.storage.account')).toBe(false);
    expect(result(rs, 'azure-storage-secure-transfer', null)).toMatchObject({
      status: 'error',
      message: expect.stringContaining("perform action 'Microsoft.Storage/storageAccounts/read'"),
    });
    expect(result(rs, 'azure-sql-firewall-any-ip', IDS.sqlBad)).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^AuthorizationFailed: .*firewallRules\/read/),
    });
    expect(result(rs, 'azure-sql-auditing', IDS.sqlBad)).toMatchObject({ status: 'fail' });
    expect(result(rs, 'azure-entra-security-defaults', null)).toMatchObject({
      status: 'error',
      message: expect.stringContaining('Authorization_RequestDenied'),
    });
    // The run's errors: the refused list once, naming the subscription it was refused on (issue 32).
    expect(scanned.errors).toContainEqual(
      expect.objectContaining({
        type: SCAN_ERROR_TYPE.auth_failed,
        call: 'Microsoft.Storage/storageAccounts/read',
        code: 'AuthorizationFailed',
        count: 1,
        resources: [`/subscriptions/${SUB}`],
        message: `AuthorizationFailed on Microsoft.Storage/storageAccounts/read (1 resource: /subscriptions/${SUB}): the profile lacks this permission; the controls that need it could not be read`,
      }),
    );
  });

  it('the resource limit stops the inventory and the scan hands back what it read', async () => {
    const { result } = await scan({ ...spec(APP), limits: { requestsPerSecond: 500, maxResources: 5 } });
    expect(result.errors).toContainEqual(expect.objectContaining({ type: SCAN_ERROR_TYPE.limits_exceeded }));
    expect(result.resources.length, JSON.stringify(result.errors)).toBeGreaterThan(0);
    expect(result.resources.length).toBeLessThanOrEqual(5);
    expect(result.errors.some((e) => e.type === SCAN_ERROR_TYPE.internal)).toBe(false);
  });

  it('the credential test names the refused permissions as Azure does', async () => {
    const narrow = await AZURE.test(spec(NARROW_APP));
    expect(narrow).toMatchObject({ ok: false, account: TENANT });
    expect(narrow.missingPermissions).toEqual([
      'Microsoft.Sql/servers/firewallRules/read',
      'Microsoft.Storage/storageAccounts/read',
      'Policy.Read.All (Microsoft Graph)',
    ]);
    expect(narrow.message).toContain('1 subscription(s) readable (Production)');
    const named = await AZURE.test(spec(NARROW_APP, [SUB2]));
    expect(named).toMatchObject({ ok: false, account: TENANT });
    expect(named.message).toContain(`cannot read subscription ${SUB2}`);
    const good = await AZURE.test(spec(APP));
    expect(good).toMatchObject({ ok: true, account: TENANT, missingPermissions: [] });
    expect(good.message).toContain('3 subscription(s) readable (Production, Staging, Sandbox)');
  });

  it('refused credentials say so in Azure’s words, and end a scan as auth failed', async () => {
    const wrongSecret = await AZURE.test(spec({ ...APP, clientSecret: 'nope' }));
    expect(wrongSecret).toMatchObject({ ok: false, account: null, missingPermissions: [] });
    expect(wrongSecret.message).toContain('invalid_client: AADSTS7000215');
    const wrongTenant = await AZURE.test(spec({ ...APP, tenantId: 'contoso.onmicrosoft.com' }));
    expect(wrongTenant.message).toContain('AADSTS90002');
    const wrongApp = await AZURE.test(spec({ ...APP, clientId: '00000000-0000-0000-0000-000000000000' }));
    expect(wrongApp.message).toContain('AADSTS700016');
    const revoked = (await scan(spec(REVOKED_APP))).result;
    expect(revoked.results).toEqual([]);
    expect(revoked.errors).toEqual([
      {
        type: SCAN_ERROR_TYPE.auth_failed,
        message: 'The credentials were refused: InvalidAuthenticationToken: The access token is invalid.',
      },
    ]);
    for (const refused of [
      { ...APP, clientSecret: 'nope' },
      { ...APP, tenantId: 'contoso.onmicrosoft.com' },
    ]) {
      const { result } = await scan(spec(refused));
      expect(result.resources).toEqual([]);
      expect(result.results).toEqual([]);
      expect(result.errors).toEqual([
        { type: SCAN_ERROR_TYPE.auth_failed, message: expect.stringMatching(/^The credentials were refused: .*AADSTS(7000215|90002)/) },
      ]);
    }
  });
});

describe('Azure catalogue', () => {
  it('lists the regions and well-formed controls', () => {
    expect(AZURE.regions).toContainEqual({ id: 'westeurope', label: 'West Europe' });
    const ids = AZURE.controls.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of AZURE.controls) {
      expect(c.id).toMatch(/^azure-[a-z]+-[a-z0-9-]+$/);
      expect(c.reference).toMatch(/^\d+(\.\d+)*$/);
      expect(c.benchmark).toMatch(/^CIS /);
      expect(c.severity).toBeGreaterThanOrEqual(0);
      expect(c.severity).toBeLessThanOrEqual(4);
      expect(c.description.length).toBeGreaterThan(20);
      expect(c.solution.length).toBeGreaterThan(20);
    }
  });
});
