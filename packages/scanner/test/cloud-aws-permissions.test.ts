// The AWS credential test and scan with a key that lacks permissions: moto enforcing IAM (INITIAL_NO_AUTH_ACTION_COUNT:
// the first calls seed an auditor whose policy denies two reads), so the test names the refused actions and the
// controls that need them say error rather than pass or fail; the run's errors say which reads were refused, once
// per call and error code (issue 32).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IAMClient, CreateAccessKeyCommand, CreateUserCommand, PutUserPolicyCommand } from '@aws-sdk/client-iam';
import { S3Client, CreateBucketCommand } from '@aws-sdk/client-s3';
import { motoSource, startMoto, type Moto } from './cloud-helpers/moto.ts';
import { KEY, MOTO_ACCOUNT } from './cloud-aws-seed.ts';
import { runCloudScan } from '../src/cloud/engine.ts';
import { CLOUD_PROVIDERS } from '../src/cloud/providers.ts';
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import type { CloudReadError, CloudScanSpec } from '../src/cloud/types.ts';

const source = motoSource();
/** The calls made before moto starts checking: the seed below, one each. */
const SEED_CALLS = 4;

describe.skipIf('missing' in source)('AWS credentials lacking permissions (moto enforcing IAM)', () => {
  let moto: Moto;
  let auditor: { accessKeyId: string; secretAccessKey: string };
  const spec = (credentials: { accessKeyId: string; secretAccessKey: string }, regions = ['us-east-1']): CloudScanSpec => ({
    provider: 'aws',
    credentials: { auth: 'keys', access_key_id: credentials.accessKeyId, secret_access_key: credentials.secretAccessKey },
    regions,
    endpoints: { aws: moto.url },
  });

  beforeAll(async () => {
    process.env.INITIAL_NO_AUTH_ACTION_COUNT = String(SEED_CALLS);
    try {
      moto = await startMoto('127.0.70.10');
    } finally {
      delete process.env.INITIAL_NO_AUTH_ACTION_COUNT;
    }
    const config = { endpoint: moto.url, region: 'us-east-1', credentials: KEY };
    const iam = new IAMClient(config);
    const s3 = new S3Client({ ...config, forcePathStyle: true });
    await iam.send(new CreateUserCommand({ UserName: 'auditor' }));
    const key = (await iam.send(new CreateAccessKeyCommand({ UserName: 'auditor' }))).AccessKey!;
    await iam.send(
      new PutUserPolicyCommand({
        UserName: 'auditor',
        PolicyName: 'audit-but-not-all',
        PolicyDocument: JSON.stringify({
          Version: '2012-10-17',
          Statement: [
            { Effect: 'Allow', Action: '*', Resource: '*' },
            { Effect: 'Deny', Action: ['s3:GetBucketPolicy', 'ec2:DescribeFlowLogs'], Resource: '*' },
          ],
        }),
      }),
    );
    await s3.send(new CreateBucketCommand({ Bucket: 'bulwark-audited-bucket' }));
    iam.destroy();
    s3.destroy();
    auditor = { accessKeyId: key.AccessKeyId!, secretAccessKey: key.SecretAccessKey! };
  }, 180_000);
  afterAll(async () => {
    await moto?.stop();
  });

  it('names the refused permissions', async () => {
    const outcome = await CLOUD_PROVIDERS.aws.test(spec(auditor));
    expect(outcome).toMatchObject({ ok: false, account: MOTO_ACCOUNT, missingPermissions: ['ec2:DescribeFlowLogs', 's3:GetBucketPolicy'] });
    expect(outcome.message).toMatch(/2 permissions are refused: ec2:DescribeFlowLogs, s3:GetBucketPolicy/);
  });

  it('refuses a key moto does not know, as AWS refuses an unknown key', async () => {
    const outcome = await CLOUD_PROVIDERS.aws.test(spec({ accessKeyId: 'AKIAUNKNOWNKEY000000', secretAccessKey: 'nope' }));
    expect(outcome).toMatchObject({ ok: false, account: null });
    expect(outcome.message).toMatch(/refused/);
  });

  it('scans what it may read; the controls needing a refused read say error, naming it', async () => {
    const scan = await runCloudScan(spec(auditor));
    expect(scan.account).toBe(MOTO_ACCOUNT);
    const bucket = 'arn:aws:s3:::bulwark-audited-bucket';
    expect(scan.results.find((r) => r.control === 'aws-s3-deny-http' && r.resource === bucket)).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/s3:GetBucketPolicy could not be read: AccessDenied/),
    });
    expect(scan.results.find((r) => r.control === 'aws-s3-versioning' && r.resource === bucket)?.status).toBe('fail');
    const flow = scan.results.filter((r) => r.control === 'aws-vpc-flow-logs');
    expect(flow.length).toBeGreaterThan(0);
    for (const r of flow) expect(r).toMatchObject({ status: 'error', message: expect.stringMatching(/ec2:DescribeFlowLogs/) });
    // The run's errors: one per refused call, naming where it was refused.
    expect(scan.errors).toEqual([
      {
        type: SCAN_ERROR_TYPE.auth_failed,
        message:
          'AccessDenied on ec2:DescribeFlowLogs (1 region: us-east-1): the profile lacks this permission; the controls that need it could not be read',
        call: 'ec2:DescribeFlowLogs',
        code: 'AccessDenied',
        count: 1,
        regions: ['us-east-1'],
        resources: [],
      },
      {
        type: SCAN_ERROR_TYPE.auth_failed,
        message: `AccessDenied on s3:GetBucketPolicy (1 region, 1 resource: ${bucket}): the profile lacks this permission; the controls that need it could not be read`,
        call: 's3:GetBucketPolicy',
        code: 'AccessDenied',
        count: 1,
        regions: ['us-east-1'],
        resources: [bucket],
      },
    ]);
  }, 60_000);

  it('a read refused in two regions is one run error counting both, and its controls stay could-not-be-read', async () => {
    const scan = await runCloudScan(spec(auditor, ['us-east-1', 'eu-west-1']));
    const flowErrors = scan.errors.filter((e) => e.message.includes('ec2:DescribeFlowLogs'));
    expect(flowErrors, JSON.stringify(scan.errors)).toEqual([
      {
        type: SCAN_ERROR_TYPE.auth_failed,
        message:
          'AccessDenied on ec2:DescribeFlowLogs (2 regions: eu-west-1, us-east-1): the profile lacks this permission; the controls that need it could not be read',
        call: 'ec2:DescribeFlowLogs',
        code: 'AccessDenied',
        count: 2,
        regions: ['eu-west-1', 'us-east-1'],
        resources: [],
      } satisfies CloudReadError,
    ]);
    const flow = scan.results.filter((r) => r.control === 'aws-vpc-flow-logs');
    expect(new Set(flow.map((r) => r.resource?.split(':')[3]))).toEqual(new Set(['us-east-1', 'eu-west-1']));
    for (const r of flow)
      expect(r).toMatchObject({ status: 'error', message: expect.stringMatching(/ec2:DescribeFlowLogs could not be read/) });
  }, 60_000);
});
if ('missing' in source) console.warn(`AWS permission tests skipped: ${source.missing}`);
