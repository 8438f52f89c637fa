// Cloud results processing on every test database, from a delivered CloudScanResult (what a probe hands back; the scan
// itself is cloud-scans.test.ts against moto): a cloud scan's run of the profile's account with its regions, the task's
// spec with the credentials opened and the operator's endpoint, then processing through the run's normal path — each
// resource an asset of kind cloud with its cloud_resources row, the account an asset of its own, every control result
// kept, failed controls as findings of source cloud (keyed by control and resource, one issue per control) in the unified
// vulnerabilities; policy_results and results of the run; a second run where a pass closes a finding and a resource it
// no longer sees is marked gone (its findings closed), a third that sees it again clears the mark; re-processing the same
// run changes nothing; the reads the engine could not make are one run error per call and error code (issue 32).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_TASK_STATE, type CloudPolicyResult, type CloudResourceItem, type ScanRunRow, type Vulnerability } from '@bulwark/core';
import { cloudFailureErrors, type CloudScanResult } from '@bulwark/scanner';
import { assets, cloudControlResults, cloudResources, findings, issues, probes, scanRuns, scanTasks } from '../src/db/schema/index.ts';
import { processRun } from '../src/modules/results/process.ts';
import { serviceOfCall } from '../src/modules/results/cloud-process.ts';
import { taskSpecOf } from '../src/modules/probes/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setFlags, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; results: T[] };
const ACCOUNT = '123456789012';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const BUCKET = 'arn:aws:s3:::public-bucket';
const SG = `arn:aws:ec2:us-east-1:${ACCOUNT}:security-group/sg-0123456789abcdef0`;
const ENDPOINT = 'http://127.0.73.9:5000';

const bucket = {
  uid: BUCKET,
  provider: 'aws' as const,
  account: ACCOUNT,
  region: 'us-east-1',
  service: 's3',
  type: 'aws.s3.bucket',
  name: 'public-bucket',
  tags: { team: 'web' },
  properties: { acl: ['AllUsers:READ'] },
};
const sg = {
  uid: SG,
  provider: 'aws' as const,
  account: ACCOUNT,
  region: 'us-east-1',
  service: 'ec2',
  type: 'aws.ec2.security-group',
  name: 'open-ssh',
  properties: { ingress: [{ port: 22, cidr: '0.0.0.0/0' }] },
};

function result(over: Partial<CloudScanResult>): CloudScanResult {
  return {
    provider: 'aws',
    account: ACCOUNT,
    accountName: 'production',
    resources: [bucket, sg],
    results: [],
    errors: [],
    stats: { calls: 10, throttled: 0, startedAt: '2026-01-01T00:00:00Z', finishedAt: '2026-01-01T00:00:05Z', durationMs: 5000 },
    ...over,
  };
}

const FIRST = result({
  results: [
    { control: 'aws-s3-public-acl', resource: BUCKET, status: 'fail', evidence: 'Grants: AllUsers READ' },
    { control: 'aws-s3-versioning', resource: BUCKET, status: 'pass', evidence: 'Versioning: Enabled' },
    { control: 'aws-ec2-sg-admin-ipv4', resource: SG, status: 'fail', evidence: 'IpPermissions: tcp 22 from 0.0.0.0/0' },
    { control: 'aws-iam-root-mfa', resource: null, status: 'fail', evidence: 'AccountMFAEnabled: 0' },
    { control: 'aws-cloudtrail-multi-region', resource: null, status: 'error', evidence: '', message: 'AccessDenied' },
  ],
});
// The bucket fixed, the security group deleted.
const SECOND = result({
  resources: [bucket],
  results: [
    { control: 'aws-s3-public-acl', resource: BUCKET, status: 'pass', evidence: 'Grants: owner FULL_CONTROL' },
    { control: 'aws-s3-versioning', resource: BUCKET, status: 'pass', evidence: 'Versioning: Enabled' },
    { control: 'aws-iam-root-mfa', resource: null, status: 'fail', evidence: 'AccountMFAEnabled: 0' },
  ],
});

describe.each(BACKENDS)('cloud results on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let profileId: number;
  let scanId: number;
  let probeId: number;

  beforeAll(async () => {
    t = await startTestApp(backend, { BULWARK_CLOUD_AWS_URL: ENDPOINT });
    await setFlags(t.ctx, 1, ['cloud-scanning', 'cloud-vm-resources']);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const profile = await admin.post<{ id: number }>('/api/scan/cprofiles/', {
      name: 'Production',
      provider: 0,
      regions: ['us-east-1'],
      minus_controls: ['aws-kms-rotation'],
      credentials: { auth: 'keys', access_key_id: 'AKIAIOSFODNN7EXAMPLE', secret_access_key: SECRET },
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    profileId = profile.body.id;
    // A remote probe that never calls in: the tasks wait for it, and the test delivers their results.
    probeId = (await t.ctx.db.insert(probes).values({ customerId: 1, name: 'offline' }).returning())[0]!.id;
    const scan = await admin.post<{ id: number }>('/api/scan/cscans/', {
      name: 'Production account',
      profile: profileId,
      node: probeId,
      start: false,
    });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    scanId = scan.body.id;
  });
  afterAll(() => t.close());

  /** Starts a run of the scan and delivers `r` as its one task's result; answers the run id. */
  async function delivered(r: CloudScanResult): Promise<number> {
    const started = await admin.post<ScanRunRow>(`/api/scan/cscans/${scanId}/start/`);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    await t.ctx.db
      .update(scanTasks)
      .set({ state: SCAN_TASK_STATE.process_results, result: { cloud: r } })
      .where(eq(scanTasks.runId, started.body.id));
    return started.body.id;
  }

  it("starts a run of the profile's account with its regions, and the task's spec opens the credentials for it", async () => {
    const started = await admin.post<ScanRunRow>(`/api/scan/cscans/${scanId}/start/`);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({ scan_type: 'cloud', targets: ['aws:Production'], hosts_total: 1, node: { id: probeId } });
    const [run] = await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, started.body.id));
    expect(run!.cloud).toEqual({ provider: 0, account: null, accountName: null, regions: ['us-east-1'] });
    const [task] = await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.runId, run!.id));
    const spec = await taskSpecOf(t.ctx, { task: task!, run: run! });
    expect(spec.cloud).toEqual({
      provider: 'aws',
      credentials: { auth: 'keys', access_key_id: 'AKIAIOSFODNN7EXAMPLE', secret_access_key: SECRET },
      regions: ['us-east-1'],
      minusControls: ['aws-kms-rotation'],
      endpoints: expect.objectContaining({ aws: ENDPOINT }),
    });
    // The secret is sealed at rest, on the profile and on the run's copy of it.
    expect(JSON.stringify(run!.profile)).not.toContain(SECRET);
    const cancelled = await admin.post(`/api/scan/cruns/${run!.id}/cancel/`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  });

  it('inventories the resources and the account, keeps every control result and merges failed controls as findings', async () => {
    const runId = await delivered(FIRST);
    const summary = await processRun(t.ctx.db, runId);
    expect(summary).toMatchObject({ hostsUp: 2, cntVulns: 3 });

    const cloudAssets = await t.ctx.db
      .select()
      .from(assets)
      .where(and(eq(assets.customerId, 1), eq(assets.kind, 'cloud')));
    expect(cloudAssets.map((a) => [a.value, a.type, a.name]).sort()).toEqual(
      [
        [BUCKET, 4, 'public-bucket'],
        [SG, 4, 'open-ssh'],
        [`aws:account:${ACCOUNT}`, 4, `production (${ACCOUNT})`],
      ].sort(),
    );
    const rows = await t.ctx.db.select().from(cloudResources).where(eq(cloudResources.customerId, 1));
    expect(rows.every((r) => r.lastRunId === runId && r.goneSince === null && r.provider === 0 && r.account === ACCOUNT)).toBe(true);
    expect(rows.find((r) => r.name === 'public-bucket')).toMatchObject({
      resourceType: 'aws.s3.bucket',
      region: 'us-east-1',
      tags: { team: 'web' },
    });
    expect(await t.ctx.db.$count(cloudControlResults, eq(cloudControlResults.runId, runId))).toBe(5);

    const found = await t.ctx.db.select().from(findings).where(eq(findings.source, 'cloud'));
    expect(found.map((f) => [f.key, f.checkId, f.state]).sort()).toEqual(
      [
        [`cloud:aws-s3-public-acl@${BUCKET}`, 'cloud:aws-s3-public-acl', 0],
        [`cloud:aws-ec2-sg-admin-ipv4@${SG}`, 'cloud:aws-ec2-sg-admin-ipv4', 0],
        [`cloud:aws-iam-root-mfa@aws:account:${ACCOUNT}`, 'cloud:aws-iam-root-mfa', 0],
      ].sort(),
    );
    const acl = found.find((f) => f.checkId === 'cloud:aws-s3-public-acl')!;
    expect(acl.evidence).toContain('Grants: AllUsers READ');
    expect(acl.severity).toBeGreaterThanOrEqual(1);
    // One issue per control.
    const [issue] = await t.ctx.db.select().from(issues).where(eq(issues.id, acl.issueId!));
    expect(issue).toMatchObject({ hid: 'nvt-cloud:aws-s3-public-acl', source: 'cloud', checkId: 'cloud:aws-s3-public-acl' });

    const list = await admin.get<Page<Vulnerability>>('/api/remediation/vulnerability-simple/?page_size=100');
    expect(list.status).toBe(200);
    const cloud = list.body.results.filter((v) => v.source === 'cloud');
    expect(cloud.map((v) => v.check_id).sort()).toEqual([
      'cloud:aws-ec2-sg-admin-ipv4',
      'cloud:aws-iam-root-mfa',
      'cloud:aws-s3-public-acl',
    ]);

    const run = await admin.get<ScanRunRow>(`/api/scan/cruns/${runId}/`);
    expect(run.body).toMatchObject({ hosts_up: 2, cnt_vulns: 3, scan_type: 'cloud' });
    const [facts] = await t.ctx.db.select({ cloud: scanRuns.cloud }).from(scanRuns).where(eq(scanRuns.id, runId));
    expect(facts!.cloud).toMatchObject({ account: ACCOUNT, accountName: 'production', regions: ['us-east-1'] });

    const policy = await admin.get<CloudPolicyResult[]>(`/api/scan/cruns/${runId}/policy_results/`);
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    const byId = new Map(policy.body.map((p) => [p.id, p]));
    expect(byId.get('aws-s3-public-acl')).toMatchObject({ passed: 0, failed: 1, errors: 0, status: 'fail', provider: 0 });
    expect(byId.get('aws-s3-versioning')).toMatchObject({ passed: 1, failed: 0, status: 'pass' });
    expect(byId.get('aws-cloudtrail-multi-region')).toMatchObject({ errors: 1, status: 'error' });
    expect(policy.body[policy.body.length - 1]!.status).toBe('pass');

    const resources = await admin.get<Page<CloudResourceItem>>(`/api/scan/cruns/${runId}/results/`);
    expect(resources.status, JSON.stringify(resources.body)).toBe(200);
    expect(resources.body.count).toBe(3);
    expect(resources.body.results.find((r) => r.uid === BUCKET)).toMatchObject({ name: 'public-bucket', gone_since: null });

    // Re-processing the same run changes nothing.
    const before = await t.ctx.db.select().from(findings).where(eq(findings.source, 'cloud'));
    await t.ctx.db.update(scanTasks).set({ state: SCAN_TASK_STATE.process_results }).where(eq(scanTasks.runId, runId));
    await processRun(t.ctx.db, runId);
    const after = await t.ctx.db.select().from(findings).where(eq(findings.source, 'cloud'));
    expect(after.map((f) => [f.id, f.state, f.lastRunId]).sort()).toEqual(before.map((f) => [f.id, f.state, f.lastRunId]).sort());
    expect(await t.ctx.db.$count(cloudControlResults, eq(cloudControlResults.runId, runId))).toBe(5);
  });

  it('closes a finding its control now passes, marks a resource it no longer sees gone, and clears the mark when seen again', async () => {
    const runId = await delivered(SECOND);
    await processRun(t.ctx.db, runId);
    const state = async () =>
      new Map((await t.ctx.db.select().from(findings).where(eq(findings.source, 'cloud'))).map((f) => [f.checkId, f.state]));
    expect(await state()).toEqual(
      new Map([
        ['cloud:aws-s3-public-acl', 3],
        ['cloud:aws-ec2-sg-admin-ipv4', 3],
        ['cloud:aws-iam-root-mfa', 1],
      ]),
    );
    const gone = await t.ctx.db.select().from(cloudResources).where(eq(cloudResources.name, 'open-ssh'));
    expect(gone[0]!.goneSince).not.toBeNull();
    const listed = await admin.get<Page<CloudResourceItem>>(`/api/cloud/resources/?gone=true`);
    expect(listed.body.results.map((r) => r.uid)).toEqual([SG]);
    const run = await admin.get<ScanRunRow>(`/api/scan/cruns/${runId}/`);
    expect(run.body).toMatchObject({ hosts_up: 1, cnt_vulns: 1 });

    // Seen again: no longer gone, its finding reopened.
    const third = await delivered(FIRST);
    await processRun(t.ctx.db, third);
    const back = await t.ctx.db.select().from(cloudResources).where(eq(cloudResources.name, 'open-ssh'));
    expect(back[0]!.goneSince).toBeNull();
    expect((await state()).get('cloud:aws-ec2-sg-admin-ipv4')).toBe(2);
  });

  it("reports one cloud scan's cloud findings (report scope cloud_result)", async () => {
    expect((await admin.post('/api/reports/prepare-report-data/', { scope_kind: 'cloud_result' })).status).toBe(400);
    const data = await admin.post<{ scope_label: string; summary: { open_findings: number }; top_issues: { hid: string }[] }>(
      '/api/reports/prepare-report-data/',
      { scope_kind: 'cloud_result', scope: { scan: scanId, filters: {} } },
    );
    expect(data.status, JSON.stringify(data.body)).toBe(200);
    // Open now: the third run saw the first run's three failures again.
    expect(data.body.summary.open_findings).toBe(3);
    expect(data.body.top_issues.map((i) => i.hid).sort()).toEqual([
      'nvt-cloud:aws-ec2-sg-admin-ipv4',
      'nvt-cloud:aws-iam-root-mfa',
      'nvt-cloud:aws-s3-public-acl',
    ]);
  });

  it('a run cut short (failed, or auth failed) inventories what it saw but marks nothing gone', async () => {
    const runId = await delivered(result({ resources: [], results: [], errors: [{ type: 4, message: 'The security token is invalid.' }] }));
    await processRun(t.ctx.db, runId);
    const rows = await t.ctx.db.select().from(cloudResources).where(eq(cloudResources.customerId, 1));
    expect(rows.filter((r) => r.goneSince !== null)).toEqual([]);
    const errors = await admin.get<{ message: string }[]>(`/api/scan/cruns/${runId}/errors/`);
    expect(errors.body.map((e) => e.message)).toContain('The security token is invalid.');
  });

  it('the reads refused in two regions are one grouped error of the run, as the API answers it', async () => {
    // What the engine hands back when the collector recorded the refused reads (cloud-aws-permissions.test.ts scans).
    const errors = cloudFailureErrors([
      { call: 'ec2:DescribeFlowLogs', code: 'AccessDenied', message: 'Access denied', region: 'us-east-1' },
      { call: 'ec2:DescribeFlowLogs', code: 'AccessDenied', message: 'Access denied', region: 'eu-west-1' },
    ]);
    expect(errors).toMatchObject([{ count: 2, regions: ['eu-west-1', 'us-east-1'] }]);
    const runId = await delivered(
      result({
        results: [
          {
            control: 'aws-vpc-flow-logs',
            resource: null,
            status: 'error',
            evidence: '',
            message: 'ec2:DescribeFlowLogs could not be read',
          },
        ],
        errors,
      }),
    );
    await processRun(t.ctx.db, runId);
    const answered = await admin.get<{ type: number; type_label: string; message: string; count: number }[]>(
      `/api/scan/cruns/${runId}/errors/`,
    );
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual([
      {
        type: 4,
        type_label: 'Authentication failed',
        message:
          'AccessDenied on ec2:DescribeFlowLogs (2 regions: eu-west-1, us-east-1): the profile lacks this permission; the controls that need it could not be read',
        count: 1,
      },
    ]);
    const controls = await t.ctx.db.select().from(cloudControlResults).where(eq(cloudControlResults.runId, runId));
    expect(controls.map((c) => [c.controlId, c.status])).toEqual([['aws-vpc-flow-logs', 'error']]);
  });

  it("a read that failed keeps its service's resources in its regions from being marked gone, and only those", async () => {
    // Seen whole first, so neither is gone.
    await processRun(t.ctx.db, await delivered(result({})));
    const goneNames = async () =>
      (await t.ctx.db.select().from(cloudResources).where(eq(cloudResources.customerId, 1)))
        .filter((r) => r.goneSince !== null)
        .map((r) => r.name)
        .sort();
    expect(await goneNames()).toEqual([]);
    // The security groups could not be listed in us-east-1 (throttled past the retries): the group is unread, not gone.
    const throttled = cloudFailureErrors([
      { call: 'ec2:DescribeSecurityGroups', code: 'Throttling', message: 'Rate exceeded', region: 'us-east-1' },
    ]);
    await processRun(t.ctx.db, await delivered(result({ resources: [bucket], errors: throttled })));
    expect(await goneNames()).toEqual([]);
    // Refused in another region only: us-east-1 was read, so the group it no longer holds is gone; the bucket is not.
    const elsewhere = cloudFailureErrors([
      { call: 'ec2:DescribeSecurityGroups', code: 'AccessDenied', message: 'Access denied', region: 'eu-west-1' },
    ]);
    await processRun(t.ctx.db, await delivered(result({ resources: [bucket], errors: elsewhere })));
    expect(await goneNames()).toEqual(['open-ssh']);
    // A global read refused (no region): the service's resources everywhere are unread; another service is still read.
    const global = cloudFailureErrors([{ call: 's3:ListAllMyBuckets', code: 'AccessDenied', message: 'Access denied' }]);
    await processRun(t.ctx.db, await delivered(result({ resources: [sg], errors: global })));
    expect(await goneNames()).toEqual([]);
    // Credentials refused (an auth failure naming no call): nothing is marked gone, whatever was not seen.
    await processRun(
      t.ctx.db,
      await delivered(result({ resources: [], errors: [{ type: 4, message: 'The security token is invalid.' }] })),
    );
    expect(await goneNames()).toEqual([]);
  });
});

describe('the service a failed cloud read concerns', () => {
  it("is the one the provider's call names, or none where it does not say", () => {
    expect(serviceOfCall('aws', 'ec2:DescribeSecurityGroups')).toBe('ec2');
    expect(serviceOfCall('aws', 'elasticloadbalancing:DescribeLoadBalancers')).toBe('elasticloadbalancing');
    expect(serviceOfCall('azure', 'Microsoft.Storage/storageAccounts/read')).toBe('storage');
    expect(serviceOfCall('azure', 'Microsoft.ContainerService/managedClusters/read')).toBe('aks');
    expect(serviceOfCall('azure', 'Microsoft.Insights/ActivityLogAlerts/read')).toBe('monitor');
    expect(serviceOfCall('azure', 'Microsoft.Unknown/things/read')).toBeNull();
    expect(serviceOfCall('google', 'compute.firewalls.list')).toBeNull();
    expect(serviceOfCall('aws', 'no colon')).toBeNull();
  });
});
