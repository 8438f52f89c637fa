// The Azure controls: the CIS Microsoft Azure Foundations Benchmark recommendations (v2.0.0 unless a control says
// otherwise) that Resource Manager and Microsoft Graph answer, each a pure judgement of what the collector gathered.
// A resource whose field could not be read says error with Azure's answer; a list refused (403) gives one error result
// without a resource, so a missing permission never reads as a pass.
import type { CloudControl, CloudControlResult, CloudControlStatus, CloudInventory, CloudResource } from '../types.ts';
import {
  GRAPH_CALLS,
  SQL_AUDITING,
  SQL_FIREWALL,
  SUBSCRIPTION_LISTS,
  graphCallName,
  type GraphFact,
  type SubscriptionList,
} from './calls.ts';

const CIS = 'CIS Microsoft Azure Foundations Benchmark v2.0.0';
const CIS_V1_3 = 'CIS Microsoft Azure Foundations Benchmark v1.3.0';
const CIS_V3 = 'CIS Microsoft Azure Foundations Benchmark v3.0.0';
const CIS_V5 = 'CIS Microsoft Azure Foundations Benchmark v5.0.0';
// The AKS references are checked against kube-bench's cfg/aks-1.7 (5.4.1 and 5.4.2 read the same in its aks-1.0 and aks-1.8).
const CIS_AKS = 'CIS Azure Kubernetes Service (AKS) Benchmark v1.7.0';

type Severity = CloudControl['severity'];
type Verdict = { status: CloudControlStatus; evidence: Record<string, unknown> | string };
type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

interface Words {
  id: string;
  reference: string;
  benchmark?: string;
  title: string;
  description: string;
  solution: string;
  severity: Severity;
  service: string;
}

const evidenceText = (e: Verdict['evidence']) => (typeof e === 'string' ? e : JSON.stringify(e));
const failureMessage = (f: CloudInventory['failures'][number]) => `${f.code}: ${f.message}`;

/**
 * A control judged on each resource of a type. `reads` names the list whose refusal leaves nothing to judge (an error
 * without a resource); `property` (with its `call`) a field the collector sets null when that call failed for the
 * resource (an error on the resource).
 */
function onResources(
  words: Words,
  resourceType: string,
  needs: { reads?: SubscriptionList; property?: string; call?: string },
  judge: (properties: Json, resource: CloudResource) => Verdict,
): CloudControl {
  return {
    ...words,
    provider: 'azure',
    benchmark: words.benchmark ?? CIS,
    resourceType,
    evaluate(inventory) {
      const results: CloudControlResult[] = [];
      const listed = needs.reads && SUBSCRIPTION_LISTS[needs.reads].action;
      for (const f of inventory.failures)
        if (f.call === listed)
          results.push({ control: words.id, resource: null, status: 'error', evidence: '', message: failureMessage(f) });
      for (const r of inventory.resources) {
        if (r.type !== resourceType) continue;
        if (needs.property && r.properties[needs.property] === null) {
          const f = inventory.failures.find((x) => x.call === needs.call && x.message.startsWith(`${r.uid}:`));
          results.push({
            control: words.id,
            resource: r.uid,
            status: 'error',
            evidence: '',
            message: f ? failureMessage(f) : `${needs.call ?? needs.property} could not be read.`,
          });
          continue;
        }
        const v = judge(r.properties, r);
        results.push({ control: words.id, resource: r.uid, status: v.status, evidence: evidenceText(v.evidence) });
      }
      return results;
    },
  };
}

/** A tenant-level control judged on a Microsoft Graph answer (no resource). */
function onTenant(words: Words, fact: GraphFact, judge: (answer: Json) => Verdict): CloudControl {
  return {
    ...words,
    provider: 'azure',
    benchmark: words.benchmark ?? CIS,
    resourceType: 'account',
    evaluate(inventory) {
      const answer = inventory.facts[fact];
      if (answer === null || answer === undefined) {
        const f = inventory.failures.find((x) => x.call === graphCallName(fact));
        return [
          {
            control: words.id,
            resource: null,
            status: 'error',
            evidence: '',
            message: f ? failureMessage(f) : `Microsoft Graph ${GRAPH_CALLS[fact].path} was not read.`,
          },
        ];
      }
      const v = judge(obj(answer));
      return [{ control: words.id, resource: null, status: v.status, evidence: evidenceText(v.evidence) }];
    },
  };
}

const verdict = (pass: boolean, evidence: Verdict['evidence']): Verdict => ({ status: pass ? 'pass' : 'fail', evidence });

// ---------------------------------------------------------------------------------------------------------------
// Network security groups: inbound rules that allow the Internet to a port.

interface Rule {
  name?: string;
  direction?: string;
  access?: string;
  protocol?: string;
  sources?: string[];
  ports?: string[];
}

const INTERNET = new Set(['*', '0.0.0.0', '0.0.0.0/0', 'internet', 'any', '::/0']);
export const fromInternet = (source: string) => INTERNET.has(source.trim().toLowerCase());

export function portInRange(range: string, port: number): boolean {
  const r = range.trim();
  if (r === '*') return true;
  const [low, high = low] = r.split('-').map((x) => Number(x.trim()));
  return low !== undefined && high !== undefined && port >= low && port <= high;
}

/** The inbound Allow rules open to the Internet on one of `ports` (any port when none) over `protocol`. */
export function openRules(rules: Rule[], protocol: 'tcp' | 'udp', ports: number[]): Rule[] {
  return rules.filter(
    (r) =>
      r.direction?.toLowerCase() === 'inbound' &&
      r.access?.toLowerCase() === 'allow' &&
      (r.sources ?? []).some(fromInternet) &&
      ['*', protocol].includes((r.protocol ?? '').toLowerCase()) &&
      (ports.length === 0 || (r.ports ?? []).some((range) => ports.some((p) => portInRange(range, p)))),
  );
}

function nsgControl(words: Words, protocol: 'tcp' | 'udp', ports: number[]): CloudControl {
  return onResources(words, 'azure.network.nsg', { reads: 'networkSecurityGroups' }, (p) => {
    const open = openRules((p.rules ?? []) as Rule[], protocol, ports);
    return verdict(open.length === 0, {
      openToInternet: open.map((r) => ({
        rule: r.name,
        protocol: r.protocol,
        sourceAddressPrefix: r.sources,
        destinationPortRange: r.ports,
      })),
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The subscription: Defender for Cloud plans, the activity log's diagnostic settings and alerts.

const DEFENDER_PLANS: [reference: string, plan: string, label: string, severity: Severity][] = [
  ['2.1.1', 'VirtualMachines', 'Servers', 2],
  ['2.1.2', 'AppServices', 'App Services', 2],
  ['2.1.4', 'SqlServers', 'Azure SQL Databases', 2],
  ['2.1.5', 'SqlServerVirtualMachines', 'SQL Servers on Machines', 2],
  ['2.1.6', 'OpenSourceRelationalDatabases', 'Open-Source Relational Databases', 2],
  ['2.1.7', 'StorageAccounts', 'Storage', 2],
  ['2.1.8', 'Containers', 'Containers', 2],
  ['2.1.9', 'CosmosDbs', 'Azure Cosmos DB', 2],
  ['2.1.10', 'KeyVaults', 'Key Vault', 2],
  ['2.1.11', 'Dns', 'DNS', 1],
  ['2.1.12', 'Arm', 'Resource Manager', 2],
];

const slug = (s: string) =>
  s
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

const defenderControls = DEFENDER_PLANS.map(([reference, plan, label, severity]) =>
  onResources(
    {
      id: `azure-security-defender-${slug(plan)}`,
      reference,
      title: `Microsoft Defender for ${label} is on`,
      description: `Microsoft Defender for ${label} (Defender for Cloud plan ${plan}) detects threats to these resources and raises alerts; on the Free tier the subscription gets no threat detection for them.`,
      solution: `In Microsoft Defender for Cloud, Environment settings, choose the subscription and turn the ${label} plan On (pricing tier Standard), or: az security pricing create -n ${plan} --tier standard.`,
      severity,
      service: 'security',
    },
    'azure.resources.subscription',
    { property: 'defenderPlans', call: SUBSCRIPTION_LISTS.pricings.action },
    (p) => {
      const tier = obj(p.defenderPlans)[plan];
      return verdict(tier === 'Standard', { [`pricings/${plan}.pricingTier`]: tier ?? '(not listed)' });
    },
  ),
);

const ACTIVITY_ALERTS: [reference: string, operation: string, what: string][] = [
  ['5.2.1', 'Microsoft.Authorization/policyAssignments/write', 'Create Policy Assignment'],
  ['5.2.2', 'Microsoft.Authorization/policyAssignments/delete', 'Delete Policy Assignment'],
  ['5.2.3', 'Microsoft.Network/networkSecurityGroups/write', 'Create or Update Network Security Group'],
  ['5.2.4', 'Microsoft.Network/networkSecurityGroups/delete', 'Delete Network Security Group'],
  ['5.2.5', 'Microsoft.Security/securitySolutions/write', 'Create or Update Security Solution'],
  ['5.2.6', 'Microsoft.Security/securitySolutions/delete', 'Delete Security Solution'],
  ['5.2.7', 'Microsoft.Sql/servers/firewallRules/write', 'Create or Update SQL Server Firewall Rule'],
  ['5.2.8', 'Microsoft.Sql/servers/firewallRules/delete', 'Delete SQL Server Firewall Rule'],
  ['5.2.9', 'Microsoft.Network/publicIPAddresses/write', 'Create or Update Public IP Address'],
  ['5.2.10', 'Microsoft.Network/publicIPAddresses/delete', 'Delete Public IP Address'],
];

interface Alert {
  name?: string;
  enabled?: boolean;
  operationName?: string;
}

const alertControls = ACTIVITY_ALERTS.map(([reference, operation, what]) =>
  onResources(
    {
      id: `azure-monitor-alert-${slug(operation.split('/').slice(-2).join('-'))}`,
      reference,
      title: `An activity log alert exists for ${what}`,
      description: `Without an activity log alert on ${operation}, nobody is told when someone performs "${what}" in the subscription, which can hide a change that weakens its security.`,
      solution: `In Azure Monitor, Alerts, create an alert rule scoped to the subscription with the activity log signal "${what}" (operationName ${operation}) and an action group that notifies the security team.`,
      severity: 1,
      service: 'monitor',
    },
    'azure.resources.subscription',
    { property: 'activityLogAlerts', call: SUBSCRIPTION_LISTS.activityLogAlerts.action },
    (p) => {
      const alerts = (p.activityLogAlerts ?? []) as Alert[];
      const match = alerts.find((a) => a.enabled !== false && (a.operationName ?? '').toLowerCase() === operation.toLowerCase());
      return verdict(
        match !== undefined,
        match
          ? { alert: match.name, 'condition.operationName': match.operationName, enabled: true }
          : { 'condition.operationName': `no enabled alert on ${operation}` },
      );
    },
  ),
);

const LOG_CATEGORIES = ['Administrative', 'Alert', 'Policy', 'Security'];

interface Diagnostic {
  name?: string;
  categories?: string[];
}

const diagnosticControls = [
  onResources(
    {
      id: 'azure-monitor-diagnostic-setting',
      reference: '5.1.1',
      title: 'A diagnostic setting exports the activity log',
      description:
        'The subscription activity log is kept 90 days in Azure only; a diagnostic setting sends it to a Log Analytics workspace, storage account or event hub so it can be kept and analysed.',
      solution: 'In Azure Monitor, Activity log, Export Activity Logs, add a diagnostic setting for the subscription with a destination.',
      severity: 2,
      service: 'monitor',
    },
    'azure.resources.subscription',
    { property: 'diagnosticSettings', call: SUBSCRIPTION_LISTS.diagnosticSettings.action },
    (p) => {
      const settings = (p.diagnosticSettings ?? []) as Diagnostic[];
      return verdict(settings.length > 0, { diagnosticSettings: settings.map((s) => s.name) });
    },
  ),
  onResources(
    {
      id: 'azure-monitor-diagnostic-categories',
      reference: '5.1.2',
      title: 'The activity log diagnostic setting captures Administrative, Alert, Policy and Security',
      description:
        'A diagnostic setting that leaves out one of these categories loses the records that show changes, alerts and policy or security events.',
      solution:
        'Edit the subscription diagnostic setting and enable the Administrative, Alert, Policy and Security categories (or allLogs).',
      severity: 1,
      service: 'monitor',
    },
    'azure.resources.subscription',
    { property: 'diagnosticSettings', call: SUBSCRIPTION_LISTS.diagnosticSettings.action },
    (p) => {
      const settings = (p.diagnosticSettings ?? []) as Diagnostic[];
      const complete = settings.find((s) => {
        const c = new Set((s.categories ?? []).map((x) => x.toLowerCase()));
        return c.has('alllogs') || LOG_CATEGORIES.every((x) => c.has(x.toLowerCase()));
      });
      return verdict(complete !== undefined, {
        diagnosticSettings: settings.map((s) => ({ name: s.name, enabledCategories: s.categories })),
      });
    },
  ),
];

// ---------------------------------------------------------------------------------------------------------------
// Every control.

const tls12 = (v: unknown) => v === 'TLS1_2' || v === 'TLS1_3';

interface DiskFacts {
  name?: string;
  encryption?: string | null;
  azureDiskEncryption?: boolean;
}
const customerKey = (d: { encryption?: string | null; azureDiskEncryption?: boolean }) =>
  /CustomerKey/i.test(d.encryption ?? '') || d.azureDiskEncryption === true;

interface FirewallRule {
  name?: string;
  startIpAddress?: string;
  endIpAddress?: string;
}

const GUEST_RESTRICTED = '2af84b1e-32c8-42b7-82bc-daa82404023b';

export const AZURE_CONTROLS: readonly CloudControl[] = [
  // 1 Identity (Microsoft Graph).
  onTenant(
    {
      id: 'azure-entra-security-defaults',
      reference: '1.1.1',
      title: 'Security defaults are enabled in Microsoft Entra ID',
      description:
        'Security defaults make every user register for multi-factor authentication, challenge administrators with it and block legacy authentication. Tenants that turn them off need Conditional Access policies doing the same.',
      solution:
        'In Microsoft Entra ID, Properties, Manage security defaults, set Security defaults to Enabled (or cover the same ground with Conditional Access).',
      severity: 2,
      service: 'entra',
    },
    'securityDefaults',
    (a) => verdict(a.isEnabled === true, { isEnabled: a.isEnabled ?? null }),
  ),
  onTenant(
    {
      id: 'azure-entra-users-create-tenants',
      reference: '1.3',
      title: "'Users can create Microsoft Entra tenants' is No",
      description: 'A user who creates a tenant becomes its Global Administrator, outside the organisation’s control.',
      solution: 'In Microsoft Entra ID, User settings, set "Restrict non-admin users from creating tenants" to Yes.',
      severity: 1,
      service: 'entra',
    },
    'authorizationPolicy',
    (a) => {
      const v = obj(a.defaultUserRolePermissions).allowedToCreateTenants;
      return verdict(v === false, { 'defaultUserRolePermissions.allowedToCreateTenants': v ?? null });
    },
  ),
  onTenant(
    {
      id: 'azure-entra-users-register-apps',
      reference: '1.14',
      title: "'Users can register applications' is No",
      description:
        'Any user able to register applications can create apps that ask for consent to company data and act as a foothold for phishing.',
      solution: 'In Microsoft Entra ID, User settings, set "Users can register applications" to No.',
      severity: 1,
      service: 'entra',
    },
    'authorizationPolicy',
    (a) => {
      const v = obj(a.defaultUserRolePermissions).allowedToCreateApps;
      return verdict(v === false, { 'defaultUserRolePermissions.allowedToCreateApps': v ?? null });
    },
  ),
  onTenant(
    {
      id: 'azure-entra-guest-access',
      reference: '1.15',
      title: 'Guest user access is restricted to their own directory objects',
      description: 'Guests with member-like access can enumerate users, groups and applications of the directory.',
      solution:
        'In Microsoft Entra ID, External Identities, External collaboration settings, set Guest user access to "Guest user access is restricted to properties and memberships of their own directory objects".',
      severity: 1,
      service: 'entra',
    },
    'authorizationPolicy',
    (a) => verdict(a.guestUserRoleId === GUEST_RESTRICTED, { guestUserRoleId: a.guestUserRoleId ?? null }),
  ),
  onTenant(
    {
      id: 'azure-entra-guest-invites',
      reference: '1.16',
      title: 'Only users in specific admin roles can invite guests',
      description: 'When any member (or guest) can invite guests, outsiders get into the directory without review.',
      solution:
        'In Microsoft Entra ID, External collaboration settings, set Guest invite restrictions to "Only users assigned to specific admin roles can invite guest users".',
      severity: 1,
      service: 'entra',
    },
    'authorizationPolicy',
    (a) =>
      verdict(a.allowInvitesFrom === 'adminsAndGuestInviters' || a.allowInvitesFrom === 'none', {
        allowInvitesFrom: a.allowInvitesFrom ?? null,
      }),
  ),
  onTenant(
    {
      id: 'azure-entra-users-create-security-groups',
      reference: '1.19',
      title: "'Users can create security groups' is No",
      description: 'Security groups grant access; when any user can create them, access is granted outside of the administrators’ view.',
      solution: 'In Microsoft Entra ID, Groups, General, set "Users can create security groups in Azure portals, API or PowerShell" to No.',
      severity: 1,
      service: 'entra',
    },
    'authorizationPolicy',
    (a) => {
      const v = obj(a.defaultUserRolePermissions).allowedToCreateSecurityGroups;
      return verdict(v === false, { 'defaultUserRolePermissions.allowedToCreateSecurityGroups': v ?? null });
    },
  ),

  // 2 Microsoft Defender for Cloud; 5 Logging and monitoring.
  ...defenderControls,
  ...diagnosticControls,
  ...alertControls,

  // 3 Storage accounts.
  onResources(
    {
      id: 'azure-storage-secure-transfer',
      reference: '3.1',
      title: 'Storage account requires secure transfer (HTTPS)',
      description: 'Without secure transfer required, the storage account accepts requests over plain HTTP and SMB without encryption.',
      solution: 'In the storage account, Configuration, set Secure transfer required to Enabled (supportsHttpsTrafficOnly true).',
      severity: 2,
      service: 'storage',
    },
    'azure.storage.account',
    { reads: 'storageAccounts' },
    (p) =>
      verdict(p.supportsHttpsTrafficOnly !== false, {
        supportsHttpsTrafficOnly: p.supportsHttpsTrafficOnly ?? '(absent: true by default)',
      }),
  ),
  onResources(
    {
      id: 'azure-storage-infrastructure-encryption',
      reference: '3.2',
      title: 'Storage account has infrastructure encryption',
      description: 'Infrastructure encryption adds a second layer of encryption of the data at rest, with a different key and algorithm.',
      solution:
        'Infrastructure encryption is set when the account is created: create a new account with requireInfrastructureEncryption and move the data.',
      severity: 1,
      service: 'storage',
    },
    'azure.storage.account',
    { reads: 'storageAccounts' },
    (p) =>
      verdict(p.infrastructureEncryption === true, {
        'encryption.requireInfrastructureEncryption': p.infrastructureEncryption ?? '(absent: false)',
      }),
  ),
  onResources(
    {
      id: 'azure-storage-blob-public-access',
      reference: '3.7',
      title: 'Storage account does not allow public (anonymous) blob access',
      description:
        'With public blob access allowed, a container set to Blob or Container access level is readable by anyone on the Internet without credentials.',
      solution: 'In the storage account, Configuration, set "Allow Blob anonymous access" to Disabled (allowBlobPublicAccess false).',
      severity: 3,
      service: 'storage',
    },
    'azure.storage.account',
    { reads: 'storageAccounts' },
    (p) => verdict(p.allowBlobPublicAccess !== true, { allowBlobPublicAccess: p.allowBlobPublicAccess ?? '(absent: false by default)' }),
  ),
  onResources(
    {
      id: 'azure-storage-network-default-deny',
      reference: '3.8',
      title: 'Storage account network default rule is Deny',
      description: 'With the default action Allow, the storage account accepts connections from any network, the Internet included.',
      solution:
        'In the storage account, Networking, allow access from selected virtual networks and IP addresses only (networkAcls.defaultAction Deny).',
      severity: 2,
      service: 'storage',
    },
    'azure.storage.account',
    { reads: 'storageAccounts' },
    (p) => verdict(p.networkDefaultAction === 'Deny', { 'networkAcls.defaultAction': p.networkDefaultAction ?? '(absent: Allow)' }),
  ),
  onResources(
    {
      id: 'azure-storage-customer-managed-key',
      reference: '3.12',
      title: 'Storage account is encrypted with a customer-managed key',
      description: 'With Microsoft-managed keys the organisation cannot rotate, revoke or audit the key protecting the data.',
      solution: 'In the storage account, Encryption, choose Customer-managed keys and a key in Azure Key Vault.',
      severity: 1,
      service: 'storage',
    },
    'azure.storage.account',
    { reads: 'storageAccounts' },
    (p) => verdict(p.encryptionKeySource === 'Microsoft.Keyvault', { 'encryption.keySource': p.encryptionKeySource }),
  ),
  onResources(
    {
      id: 'azure-storage-minimum-tls',
      reference: '3.15',
      title: "Storage account 'Minimum TLS version' is 1.2",
      description: 'A storage account that accepts TLS 1.0 or 1.1 lets clients use protocol versions with known weaknesses.',
      solution: 'In the storage account, Configuration, set Minimum TLS version to Version 1.2 (minimumTlsVersion TLS1_2).',
      severity: 2,
      service: 'storage',
    },
    'azure.storage.account',
    { reads: 'storageAccounts' },
    (p) => verdict(tls12(p.minimumTlsVersion), { minimumTlsVersion: p.minimumTlsVersion ?? '(absent: TLS1_0)' }),
  ),

  // 4 Database services (Azure SQL).
  onResources(
    {
      id: 'azure-sql-auditing',
      reference: '4.1.1',
      title: "SQL server 'Auditing' is On",
      description: 'Without auditing, the database events that show misuse or an attack are not recorded.',
      solution: 'In the SQL server, Auditing, enable Azure SQL Auditing with a storage, Log Analytics or event hub destination.',
      severity: 2,
      service: 'sql',
    },
    'azure.sql.server',
    { reads: 'sqlServers', property: 'auditing', call: SQL_AUDITING.action },
    (p) => {
      const a = obj(p.auditing);
      return verdict(a.state === 'Enabled', { 'auditingSettings/default.state': a.state ?? null });
    },
  ),
  onResources(
    {
      id: 'azure-sql-firewall-any-ip',
      reference: '4.1.2',
      title: 'SQL server does not allow ingress from 0.0.0.0/0 (any IP)',
      description:
        'A firewall rule from 0.0.0.0 to 255.255.255.255 opens the server to the whole Internet; one from 0.0.0.0 to 0.0.0.0 ("Allow Azure services") opens it to every Azure tenant.',
      solution:
        'In the SQL server, Networking, delete the rules covering every address and turn off "Allow Azure services and resources to access this server"; allow only the addresses that need it.',
      severity: 3,
      service: 'sql',
    },
    'azure.sql.server',
    { reads: 'sqlServers', property: 'firewallRules', call: SQL_FIREWALL.action },
    (p) => {
      const open = ((p.firewallRules ?? []) as FirewallRule[]).filter(
        (r) => r.startIpAddress === '0.0.0.0' && (r.endIpAddress === '255.255.255.255' || r.endIpAddress === '0.0.0.0'),
      );
      if (p.publicNetworkAccess === 'Disabled')
        return verdict(true, { publicNetworkAccess: 'Disabled', firewallRules: open.map((r) => r.name) });
      return verdict(open.length === 0, {
        firewallRules: open.map((r) => ({ name: r.name, startIpAddress: r.startIpAddress, endIpAddress: r.endIpAddress })),
      });
    },
  ),
  onResources(
    {
      id: 'azure-sql-auditing-retention',
      reference: '4.1.6',
      title: "SQL server 'Auditing' retention is more than 90 days",
      description: 'Audit records kept for less than 90 days may be gone by the time an incident is investigated.',
      solution: 'In the SQL server, Auditing, set the retention of the storage destination above 90 days (0 keeps them without limit).',
      severity: 1,
      service: 'sql',
    },
    'azure.sql.server',
    { reads: 'sqlServers', property: 'auditing', call: SQL_AUDITING.action },
    (p) => {
      const a = obj(p.auditing);
      const days = typeof a.retentionDays === 'number' ? a.retentionDays : null;
      return verdict(a.state === 'Enabled' && (days === 0 || (days !== null && days > 90)), {
        'auditingSettings/default.state': a.state ?? null,
        'auditingSettings/default.retentionDays': days,
      });
    },
  ),
  onResources(
    {
      id: 'azure-sql-public-network-access',
      reference: '5.1.7',
      benchmark: CIS_V3,
      title: 'SQL server public network access is disabled',
      description: 'With public network access enabled the server answers on its public endpoint, limited only by its firewall rules.',
      solution: 'In the SQL server, Networking, set Public network access to Disable and reach it through private endpoints.',
      severity: 2,
      service: 'sql',
    },
    'azure.sql.server',
    { reads: 'sqlServers' },
    (p) => verdict(p.publicNetworkAccess === 'Disabled', { publicNetworkAccess: p.publicNetworkAccess ?? '(absent: Enabled)' }),
  ),

  // 6 Networking.
  nsgControl(
    {
      id: 'azure-network-rdp-open',
      reference: '6.1',
      title: 'RDP (3389) is not open to the Internet',
      description: 'A network security group allowing RDP from any address exposes Windows machines to password guessing and RDP exploits.',
      solution: 'Remove or narrow the inbound rules allowing 3389 from *, Internet or 0.0.0.0/0; use Azure Bastion or just-in-time access.',
      severity: 3,
      service: 'network',
    },
    'tcp',
    [3389],
  ),
  nsgControl(
    {
      id: 'azure-network-ssh-open',
      reference: '6.2',
      title: 'SSH (22) is not open to the Internet',
      description: 'A network security group allowing SSH from any address exposes machines to password guessing and SSH exploits.',
      solution: 'Remove or narrow the inbound rules allowing 22 from *, Internet or 0.0.0.0/0; use Azure Bastion or just-in-time access.',
      severity: 3,
      service: 'network',
    },
    'tcp',
    [22],
  ),
  nsgControl(
    {
      id: 'azure-network-udp-open',
      reference: '6.3',
      title: 'UDP is not open to the Internet',
      description: 'UDP services open to the Internet (DNS, NTP, SSDP, CLDAP …) can be abused for reflection and amplification attacks.',
      solution: 'Remove or narrow the inbound rules allowing UDP from *, Internet or 0.0.0.0/0.',
      severity: 2,
      service: 'network',
    },
    'udp',
    [],
  ),
  nsgControl(
    {
      id: 'azure-network-http-open',
      reference: '6.4',
      title: 'HTTP(S) (80, 443) is open to the Internet only where intended',
      description: 'Web ports open to the Internet on a network security group should front only the services meant to be public.',
      solution:
        'Remove or narrow the inbound rules allowing 80 or 443 from *, Internet or 0.0.0.0/0 where the service is not meant to be public; prefer Application Gateway or Front Door.',
      severity: 1,
      service: 'network',
    },
    'tcp',
    [80, 443],
  ),

  // 7 Virtual machines.
  onResources(
    {
      id: 'azure-compute-public-address',
      reference: '6.7',
      title: 'Virtual machine has no public IP address',
      description:
        'A virtual machine with a public IP address is reachable from the Internet on every port its network security groups allow.',
      solution: 'Dissociate the public IP address and reach the machine through Azure Bastion, a VPN or a load balancer.',
      severity: 1,
      service: 'compute',
    },
    'azure.compute.vm',
    { reads: 'virtualMachines', property: 'publicIpAddresses', call: SUBSCRIPTION_LISTS.publicIPAddresses.action },
    (p) => {
      const addresses = (p.publicIpAddresses ?? []) as string[];
      return verdict(addresses.length === 0, { publicIpAddresses: addresses });
    },
  ),
  onResources(
    {
      id: 'azure-compute-managed-disks',
      reference: '7.2',
      title: 'Virtual machine uses managed disks',
      description:
        'Unmanaged disks are page blobs in a storage account: their protection depends on that account (keys, public access) and they lack managed disk encryption options.',
      solution: 'Convert the virtual machine to managed disks (ConvertTo-AzVMManagedDisk or az vm convert).',
      severity: 1,
      service: 'compute',
    },
    'azure.compute.vm',
    { reads: 'virtualMachines' },
    (p) => {
      const disks = (p.managedDisks ?? []) as { name?: string; managed?: boolean }[];
      const unmanaged = disks.filter((d) => !d.managed).map((d) => d.name);
      return verdict(unmanaged.length === 0, { unmanagedDisks: unmanaged });
    },
  ),
  onResources(
    {
      id: 'azure-compute-disk-encryption',
      reference: '7.3',
      title: "Virtual machine 'OS and Data' disks are encrypted with a customer-managed key",
      description:
        'Disks encrypted with platform-managed keys only cannot be revoked or audited by the organisation; Azure Disk Encryption or a customer-managed key puts the key under its control.',
      solution:
        'Encrypt the disks with a disk encryption set holding a customer-managed key, or enable Azure Disk Encryption on the virtual machine.',
      severity: 2,
      service: 'compute',
    },
    'azure.compute.vm',
    { reads: 'virtualMachines', property: 'disks', call: SUBSCRIPTION_LISTS.disks.action },
    (p) => {
      const disks = (p.disks ?? []) as DiskFacts[];
      const unmanaged = ((p.managedDisks ?? []) as { managed?: boolean }[]).some((d) => !d.managed);
      return verdict(!unmanaged && disks.every(customerKey), {
        disks: disks.map((d) => ({
          name: d.name,
          'encryption.type': d.encryption,
          'encryptionSettingsCollection.enabled': d.azureDiskEncryption,
        })),
        ...(unmanaged ? { unmanagedDisks: true } : {}),
      });
    },
  ),
  onResources(
    {
      id: 'azure-compute-unattached-disk-encryption',
      reference: '7.4',
      title: "'Unattached disks' are encrypted with a customer-managed key",
      description:
        'A detached disk still holds the machine’s data; encrypted with a platform-managed key only, its protection is out of the organisation’s hands.',
      solution: 'Encrypt the disk with a disk encryption set holding a customer-managed key, or delete it when it is no longer needed.',
      severity: 1,
      service: 'compute',
    },
    'azure.compute.disk',
    { reads: 'disks' },
    (p) => {
      if (p.attachedTo) return { status: 'not_applicable', evidence: { managedBy: p.attachedTo } };
      return verdict(customerKey(p as DiskFacts), { managedBy: null, 'encryption.type': p.encryption ?? null });
    },
  ),

  // 8 Key Vault.
  onResources(
    {
      id: 'azure-keyvault-recoverable',
      reference: '8.5',
      title: 'Key vault is recoverable (soft delete and purge protection)',
      description:
        'Without soft delete and purge protection, a deleted vault or key (by mistake or by an attacker) is lost with everything it encrypted.',
      solution:
        'Enable purge protection on the vault (soft delete is on by default and cannot be turned off): az keyvault update --enable-purge-protection true.',
      severity: 2,
      service: 'keyvault',
    },
    'azure.keyvault.vault',
    { reads: 'vaults' },
    (p) =>
      verdict(p.enableSoftDelete !== false && p.enablePurgeProtection === true, {
        enableSoftDelete: p.enableSoftDelete ?? '(absent: true by default)',
        enablePurgeProtection: p.enablePurgeProtection ?? '(absent: false)',
      }),
  ),
  onResources(
    {
      id: 'azure-keyvault-rbac',
      reference: '8.6',
      title: 'Key vault uses Azure role-based access control',
      description:
        'Vault access policies grant broad rights per vault; Azure RBAC gives per-key and per-secret roles, managed with the rest of the subscription’s access.',
      solution:
        'In the key vault, Access configuration, choose Azure role-based access control (enableRbacAuthorization true) after granting the needed roles.',
      severity: 1,
      service: 'keyvault',
    },
    'azure.keyvault.vault',
    { reads: 'vaults' },
    (p) => verdict(p.enableRbacAuthorization === true, { enableRbacAuthorization: p.enableRbacAuthorization ?? '(absent: false)' }),
  ),
  onResources(
    {
      id: 'azure-keyvault-public-network-access',
      reference: '8.3.7',
      benchmark: CIS_V5,
      title: 'Key vault public network access is disabled',
      description: 'A vault reachable from public networks can be attacked from anywhere with stolen credentials or tokens.',
      solution:
        'In the key vault, Networking, disable public access and reach the vault through a private endpoint (publicNetworkAccess Disabled).',
      severity: 2,
      service: 'keyvault',
    },
    'azure.keyvault.vault',
    { reads: 'vaults' },
    (p) =>
      verdict(p.publicNetworkAccess === 'Disabled', {
        publicNetworkAccess: p.publicNetworkAccess ?? '(absent: Enabled)',
        'networkAcls.defaultAction': p.networkDefaultAction ?? null,
      }),
  ),

  // Azure Kubernetes Service.
  onResources(
    {
      id: 'azure-aks-rbac',
      reference: '8.5',
      benchmark: CIS_V1_3,
      title: 'AKS cluster has Kubernetes RBAC enabled',
      description: 'Without Kubernetes role-based access control, every authenticated user of the cluster can do anything in it.',
      solution:
        'Kubernetes RBAC is set when the cluster is created: create the cluster with RBAC enabled (the default) and move the workloads.',
      severity: 3,
      service: 'aks',
    },
    'azure.aks.cluster',
    { reads: 'managedClusters' },
    (p) => verdict(p.enableRBAC === true, { enableRBAC: p.enableRBAC }),
  ),
  onResources(
    {
      id: 'azure-aks-api-restricted',
      reference: '5.4.1',
      benchmark: CIS_AKS,
      title: 'AKS control plane endpoint is restricted',
      description: 'A public API server open to every address can be probed and attacked from the whole Internet.',
      solution: 'Set authorized IP ranges on the API server (az aks update --api-server-authorized-ip-ranges) or make the cluster private.',
      severity: 2,
      service: 'aks',
    },
    'azure.aks.cluster',
    { reads: 'managedClusters' },
    (p) => {
      const ranges = (p.authorizedIPRanges ?? []) as string[];
      return verdict(p.enablePrivateCluster === true || ranges.length > 0, {
        'apiServerAccessProfile.enablePrivateCluster': p.enablePrivateCluster ?? false,
        'apiServerAccessProfile.authorizedIPRanges': ranges,
      });
    },
  ),
  onResources(
    {
      id: 'azure-aks-private-cluster',
      reference: '5.4.2',
      benchmark: CIS_AKS,
      title: 'AKS cluster has a private API server',
      description: 'A private cluster’s API server has no public endpoint: it is reachable only from the virtual network.',
      solution:
        'Create the cluster as a private cluster (--enable-private-cluster), or enable API server VNet integration with a private endpoint.',
      severity: 2,
      service: 'aks',
    },
    'azure.aks.cluster',
    { reads: 'managedClusters' },
    (p) => verdict(p.enablePrivateCluster === true, { 'apiServerAccessProfile.enablePrivateCluster': p.enablePrivateCluster ?? false }),
  ),
];
