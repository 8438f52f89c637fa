// Benchmark: a cloud scan of an AWS account of 10,000 resources (BENCH_CLOUD_RESOURCES) against moto's server, timed
// against the raw SDK calls that scan needs, made in the same run, on the same moto, with the same number of calls in
// flight (8) and no pacing. The scan runs with requestsPerSecond high enough not to pace it (moto does not throttle):
// what is measured is the engine's own cost (budget, paging, inventory, control evaluation), not the rate the account
// is asked at. Target: the scan within 2× the raw calls.
// The account: EC2 instances (each with its root volume, in RunInstances batches), security groups (half with SSH
// open to the world), IAM users (half with an access key), S3 buckets, KMS keys and VPCs, in us-east-1.
// Run: npx tsx bench/cloud.ts   (needs moto: see packages/scanner/test/cloud-helpers/moto.ts)
import { STSClient, GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import {
  IAMClient,
  CreateAccessKeyCommand,
  CreateUserCommand,
  GenerateCredentialReportCommand,
  GetAccountPasswordPolicyCommand,
  GetAccountSummaryCommand,
  GetCredentialReportCommand,
  ListAccountAliasesCommand,
  ListUsersCommand,
} from '@aws-sdk/client-iam';
import {
  S3Client,
  CreateBucketCommand,
  GetBucketAclCommand,
  GetBucketEncryptionCommand,
  GetBucketLocationCommand,
  GetBucketLoggingCommand,
  GetBucketPolicyCommand,
  GetBucketPolicyStatusCommand,
  GetBucketVersioningCommand,
  GetPublicAccessBlockCommand,
  ListBucketsCommand,
} from '@aws-sdk/client-s3';
import {
  EC2Client,
  AuthorizeSecurityGroupIngressCommand,
  CreateSecurityGroupCommand,
  CreateVpcCommand,
  DescribeFlowLogsCommand,
  DescribeImagesCommand,
  DescribeInstancesCommand,
  DescribeSecurityGroupsCommand,
  DescribeVolumesCommand,
  DescribeVpcsCommand,
  GetEbsEncryptionByDefaultCommand,
  RunInstancesCommand,
} from '@aws-sdk/client-ec2';
import { CloudTrailClient, DescribeTrailsCommand, GetTrailStatusCommand } from '@aws-sdk/client-cloudtrail';
import { KMSClient, CreateKeyCommand, DescribeKeyCommand, GetKeyRotationStatusCommand, ListKeysCommand } from '@aws-sdk/client-kms';
import { RDSClient, DescribeDBInstancesCommand } from '@aws-sdk/client-rds';
import { ElasticLoadBalancingV2Client, DescribeLoadBalancersCommand } from '@aws-sdk/client-elastic-load-balancing-v2';
import { motoSource, startMoto } from '../packages/scanner/test/cloud-helpers/moto.ts';
import { runCloudScan } from '../packages/scanner/src/cloud/engine.ts';
import type { CloudScanResult } from '../packages/scanner/src/cloud/types.ts';

const N = Number(process.env.BENCH_CLOUD_RESOURCES ?? 10_000);
const PARALLEL = 8;
const REGION = 'us-east-1';
const KEY = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };

const secs = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/** Runs the tasks with at most `width` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]!();
      }
    }),
  );
  return out;
}

function clients(endpoint: string) {
  const config = { endpoint, region: REGION, credentials: KEY, maxAttempts: 1 };
  return {
    sts: new STSClient(config),
    iam: new IAMClient(config),
    s3: new S3Client({ ...config, forcePathStyle: true }),
    ec2: new EC2Client(config),
    cloudtrail: new CloudTrailClient(config),
    kms: new KMSClient(config),
    rds: new RDSClient(config),
    elbv2: new ElasticLoadBalancingV2Client(config),
  };
}

/** The account's make-up for N resources (instances count twice: each has its root volume). */
function plan(n: number) {
  const unit = n / 10_000;
  return {
    instances: Math.round(4000 * unit),
    groups: Math.round(1000 * unit) + Math.max(0, Math.round(100 * unit) - 4),
    users: Math.round(500 * unit),
    buckets: Math.round(200 * unit),
    keys: Math.round(200 * unit),
    // AWS allows 5 VPCs per region unless raised (and moto's default VPC is one): the rest are security groups.
    vpcs: Math.min(4, Math.round(100 * unit)),
  };
}

async function seed(endpoint: string): Promise<void> {
  const c = clients(endpoint);
  const p = plan(N);
  const image = (await c.ec2.send(new DescribeImagesCommand({}))).Images![0]!.ImageId!;
  // The VPCs first: the security groups are spread over them (AWS, and moto, allow 500 groups per VPC).
  const vpcIds = [(await c.ec2.send(new DescribeVpcsCommand({}))).Vpcs![0]!.VpcId!];
  for (let i = 0; i < p.vpcs; i++) vpcIds.push((await c.ec2.send(new CreateVpcCommand({ CidrBlock: `10.${i % 250}.0.0/16` }))).Vpc!.VpcId!);
  const tasks: (() => Promise<unknown>)[] = [];
  // Spread over the zones: each default subnet (a /20) holds about 4,000 addresses.
  for (let left = p.instances, batch = 0; left > 0; left -= 500, batch++) {
    const count = Math.min(500, left);
    const Placement = { AvailabilityZone: `${REGION}${'abcdef'[batch % 6]}` };
    tasks.push(() =>
      c.ec2.send(new RunInstancesCommand({ ImageId: image, MinCount: count, MaxCount: count, InstanceType: 't3.micro', Placement })),
    );
  }
  for (let i = 0; i < p.groups; i++)
    tasks.push(async () => {
      const g = await c.ec2.send(
        new CreateSecurityGroupCommand({ GroupName: `bench-${i}`, Description: `bench ${i}`, VpcId: vpcIds[i % vpcIds.length] }),
      );
      if (i % 2 === 0)
        await c.ec2.send(
          new AuthorizeSecurityGroupIngressCommand({
            GroupId: g.GroupId,
            IpPermissions: [{ IpProtocol: 'tcp', FromPort: 22, ToPort: 22, IpRanges: [{ CidrIp: '0.0.0.0/0' }] }],
          }),
        );
    });
  for (let i = 0; i < p.users; i++)
    tasks.push(async () => {
      await c.iam.send(new CreateUserCommand({ UserName: `bench-user-${i}` }));
      if (i % 2 === 0) await c.iam.send(new CreateAccessKeyCommand({ UserName: `bench-user-${i}` }));
    });
  for (let i = 0; i < p.buckets; i++) tasks.push(() => c.s3.send(new CreateBucketCommand({ Bucket: `bench-bucket-${i}` })));
  for (let i = 0; i < p.keys; i++) tasks.push(() => c.kms.send(new CreateKeyCommand({ Description: `bench ${i}` })));
  await pool(
    tasks.map(
      (task, i) => () =>
        task().catch((err: unknown) => Promise.reject(new Error(`seed task ${i} of ${tasks.length} failed: ${String(err)}`))),
    ),
    16,
  );
  for (const client of Object.values(c)) client.destroy();
}

/** Every page of a listing. */
async function pages<P, I>(
  fetch: (token: string | undefined) => Promise<P>,
  items: (p: P) => I[] | undefined,
  next: (p: P) => string | undefined,
) {
  const all: I[] = [];
  let token: string | undefined;
  do {
    const page = await fetch(token);
    all.push(...(items(page) ?? []));
    token = next(page);
  } while (token);
  return all;
}

const ignore = <T>(p: Promise<T>) => p.catch(() => undefined);

/**
 * The raw SDK calls the scan makes, the same ones (pages, per-bucket and per-key reads), 8 in flight, nothing kept
 * but what the next call needs. Returns the number of calls.
 */
async function rawCalls(endpoint: string): Promise<number> {
  const c = clients(endpoint);
  let calls = 0;
  const call =
    <T>(p: () => Promise<T>) =>
    async () => {
      calls++;
      return ignore(p());
    };
  await c.sts.send(new GetCallerIdentityCommand({}));
  calls++;
  const listings = await pool<unknown>(
    [
      call(() => c.iam.send(new ListAccountAliasesCommand({}))),
      call(() => c.iam.send(new GetAccountSummaryCommand({}))),
      call(() => c.iam.send(new GetAccountPasswordPolicyCommand({}))),
      call(() => c.iam.send(new GenerateCredentialReportCommand({}))),
      call(() => c.iam.send(new GetCredentialReportCommand({}))),
      call(() =>
        pages(
          (Marker) => (calls++, c.iam.send(new ListUsersCommand({ Marker }))),
          (p) => p.Users,
          (p) => (p.IsTruncated ? p.Marker : undefined),
        ),
      ),
      call(() => c.s3.send(new ListBucketsCommand({}))),
      call(() => c.ec2.send(new GetEbsEncryptionByDefaultCommand({}))),
      call(() =>
        pages(
          (NextToken) => (calls++, c.ec2.send(new DescribeInstancesCommand({ NextToken, MaxResults: 1000 }))),
          (p) => p.Reservations,
          (p) => p.NextToken,
        ),
      ),
      call(() =>
        pages(
          (NextToken) => (calls++, c.ec2.send(new DescribeSecurityGroupsCommand({ NextToken, MaxResults: 1000 }))),
          (p) => p.SecurityGroups,
          (p) => p.NextToken,
        ),
      ),
      call(() =>
        pages(
          (NextToken) => (calls++, c.ec2.send(new DescribeVpcsCommand({ NextToken, MaxResults: 1000 }))),
          (p) => p.Vpcs,
          (p) => p.NextToken,
        ),
      ),
      call(() =>
        pages(
          (NextToken) => (calls++, c.ec2.send(new DescribeFlowLogsCommand({ NextToken, MaxResults: 1000 }))),
          (p) => p.FlowLogs,
          (p) => p.NextToken,
        ),
      ),
      call(() =>
        pages(
          (NextToken) => (calls++, c.ec2.send(new DescribeVolumesCommand({ NextToken, MaxResults: 1000 }))),
          (p) => p.Volumes,
          (p) => p.NextToken,
        ),
      ),
      call(() => c.cloudtrail.send(new DescribeTrailsCommand({ includeShadowTrails: false }))),
      call(() =>
        pages(
          (Marker) => (calls++, c.kms.send(new ListKeysCommand({ Marker }))),
          (p) => p.Keys,
          (p) => (p.Truncated ? p.NextMarker : undefined),
        ),
      ),
      call(() => c.rds.send(new DescribeDBInstancesCommand({}))),
      call(() => c.elbv2.send(new DescribeLoadBalancersCommand({}))),
    ],
    PARALLEL,
  );
  // The paged listings counted their pages; the wrapper's own count for them is one too many each.
  calls -= 7;
  const buckets = (listings[6] as { Buckets?: { Name?: string }[] } | undefined)?.Buckets ?? [];
  const trails = (listings[13] as { trailList?: { TrailARN?: string }[] } | undefined)?.trailList ?? [];
  const keys = (listings[14] as { KeyId?: string }[] | undefined) ?? [];
  const detail: (() => Promise<unknown>)[] = [];
  for (const b of buckets) {
    const Bucket = b.Name!;
    detail.push(
      call(() => c.s3.send(new GetBucketLocationCommand({ Bucket }))),
      call(() => c.s3.send(new GetPublicAccessBlockCommand({ Bucket }))),
      call(() => c.s3.send(new GetBucketPolicyStatusCommand({ Bucket }))),
      call(() => c.s3.send(new GetBucketAclCommand({ Bucket }))),
      call(() => c.s3.send(new GetBucketEncryptionCommand({ Bucket }))),
      call(() => c.s3.send(new GetBucketVersioningCommand({ Bucket }))),
      call(() => c.s3.send(new GetBucketLoggingCommand({ Bucket }))),
      call(() => c.s3.send(new GetBucketPolicyCommand({ Bucket }))),
    );
  }
  for (const t of trails) detail.push(call(() => c.cloudtrail.send(new GetTrailStatusCommand({ Name: t.TrailARN }))));
  for (const k of keys)
    detail.push(
      call(() => c.kms.send(new DescribeKeyCommand({ KeyId: k.KeyId }))),
      call(() => c.kms.send(new GetKeyRotationStatusCommand({ KeyId: k.KeyId }))),
    );
  await pool(detail, PARALLEL);
  for (const client of Object.values(c)) client.destroy();
  return calls;
}

const source = motoSource();
if ('missing' in source) {
  console.log(`cloud bench skipped: ${source.missing}`);
  process.exit(0);
}
const moto = await startMoto('127.0.70.20');
try {
  let t = performance.now();
  await seed(moto.url);
  console.log(`seeded moto with about ${N.toLocaleString('en-US')} resources in ${secs(performance.now() - t)}`);

  // Each side twice, alternating (moto warms up on the first reads); the better time of each counts.
  const rawMs: number[] = [];
  const scanMs: number[] = [];
  let rawCount = 0;
  let scan: CloudScanResult | undefined;
  for (let round = 0; round < 2; round++) {
    t = performance.now();
    rawCount = await rawCalls(moto.url);
    rawMs.push(performance.now() - t);
    t = performance.now();
    scan = await runCloudScan({
      provider: 'aws',
      credentials: { auth: 'keys', access_key_id: KEY.accessKeyId, secret_access_key: KEY.secretAccessKey },
      regions: [REGION],
      endpoints: { aws: moto.url },
      limits: { parallel: PARALLEL, requestsPerSecond: 100_000, maxResources: 1_000_000 },
    });
    scanMs.push(performance.now() - t);
  }
  const raw = Math.min(...rawMs);
  const ours = Math.min(...scanMs);
  const ratio = ours / raw;
  const fails = scan!.results.filter((r) => r.status === 'fail').length;
  console.log(`raw SDK calls: ${rawCount} calls, ${secs(raw)} (runs: ${rawMs.map(secs).join(', ')})`);
  console.log(
    `bulwark scan: ${scan!.stats.calls} calls, ${scan!.resources.length.toLocaleString('en-US')} resources, ${scan!.results.length.toLocaleString('en-US')} control results (${fails} failed), ${scan!.errors.length} errors, ${secs(ours)} (runs: ${scanMs.map(secs).join(', ')})`,
  );
  console.log(`ratio bulwark / raw: ${ratio.toFixed(2)} (target ≤ 2)`);
  process.exitCode = ratio <= 2 && scan!.errors.length === 0 && scan!.resources.length >= N * 0.95 ? 0 : 1;
} finally {
  await moto.stop();
}
