// The AWS controls: the CIS Amazon Web Services Foundations Benchmark recommendations the collected answers show
// (v3.0.0 numbering), and a few of Bulwark's own (reference '') where the benchmark leaves a gap the issue names
// (public buckets by policy or ACL, bucket encryption and versioning, public instances, encrypted volumes). Each
// evaluates what collect.ts gathered, without calls; the evidence is the API answer's field that decides.
import type { CloudControl, CloudControlInfo, CloudControlResult, CloudControlStatus, CloudInventory, CloudResource } from '../types.ts';

const CIS = 'CIS Amazon Web Services Foundations Benchmark v3.0.0';
const OWN = 'Bulwark';

type Verdict = { status: CloudControlStatus; evidence: unknown; message?: string };
type Info = Omit<CloudControlInfo, 'provider' | 'benchmark'> & { benchmark?: string };

const show = (evidence: unknown): string => (typeof evidence === 'string' ? evidence : JSON.stringify(evidence));
const DAY = 86_400_000;
const now = (inventory: CloudInventory): number => Date.parse(String(inventory.facts.scannedAt ?? '')) || Date.now();
const daysSince = (inventory: CloudInventory, date: string | null | undefined): number | null =>
  date ? Math.floor((now(inventory) - Date.parse(date)) / DAY) : null;

/**
 * A control evaluated on each resource of its type. `reads` names the resource properties it needs and the calls
 * that fill them: a property left undefined (the call failed) gives status error with the call's message.
 */
function perResource(
  info: Info,
  reads: Record<string, string>,
  check: (p: Record<string, unknown>, r: CloudResource, inv: CloudInventory) => Verdict,
): CloudControl {
  return {
    ...info,
    provider: 'aws',
    benchmark: info.benchmark ?? CIS,
    evaluate: (inventory) =>
      inventory.resources
        .filter((r) => r.type === info.resourceType)
        .map((r): CloudControlResult => {
          const unreadable = (r.properties.unreadable ?? {}) as Record<string, string>;
          for (const [property, call] of Object.entries(reads))
            if (r.properties[property] === undefined || unreadable[call])
              return {
                control: info.id,
                resource: r.uid,
                status: 'error',
                evidence: '',
                message: `${call} could not be read: ${unreadable[call] ?? 'no answer'}`,
              };
          const v = check(r.properties, r, inventory);
          return {
            control: info.id,
            resource: r.uid,
            status: v.status,
            evidence: show(v.evidence),
            ...(v.message ? { message: v.message } : {}),
          };
        }),
  };
}

/** A control on the account (resource null), reading account-level facts filled by the named calls. */
function perAccount(
  info: Info,
  reads: Record<string, string>,
  check: (facts: Record<string, unknown>, inv: CloudInventory) => Verdict,
): CloudControl {
  return {
    ...info,
    provider: 'aws',
    benchmark: info.benchmark ?? CIS,
    resourceType: 'account',
    evaluate: (inventory) => {
      for (const [fact, call] of Object.entries(reads))
        if (inventory.facts[fact] === undefined) {
          const failure = inventory.failures.find((f) => f.call === call);
          return [
            {
              control: info.id,
              resource: null,
              status: 'error',
              evidence: '',
              message: `${call} could not be read: ${failure ? `${failure.code}: ${failure.message}` : 'no answer'}`,
            },
          ];
        }
      const v = check(inventory.facts, inventory);
      return [
        { control: info.id, resource: null, status: v.status, evidence: show(v.evidence), ...(v.message ? { message: v.message } : {}) },
      ];
    },
  };
}

const pass = (evidence: unknown): Verdict => ({ status: 'pass', evidence });
const fail = (evidence: unknown): Verdict => ({ status: 'fail', evidence });
const na = (evidence: unknown): Verdict => ({ status: 'not_applicable', evidence });
const verdict = (ok: boolean, evidence: unknown): Verdict => (ok ? pass(evidence) : fail(evidence));

type Summary = Record<string, number>;
type PasswordPolicy = Record<string, unknown> | null;
type AccessKey = { active: boolean; lastRotated: string | null; lastUsed: string | null };
type Ingress = { protocol: string; fromPort: number | null; toPort: number | null; ipv4: string[]; ipv6: string[] };

/** Whether an ingress rule lets `cidr` reach port 22 or 3389 (all protocols, or TCP ranges covering them). */
function adminIngress(rules: Ingress[], family: 'ipv4' | 'ipv6'): Ingress[] {
  const world = family === 'ipv4' ? '0.0.0.0/0' : '::/0';
  return rules.filter((rule) => {
    if (!rule[family].includes(world)) return false;
    if (rule.protocol === '-1') return true;
    if (rule.protocol !== 'tcp' && rule.protocol !== '6') return false;
    const from = rule.fromPort ?? 0;
    const to = rule.toPort ?? 65535;
    return [22, 3389].some((port) => port >= from && port <= to);
  });
}

/** The Allow statements of a bucket policy for every principal ("*" or {"AWS": "*"}) with no condition. */
function publicStatements(policy: unknown): Record<string, unknown>[] {
  const doc = policy as { Statement?: unknown } | null;
  const statements = (Array.isArray(doc?.Statement) ? doc.Statement : doc?.Statement ? [doc.Statement] : []) as Record<string, unknown>[];
  const everyone = (principal: unknown): boolean => {
    if (principal === '*') return true;
    if (principal && typeof principal === 'object') {
      const aws = (principal as Record<string, unknown>).AWS;
      return aws === '*' || (Array.isArray(aws) && aws.includes('*'));
    }
    return false;
  };
  return statements.filter((s) => s.Effect === 'Allow' && everyone(s.Principal) && !s.Condition);
}

const PUBLIC_GRANTEES = ['http://acs.amazonaws.com/groups/global/AllUsers', 'http://acs.amazonaws.com/groups/global/AuthenticatedUsers'];

export const AWS_CONTROLS: readonly CloudControl[] = [
  perAccount(
    {
      id: 'aws-iam-root-access-keys',
      reference: '1.4',
      title: 'No access key exists for the root user',
      description:
        'The root user has unrestricted access to every resource of the account; an access key of it can be used from anywhere without a second factor.',
      solution:
        'Sign in as the root user, open Security credentials, delete its access keys, and use IAM users or roles for programmatic access.',
      severity: 4,
      service: 'iam',
      resourceType: 'account',
    },
    { accountSummary: 'iam:GetAccountSummary' },
    (f) => {
      const present = (f.accountSummary as Summary).AccountAccessKeysPresent ?? 0;
      return verdict(present === 0, { AccountAccessKeysPresent: present });
    },
  ),
  perAccount(
    {
      id: 'aws-iam-root-mfa',
      reference: '1.5',
      title: 'MFA is enabled for the root user',
      description: 'Without a second factor the root user, which can do anything in the account, is protected by its password alone.',
      solution: 'Sign in as the root user, open Security credentials and assign an MFA device (a hardware key is best).',
      severity: 4,
      service: 'iam',
      resourceType: 'account',
    },
    { accountSummary: 'iam:GetAccountSummary' },
    (f) => {
      const enabled = (f.accountSummary as Summary).AccountMFAEnabled ?? 0;
      return verdict(enabled === 1, { AccountMFAEnabled: enabled });
    },
  ),
  perAccount(
    {
      id: 'aws-iam-password-length',
      reference: '1.8',
      title: 'The IAM password policy requires at least 14 characters',
      description: 'Short passwords of console users are easier to guess or crack.',
      solution: 'IAM → Account settings → Password policy: set the minimum password length to 14 or more.',
      severity: 2,
      service: 'iam',
      resourceType: 'account',
    },
    { passwordPolicy: 'iam:GetAccountPasswordPolicy' },
    (f) => {
      const policy = f.passwordPolicy as PasswordPolicy;
      if (!policy) return fail('GetAccountPasswordPolicy: NoSuchEntity (the account has no password policy)');
      const length = Number(policy.MinimumPasswordLength ?? 0);
      return verdict(length >= 14, { MinimumPasswordLength: length });
    },
  ),
  perAccount(
    {
      id: 'aws-iam-password-reuse',
      reference: '1.9',
      title: 'The IAM password policy prevents password reuse',
      description: 'Reusing earlier passwords keeps a leaked password useful; the benchmark asks for the last 24 to be remembered.',
      solution: 'IAM → Account settings → Password policy: prevent password reuse, remembering 24 passwords.',
      severity: 2,
      service: 'iam',
      resourceType: 'account',
    },
    { passwordPolicy: 'iam:GetAccountPasswordPolicy' },
    (f) => {
      const policy = f.passwordPolicy as PasswordPolicy;
      if (!policy) return fail('GetAccountPasswordPolicy: NoSuchEntity (the account has no password policy)');
      const reuse = Number(policy.PasswordReusePrevention ?? 0);
      return verdict(reuse >= 24, { PasswordReusePrevention: policy.PasswordReusePrevention ?? null });
    },
  ),
  perResource(
    {
      id: 'aws-iam-user-console-mfa',
      reference: '1.10',
      title: 'MFA is enabled for every IAM user with a console password',
      description: 'A console user without a second factor can be signed in as with a guessed or leaked password.',
      solution:
        'Assign an MFA device to the user (IAM → Users → Security credentials), or remove the console password if it is not needed.',
      severity: 3,
      service: 'iam',
      resourceType: 'aws.iam.user',
    },
    { passwordEnabled: 'iam:GetCredentialReport' },
    (p) => {
      const evidence = { password_enabled: p.passwordEnabled, mfa_active: p.mfaActive };
      if (!p.passwordEnabled) return na(evidence);
      return verdict(p.mfaActive === true, evidence);
    },
  ),
  perResource(
    {
      id: 'aws-iam-unused-credentials',
      reference: '1.12',
      title: 'Credentials unused for 45 days or more are disabled',
      description: 'A password or access key nobody uses is a way in that nobody watches.',
      solution:
        'Deactivate the access keys and remove the console password of credentials unused for 45 days (IAM → Users → Security credentials).',
      severity: 2,
      service: 'iam',
      resourceType: 'aws.iam.user',
    },
    { passwordEnabled: 'iam:GetCredentialReport' },
    (p, _r, inv) => {
      const stale: string[] = [];
      const created = p.createDate as string | null;
      if (p.passwordEnabled) {
        const days = daysSince(inv, (p.passwordLastUsed as string | null) ?? created);
        if (days !== null && days >= 45) stale.push(`password unused for ${days} days`);
      }
      for (const [i, key] of (p.accessKeys as AccessKey[]).entries()) {
        if (!key.active) continue;
        const days = daysSince(inv, key.lastUsed ?? key.lastRotated);
        if (days !== null && days >= 45) stale.push(`access key ${i + 1} unused for ${days} days`);
      }
      const evidence = { password_enabled: p.passwordEnabled, password_last_used: p.passwordLastUsed, access_keys: p.accessKeys, stale };
      if (!p.passwordEnabled && !(p.accessKeys as AccessKey[]).some((k) => k.active)) return na(evidence);
      return verdict(stale.length === 0, evidence);
    },
  ),
  perResource(
    {
      id: 'aws-iam-one-active-key',
      reference: '1.13',
      title: 'An IAM user has at most one active access key',
      description: 'Two active keys double what can leak; a second key is meant only for the moment of rotation.',
      solution: 'Deactivate and delete the access key that is no longer used.',
      severity: 1,
      service: 'iam',
      resourceType: 'aws.iam.user',
    },
    { accessKeys: 'iam:GetCredentialReport' },
    (p) => {
      const active = (p.accessKeys as AccessKey[]).filter((k) => k.active).length;
      return verdict(active <= 1, { active_access_keys: active });
    },
  ),
  perResource(
    {
      id: 'aws-iam-key-rotation',
      reference: '1.14',
      title: 'Access keys are rotated every 90 days or less',
      description: 'An old access key has had a long time to leak (in code, logs or laptops) and still works.',
      solution: 'Create a new access key, move its users to it, then deactivate and delete the old one.',
      severity: 2,
      service: 'iam',
      resourceType: 'aws.iam.user',
    },
    { accessKeys: 'iam:GetCredentialReport' },
    (p, _r, inv) => {
      const active = (p.accessKeys as AccessKey[]).filter((k) => k.active);
      const evidence = active.map((k) => ({ last_rotated: k.lastRotated, days: daysSince(inv, k.lastRotated) }));
      if (active.length === 0) return na({ active_access_keys: 0 });
      return verdict(
        evidence.every((k) => k.days !== null && k.days <= 90),
        { access_keys: evidence },
      );
    },
  ),
  perResource(
    {
      id: 'aws-s3-block-public-access',
      reference: '2.1.4',
      title: 'S3 bucket blocks public access',
      description: 'Without Block Public Access, one policy or ACL change can make the bucket’s objects readable by anyone.',
      solution: 'S3 → the bucket → Permissions → Block public access: turn on all four settings.',
      severity: 3,
      service: 's3',
      resourceType: 'aws.s3.bucket',
    },
    { publicAccessBlock: 's3:GetBucketPublicAccessBlock' },
    (p) => {
      const block = p.publicAccessBlock as Record<string, boolean> | null;
      if (!block) return fail('GetPublicAccessBlock: NoSuchPublicAccessBlockConfiguration');
      const all = ['BlockPublicAcls', 'IgnorePublicAcls', 'BlockPublicPolicy', 'RestrictPublicBuckets'].every((k) => block[k] === true);
      return verdict(all, { PublicAccessBlockConfiguration: block });
    },
  ),
  perResource(
    {
      id: 'aws-s3-public-policy',
      reference: '',
      benchmark: OWN,
      title: 'S3 bucket is not public through its bucket policy',
      description:
        'The bucket policy grants access to anyone (AWS says the policy status is public): its objects can be read or written without credentials.',
      solution: 'Remove the statements with Principal "*" (or limit them with conditions) and turn on Block public access.',
      severity: 4,
      service: 's3',
      resourceType: 'aws.s3.bucket',
    },
    { policy: 's3:GetBucketPolicy' },
    (p) => {
      // Public when AWS says so (GetBucketPolicyStatus), or when an Allow statement names every principal with no
      // condition (what AWS counts as public, short of its condition analysis; read too where the status is missing).
      const status = p.policyStatus as { IsPublic: boolean } | undefined;
      if (status?.IsPublic === true) return fail({ PolicyStatus: status });
      const open = publicStatements(p.policy);
      if (open.length) return fail({ Statement: open });
      return pass(status ? { PolicyStatus: status } : { Policy: p.policy === null ? 'none' : 'no statement open to everyone' });
    },
  ),
  perResource(
    {
      id: 'aws-s3-public-acl',
      reference: '',
      benchmark: OWN,
      title: 'S3 bucket is not public through its ACL',
      description: 'The bucket ACL grants a permission to everyone (AllUsers) or to every AWS account (AuthenticatedUsers).',
      solution:
        'Remove the AllUsers and AuthenticatedUsers grants, set Object Ownership to "Bucket owner enforced" and turn on Block public access.',
      severity: 4,
      service: 's3',
      resourceType: 'aws.s3.bucket',
    },
    { grants: 's3:GetBucketAcl' },
    (p) => {
      const open = (p.grants as { grantee: string; permission: string }[]).filter((g) => PUBLIC_GRANTEES.includes(g.grantee));
      return verdict(open.length === 0, { public_grants: open });
    },
  ),
  perResource(
    {
      id: 'aws-s3-deny-http',
      reference: '2.1.1',
      title: 'S3 bucket policy denies HTTP requests',
      description: 'Without a statement denying requests where aws:SecureTransport is false, the bucket answers over plain HTTP.',
      solution: 'Add a bucket policy statement: Effect Deny, Principal "*", Action "s3:*", Condition Bool aws:SecureTransport "false".',
      severity: 2,
      service: 's3',
      resourceType: 'aws.s3.bucket',
    },
    { policy: 's3:GetBucketPolicy' },
    (p) => {
      const doc = p.policy as { Statement?: unknown } | null;
      const statements = (Array.isArray(doc?.Statement) ? doc.Statement : doc?.Statement ? [doc.Statement] : []) as Record<
        string,
        unknown
      >[];
      const denies = statements.filter((s) => {
        const condition = JSON.stringify(s.Condition ?? {});
        return s.Effect === 'Deny' && /"aws:SecureTransport":\s*(?:\[\s*)?"?false"?/i.test(condition);
      });
      return verdict(
        denies.length > 0,
        denies.length
          ? { Statement: denies }
          : doc
            ? 'No Deny statement on aws:SecureTransport false'
            : 'GetBucketPolicy: NoSuchBucketPolicy',
      );
    },
  ),
  perResource(
    {
      id: 'aws-s3-encryption',
      reference: '',
      benchmark: OWN,
      title: 'S3 bucket has default encryption',
      description: 'Objects are stored without server-side encryption by default (CIS v1.4.0 2.1.1).',
      solution: 'S3 → the bucket → Properties → Default encryption: SSE-S3 or SSE-KMS.',
      severity: 2,
      service: 's3',
      resourceType: 'aws.s3.bucket',
    },
    { encryption: 's3:GetEncryptionConfiguration' },
    (p) => {
      const rules = p.encryption as { algorithm: string | null }[];
      return verdict(
        rules.some((r) => r.algorithm),
        rules.length ? { Rules: rules } : 'GetBucketEncryption: ServerSideEncryptionConfigurationNotFoundError',
      );
    },
  ),
  perResource(
    {
      id: 'aws-s3-versioning',
      reference: '',
      benchmark: OWN,
      title: 'S3 bucket has versioning enabled',
      description: 'Without versioning an overwritten or deleted object cannot be recovered (ransomware, mistakes).',
      solution: 'S3 → the bucket → Properties → Bucket versioning: Enable.',
      severity: 1,
      service: 's3',
      resourceType: 'aws.s3.bucket',
    },
    { versioning: 's3:GetBucketVersioning' },
    (p) => {
      const v = p.versioning as { Status: string };
      return verdict(v.Status === 'Enabled', { Status: v.Status });
    },
  ),
  perResource(
    {
      id: 'aws-s3-access-logging',
      reference: '',
      benchmark: OWN,
      title: 'S3 bucket has server access logging',
      description:
        'Without access logs, who read or changed the bucket’s objects cannot be found out afterwards (for the CloudTrail bucket CIS 3.4 asks for it).',
      solution: 'S3 → the bucket → Properties → Server access logging: enable it to a log bucket.',
      severity: 1,
      service: 's3',
      resourceType: 'aws.s3.bucket',
    },
    { logging: 's3:GetBucketLogging' },
    (p) => verdict(p.logging !== null, { LoggingEnabled: p.logging }),
  ),
  perAccount(
    {
      id: 'aws-cloudtrail-multi-region',
      reference: '3.1',
      title: 'CloudTrail is enabled in all regions',
      description: 'Without a logging multi-region trail, API activity in some regions (where an attacker would go) is not recorded.',
      solution: 'CloudTrail → Create trail: apply it to all regions, with management events Read and Write, and keep it logging.',
      severity: 3,
      service: 'cloudtrail',
      resourceType: 'account',
    },
    {},
    (_f, inv) => {
      if (inv.failures.some((f) => f.call === 'cloudtrail:DescribeTrails'))
        return { status: 'error', evidence: '', message: 'cloudtrail:DescribeTrails could not be read in every region.' };
      const trails = inv.resources.filter((r) => r.type === 'aws.cloudtrail.trail');
      const good = trails.filter((t) => t.properties.isMultiRegionTrail === true && t.properties.isLogging !== false);
      return verdict(good.length > 0, {
        trails: trails.map((t) => ({
          Name: t.name,
          IsMultiRegionTrail: t.properties.isMultiRegionTrail,
          IsLogging: t.properties.isLogging,
        })),
      });
    },
  ),
  perResource(
    {
      id: 'aws-cloudtrail-log-validation',
      reference: '3.2',
      title: 'CloudTrail log file validation is enabled',
      description: 'Without digest files, a log file changed or deleted after delivery cannot be noticed.',
      solution: 'CloudTrail → the trail → General details: enable log file validation.',
      severity: 2,
      service: 'cloudtrail',
      resourceType: 'aws.cloudtrail.trail',
    },
    {},
    (p) => verdict(p.logFileValidationEnabled === true, { LogFileValidationEnabled: p.logFileValidationEnabled }),
  ),
  perResource(
    {
      id: 'aws-cloudtrail-kms',
      reference: '3.5',
      title: 'CloudTrail logs are encrypted with a KMS key',
      description: 'Encrypting the trail with a customer-managed KMS key adds a separate permission needed to read the logs.',
      solution: 'CloudTrail → the trail → General details: enable SSE-KMS encryption with a customer-managed key.',
      severity: 2,
      service: 'cloudtrail',
      resourceType: 'aws.cloudtrail.trail',
    },
    {},
    (p) => verdict(!!p.kmsKeyId, { KmsKeyId: p.kmsKeyId }),
  ),
  perResource(
    {
      id: 'aws-kms-rotation',
      reference: '3.6',
      title: 'Rotation is enabled for customer-created symmetric KMS keys',
      description: 'Rotating the key material each year limits how much data one key protects.',
      solution: 'KMS → Customer managed keys → the key → Key rotation: automatically rotate this key every year.',
      severity: 2,
      service: 'kms',
      resourceType: 'aws.kms.key',
    },
    { keyManager: 'kms:DescribeKey', rotationEnabled: 'kms:GetKeyRotationStatus' },
    (p) => {
      const evidence = { KeyManager: p.keyManager, KeySpec: p.keySpec, KeyState: p.keyState, KeyRotationEnabled: p.rotationEnabled };
      if (p.rotationEnabled === null) return na(evidence);
      return verdict(p.rotationEnabled === true, evidence);
    },
  ),
  perResource(
    {
      id: 'aws-vpc-flow-logs',
      reference: '3.7',
      title: 'VPC flow logging is enabled in every VPC',
      description: 'Without flow logs, traffic to and from the VPC’s interfaces cannot be reviewed after an incident.',
      solution: 'VPC → the VPC → Flow logs → Create flow log (filter Reject or All) to CloudWatch Logs or S3.',
      severity: 2,
      service: 'ec2',
      resourceType: 'aws.ec2.vpc',
    },
    { flowLogs: 'ec2:DescribeFlowLogs' },
    (p) => {
      const logs = p.flowLogs as { id: string; status: string }[];
      return verdict(logs.length > 0, logs.length ? { FlowLogs: logs } : { VpcId: p.vpcId, FlowLogs: [] });
    },
  ),
  perResource(
    {
      id: 'aws-ec2-sg-admin-ipv4',
      reference: '5.2',
      title: 'No security group allows ingress from 0.0.0.0/0 to remote administration ports',
      description: 'SSH (22) or RDP (3389) open to the whole internet invites password guessing and exploits of the service.',
      solution:
        'Remove the rule for 0.0.0.0/0 on ports 22 and 3389; allow only the addresses that administer the hosts, or use Session Manager.',
      severity: 3,
      service: 'ec2',
      resourceType: 'aws.ec2.security-group',
    },
    { ingress: 'ec2:DescribeSecurityGroups' },
    (p) => {
      const open = adminIngress(p.ingress as Ingress[], 'ipv4');
      return verdict(open.length === 0, open.length ? { IpPermissions: open } : { GroupId: p.groupId, adminPortsOpenToWorld: false });
    },
  ),
  perResource(
    {
      id: 'aws-ec2-sg-admin-ipv6',
      reference: '5.3',
      title: 'No security group allows ingress from ::/0 to remote administration ports',
      description: 'SSH (22) or RDP (3389) open to every IPv6 address invites password guessing and exploits of the service.',
      solution: 'Remove the rule for ::/0 on ports 22 and 3389; allow only the addresses that administer the hosts.',
      severity: 3,
      service: 'ec2',
      resourceType: 'aws.ec2.security-group',
    },
    { ingress: 'ec2:DescribeSecurityGroups' },
    (p) => {
      const open = adminIngress(p.ingress as Ingress[], 'ipv6');
      return verdict(open.length === 0, open.length ? { IpPermissions: open } : { GroupId: p.groupId, adminPortsOpenToWorld: false });
    },
  ),
  perResource(
    {
      id: 'aws-ec2-default-sg-closed',
      reference: '5.4',
      title: 'The default security group restricts all traffic',
      description: 'Resources launched without a group choice land in the default group; it should let nothing in or out.',
      solution: 'Remove every inbound and outbound rule of each VPC’s default security group and give resources their own groups.',
      severity: 1,
      service: 'ec2',
      resourceType: 'aws.ec2.security-group',
    },
    { ingress: 'ec2:DescribeSecurityGroups' },
    (p, r) => {
      const evidence = { GroupName: r.name, IpPermissions: (p.ingress as Ingress[]).length, IpPermissionsEgress: p.egressRules };
      if (r.name !== 'default') return na({ GroupName: r.name });
      return verdict((p.ingress as Ingress[]).length === 0 && p.egressRules === 0, evidence);
    },
  ),
  perResource(
    {
      id: 'aws-ec2-imdsv2',
      reference: '5.6',
      title: 'EC2 instance requires IMDSv2',
      description:
        'With IMDSv1 allowed, a server-side request forgery in the instance’s software can read its role credentials from the metadata service.',
      solution:
        'Set the instance’s metadata options to HttpTokens required (aws ec2 modify-instance-metadata-options --http-tokens required).',
      severity: 2,
      service: 'ec2',
      resourceType: 'aws.ec2.instance',
    },
    { metadataOptions: 'ec2:DescribeInstances' },
    (p) => {
      const m = p.metadataOptions as { HttpTokens: string; HttpEndpoint: string };
      if (m.HttpEndpoint === 'disabled') return pass({ MetadataOptions: m });
      return verdict(m.HttpTokens === 'required', { MetadataOptions: m });
    },
  ),
  perResource(
    {
      id: 'aws-ec2-public-ip',
      reference: '',
      benchmark: OWN,
      title: 'EC2 instance has no public IP address',
      description: 'An instance with a public address is reachable from the internet wherever its security groups allow.',
      solution: 'Launch instances in private subnets behind a load balancer or NAT, and release public addresses that are not needed.',
      severity: 1,
      service: 'ec2',
      resourceType: 'aws.ec2.instance',
    },
    {},
    (p) => verdict(!p.publicIp, { PublicIpAddress: p.publicIp ?? null }),
  ),
  perAccount(
    {
      id: 'aws-ec2-ebs-default-encryption',
      reference: '2.2.1',
      title: 'EBS volume encryption is enabled by default in all regions',
      description:
        'Without encryption by default, new EBS volumes and snapshots of a region are stored unencrypted unless each launch asks for it.',
      solution:
        'EC2 → Settings → EBS encryption: always encrypt new EBS volumes, in every region (aws ec2 enable-ebs-encryption-by-default).',
      severity: 2,
      service: 'ec2',
      resourceType: 'account',
    },
    { ebsEncryptionByDefault: 'ec2:GetEbsEncryptionByDefault' },
    (f, inv) => {
      const byRegion = f.ebsEncryptionByDefault as Record<string, boolean>;
      if (inv.failures.some((x) => x.call === 'ec2:GetEbsEncryptionByDefault'))
        return {
          status: 'error',
          evidence: show({ EbsEncryptionByDefault: byRegion }),
          message: 'ec2:GetEbsEncryptionByDefault could not be read in every region.',
        };
      const off = Object.entries(byRegion)
        .filter(([, on]) => !on)
        .map(([region]) => region);
      return verdict(off.length === 0, { EbsEncryptionByDefault: byRegion });
    },
  ),
  perResource(
    {
      id: 'aws-ec2-volume-encrypted',
      reference: '',
      benchmark: OWN,
      title: 'EBS volume is encrypted',
      description: 'The volume’s data and its snapshots are stored unencrypted.',
      solution:
        'Snapshot the volume, copy the snapshot with encryption, create a volume from it and swap it in; enable EBS encryption by default.',
      severity: 2,
      service: 'ec2',
      resourceType: 'aws.ec2.volume',
    },
    {},
    (p) => verdict(p.encrypted === true, { Encrypted: p.encrypted }),
  ),
  perResource(
    {
      id: 'aws-rds-encrypted',
      reference: '2.3.1',
      title: 'RDS instance storage is encrypted',
      description: 'The database’s storage, backups and snapshots are stored unencrypted.',
      solution: 'Snapshot the instance, copy the snapshot with encryption, restore from it and switch the application over.',
      severity: 2,
      service: 'rds',
      resourceType: 'aws.rds.instance',
    },
    {},
    (p) => verdict(p.storageEncrypted === true, { StorageEncrypted: p.storageEncrypted }),
  ),
  perResource(
    {
      id: 'aws-rds-auto-minor-upgrade',
      reference: '2.3.2',
      title: 'RDS instance applies minor version upgrades automatically',
      description: 'Minor versions carry security fixes; without automatic upgrades they wait for someone to remember.',
      solution: 'RDS → the instance → Modify → Maintenance: enable auto minor version upgrade.',
      severity: 1,
      service: 'rds',
      resourceType: 'aws.rds.instance',
    },
    {},
    (p) => verdict(p.autoMinorVersionUpgrade === true, { AutoMinorVersionUpgrade: p.autoMinorVersionUpgrade }),
  ),
  perResource(
    {
      id: 'aws-rds-not-public',
      reference: '2.3.3',
      title: 'RDS instance is not publicly accessible',
      description: 'A publicly accessible database has an address on the internet; only its security group stands between it and everyone.',
      solution: 'RDS → the instance → Modify → Connectivity: set Public access to "Not publicly accessible".',
      severity: 3,
      service: 'rds',
      resourceType: 'aws.rds.instance',
    },
    {},
    (p) => verdict(p.publiclyAccessible !== true, { PubliclyAccessible: p.publiclyAccessible, Endpoint: p.endpoint }),
  ),
];
