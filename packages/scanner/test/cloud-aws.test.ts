// The AWS provider against moto: an account seeded (with the same SDK) with a good and a bad resource for each
// control is scanned through runCloudScan; every control is checked on a resource that passes and one that fails, the
// inventory on what was seeded, and the credential test on who the key (or the assumed role) is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EC2Client, EnableEbsEncryptionByDefaultCommand } from '@aws-sdk/client-ec2';
import { IAMClient, UpdateAccountPasswordPolicyCommand, CreateRoleCommand } from '@aws-sdk/client-iam';
import { motoSource, startMoto, type Moto } from './cloud-helpers/moto.ts';
import { KEY, MOTO_ACCOUNT, seedAccount, type Seeded } from './cloud-aws-seed.ts';
import { runCloudScan } from '../src/cloud/engine.ts';
import { CLOUD_PROVIDERS } from '../src/cloud/providers.ts';
import type { CloudControlResult, CloudInventory, CloudScanResult, CloudScanSpec } from '../src/cloud/types.ts';

const source = motoSource();
const AWS = CLOUD_PROVIDERS.aws;

describe.skipIf('missing' in source)('AWS cloud provider (moto)', () => {
  let moto: Moto;
  let seeded: Seeded;
  let first: CloudScanResult;
  const spec = (over: Partial<CloudScanSpec> = {}): CloudScanSpec => ({
    provider: 'aws',
    credentials: { auth: 'keys', access_key_id: KEY.accessKeyId, secret_access_key: KEY.secretAccessKey },
    regions: ['us-east-1', 'eu-west-1'],
    endpoints: { aws: moto.url },
    ...over,
  });
  const result = (scan: CloudScanResult, control: string, resource: string | null): CloudControlResult => {
    const found = scan.results.find((r) => r.control === control && r.resource === resource);
    if (!found) throw new Error(`no result of ${control} on ${resource}`);
    return found;
  };

  beforeAll(async () => {
    moto = await startMoto('127.0.70.2');
    seeded = await seedAccount(moto.url);
    first = await runCloudScan(spec());
  }, 180_000);
  afterAll(async () => {
    await moto?.stop();
  });

  it('inventories every seeded resource of the account as cloud resources', () => {
    expect(first.errors).toEqual([]);
    expect(first.account).toBe(MOTO_ACCOUNT);
    const byUid = new Map(first.resources.map((r) => [r.uid, r]));
    const expected: [string, string][] = [
      ...Object.values(seeded.users).map((u): [string, string] => [u, 'aws.iam.user']),
      ...Object.values(seeded.buckets).map((b): [string, string] => [b, 'aws.s3.bucket']),
      ...Object.values(seeded.vpcs).map((v): [string, string] => [v, 'aws.ec2.vpc']),
      ...Object.values(seeded.groups).map((g): [string, string] => [g, 'aws.ec2.security-group']),
      ...Object.values(seeded.instances).map((i): [string, string] => [i, 'aws.ec2.instance']),
      ...Object.values(seeded.volumes).map((v): [string, string] => [v, 'aws.ec2.volume']),
      ...Object.values(seeded.trails).map((t): [string, string] => [t, 'aws.cloudtrail.trail']),
      ...Object.values(seeded.keys).map((k): [string, string] => [k, 'aws.kms.key']),
      ...Object.values(seeded.dbs).map((d): [string, string] => [d, 'aws.rds.instance']),
      [seeded.loadBalancer, 'aws.elasticloadbalancing.load-balancer'],
    ];
    for (const [uid, type] of expected) {
      expect(byUid.get(uid)?.type, uid).toBe(type);
      expect(byUid.get(uid)?.account).toBe(MOTO_ACCOUNT);
    }
    expect(byUid.get(seeded.buckets.bad)?.region).toBe('us-east-1');
    expect(byUid.get(seeded.users.consoleMfa)?.region).toBeNull();
    expect(byUid.get(seeded.dbs.bad)?.publicAddresses?.[0]).toMatch(/bulwark-public-db/);
    expect(byUid.get(seeded.loadBalancer)?.publicAddresses?.length).toBe(1);
    expect(first.stats.calls).toBeGreaterThan(20);
  });

  // [control, a resource that passes, one that fails, the evidence the failure shows]
  const cases: [string, (s: Seeded) => string, (s: Seeded) => string, RegExp][] = [
    ['aws-iam-user-console-mfa', (s) => s.users.consoleMfa, (s) => s.users.consoleNoMfa, /"mfa_active":false/],
    ['aws-iam-one-active-key', (s) => s.users.noPassword, (s) => s.users.twoKeys, /"active_access_keys":2/],
    ['aws-s3-block-public-access', (s) => s.buckets.good, (s) => s.buckets.bad, /NoSuchPublicAccessBlockConfiguration/],
    ['aws-s3-public-policy', (s) => s.buckets.good, (s) => s.buckets.bad, /"Principal":"\*"/],
    ['aws-s3-public-acl', (s) => s.buckets.good, (s) => s.buckets.bad, /AllUsers/],
    ['aws-s3-deny-http', (s) => s.buckets.good, (s) => s.buckets.bad, /No Deny statement/],
    ['aws-s3-encryption', (s) => s.buckets.good, (s) => s.buckets.bad, /ServerSideEncryptionConfigurationNotFoundError/],
    ['aws-s3-versioning', (s) => s.buckets.good, (s) => s.buckets.bad, /"Status":"Disabled"/],
    ['aws-s3-access-logging', (s) => s.buckets.good, (s) => s.buckets.bad, /"LoggingEnabled":null/],
    ['aws-cloudtrail-log-validation', (s) => s.trails.good, (s) => s.trails.bad, /"LogFileValidationEnabled":false/],
    ['aws-cloudtrail-kms', (s) => s.trails.good, (s) => s.trails.bad, /"KmsKeyId":null/],
    ['aws-kms-rotation', (s) => s.keys.rotated, (s) => s.keys.notRotated, /"KeyRotationEnabled":false/],
    ['aws-vpc-flow-logs', (s) => s.vpcs.flowLogs, (s) => s.vpcs.none, /"FlowLogs":\[\]/],
    ['aws-ec2-sg-admin-ipv4', (s) => s.groups.closed, (s) => s.groups.ssh4, /0\.0\.0\.0\/0/],
    ['aws-ec2-sg-admin-ipv4', (s) => s.groups.rdp6, (s) => s.groups.allTraffic, /"protocol":"-1"/],
    ['aws-ec2-sg-admin-ipv6', (s) => s.groups.ssh4, (s) => s.groups.rdp6, /::\/0/],
    ['aws-ec2-imdsv2', (s) => s.instances.imdsv2, (s) => s.instances.imdsv1, /"HttpTokens":"optional"/],
    ['aws-ec2-public-ip', (s) => s.instances.imdsv2, (s) => s.instances.publicIp, /"PublicIpAddress":"\d/],
    ['aws-ec2-volume-encrypted', (s) => s.volumes.encrypted, (s) => s.volumes.plain, /"Encrypted":false/],
    ['aws-rds-encrypted', (s) => s.dbs.good, (s) => s.dbs.bad, /"StorageEncrypted":false/],
    ['aws-rds-not-public', (s) => s.dbs.good, (s) => s.dbs.bad, /"PubliclyAccessible":true/],
    ['aws-rds-auto-minor-upgrade', (s) => s.dbs.good, (s) => s.dbs.bad, /"AutoMinorVersionUpgrade":false/],
    ['aws-ec2-default-sg-closed', (s) => s.groups.defaultClosed, (s) => s.groups.defaultOpen, /"IpPermissionsEgress":1/],
  ];
  it.each(cases)('%s passes on a good resource and fails on a bad one, showing the answer', (control, good, bad, evidence) => {
    const passed = result(first, control, good(seeded));
    expect(passed.status).toBe('pass');
    expect(passed.evidence).not.toBe('');
    const failed = result(first, control, bad(seeded));
    expect(failed.status).toBe('fail');
    expect(failed.evidence).toMatch(evidence);
  });

  it('evaluates every control of the catalogue, each with its benchmark reference and words', () => {
    const ran = new Set(first.results.map((r) => r.control));
    for (const control of AWS.controls) {
      expect(ran.has(control.id), control.id).toBe(true);
      expect(control.title && control.description && control.solution).toBeTruthy();
      expect(control.benchmark === 'Bulwark' || /^\d+(\.\d+)+$/.test(control.reference), control.id).toBe(true);
    }
    expect(first.results.filter((r) => r.status === 'error')).toEqual([]);
  });

  it('reads the account-level controls: root user, password policy, EBS encryption by default, CloudTrail in all regions', async () => {
    // moto's account has no root access key and cannot enable root MFA (its summary says AccountMFAEnabled 0).
    expect(result(first, 'aws-iam-root-access-keys', null)).toMatchObject({ status: 'pass', evidence: '{"AccountAccessKeysPresent":0}' });
    expect(result(first, 'aws-iam-root-mfa', null)).toMatchObject({ status: 'fail', evidence: '{"AccountMFAEnabled":0}' });
    expect(result(first, 'aws-iam-password-length', null)).toMatchObject({
      status: 'fail',
      evidence: expect.stringMatching(/NoSuchEntity/),
    });
    expect(result(first, 'aws-iam-password-reuse', null).status).toBe('fail');
    expect(result(first, 'aws-ec2-ebs-default-encryption', null)).toMatchObject({
      status: 'fail',
      evidence: expect.stringMatching(/"eu-west-1":false/),
    });
    expect(result(first, 'aws-cloudtrail-multi-region', null).status).toBe('pass');

    const iam = new IAMClient({ endpoint: moto.url, region: 'us-east-1', credentials: KEY });
    await iam.send(new UpdateAccountPasswordPolicyCommand({ MinimumPasswordLength: 12, PasswordReusePrevention: 24 }));
    for (const region of ['us-east-1', 'eu-west-1']) {
      const ec2 = new EC2Client({ endpoint: moto.url, region, credentials: KEY });
      await ec2.send(new EnableEbsEncryptionByDefaultCommand({}));
      ec2.destroy();
    }
    const second = await runCloudScan(spec());
    expect(result(second, 'aws-iam-password-length', null)).toMatchObject({ status: 'fail', evidence: '{"MinimumPasswordLength":12}' });
    expect(result(second, 'aws-iam-password-reuse', null)).toMatchObject({ status: 'pass', evidence: '{"PasswordReusePrevention":24}' });
    expect(result(second, 'aws-ec2-ebs-default-encryption', null).status).toBe('pass');
    await iam.send(new UpdateAccountPasswordPolicyCommand({ MinimumPasswordLength: 14, PasswordReusePrevention: 5 }));
    iam.destroy();
    // Only eu-west-1: none of the seeded trails lives there, nor any bucket (they are all in us-east-1).
    const third = await runCloudScan(spec({ regions: ['eu-west-1'] }));
    expect(result(third, 'aws-iam-password-length', null).status).toBe('pass');
    expect(result(third, 'aws-iam-password-reuse', null)).toMatchObject({ status: 'fail', evidence: '{"PasswordReusePrevention":5}' });
    expect(result(third, 'aws-cloudtrail-multi-region', null)).toMatchObject({ status: 'fail', evidence: '{"trails":[]}' });
    expect(third.resources.filter((r) => r.type === 'aws.s3.bucket')).toEqual([]);
    expect(third.resources.some((r) => r.type === 'aws.ec2.vpc' && r.region === 'eu-west-1')).toBe(true);
  }, 60_000);

  it('counts key age and disuse from the scan time: the same keys pass today and fail 100 days on', () => {
    const control = (id: string) => AWS.controls.find((c) => c.id === id)!;
    const inventory = (scannedAt: string): CloudInventory => ({
      account: MOTO_ACCOUNT,
      resources: first.resources,
      facts: { scannedAt },
      failures: [],
    });
    const later = new Date(Date.now() + 100 * 86_400_000).toISOString();
    for (const id of ['aws-iam-key-rotation', 'aws-iam-unused-credentials']) {
      const today = control(id).evaluate(inventory(new Date().toISOString()));
      expect(today.find((r) => r.resource === seeded.users.noPassword)?.status).toBe('pass');
      const on = control(id).evaluate(inventory(later));
      const stale = on.find((r) => r.resource === seeded.users.noPassword)!;
      expect(stale.status, id).toBe('fail');
      expect(stale.evidence).toMatch(/"days":100|unused for 100 days/);
    }
    expect(result(first, 'aws-iam-key-rotation', seeded.users.consoleNoMfa).status).toBe('not_applicable');
  });

  it('leaves out the profile’s minus controls', async () => {
    const scan = await runCloudScan(spec({ regions: ['eu-west-1'], minusControls: ['aws-s3-versioning', 'aws-iam-root-mfa'] }));
    const ran = new Set(scan.results.map((r) => r.control));
    expect(ran.has('aws-s3-versioning')).toBe(false);
    expect(ran.has('aws-iam-root-mfa')).toBe(false);
    expect(ran.has('aws-iam-root-access-keys')).toBe(true);
  }, 60_000);

  it('tests the credentials: the account, and every read a scan needs allowed', async () => {
    const outcome = await AWS.test(spec());
    expect(outcome).toMatchObject({ ok: true, account: MOTO_ACCOUNT, missingPermissions: [] });
    expect(outcome.message).toMatch(/arn:aws:iam::123456789012:user\/moto|123456789012/);
  });

  it('assumes the role with its external id when auth is role, and scans as it', async () => {
    const iam = new IAMClient({ endpoint: moto.url, region: 'us-east-1', credentials: KEY });
    const role = await iam.send(
      new CreateRoleCommand({
        RoleName: 'BulwarkAudit',
        AssumeRolePolicyDocument: JSON.stringify({
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Principal: { AWS: `arn:aws:iam::${MOTO_ACCOUNT}:root` },
              Action: 'sts:AssumeRole',
              Condition: { StringEquals: { 'sts:ExternalId': 'bulwark-4711' } },
            },
          ],
        }),
      }),
    );
    iam.destroy();
    const credentials = { ...spec().credentials, auth: 'role', role_arn: role.Role!.Arn!, external_id: 'bulwark-4711' };
    const outcome = await AWS.test(spec({ credentials }));
    expect(outcome).toMatchObject({ ok: true, account: MOTO_ACCOUNT });
    expect(outcome.message).toContain('assumed-role/BulwarkAudit/bulwark-cloud-scan');
    const scan = await runCloudScan(spec({ credentials, regions: ['eu-west-1'] }));
    expect(scan.errors).toEqual([]);
    expect(scan.resources.some((r) => r.uid === seeded.users.consoleMfa)).toBe(true);
  }, 60_000);

  it('offers the AWS regions with their names', () => {
    expect(AWS.regions.find((r) => r.id === 'eu-central-1')?.label).toBe('Europe (Frankfurt)');
    expect(new Set(AWS.regions.map((r) => r.id)).size).toBe(AWS.regions.length);
  });
});
if ('missing' in source) console.warn(`AWS cloud provider tests skipped: ${source.missing}`);
