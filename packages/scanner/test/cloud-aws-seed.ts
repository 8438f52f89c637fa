// Seeds a moto account, with the same SDK the scanner reads with, with a good and a bad resource for each AWS
// control: the cloud-aws tests scan it and bench/cloud.ts builds its large account the same way.
import {
  IAMClient,
  CreateAccessKeyCommand,
  CreateLoginProfileCommand,
  CreateUserCommand,
  CreateVirtualMFADeviceCommand,
  EnableMFADeviceCommand,
} from '@aws-sdk/client-iam';
import {
  S3Client,
  CreateBucketCommand,
  PutBucketAclCommand,
  PutBucketEncryptionCommand,
  PutBucketLoggingCommand,
  PutBucketPolicyCommand,
  PutBucketVersioningCommand,
  PutPublicAccessBlockCommand,
} from '@aws-sdk/client-s3';
import {
  EC2Client,
  AuthorizeSecurityGroupIngressCommand,
  CreateFlowLogsCommand,
  CreateSecurityGroupCommand,
  CreateSubnetCommand,
  CreateVolumeCommand,
  CreateVpcCommand,
  DescribeImagesCommand,
  DescribeSecurityGroupsCommand,
  EnableEbsEncryptionByDefaultCommand,
  RevokeSecurityGroupEgressCommand,
  RunInstancesCommand,
} from '@aws-sdk/client-ec2';
import { CloudTrailClient, CreateTrailCommand, StartLoggingCommand } from '@aws-sdk/client-cloudtrail';
import { KMSClient, CreateKeyCommand, EnableKeyRotationCommand } from '@aws-sdk/client-kms';
import { RDSClient, CreateDBInstanceCommand } from '@aws-sdk/client-rds';
import { ElasticLoadBalancingV2Client, CreateLoadBalancerCommand } from '@aws-sdk/client-elastic-load-balancing-v2';

export const MOTO_ACCOUNT = '123456789012';
export const KEY = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };

export function sdk(endpoint: string, region = 'us-east-1') {
  const config = { endpoint, region, credentials: KEY };
  return {
    iam: new IAMClient(config),
    s3: new S3Client({ ...config, forcePathStyle: true }),
    ec2: new EC2Client(config),
    cloudtrail: new CloudTrailClient(config),
    kms: new KMSClient(config),
    rds: new RDSClient(config),
    elbv2: new ElasticLoadBalancingV2Client(config),
  };
}

/** What the seed made, by role: uids the tests look results up by. */
export interface Seeded {
  region: string;
  users: { noPassword: string; consoleNoMfa: string; consoleMfa: string; twoKeys: string };
  buckets: { good: string; bad: string; log: string };
  vpcs: { flowLogs: string; none: string };
  groups: { closed: string; ssh4: string; rdp6: string; allTraffic: string; defaultClosed: string; defaultOpen: string };
  instances: { imdsv2: string; imdsv1: string; publicIp: string };
  volumes: { encrypted: string; plain: string };
  trails: { good: string; bad: string };
  keys: { rotated: string; notRotated: string };
  dbs: { good: string; bad: string };
  loadBalancer: string;
}

const ec2Arn = (region: string, what: string) => `arn:aws:ec2:${region}:${MOTO_ACCOUNT}:${what}`;

export async function seedAccount(endpoint: string, region = 'us-east-1'): Promise<Seeded> {
  const c = sdk(endpoint, region);
  // IAM: a key-only user, a console user without MFA, one with MFA, one with two active keys.
  for (const name of ['svc-key-only', 'console-no-mfa', 'console-mfa', 'two-keys'])
    await c.iam.send(new CreateUserCommand({ UserName: name }));
  await c.iam.send(new CreateAccessKeyCommand({ UserName: 'svc-key-only' }));
  await c.iam.send(new CreateLoginProfileCommand({ UserName: 'console-no-mfa', Password: 'Correct-Horse-Battery-9' }));
  await c.iam.send(new CreateLoginProfileCommand({ UserName: 'console-mfa', Password: 'Correct-Horse-Battery-9' }));
  const mfa = await c.iam.send(new CreateVirtualMFADeviceCommand({ VirtualMFADeviceName: 'console-mfa' }));
  await c.iam.send(
    new EnableMFADeviceCommand({
      UserName: 'console-mfa',
      SerialNumber: mfa.VirtualMFADevice!.SerialNumber!,
      AuthenticationCode1: '123456',
      AuthenticationCode2: '654321',
    }),
  );
  await c.iam.send(new CreateAccessKeyCommand({ UserName: 'two-keys' }));
  await c.iam.send(new CreateAccessKeyCommand({ UserName: 'two-keys' }));

  // S3: a locked-down bucket (block public access, encryption, versioning, logging, HTTPS only) and an open one.
  const good = 'bulwark-good-bucket';
  const bad = 'bulwark-public-bucket';
  const log = 'bulwark-log-bucket';
  for (const Bucket of [good, bad, log]) await c.s3.send(new CreateBucketCommand({ Bucket }));
  await c.s3.send(
    new PutPublicAccessBlockCommand({
      Bucket: good,
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        IgnorePublicAcls: true,
        BlockPublicPolicy: true,
        RestrictPublicBuckets: true,
      },
    }),
  );
  await c.s3.send(
    new PutBucketEncryptionCommand({
      Bucket: good,
      ServerSideEncryptionConfiguration: { Rules: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
    }),
  );
  await c.s3.send(new PutBucketVersioningCommand({ Bucket: good, VersioningConfiguration: { Status: 'Enabled' } }));
  await c.s3.send(
    new PutBucketAclCommand({
      Bucket: log,
      GrantWrite: 'uri="http://acs.amazonaws.com/groups/s3/LogDelivery"',
      GrantReadACP: 'uri="http://acs.amazonaws.com/groups/s3/LogDelivery"',
    }),
  );
  await c.s3.send(
    new PutBucketLoggingCommand({ Bucket: good, BucketLoggingStatus: { LoggingEnabled: { TargetBucket: log, TargetPrefix: 'good/' } } }),
  );
  await c.s3.send(
    new PutBucketPolicyCommand({
      Bucket: good,
      Policy: JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          {
            Sid: 'HttpsOnly',
            Effect: 'Deny',
            Principal: '*',
            Action: 's3:*',
            Resource: [`arn:aws:s3:::${good}`, `arn:aws:s3:::${good}/*`],
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          },
        ],
      }),
    }),
  );
  await c.s3.send(new PutBucketAclCommand({ Bucket: bad, ACL: 'public-read' }));
  await c.s3.send(
    new PutBucketPolicyCommand({
      Bucket: bad,
      Policy: JSON.stringify({
        Version: '2012-10-17',
        Statement: [{ Sid: 'Everyone', Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: `arn:aws:s3:::${bad}/*` }],
      }),
    }),
  );

  // EC2: a VPC with flow logs and one without; security groups closed, SSH to the world (IPv4), RDP to the world (IPv6).
  const vpcGood = (await c.ec2.send(new CreateVpcCommand({ CidrBlock: '10.10.0.0/16' }))).Vpc!.VpcId!;
  const vpcBad = (await c.ec2.send(new CreateVpcCommand({ CidrBlock: '10.20.0.0/16' }))).Vpc!.VpcId!;
  await c.ec2.send(
    new CreateFlowLogsCommand({
      ResourceIds: [vpcGood],
      ResourceType: 'VPC',
      TrafficType: 'ALL',
      LogDestinationType: 's3',
      LogDestination: `arn:aws:s3:::${log}`,
    }),
  );
  const subnetA = (await c.ec2.send(new CreateSubnetCommand({ VpcId: vpcGood, CidrBlock: '10.10.1.0/24', AvailabilityZone: `${region}a` })))
    .Subnet!.SubnetId!;
  const subnetB = (await c.ec2.send(new CreateSubnetCommand({ VpcId: vpcGood, CidrBlock: '10.10.2.0/24', AvailabilityZone: `${region}b` })))
    .Subnet!.SubnetId!;
  const group = async (name: string) =>
    (await c.ec2.send(new CreateSecurityGroupCommand({ GroupName: name, Description: name, VpcId: vpcGood }))).GroupId!;
  const closed = await group('bulwark-closed');
  await c.ec2.send(
    new RevokeSecurityGroupEgressCommand({ GroupId: closed, IpPermissions: [{ IpProtocol: '-1', IpRanges: [{ CidrIp: '0.0.0.0/0' }] }] }),
  );
  await c.ec2.send(
    new AuthorizeSecurityGroupIngressCommand({
      GroupId: closed,
      IpPermissions: [{ IpProtocol: 'tcp', FromPort: 22, ToPort: 22, IpRanges: [{ CidrIp: '10.0.0.0/8' }] }],
    }),
  );
  const ssh4 = await group('bulwark-ssh-world');
  await c.ec2.send(
    new AuthorizeSecurityGroupIngressCommand({
      GroupId: ssh4,
      IpPermissions: [{ IpProtocol: 'tcp', FromPort: 22, ToPort: 22, IpRanges: [{ CidrIp: '0.0.0.0/0' }] }],
    }),
  );
  const rdp6 = await group('bulwark-rdp-world-v6');
  await c.ec2.send(
    new AuthorizeSecurityGroupIngressCommand({
      GroupId: rdp6,
      IpPermissions: [{ IpProtocol: 'tcp', FromPort: 3000, ToPort: 4000, Ipv6Ranges: [{ CidrIpv6: '::/0' }] }],
    }),
  );
  const allTraffic = await group('bulwark-all-world');
  await c.ec2.send(
    new AuthorizeSecurityGroupIngressCommand({
      GroupId: allTraffic,
      IpPermissions: [{ IpProtocol: '-1', IpRanges: [{ CidrIp: '0.0.0.0/0' }] }],
    }),
  );

  // The default groups of the two VPCs: one emptied (as CIS 5.4 asks), one left as AWS makes it (egress to all).
  const defaultOf = async (vpc: string) =>
    (
      await c.ec2.send(
        new DescribeSecurityGroupsCommand({
          Filters: [
            { Name: 'vpc-id', Values: [vpc] },
            { Name: 'group-name', Values: ['default'] },
          ],
        }),
      )
    ).SecurityGroups![0]!.GroupId!;
  const defaultClosed = await defaultOf(vpcGood);
  const defaultOpen = await defaultOf(vpcBad);
  await c.ec2.send(
    new RevokeSecurityGroupEgressCommand({
      GroupId: defaultClosed,
      IpPermissions: [{ IpProtocol: '-1', IpRanges: [{ CidrIp: '0.0.0.0/0' }] }],
    }),
  );

  const image = (await c.ec2.send(new DescribeImagesCommand({}))).Images![0]!.ImageId!;
  const run = async (tokens: 'required' | 'optional') =>
    (
      await c.ec2.send(
        new RunInstancesCommand({
          ImageId: image,
          MinCount: 1,
          MaxCount: 1,
          InstanceType: 't3.micro',
          SubnetId: subnetA,
          MetadataOptions: { HttpTokens: tokens, HttpEndpoint: 'enabled' },
        }),
      )
    ).Instances![0]!.InstanceId!;
  const imdsv2 = await run('required');
  const imdsv1 = await run('optional');
  const publicIp = (
    await c.ec2.send(
      new RunInstancesCommand({
        ImageId: image,
        MinCount: 1,
        MaxCount: 1,
        InstanceType: 't3.micro',
        NetworkInterfaces: [{ DeviceIndex: 0, SubnetId: subnetA, AssociatePublicIpAddress: true }],
        MetadataOptions: { HttpTokens: 'required', HttpEndpoint: 'enabled' },
      }),
    )
  ).Instances![0]!.InstanceId!;
  const volume = async (Encrypted: boolean) =>
    (await c.ec2.send(new CreateVolumeCommand({ AvailabilityZone: `${region}a`, Size: 8, Encrypted }))).VolumeId!;
  const encrypted = await volume(true);
  const plain = await volume(false);

  // KMS: a key with rotation and one without; CloudTrail: a multi-region, validated, encrypted trail and a bare one.
  const rotated = (await c.kms.send(new CreateKeyCommand({ Description: 'bulwark rotated' }))).KeyMetadata!;
  await c.kms.send(new EnableKeyRotationCommand({ KeyId: rotated.KeyId }));
  const notRotated = (await c.kms.send(new CreateKeyCommand({ Description: 'bulwark not rotated' }))).KeyMetadata!;
  const goodTrail = await c.cloudtrail.send(
    new CreateTrailCommand({
      Name: 'bulwark-org-trail',
      S3BucketName: log,
      IsMultiRegionTrail: true,
      EnableLogFileValidation: true,
      KmsKeyId: rotated.Arn,
    }),
  );
  await c.cloudtrail.send(new StartLoggingCommand({ Name: 'bulwark-org-trail' }));
  const badTrail = await c.cloudtrail.send(new CreateTrailCommand({ Name: 'bulwark-bare-trail', S3BucketName: log }));

  // RDS: a private encrypted database and a public unencrypted one; a load balancer.
  const db = async (id: string, pub: boolean) =>
    (
      await c.rds.send(
        new CreateDBInstanceCommand({
          DBInstanceIdentifier: id,
          DBInstanceClass: 'db.t3.micro',
          Engine: 'postgres',
          AllocatedStorage: 20,
          MasterUsername: 'admin_user',
          MasterUserPassword: 'Correct-Horse-Battery-9',
          PubliclyAccessible: pub,
          StorageEncrypted: !pub,
          AutoMinorVersionUpgrade: !pub,
        }),
      )
    ).DBInstance!.DBInstanceArn!;
  const dbGood = await db('bulwark-private-db', false);
  const dbBad = await db('bulwark-public-db', true);
  const lb = await c.elbv2.send(
    new CreateLoadBalancerCommand({ Name: 'bulwark-web', Subnets: [subnetA, subnetB], Scheme: 'internet-facing' }),
  );

  for (const client of Object.values(c)) client.destroy();
  const userArn = (name: string) => `arn:aws:iam::${MOTO_ACCOUNT}:user/${name}`;
  return {
    region,
    users: {
      noPassword: userArn('svc-key-only'),
      consoleNoMfa: userArn('console-no-mfa'),
      consoleMfa: userArn('console-mfa'),
      twoKeys: userArn('two-keys'),
    },
    buckets: { good: `arn:aws:s3:::${good}`, bad: `arn:aws:s3:::${bad}`, log: `arn:aws:s3:::${log}` },
    vpcs: { flowLogs: ec2Arn(region, `vpc/${vpcGood}`), none: ec2Arn(region, `vpc/${vpcBad}`) },
    groups: {
      closed: ec2Arn(region, `security-group/${closed}`),
      ssh4: ec2Arn(region, `security-group/${ssh4}`),
      rdp6: ec2Arn(region, `security-group/${rdp6}`),
      allTraffic: ec2Arn(region, `security-group/${allTraffic}`),
      defaultClosed: ec2Arn(region, `security-group/${defaultClosed}`),
      defaultOpen: ec2Arn(region, `security-group/${defaultOpen}`),
    },
    instances: {
      imdsv2: ec2Arn(region, `instance/${imdsv2}`),
      imdsv1: ec2Arn(region, `instance/${imdsv1}`),
      publicIp: ec2Arn(region, `instance/${publicIp}`),
    },
    volumes: { encrypted: ec2Arn(region, `volume/${encrypted}`), plain: ec2Arn(region, `volume/${plain}`) },
    trails: { good: goodTrail.TrailARN!, bad: badTrail.TrailARN! },
    keys: { rotated: rotated.Arn!, notRotated: notRotated.Arn! },
    dbs: { good: dbGood, bad: dbBad },
    loadBalancer: lb.LoadBalancers![0]!.LoadBalancerArn!,
  };
}

/** Turns on EBS encryption by default in the region (the account-level control's passing state). */
export async function enableEbsDefaultEncryption(endpoint: string, region: string): Promise<void> {
  const ec2 = new EC2Client({ endpoint, region, credentials: KEY });
  await ec2.send(new EnableEbsEncryptionByDefaultCommand({}));
  ec2.destroy();
}
