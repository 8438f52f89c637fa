// The AWS credential test: who the key (or the role it assumes) is (STS GetCallerIdentity), then one dry read of each
// call a scan makes, in the first region, naming the IAM actions refused (AccessDenied, UnauthorizedOperation …).
import { GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import {
  GetAccountPasswordPolicyCommand,
  GetAccountSummaryCommand,
  GetCredentialReportCommand,
  ListUsersCommand,
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
} from '@aws-sdk/client-ec2';
import { DescribeTrailsCommand } from '@aws-sdk/client-cloudtrail';
import { ListKeysCommand } from '@aws-sdk/client-kms';
import { DescribeDBInstancesCommand } from '@aws-sdk/client-rds';
import { DescribeLoadBalancersCommand } from '@aws-sdk/client-elastic-load-balancing-v2';
import { DEFAULT_CLOUD_LIMITS, type CloudScanSpec, type CloudTestOutcome } from '../types.ts';
import { cloudErrorCode, errorMessage, isAuthFailure } from '../errors.ts';
import { AWS_HOME_REGION, AwsClients, awsCredentials } from './clients.ts';

/** Error codes that say the caller lacks the permission (the services differ in how they say it). */
const DENIED = new Set([
  'AccessDenied',
  'AccessDeniedException',
  'UnauthorizedOperation',
  'AuthorizationError',
  'Forbidden',
  'UnauthorizedAccess',
]);
/** Answers that say the thing read is not configured: the read itself was allowed. */
const ABSENT = new Set([
  'NoSuchEntity',
  'NoSuchBucketPolicy',
  'NoSuchPublicAccessBlockConfiguration',
  'ServerSideEncryptionConfigurationNotFoundError',
  'ReportNotPresent',
  'ReportExpired',
  'ReportInProgress',
]);

const direct = <T>(_name: string, fn: () => Promise<T>) => fn();

export async function testAws(spec: Pick<CloudScanSpec, 'credentials' | 'endpoints' | 'regions'>): Promise<CloudTestOutcome> {
  const timeout = DEFAULT_CLOUD_LIMITS.callTimeoutMs;
  let clients: AwsClients;
  let account: string | null = null;
  let who = '';
  try {
    const credentials = await awsCredentials(spec, direct, timeout);
    clients = new AwsClients(spec, credentials, timeout);
  } catch (err) {
    return {
      ok: false,
      account: null,
      missingPermissions: [],
      message: `The role could not be assumed (sts:AssumeRole): ${cloudErrorCode(err)}: ${errorMessage(err)}`,
    };
  }
  try {
    try {
      const identity = await clients.sts().send(new GetCallerIdentityCommand({}));
      account = identity.Account ?? null;
      who = identity.Arn ? ` as ${identity.Arn}` : '';
    } catch (err) {
      const why = `${cloudErrorCode(err)}: ${errorMessage(err)}`;
      return {
        ok: false,
        account: null,
        missingPermissions: [],
        message: isAuthFailure(err) ? `The credentials were refused: ${why}` : `AWS could not be reached: ${why}`,
      };
    }
    const region = spec.regions[0] ?? AWS_HOME_REGION;
    const iam = clients.iam();
    const ec2 = clients.ec2(region);
    const s3 = clients.s3();
    const buckets = await s3.send(new ListBucketsCommand({})).catch((err: unknown) => err);
    const bucket = buckets instanceof Error ? undefined : (buckets as { Buckets?: { Name?: string }[] }).Buckets?.[0]?.Name;
    const reads: [string, () => Promise<unknown>][] = [
      ['iam:GetAccountSummary', () => iam.send(new GetAccountSummaryCommand({}))],
      ['iam:GetAccountPasswordPolicy', () => iam.send(new GetAccountPasswordPolicyCommand({}))],
      ['iam:ListUsers', () => iam.send(new ListUsersCommand({ MaxItems: 1 }))],
      ['iam:GetCredentialReport', () => iam.send(new GetCredentialReportCommand({}))],
      ['s3:ListAllMyBuckets', () => (buckets instanceof Error ? Promise.reject(buckets) : Promise.resolve(buckets))],
      ['ec2:DescribeInstances', () => ec2.send(new DescribeInstancesCommand({ MaxResults: 5 }))],
      ['ec2:DescribeSecurityGroups', () => ec2.send(new DescribeSecurityGroupsCommand({ MaxResults: 5 }))],
      ['ec2:DescribeVpcs', () => ec2.send(new DescribeVpcsCommand({ MaxResults: 5 }))],
      ['ec2:DescribeFlowLogs', () => ec2.send(new DescribeFlowLogsCommand({ MaxResults: 5 }))],
      ['ec2:DescribeVolumes', () => ec2.send(new DescribeVolumesCommand({ MaxResults: 5 }))],
      ['ec2:GetEbsEncryptionByDefault', () => ec2.send(new GetEbsEncryptionByDefaultCommand({}))],
      ['cloudtrail:DescribeTrails', () => clients.cloudtrail(region).send(new DescribeTrailsCommand({}))],
      ['kms:ListKeys', () => clients.kms(region).send(new ListKeysCommand({ Limit: 1 }))],
      ['rds:DescribeDBInstances', () => clients.rds(region).send(new DescribeDBInstancesCommand({ MaxRecords: 20 }))],
      ['elasticloadbalancing:DescribeLoadBalancers', () => clients.elbv2(region).send(new DescribeLoadBalancersCommand({ PageSize: 1 }))],
    ];
    // The bucket-level reads need a bucket: the first one listed (none: they cannot be tried, and are not named).
    if (bucket) {
      const Bucket = bucket;
      reads.push(
        ['s3:GetBucketLocation', () => s3.send(new GetBucketLocationCommand({ Bucket }))],
        ['s3:GetBucketPublicAccessBlock', () => s3.send(new GetPublicAccessBlockCommand({ Bucket }))],
        ['s3:GetBucketPolicyStatus', () => s3.send(new GetBucketPolicyStatusCommand({ Bucket }))],
        ['s3:GetBucketPolicy', () => s3.send(new GetBucketPolicyCommand({ Bucket }))],
        ['s3:GetBucketAcl', () => s3.send(new GetBucketAclCommand({ Bucket }))],
        ['s3:GetEncryptionConfiguration', () => s3.send(new GetBucketEncryptionCommand({ Bucket }))],
        ['s3:GetBucketVersioning', () => s3.send(new GetBucketVersioningCommand({ Bucket }))],
        ['s3:GetBucketLogging', () => s3.send(new GetBucketLoggingCommand({ Bucket }))],
      );
    }
    const missing: string[] = [];
    const other: string[] = [];
    await Promise.all(
      reads.map(async ([permission, read]) => {
        try {
          await read();
        } catch (err) {
          const code = cloudErrorCode(err);
          if (ABSENT.has(code)) return;
          if (DENIED.has(code) || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 403)
            missing.push(permission);
          else other.push(`${permission}: ${code}: ${errorMessage(err)}`);
        }
      }),
    );
    missing.sort();
    const ok = missing.length === 0 && other.length === 0;
    const message = ok
      ? `Signed in to account ${account}${who} and read every service a scan needs.`
      : [
          missing.length
            ? `Signed in to account ${account}${who}, but ${missing.length} permission${missing.length === 1 ? ' is' : 's are'} refused: ${missing.join(', ')}.`
            : `Signed in to account ${account}${who}.`,
          ...other.map((o) => `Failed: ${o}`),
        ].join(' ');
    return { ok, account, missingPermissions: missing, message };
  } finally {
    clients.close();
  }
}
