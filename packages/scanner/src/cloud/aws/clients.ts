// The AWS SDK clients of one scan: the profile's access key (or the role it assumes, with its external id), every
// service at spec.endpoints.aws when set (moto, a VPC endpoint proxy; S3 then path-style), and no retries of the
// SDK's own: the engine's call budget retries throttled calls, so its rate and back-off hold for the whole account.
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { IAMClient } from '@aws-sdk/client-iam';
import { S3Client } from '@aws-sdk/client-s3';
import { EC2Client } from '@aws-sdk/client-ec2';
import { CloudTrailClient } from '@aws-sdk/client-cloudtrail';
import { KMSClient } from '@aws-sdk/client-kms';
import { RDSClient } from '@aws-sdk/client-rds';
import { ElasticLoadBalancingV2Client } from '@aws-sdk/client-elastic-load-balancing-v2';
import type { CloudScanSpec } from '../types.ts';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The region the global services (IAM, STS, the S3 bucket list) are asked in. */
export const AWS_HOME_REGION = 'us-east-1';

type Spec = Pick<CloudScanSpec, 'credentials' | 'endpoints'>;

const text = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim();

function baseConfig(spec: Spec, region: string, credentials: AwsCredentials, timeoutMs: number) {
  const endpoint = spec.endpoints?.aws;
  return {
    region,
    credentials,
    maxAttempts: 1,
    requestHandler: { connectionTimeout: Math.min(timeoutMs, 10_000), requestTimeout: timeoutMs },
    ...(endpoint ? { endpoint } : {}),
  };
}

/** The profile's key, or the role's temporary credentials when auth = role (STS AssumeRole with the external id). */
export async function awsCredentials(
  spec: Spec,
  call: <T>(name: string, fn: () => Promise<T>) => Promise<T>,
  timeoutMs: number,
): Promise<AwsCredentials> {
  const key: AwsCredentials = {
    accessKeyId: text(spec.credentials.access_key_id),
    secretAccessKey: text(spec.credentials.secret_access_key),
  };
  if (text(spec.credentials.auth) !== 'role') return key;
  const sts = new STSClient(baseConfig(spec, AWS_HOME_REGION, key, timeoutMs));
  const externalId = text(spec.credentials.external_id);
  const answer = await call('sts:AssumeRole', () =>
    sts.send(
      new AssumeRoleCommand({
        RoleArn: text(spec.credentials.role_arn),
        RoleSessionName: 'bulwark-cloud-scan',
        DurationSeconds: 3600,
        ...(externalId ? { ExternalId: externalId } : {}),
      }),
    ),
  );
  sts.destroy();
  const c = answer.Credentials;
  if (!c?.AccessKeyId || !c.SecretAccessKey) throw new Error('STS AssumeRole answered without credentials.');
  return { accessKeyId: c.AccessKeyId, secretAccessKey: c.SecretAccessKey, sessionToken: c.SessionToken };
}

/** The clients of one account, made per region on first use and destroyed (sockets closed) by `close`. */
export class AwsClients {
  private readonly made = new Map<string, { destroy(): void }>();

  constructor(
    private readonly spec: Spec,
    private readonly credentials: AwsCredentials,
    private readonly timeoutMs: number,
  ) {}

  private get<T extends { destroy(): void }>(service: string, region: string, make: (config: ReturnType<typeof baseConfig>) => T): T {
    const key = `${service}:${region}`;
    let client = this.made.get(key) as T | undefined;
    if (!client) {
      client = make(baseConfig(this.spec, region, this.credentials, this.timeoutMs));
      this.made.set(key, client);
    }
    return client;
  }

  sts = (region = AWS_HOME_REGION) => this.get('sts', region, (c) => new STSClient(c));
  iam = () => this.get('iam', AWS_HOME_REGION, (c) => new IAMClient(c));
  s3 = (region = AWS_HOME_REGION) =>
    this.get(
      's3',
      region,
      (c) => new S3Client({ ...c, ...(this.spec.endpoints?.aws ? { forcePathStyle: true } : {}), followRegionRedirects: true }),
    );
  ec2 = (region: string) => this.get('ec2', region, (c) => new EC2Client(c));
  cloudtrail = (region: string) => this.get('cloudtrail', region, (c) => new CloudTrailClient(c));
  kms = (region: string) => this.get('kms', region, (c) => new KMSClient(c));
  rds = (region: string) => this.get('rds', region, (c) => new RDSClient(c));
  elbv2 = (region: string) => this.get('elbv2', region, (c) => new ElasticLoadBalancingV2Client(c));

  close(): void {
    for (const client of this.made.values()) client.destroy();
    this.made.clear();
  }
}
