// The CIS Oracle Cloud Infrastructure Foundations Benchmark (v1.2.0) recommendations readable through the APIs the
// collector reads, each a pure evaluation of the inventory with the API answer as evidence; a few of Bulwark's own
// (reference '').
import type { CloudControl, CloudControlInfo, CloudControlResult, CloudControlStatus, CloudInventory, CloudResource } from '../types.ts';
import { oracleCallName, type OracleCall } from './collect.ts';

export const ORACLE_BENCHMARK = 'CIS Oracle Cloud Infrastructure Foundations Benchmark v1.2.0';
// Bulwark's own controls name no CIS benchmark, as the AWS ones do: v1.2.0 has no compute section (the legacy metadata
// endpoint entered the benchmark only with v2.0.0's renumbering).
const OWN = 'Bulwark';
const DAY_MS = 86_400_000;

type Verdict = { status: CloudControlStatus; evidence: unknown; message?: string } | null;
type Info = Omit<CloudControlInfo, 'provider' | 'benchmark'> & { benchmark?: string };

const result = (id: string, resource: string | null, v: NonNullable<Verdict>): CloudControlResult => ({
  control: id,
  resource,
  status: v.status,
  evidence: typeof v.evidence === 'string' ? v.evidence : JSON.stringify(v.evidence),
  ...(v.message ? { message: v.message } : {}),
});

/** A control evaluated on each resource of its type; `check` answers null to leave a resource out. */
function control(info: Info, check: (resource: CloudResource, inventory: CloudInventory) => Verdict): CloudControl {
  return {
    provider: 'oracle',
    benchmark: ORACLE_BENCHMARK,
    ...info,
    evaluate: (inventory) =>
      inventory.resources
        .filter((r) => r.type === info.resourceType)
        .flatMap((r) => {
          const v = check(r, inventory);
          return v ? [result(info.id, r.uid, v)] : [];
        }),
  };
}

/** An account-level control on one fact; error with the call's failure when the fact was unreadable. */
function accountControl(
  info: Info,
  fact: string,
  call: OracleCall,
  check: (value: Record<string, unknown>) => NonNullable<Verdict>,
): CloudControl {
  return {
    provider: 'oracle',
    benchmark: ORACLE_BENCHMARK,
    ...info,
    evaluate(inventory) {
      const value = inventory.facts[fact];
      if (!value || typeof value !== 'object') {
        const failure = inventory.failures.find((f) => f.call === oracleCallName(call));
        return [
          result(info.id, null, { status: 'error', evidence: '', message: failure?.message ?? `${oracleCallName(call)} was not read.` }),
        ];
      }
      return [result(info.id, null, check(value as Record<string, unknown>))];
    },
  };
}

type Rule = { source: string; protocol: string; portMin?: number; portMax?: number };
const WORLD = new Set(['0.0.0.0/0', '::/0']);
/** Ingress rules that let the whole internet reach TCP `port` (protocol all, or TCP without a range or with one covering it). */
export const openRules = (rules: Rule[], port: number) =>
  rules.filter(
    (r) =>
      WORLD.has(r.source) &&
      (r.protocol === 'all' ||
        (r.protocol === '6' && (r.portMin === undefined || (r.portMin <= port && port <= (r.portMax ?? r.portMin))))),
  );

const portControl = (id: string, reference: string, type: 'securitylist' | 'networksecuritygroup', port: number, what: string) =>
  control(
    {
      id,
      reference,
      title: `Ensure no ${type === 'securitylist' ? 'security lists' : 'network security groups'} allow ingress from 0.0.0.0/0 to port ${port}`,
      description: `An ingress rule lets anyone on the internet reach port ${port} (${what}).`,
      solution: `Limit the rule's source to the administrators' networks, or reach the hosts through the OCI Bastion service.`,
      severity: 3,
      service: 'core',
      resourceType: `oracle.core.${type}`,
    },
    (r) => {
      const rules = r.properties.ingressSecurityRules as Rule[] | null;
      if (!rules)
        return {
          status: 'error',
          evidence: '',
          message: Object.values((r.properties.unreadable as Record<string, string>) ?? {})[0] ?? 'The rules were not read.',
        };
      const open = openRules(rules, port);
      return open.length
        ? { status: 'fail', evidence: { ingressSecurityRules: open } }
        : { status: 'pass', evidence: { ingressSecurityRules: rules } };
    },
  );

export const ORACLE_CONTROLS: readonly CloudControl[] = [
  control(
    {
      id: 'oracle-identity-policy-manage-all',
      reference: '1.2',
      title: 'Ensure permissions on all resources are given only to the tenancy administrator group',
      description: 'A policy lets a group other than Administrators manage all-resources in the tenancy.',
      solution: 'Scope the statement to the resource families and compartments the group administers.',
      severity: 3,
      service: 'identity',
      resourceType: 'oracle.identity.policy',
    },
    (r) => {
      const statements = r.properties.statements as string[];
      const bad = statements.filter((s) => {
        const m = /^\s*allow\s+group\s+(.+?)\s+to\s+manage\s+all-resources\s+in\s+tenancy\b/i.exec(s);
        return m && !/^(?:'?Default'?\/)?'?Administrators'?$/i.test(m[1]!.trim());
      });
      return { status: bad.length ? 'fail' : 'pass', evidence: { statements: bad.length ? bad : statements } };
    },
  ),
  accountControl(
    {
      id: 'oracle-identity-password-length',
      reference: '1.4',
      title: 'Ensure IAM password policy requires minimum length of 14 or greater',
      description: 'The tenancy’s password policy allows passwords shorter than 14 characters.',
      solution: 'Set the authentication policy’s minimum password length to 14 or more.',
      severity: 2,
      service: 'identity',
      resourceType: 'account',
    },
    'authenticationPolicy',
    'authenticationPolicy',
    (value) => {
      const length = Number((value.passwordPolicy as { minimumPasswordLength?: number } | undefined)?.minimumPasswordLength ?? 0);
      return { status: length >= 14 ? 'pass' : 'fail', evidence: { 'passwordPolicy.minimumPasswordLength': length } };
    },
  ),
  control(
    {
      id: 'oracle-identity-user-mfa',
      reference: '1.7',
      title: 'Ensure MFA is enabled for all users with a console password',
      description: 'The user can sign in to the console with a password and has no second factor.',
      solution: 'Have the user enable multi-factor authentication, or remove the console password capability.',
      severity: 3,
      service: 'identity',
      resourceType: 'oracle.identity.user',
    },
    (r) =>
      r.properties.canUseConsolePassword
        ? {
            status: r.properties.isMfaActivated ? 'pass' : 'fail',
            evidence: { isMfaActivated: r.properties.isMfaActivated, 'capabilities.canUseConsolePassword': true },
          }
        : null,
  ),
  control(
    {
      id: 'oracle-identity-api-key-age',
      reference: '1.8',
      title: 'Ensure user API keys rotate within 90 days or less',
      description: 'An active API key of the user is older than 90 days.',
      solution: 'Upload a new API key, move the user’s tools to it and delete the old key.',
      severity: 2,
      service: 'identity',
      resourceType: 'oracle.identity.user',
    },
    (r) => {
      const keys = r.properties.apiKeys as { fingerprint: string; timeCreated: string; lifecycleState: string }[] | null;
      if (!keys)
        return {
          status: 'error',
          evidence: '',
          message: String((r.properties.unreadable as Record<string, string>)[oracleCallName('apiKeys')] ?? ''),
        };
      const active = keys.filter((k) => k.lifecycleState === 'ACTIVE');
      if (!active.length) return null;
      const old = active.filter((k) => Date.now() - Date.parse(k.timeCreated) > 90 * DAY_MS);
      return { status: old.length ? 'fail' : 'pass', evidence: { apiKeys: old.length ? old : active } };
    },
  ),
  portControl('oracle-core-seclist-ssh', '2.1', 'securitylist', 22, 'SSH'),
  portControl('oracle-core-seclist-rdp', '2.2', 'securitylist', 3389, 'RDP'),
  portControl('oracle-core-nsg-ssh', '2.3', 'networksecuritygroup', 22, 'SSH'),
  portControl('oracle-core-nsg-rdp', '2.4', 'networksecuritygroup', 3389, 'RDP'),
  control(
    {
      id: 'oracle-core-instance-public-ip',
      reference: '',
      benchmark: OWN,
      title: 'Compute instances have no public IP address',
      description: 'A VNIC of the instance has a public IP address: it is reachable from the internet wherever its rules allow.',
      solution: 'Place the instance in a private subnet and reach it through a bastion, a load balancer or a NAT gateway.',
      severity: 2,
      service: 'core',
      resourceType: 'oracle.core.instance',
    },
    (r) =>
      r.properties.vnicsRead === false
        ? { status: 'error', evidence: '', message: `${oracleCallName('vnicAttachments')} was not read.` }
        : { status: r.publicAddresses?.length ? 'fail' : 'pass', evidence: { 'vnic.publicIp': r.publicAddresses ?? [] } },
  ),
  control(
    {
      id: 'oracle-core-instance-legacy-imds',
      reference: '',
      benchmark: OWN,
      title: 'Compute instances have the legacy metadata service endpoint disabled',
      description: 'The instance still answers the legacy (v1) instance metadata endpoints, which need no request header.',
      solution: 'Allow only IMDSv2 (instanceOptions.areLegacyImdsEndpointsDisabled true).',
      severity: 2,
      service: 'core',
      resourceType: 'oracle.core.instance',
    },
    (r) => ({
      status: r.properties.areLegacyImdsEndpointsDisabled ? 'pass' : 'fail',
      evidence: { 'instanceOptions.areLegacyImdsEndpointsDisabled': r.properties.areLegacyImdsEndpointsDisabled },
    }),
  ),
  accountControl(
    {
      id: 'oracle-audit-retention',
      reference: '3.1',
      title: 'Ensure audit log retention period is set to 365 days',
      description: 'The tenancy keeps audit events for less than a year.',
      solution: 'Set the Audit configuration’s retention period to 365 days.',
      severity: 2,
      service: 'audit',
      resourceType: 'account',
    },
    'auditConfiguration',
    'audit',
    (value) => {
      const days = Number(value.retentionPeriodDays ?? 0);
      return { status: days >= 365 ? 'pass' : 'fail', evidence: { retentionPeriodDays: days } };
    },
  ),
  control(
    {
      id: 'oracle-logging-vcn-flow-logs',
      reference: '3.14',
      title: 'Ensure VCN flow logging is enabled for all subnets',
      description: 'The subnet records no flow logs: its traffic cannot be investigated after an incident.',
      solution: 'Enable a flow log (Logging, service flowlogs) on the subnet.',
      severity: 2,
      service: 'logging',
      resourceType: 'oracle.core.subnet',
    },
    (r) =>
      r.properties.flowLogs === null
        ? { status: 'error', evidence: '', message: `${oracleCallName('logGroups')} was not read.` }
        : { status: r.properties.flowLogs ? 'pass' : 'fail', evidence: { flowLogEnabled: r.properties.flowLogs } },
  ),
  accountControl(
    {
      id: 'oracle-cloudguard-enabled',
      reference: '3.15',
      title: 'Ensure Cloud Guard is enabled in the root compartment of the tenancy',
      description: 'Cloud Guard is not enabled: misconfigurations and threats are not detected.',
      solution: 'Enable Cloud Guard in the root compartment with a reporting region.',
      severity: 2,
      service: 'cloudguard',
      resourceType: 'account',
    },
    'cloudGuardConfiguration',
    'cloudGuard',
    (value) => ({
      status: value.status === 'ENABLED' ? 'pass' : 'fail',
      evidence: { status: value.status, reportingRegion: value.reportingRegion },
    }),
  ),
  ...(
    [
      [
        'oracle-objectstorage-public',
        '4.1.1',
        'Ensure no Object Storage buckets are publicly visible',
        4,
        'publicAccessType',
        (v: unknown) => v === 'NoPublicAccess',
        'The bucket’s objects can be read (or listed) by anyone.',
        'Set the bucket’s visibility to private (publicAccessType NoPublicAccess); share objects with pre-authenticated requests.',
      ],
      [
        'oracle-objectstorage-cmk',
        '4.1.2',
        'Ensure Object Storage Buckets are encrypted with a Customer Managed Key',
        1,
        'kmsKeyId',
        (v: unknown) => !!v,
        'The bucket is encrypted with an Oracle-managed key, not one of the tenancy’s Vault keys.',
        'Assign a Vault master encryption key to the bucket.',
      ],
      [
        'oracle-objectstorage-versioning',
        '4.1.3',
        'Ensure Versioning is Enabled for Object Storage Buckets',
        1,
        'versioning',
        (v: unknown) => v === 'Enabled',
        'Object versioning is off: an overwritten or deleted object cannot be recovered.',
        'Enable versioning on the bucket.',
      ],
    ] as const
  ).map(([id, reference, title, severity, field, ok, description, solution]) =>
    control(
      { id, reference, title, description, solution, severity, service: 'objectstorage', resourceType: 'oracle.objectstorage.bucket' },
      (r) =>
        r.properties.read === false
          ? { status: 'error', evidence: '', message: Object.values(r.properties.unreadable as Record<string, string>)[0] }
          : { status: ok(r.properties[field]) ? 'pass' : 'fail', evidence: { [field]: r.properties[field] } },
    ),
  ),
];
