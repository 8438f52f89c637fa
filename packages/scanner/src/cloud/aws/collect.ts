// The AWS collector: who the credentials are (STS), the account-level facts the CIS controls read (IAM account
// summary, password policy, credential report, EBS default encryption per region) and the resources of each region
// (EC2 instances, security groups, VPCs with their flow logs, EBS volumes, CloudTrail trails, KMS keys, RDS
// instances, load balancers) and the S3 buckets in those regions. Every call goes through the engine's budget; a call
// refused for want of permission is recorded (the controls that need it say error) and the scan goes on.
import { GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import {
  GenerateCredentialReportCommand,
  GetAccountPasswordPolicyCommand,
  GetAccountSummaryCommand,
  GetCredentialReportCommand,
  ListAccountAliasesCommand,
  ListUsersCommand,
  type User,
} from '@aws-sdk/client-iam';
import {
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
  DescribeFlowLogsCommand,
  DescribeInstancesCommand,
  DescribeSecurityGroupsCommand,
  DescribeVolumesCommand,
  DescribeVpcsCommand,
  GetEbsEncryptionByDefaultCommand,
  type FlowLog,
  type Tag,
} from '@aws-sdk/client-ec2';
import { DescribeTrailsCommand, GetTrailStatusCommand } from '@aws-sdk/client-cloudtrail';
import { DescribeKeyCommand, GetKeyRotationStatusCommand, ListKeysCommand, type KeyListEntry } from '@aws-sdk/client-kms';
import { DescribeDBInstancesCommand } from '@aws-sdk/client-rds';
import { DescribeLoadBalancersCommand } from '@aws-sdk/client-elastic-load-balancing-v2';
import { CloudAuthError, CloudStoppedError, cloudErrorCode, errorMessage, isAuthFailure } from '../errors.ts';
import type { CloudCollectContext, CloudInventory, CloudResource, CloudScanSpec } from '../types.ts';
import { AWS_HOME_REGION, AwsClients, awsCredentials } from './clients.ts';

/** Per-resource calls that could not be read, by permission name: the controls reading them say error. */
export type Unreadable = Record<string, string>;

const tagsOf = (tags: Tag[] | { Key?: string; Value?: string }[] | undefined): Record<string, string> =>
  Object.fromEntries((tags ?? []).filter((t) => t.Key).map((t) => [t.Key!, t.Value ?? '']));

const iso = (d: Date | string | undefined): string | null => (d ? new Date(d).toISOString() : null);

class Reader {
  constructor(
    private readonly context: CloudCollectContext,
    private readonly inventory: CloudInventory,
    /** The region its calls read (recorded with their failures); undefined for global calls. */
    private readonly region?: string,
  ) {}

  /** The same reader for the calls of one region. */
  at(region: string): Reader {
    return new Reader(this.context, this.inventory, region);
  }

  /**
   * One call. The answer; null when the error code is one of `absent` (the thing is not configured: no password
   * policy, no bucket policy …); undefined when the call failed (recorded on `into` — a resource's unreadable calls —
   * or the account's failures; a resource's unreadable call is also a failure of that `resource` for the run's
   * errors). Refused credentials end the scan.
   */
  async read<T>(
    permission: string,
    fn: () => Promise<T>,
    options: { absent?: string[]; into?: Unreadable; resource?: string } = {},
  ): Promise<T | null | undefined> {
    try {
      return await this.context.call(permission, fn);
    } catch (err) {
      const code = err instanceof CloudStoppedError ? 'Stopped' : cloudErrorCode(err);
      if (options.absent?.includes(code)) return null;
      if (isAuthFailure(err) && !(err instanceof CloudStoppedError)) throw new CloudAuthError(`${code}: ${errorMessage(err)}`);
      const message = `${code}: ${errorMessage(err)}`;
      if (options.into) options.into[permission] = message;
      if (!options.into || options.resource)
        this.inventory.failures.push({
          call: permission,
          code,
          message: errorMessage(err),
          ...(this.region ? { region: this.region } : {}),
          ...(options.resource ? { resource: options.resource } : {}),
        });
      return undefined;
    }
  }

  /** Every page of a listing (NextToken, Marker …); undefined when the first page failed. */
  async pages<P, I>(
    permission: string,
    fetch: (token: string | undefined) => Promise<P>,
    items: (page: P) => I[] | undefined,
    next: (page: P) => string | undefined,
  ): Promise<I[] | undefined> {
    const all: I[] = [];
    let token: string | undefined;
    for (let first = true; first || token; first = false) {
      const page = await this.read(permission, () => fetch(token));
      if (page === undefined || page === null) return first ? undefined : all;
      all.push(...(items(page) ?? []));
      token = next(page);
    }
    return all;
  }
}

/** The credential report's CSV as objects (one per user; `<root_account>` is the root user). */
export function parseCredentialReport(csv: string): Record<string, string>[] {
  const lines = csv.split(/\r?\n/).filter((l) => l.trim());
  const head = (lines.shift() ?? '').split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(head.map((h, i) => [h, cells[i] ?? '']));
  });
}

export async function collectAws(spec: CloudScanSpec, context: CloudCollectContext): Promise<CloudInventory> {
  const inventory: CloudInventory = { account: '', resources: [], facts: { scannedAt: new Date().toISOString() }, failures: [] };
  const credentials = await awsCredentials(spec, context.call, context.limits.callTimeoutMs);
  const clients = new AwsClients(spec, credentials, context.limits.callTimeoutMs);
  try {
    let identity;
    try {
      identity = await context.call('sts:GetCallerIdentity', () => clients.sts().send(new GetCallerIdentityCommand({})));
    } catch (err) {
      if (isAuthFailure(err)) throw new CloudAuthError(`${cloudErrorCode(err)}: ${errorMessage(err)}`);
      throw err;
    }
    const account = identity.Account ?? '';
    inventory.account = account;
    inventory.facts.callerArn = identity.Arn ?? null;
    const r = new Reader(context, inventory);
    const add = (resource: Omit<CloudResource, 'provider' | 'account'>) => {
      inventory.resources.push({ provider: 'aws', account, ...resource });
      context.found(1);
    };
    const regions = [...new Set(spec.regions)];
    await Promise.all([
      collectIam(r, clients, inventory, add),
      collectS3(r, clients, account, regions, add),
      ...regions.map(async (region) => {
        await collectRegion(r.at(region), clients, inventory, account, region, add);
        context.regionDone();
      }),
    ]);
    return inventory;
  } finally {
    clients.close();
    // The opened key is not kept past the scan.
    credentials.secretAccessKey = '';
    credentials.sessionToken = undefined;
  }
}

type Add = (resource: Omit<CloudResource, 'provider' | 'account'>) => void;

async function collectIam(r: Reader, clients: AwsClients, inventory: CloudInventory, add: Add): Promise<void> {
  const iam = clients.iam();
  const [aliases, summary, policy, users, report] = await Promise.all([
    r.read('iam:ListAccountAliases', () => iam.send(new ListAccountAliasesCommand({}))),
    r.read('iam:GetAccountSummary', () => iam.send(new GetAccountSummaryCommand({}))),
    r.read('iam:GetAccountPasswordPolicy', () => iam.send(new GetAccountPasswordPolicyCommand({})), {
      absent: ['NoSuchEntity', 'NoSuchEntityException'],
    }),
    r.pages(
      'iam:ListUsers',
      (Marker) => iam.send(new ListUsersCommand({ Marker })),
      (p) => p.Users,
      (p) => (p.IsTruncated ? p.Marker : undefined),
    ),
    credentialReport(r, clients),
  ]);
  if (aliases?.AccountAliases?.[0]) inventory.accountName = aliases.AccountAliases[0];
  if (summary !== undefined) inventory.facts.accountSummary = summary?.SummaryMap ?? {};
  // null: the account has no password policy (NoSuchEntity), which the password controls fail on.
  if (policy !== undefined) inventory.facts.passwordPolicy = policy?.PasswordPolicy ?? null;
  if (report !== undefined) inventory.facts.credentialReport = report.filter((row) => row.user === '<root_account>');
  const rows = new Map((report ?? []).map((row) => [row.user, row]));
  for (const user of users ?? []) addUser(user, rows.get(user.UserName ?? ''), report === undefined, add);
}

async function credentialReport(r: Reader, clients: AwsClients): Promise<Record<string, string>[] | undefined> {
  const iam = clients.iam();
  // The report is generated on request and ready within seconds: ask, then read it until it is there.
  for (let attempt = 0; attempt < 20; attempt++) {
    const generated = await r.read('iam:GenerateCredentialReport', () => iam.send(new GenerateCredentialReportCommand({})));
    if (generated === undefined) return undefined;
    if (generated?.State === 'COMPLETE' || attempt > 0 || !generated) {
      const report = await r.read('iam:GetCredentialReport', () => iam.send(new GetCredentialReportCommand({})), {
        absent: ['ReportInProgress', 'ReportNotPresent', 'ReportExpired'],
      });
      if (report === undefined) return undefined;
      if (report?.Content) return parseCredentialReport(new TextDecoder().decode(report.Content));
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 250 * (attempt + 1))));
  }
  return undefined;
}

function addUser(user: User, row: Record<string, string> | undefined, reportUnreadable: boolean, add: Add): void {
  const date = (v: string | undefined) => (v && /^\d{4}-/.test(v) ? v : null);
  const keys = row
    ? [1, 2]
        .map((n) => ({
          active: row[`access_key_${n}_active`] === 'true',
          lastRotated: date(row[`access_key_${n}_last_rotated`]),
          lastUsed: date(row[`access_key_${n}_last_used_date`]),
        }))
        .filter((k) => k.lastRotated)
    : [];
  add({
    uid: user.Arn ?? `iam-user:${user.UserName}`,
    region: null,
    service: 'iam',
    type: 'aws.iam.user',
    name: user.UserName ?? '',
    tags: tagsOf(user.Tags),
    properties: {
      userId: user.UserId ?? null,
      createDate: iso(user.CreateDate),
      passwordEnabled: row ? row.password_enabled === 'true' : null,
      passwordLastUsed: row ? date(row.password_last_used) : null,
      mfaActive: row ? row.mfa_active === 'true' : null,
      accessKeys: keys,
      ...(reportUnreadable ? { unreadable: { 'iam:GetCredentialReport': 'The credential report could not be read.' } } : {}),
    },
  });
}

async function collectS3(reader: Reader, clients: AwsClients, account: string, regions: string[], add: Add): Promise<void> {
  const listed = await reader.read('s3:ListAllMyBuckets', () => clients.s3().send(new ListBucketsCommand({})));
  if (!listed) return;
  const wanted = new Set(regions);
  await Promise.all(
    (listed.Buckets ?? []).map(async (bucket) => {
      const Bucket = bucket.Name ?? '';
      const unreadable: Unreadable = {};
      const uid = `arn:aws:s3:::${Bucket}`;
      const location = await reader.read('s3:GetBucketLocation', () => clients.s3().send(new GetBucketLocationCommand({ Bucket })), {
        into: unreadable,
        resource: uid,
      });
      // No LocationConstraint is us-east-1; 'EU' is the old name of eu-west-1.
      const constraint = location?.LocationConstraint as string | undefined;
      const region = location === undefined ? null : !constraint ? 'us-east-1' : constraint === 'EU' ? 'eu-west-1' : constraint;
      if (region && !wanted.has(region)) return;
      const s3 = clients.s3(region ?? AWS_HOME_REGION);
      const opts = { into: unreadable, resource: uid };
      const r = region ? reader.at(region) : reader;
      const [block, status, acl, encryption, versioning, logging, policy] = await Promise.all([
        r.read('s3:GetBucketPublicAccessBlock', () => s3.send(new GetPublicAccessBlockCommand({ Bucket })), {
          ...opts,
          absent: ['NoSuchPublicAccessBlockConfiguration'],
        }),
        // Not every S3 endpoint answers it (moto does not): the control then reads the policy itself.
        r.read('s3:GetBucketPolicyStatus', () => s3.send(new GetBucketPolicyStatusCommand({ Bucket })), {
          into: {},
          absent: ['NoSuchBucketPolicy'],
        }),
        r.read('s3:GetBucketAcl', () => s3.send(new GetBucketAclCommand({ Bucket })), opts),
        r.read('s3:GetEncryptionConfiguration', () => s3.send(new GetBucketEncryptionCommand({ Bucket })), {
          ...opts,
          absent: ['ServerSideEncryptionConfigurationNotFoundError'],
        }),
        r.read('s3:GetBucketVersioning', () => s3.send(new GetBucketVersioningCommand({ Bucket })), opts),
        r.read('s3:GetBucketLogging', () => s3.send(new GetBucketLoggingCommand({ Bucket })), opts),
        r.read('s3:GetBucketPolicy', () => s3.send(new GetBucketPolicyCommand({ Bucket })), { ...opts, absent: ['NoSuchBucketPolicy'] }),
      ]);
      let policyDocument: unknown = null;
      try {
        policyDocument = policy?.Policy ? JSON.parse(policy.Policy) : null;
      } catch {
        policyDocument = null;
      }
      add({
        uid,
        region,
        service: 's3',
        type: 'aws.s3.bucket',
        name: Bucket,
        properties: {
          createDate: iso(bucket.CreationDate),
          publicAccessBlock: block === undefined ? undefined : (block?.PublicAccessBlockConfiguration ?? null),
          policyStatus: status === undefined ? undefined : { IsPublic: status?.PolicyStatus?.IsPublic ?? false },
          grants:
            acl === undefined
              ? undefined
              : (acl?.Grants ?? []).map((g) => ({
                  grantee: g.Grantee?.URI ?? g.Grantee?.ID ?? g.Grantee?.EmailAddress ?? '',
                  permission: g.Permission,
                })),
          encryption:
            encryption === undefined
              ? undefined
              : (encryption?.ServerSideEncryptionConfiguration?.Rules ?? []).map((rule) => ({
                  algorithm: rule.ApplyServerSideEncryptionByDefault?.SSEAlgorithm ?? null,
                  kmsKey: rule.ApplyServerSideEncryptionByDefault?.KMSMasterKeyID ?? null,
                })),
          versioning:
            versioning === undefined
              ? undefined
              : { Status: versioning?.Status ?? 'Disabled', MFADelete: versioning?.MFADelete ?? 'Disabled' },
          logging:
            logging === undefined
              ? undefined
              : logging?.LoggingEnabled
                ? { TargetBucket: logging.LoggingEnabled.TargetBucket ?? '' }
                : null,
          policy: policy === undefined ? undefined : policyDocument,
          unreadable,
        },
      });
    }),
  );
}

async function collectRegion(
  r: Reader,
  clients: AwsClients,
  inventory: CloudInventory,
  account: string,
  region: string,
  add: Add,
): Promise<void> {
  const ec2 = clients.ec2(region);
  const arn = (what: string) => `arn:aws:ec2:${region}:${account}:${what}`;
  await Promise.all([
    (async () => {
      const answer = await r.read(`ec2:GetEbsEncryptionByDefault`, () => ec2.send(new GetEbsEncryptionByDefaultCommand({})), {});
      if (answer === undefined) return;
      const byRegion = (inventory.facts.ebsEncryptionByDefault ??= {}) as Record<string, boolean>;
      byRegion[region] = answer?.EbsEncryptionByDefault === true;
    })(),
    (async () => {
      const reservations = await r.pages(
        'ec2:DescribeInstances',
        (NextToken) => ec2.send(new DescribeInstancesCommand({ NextToken, MaxResults: 1000 })),
        (p) => p.Reservations,
        (p) => p.NextToken,
      );
      for (const i of (reservations ?? []).flatMap((res) => res.Instances ?? [])) {
        if (i.State?.Name === 'terminated') continue;
        const tags = tagsOf(i.Tags);
        add({
          uid: arn(`instance/${i.InstanceId}`),
          region,
          service: 'ec2',
          type: 'aws.ec2.instance',
          name: tags.Name || (i.InstanceId ?? ''),
          publicAddresses: [
            i.PublicIpAddress,
            ...(i.NetworkInterfaces ?? []).flatMap((n) => (n.Ipv6Addresses ?? []).map((a) => a.Ipv6Address)),
          ].filter((a): a is string => !!a),
          tags,
          properties: {
            instanceId: i.InstanceId,
            instanceType: i.InstanceType,
            state: i.State?.Name,
            imageId: i.ImageId,
            vpcId: i.VpcId ?? null,
            privateIp: i.PrivateIpAddress ?? null,
            publicIp: i.PublicIpAddress ?? null,
            securityGroups: (i.SecurityGroups ?? []).map((g) => g.GroupId),
            metadataOptions: {
              HttpTokens: i.MetadataOptions?.HttpTokens ?? 'optional',
              HttpEndpoint: i.MetadataOptions?.HttpEndpoint ?? 'enabled',
            },
            launchTime: iso(i.LaunchTime),
          },
        });
      }
    })(),
    (async () => {
      const groups = await r.pages(
        'ec2:DescribeSecurityGroups',
        (NextToken) => ec2.send(new DescribeSecurityGroupsCommand({ NextToken, MaxResults: 1000 })),
        (p) => p.SecurityGroups,
        (p) => p.NextToken,
      );
      for (const g of groups ?? [])
        add({
          uid: arn(`security-group/${g.GroupId}`),
          region,
          service: 'ec2',
          type: 'aws.ec2.security-group',
          name: g.GroupName ?? g.GroupId ?? '',
          tags: tagsOf(g.Tags),
          properties: {
            groupId: g.GroupId,
            vpcId: g.VpcId ?? null,
            description: g.Description ?? '',
            ingress: (g.IpPermissions ?? []).map((p) => ({
              protocol: p.IpProtocol,
              fromPort: p.FromPort ?? null,
              toPort: p.ToPort ?? null,
              ipv4: (p.IpRanges ?? []).map((x) => x.CidrIp),
              ipv6: (p.Ipv6Ranges ?? []).map((x) => x.CidrIpv6),
              groups: (p.UserIdGroupPairs ?? []).map((x) => x.GroupId),
            })),
            egressRules: (g.IpPermissionsEgress ?? []).length,
          },
        });
    })(),
    (async () => {
      const [vpcs, flowLogs] = await Promise.all([
        r.pages(
          'ec2:DescribeVpcs',
          (NextToken) => ec2.send(new DescribeVpcsCommand({ NextToken, MaxResults: 1000 })),
          (p) => p.Vpcs,
          (p) => p.NextToken,
        ),
        r.pages(
          'ec2:DescribeFlowLogs',
          (NextToken) => ec2.send(new DescribeFlowLogsCommand({ NextToken, MaxResults: 1000 })),
          (p) => p.FlowLogs,
          (p) => p.NextToken,
        ),
      ]);
      const byVpc = new Map<string, FlowLog[]>();
      for (const f of flowLogs ?? []) byVpc.set(f.ResourceId ?? '', [...(byVpc.get(f.ResourceId ?? '') ?? []), f]);
      for (const v of vpcs ?? []) {
        const tags = tagsOf(v.Tags);
        add({
          uid: arn(`vpc/${v.VpcId}`),
          region,
          service: 'ec2',
          type: 'aws.ec2.vpc',
          name: tags.Name || (v.VpcId ?? ''),
          tags,
          properties: {
            vpcId: v.VpcId,
            cidr: v.CidrBlock ?? null,
            isDefault: v.IsDefault ?? false,
            flowLogs:
              flowLogs === undefined
                ? undefined
                : (byVpc.get(v.VpcId ?? '') ?? []).map((f) => ({ id: f.FlowLogId, status: f.FlowLogStatus, trafficType: f.TrafficType })),
            ...(flowLogs === undefined ? { unreadable: { 'ec2:DescribeFlowLogs': 'The flow logs could not be read.' } } : {}),
          },
        });
      }
    })(),
    (async () => {
      const volumes = await r.pages(
        'ec2:DescribeVolumes',
        (NextToken) => ec2.send(new DescribeVolumesCommand({ NextToken, MaxResults: 1000 })),
        (p) => p.Volumes,
        (p) => p.NextToken,
      );
      for (const v of volumes ?? []) {
        const tags = tagsOf(v.Tags);
        add({
          uid: arn(`volume/${v.VolumeId}`),
          region,
          service: 'ec2',
          type: 'aws.ec2.volume',
          name: tags.Name || (v.VolumeId ?? ''),
          tags,
          properties: {
            volumeId: v.VolumeId,
            size: v.Size ?? null,
            state: v.State ?? null,
            encrypted: v.Encrypted ?? false,
            kmsKeyId: v.KmsKeyId ?? null,
            attachedTo: (v.Attachments ?? []).map((a) => a.InstanceId),
          },
        });
      }
    })(),
    collectTrails(r, clients, region, add),
    collectKms(r, clients, region, add),
    (async () => {
      const rds = clients.rds(region);
      const dbs = await r.pages(
        'rds:DescribeDBInstances',
        (Marker) => rds.send(new DescribeDBInstancesCommand({ Marker })),
        (p) => p.DBInstances,
        (p) => p.Marker,
      );
      for (const d of dbs ?? [])
        add({
          uid: d.DBInstanceArn ?? `arn:aws:rds:${region}:${account}:db:${d.DBInstanceIdentifier}`,
          region,
          service: 'rds',
          type: 'aws.rds.instance',
          name: d.DBInstanceIdentifier ?? '',
          publicAddresses: d.PubliclyAccessible && d.Endpoint?.Address ? [d.Endpoint.Address] : [],
          tags: tagsOf(d.TagList),
          properties: {
            engine: d.Engine ?? null,
            engineVersion: d.EngineVersion ?? null,
            instanceClass: d.DBInstanceClass ?? null,
            publiclyAccessible: d.PubliclyAccessible ?? false,
            storageEncrypted: d.StorageEncrypted ?? false,
            kmsKeyId: d.KmsKeyId ?? null,
            autoMinorVersionUpgrade: d.AutoMinorVersionUpgrade ?? false,
            endpoint: d.Endpoint?.Address ?? null,
          },
        });
    })(),
    (async () => {
      const elb = clients.elbv2(region);
      const lbs = await r.pages(
        'elasticloadbalancing:DescribeLoadBalancers',
        (Marker) => elb.send(new DescribeLoadBalancersCommand({ Marker })),
        (p) => p.LoadBalancers,
        (p) => p.NextMarker,
      );
      for (const lb of lbs ?? [])
        add({
          uid: lb.LoadBalancerArn ?? '',
          region,
          service: 'elasticloadbalancing',
          type: 'aws.elasticloadbalancing.load-balancer',
          name: lb.LoadBalancerName ?? '',
          publicAddresses: lb.Scheme === 'internet-facing' && lb.DNSName ? [lb.DNSName] : [],
          properties: {
            type: lb.Type ?? null,
            scheme: lb.Scheme ?? null,
            dnsName: lb.DNSName ?? null,
            vpcId: lb.VpcId ?? null,
            securityGroups: lb.SecurityGroups ?? [],
          },
        });
    })(),
  ]);
}

async function collectTrails(r: Reader, clients: AwsClients, region: string, add: Add): Promise<void> {
  const ct = clients.cloudtrail(region);
  // Shadow trails left out: a multi-region trail is listed once, in its home region (when that region is scanned).
  const answer = await r.read('cloudtrail:DescribeTrails', () => ct.send(new DescribeTrailsCommand({ includeShadowTrails: false })));
  await Promise.all(
    (answer?.trailList ?? []).map(async (t) => {
      const unreadable: Unreadable = {};
      const status = await r.read('cloudtrail:GetTrailStatus', () => ct.send(new GetTrailStatusCommand({ Name: t.TrailARN ?? t.Name })), {
        into: unreadable,
        resource: t.TrailARN ?? t.Name ?? '',
      });
      add({
        uid: t.TrailARN ?? t.Name ?? '',
        region: t.HomeRegion ?? region,
        service: 'cloudtrail',
        type: 'aws.cloudtrail.trail',
        name: t.Name ?? '',
        properties: {
          isMultiRegionTrail: t.IsMultiRegionTrail ?? false,
          logFileValidationEnabled: t.LogFileValidationEnabled ?? false,
          kmsKeyId: t.KmsKeyId ?? null,
          s3BucketName: t.S3BucketName ?? null,
          isLogging: status === undefined ? undefined : (status?.IsLogging ?? false),
          unreadable,
        },
      });
    }),
  );
}

async function collectKms(r: Reader, clients: AwsClients, region: string, add: Add): Promise<void> {
  const kms = clients.kms(region);
  const keys = await r.pages(
    'kms:ListKeys',
    (Marker) => kms.send(new ListKeysCommand({ Marker })),
    (p) => p.Keys,
    (p) => (p.Truncated ? p.NextMarker : undefined),
  );
  await Promise.all(
    (keys ?? []).map(async (k: KeyListEntry) => {
      const unreadable: Unreadable = {};
      const uid = k.KeyArn ?? k.KeyId ?? '';
      const described = await r.read('kms:DescribeKey', () => kms.send(new DescribeKeyCommand({ KeyId: k.KeyId })), {
        into: unreadable,
        resource: uid,
      });
      const meta = described?.KeyMetadata;
      const customerSymmetric = meta
        ? meta.KeyManager === 'CUSTOMER' && meta.KeySpec === 'SYMMETRIC_DEFAULT' && meta.KeyState === 'Enabled'
        : null;
      const rotation = customerSymmetric
        ? await r.read('kms:GetKeyRotationStatus', () => kms.send(new GetKeyRotationStatusCommand({ KeyId: k.KeyId })), {
            into: unreadable,
            resource: uid,
          })
        : null;
      add({
        uid,
        region,
        service: 'kms',
        type: 'aws.kms.key',
        name: meta?.Description || k.KeyId || '',
        properties: {
          keyId: k.KeyId,
          keyManager: meta?.KeyManager ?? null,
          keySpec: meta?.KeySpec ?? null,
          keyState: meta?.KeyState ?? null,
          rotationEnabled: rotation === undefined ? undefined : rotation === null ? null : (rotation.KeyRotationEnabled ?? false),
          unreadable,
        },
      });
    }),
  );
}
