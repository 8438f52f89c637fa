// The CIS Google Cloud Platform Foundation Benchmark (v2.0.0) recommendations readable through the APIs the collector
// reads, each a pure evaluation of the inventory with the API answer as evidence; a few of Bulwark's own (reference '').
import type { CloudControl, CloudControlInfo, CloudControlResult, CloudControlStatus, CloudInventory, CloudResource } from '../types.ts';

export const GOOGLE_BENCHMARK = 'CIS Google Cloud Platform Foundation Benchmark v2.0.0';
// Bulwark's own controls name no CIS benchmark, as the AWS ones do: no CIS GCP v2.0.0 section matches them.
const OWN = 'Bulwark';
const DAY_MS = 86_400_000;
const WORLD = new Set(['0.0.0.0/0', '::/0']);

type Verdict = { status: CloudControlStatus; evidence: unknown; message?: string } | null;

/** A control evaluated on each resource of its type; `check` answers null to leave a resource out. */
function control(
  info: Omit<CloudControlInfo, 'provider' | 'benchmark'> & { benchmark?: string },
  check: (resource: CloudResource, inventory: CloudInventory) => Verdict,
): CloudControl {
  return {
    provider: 'google',
    benchmark: GOOGLE_BENCHMARK,
    ...info,
    evaluate(inventory) {
      const out: CloudControlResult[] = [];
      for (const resource of inventory.resources) {
        if (resource.type !== info.resourceType) continue;
        const verdict = check(resource, inventory);
        if (!verdict) continue;
        out.push({
          control: info.id,
          resource: resource.uid,
          status: verdict.status,
          evidence: typeof verdict.evidence === 'string' ? verdict.evidence : JSON.stringify(verdict.evidence),
          ...(verdict.message ? { message: verdict.message } : {}),
        });
      }
      return out;
    },
  };
}

type Binding = { role: string; members: string[] };
const unreadable = (r: CloudResource, permission: string): Verdict => ({
  status: 'error',
  evidence: '',
  message: String((r.properties.unreadable as Record<string, string> | undefined)?.[permission] ?? `${permission} was not readable.`),
});
const bindings = (r: CloudResource) => r.properties.iamBindings as Binding[] | null | undefined;

/** Members of the bindings whose role matches, kept when `member` says so. */
const grants = (list: Binding[], role: (role: string) => boolean, member: (m: string) => boolean) =>
  list.filter((b) => role(b.role)).flatMap((b) => b.members.filter(member).map((m) => ({ role: b.role, member: m })));

/** Whether a firewall rule opens `port` (tcp) to the whole internet. */
export function opensToWorld(r: CloudResource, port: number): { sourceRanges: string[]; allowed: unknown } | null {
  const p = r.properties as {
    direction: string;
    disabled: boolean;
    sourceRanges: string[];
    allowed: { IPProtocol: string; ports: string[] }[];
  };
  if (p.direction !== 'INGRESS' || p.disabled || !p.sourceRanges.some((s) => WORLD.has(s))) return null;
  const hit = p.allowed.filter(
    (a) =>
      (a.IPProtocol === 'tcp' || a.IPProtocol === 'all') &&
      (a.ports.length === 0 ||
        a.ports.some((range) => {
          const [lo, hi] = range.split('-').map(Number);
          return lo! <= port && port <= (hi ?? lo!);
        })),
  );
  return hit.length ? { sourceRanges: p.sourceRanges.filter((s) => WORLD.has(s)), allowed: hit } : null;
}

const firewallControl = (id: string, reference: string, port: number, what: string) =>
  control(
    {
      id,
      reference,
      title: `Ensure that ${what} access is restricted from the internet`,
      description: `A firewall rule lets anyone on the internet reach port ${port} (${what}) of the network's instances.`,
      solution: `Limit the rule's source ranges to the administrators' networks (or IAP's 35.235.240.0/20), or delete the rule.`,
      severity: 3,
      service: 'compute',
      resourceType: 'google.compute.firewall',
    },
    (r) => {
      const open = opensToWorld(r, port);
      return open
        ? { status: 'fail', evidence: open }
        : {
            status: 'pass',
            evidence: { direction: r.properties.direction, sourceRanges: r.properties.sourceRanges, allowed: r.properties.allowed },
          };
    },
  );

export const GOOGLE_CONTROLS: readonly CloudControl[] = [
  control(
    {
      id: 'google-iam-sa-admin',
      reference: '1.5',
      title: 'Ensure that Service Account has no Admin privileges',
      description:
        'A service account holds the owner or editor role, or an admin role, on the project: whoever uses its key controls the project.',
      solution: 'Grant the service account only the roles its workload needs; remove roles/owner, roles/editor and *Admin roles.',
      severity: 3,
      service: 'iam',
      resourceType: 'google.resourcemanager.project',
    },
    (r) => {
      const list = bindings(r);
      if (!list) return unreadable(r, 'resourcemanager.projects.getIamPolicy');
      const found = grants(
        list,
        (role) => role === 'roles/owner' || role === 'roles/editor' || /admin$/i.test(role),
        (m) => m.startsWith('serviceAccount:'),
      );
      return found.length
        ? { status: 'fail', evidence: { bindings: found } }
        : { status: 'pass', evidence: { serviceAccountAdminBindings: [] } };
    },
  ),
  control(
    {
      id: 'google-iam-sa-user-role',
      reference: '1.6',
      title: 'Ensure that IAM users are not assigned the Service Account User or Service Account Token Creator roles at project level',
      description: 'A user holds Service Account User or Token Creator on the whole project: they can act as every service account in it.',
      solution: 'Grant these roles on the one service account a user needs, not on the project.',
      severity: 2,
      service: 'iam',
      resourceType: 'google.resourcemanager.project',
    },
    (r) => {
      const list = bindings(r);
      if (!list) return unreadable(r, 'resourcemanager.projects.getIamPolicy');
      const found = grants(
        list,
        (role) => role === 'roles/iam.serviceAccountUser' || role === 'roles/iam.serviceAccountTokenCreator',
        () => true,
      );
      return found.length
        ? { status: 'fail', evidence: { bindings: found } }
        : { status: 'pass', evidence: { projectLevelServiceAccountUserBindings: [] } };
    },
  ),
  control(
    {
      id: 'google-iam-primitive-user-roles',
      reference: '',
      benchmark: OWN,
      title: 'Avoid the primitive owner and editor roles for users',
      description: 'Users hold the basic owner or editor role on the project, which grants nearly every permission of every service.',
      solution: 'Replace roles/owner and roles/editor for users with predefined roles scoped to what they do.',
      severity: 1,
      service: 'iam',
      resourceType: 'google.resourcemanager.project',
    },
    (r) => {
      const list = bindings(r);
      if (!list) return unreadable(r, 'resourcemanager.projects.getIamPolicy');
      const found = grants(
        list,
        (role) => role === 'roles/owner' || role === 'roles/editor',
        (m) => m.startsWith('user:'),
      );
      return found.length ? { status: 'fail', evidence: { bindings: found } } : { status: 'pass', evidence: { primitiveUserBindings: [] } };
    },
  ),
  control(
    {
      id: 'google-iam-sa-key-age',
      reference: '1.7',
      title: 'Ensure user-managed/external keys for service accounts are rotated every 90 days or less',
      description: 'A user-managed key of a service account is older than 90 days: a leaked key stays useful for long.',
      solution: 'Create a new key, move the workload to it, and delete the old key; better, use workload identity instead of keys.',
      severity: 2,
      service: 'iam',
      resourceType: 'google.iam.serviceaccount',
    },
    (r) => {
      const keys = r.properties.userManagedKeys as { id: string; validAfterTime: string; disabled: boolean }[] | null;
      if (!keys) return unreadable(r, 'iam.serviceAccountKeys.list');
      const old = keys.filter((k) => !k.disabled && Date.now() - Date.parse(k.validAfterTime) > 90 * DAY_MS);
      return old.length
        ? { status: 'fail', evidence: { keys: old.map((k) => ({ name: k.id, validAfterTime: k.validAfterTime })) } }
        : { status: 'pass', evidence: { keys: keys.map((k) => ({ name: k.id, validAfterTime: k.validAfterTime })) } };
    },
  ),
  control(
    {
      id: 'google-kms-key-rotation',
      reference: '1.10',
      title: 'Ensure KMS encryption keys are rotated within a period of 90 days',
      description: 'A symmetric Cloud KMS key has no automatic rotation, or rotates less often than every 90 days.',
      solution: "Set the key's rotation period to 90 days or less (gcloud kms keys update --rotation-period=90d --next-rotation-time=…).",
      severity: 2,
      service: 'kms',
      resourceType: 'google.kms.cryptokey',
    },
    (r) => {
      if (r.properties.purpose !== 'ENCRYPT_DECRYPT') return null;
      const period = r.properties.rotationPeriod as string | null;
      const seconds = period ? Number.parseFloat(period) : Number.POSITIVE_INFINITY;
      return {
        status: seconds <= 90 * 86_400 && r.properties.nextRotationTime ? 'pass' : 'fail',
        evidence: { rotationPeriod: period, nextRotationTime: r.properties.nextRotationTime },
      };
    },
  ),
  control(
    {
      id: 'google-logging-sink-all',
      reference: '2.2',
      title: 'Ensure that sinks are configured for all log entries',
      description: 'No enabled Logging sink without a filter exports every log entry of the project: logs age out of Logging.',
      solution: 'Create a sink with an empty filter to a Cloud Storage bucket, BigQuery dataset or Pub/Sub topic.',
      severity: 2,
      service: 'logging',
      resourceType: 'google.resourcemanager.project',
    },
    (r) => {
      const sinks = r.properties.sinks as { name: string; filter: string; disabled: boolean; destination: string }[] | null;
      if (!sinks) return unreadable(r, 'logging.sinks.list');
      const all = sinks.filter((s) => !s.disabled && !s.filter.trim());
      return all.length ? { status: 'pass', evidence: { sinks: all } } : { status: 'fail', evidence: { sinks } };
    },
  ),
  control(
    {
      id: 'google-storage-log-retention',
      reference: '2.3',
      title: 'Ensure that retention policies on log buckets are configured using Bucket Lock',
      description: 'A bucket that a Logging sink exports to has no locked retention policy: the exported logs can be deleted.',
      solution: 'Set a retention policy on the bucket and lock it (gsutil retention set …; gsutil retention lock …).',
      severity: 2,
      service: 'storage',
      resourceType: 'google.storage.bucket',
    },
    (r, inventory) => {
      const target = `storage.googleapis.com/${r.name}`;
      const exported = inventory.resources.some(
        (p) =>
          p.type === 'google.resourcemanager.project' &&
          ((p.properties.sinks as { destination: string }[] | null) ?? []).some((s) => s.destination === target),
      );
      if (!exported) return null;
      const policy = r.properties.retentionPolicy as { isLocked: boolean } | null;
      return { status: policy?.isLocked ? 'pass' : 'fail', evidence: { retentionPolicy: policy } };
    },
  ),
  control(
    {
      id: 'google-compute-default-network',
      reference: '3.1',
      title: 'Ensure that the default network does not exist in a project',
      description: 'The project still has the default network, created with permissive firewall rules and a subnet in every region.',
      solution: 'Create the networks the project needs with their own firewall rules and delete the default network.',
      severity: 1,
      service: 'compute',
      resourceType: 'google.compute.network',
    },
    (r) => ({
      status: r.name === 'default' ? 'fail' : 'pass',
      evidence: { name: r.name, autoCreateSubnetworks: r.properties.autoCreateSubnetworks },
    }),
  ),
  firewallControl('google-compute-firewall-ssh', '3.6', 22, 'SSH'),
  firewallControl('google-compute-firewall-rdp', '3.7', 3389, 'RDP'),
  control(
    {
      id: 'google-compute-subnet-flow-logs',
      reference: '3.8',
      title: 'Ensure that VPC Flow Logs is enabled for every subnet in a VPC Network',
      description: 'The subnetwork records no flow logs: its traffic cannot be investigated after an incident.',
      solution: 'Turn on flow logs for the subnetwork (gcloud compute networks subnets update … --enable-flow-logs).',
      severity: 2,
      service: 'compute',
      resourceType: 'google.compute.subnetwork',
    },
    (r) =>
      r.properties.purpose !== 'PRIVATE'
        ? null
        : { status: r.properties.flowLogs ? 'pass' : 'fail', evidence: { logConfig: r.properties.logConfig } },
  ),
  control(
    {
      id: 'google-compute-instance-default-sa',
      reference: '4.2',
      title: 'Ensure that instances are not configured to use the default service account with full access to all Cloud APIs',
      description:
        'The instance runs as the Compute Engine default service account with the cloud-platform scope: anything on it can use every API the project grants that account.',
      solution: 'Run the instance as a dedicated service account with the roles it needs, or narrow its access scopes.',
      severity: 3,
      service: 'compute',
      resourceType: 'google.compute.instance',
    },
    (r) => {
      if (r.name.startsWith('gke-')) return null;
      const accounts = r.properties.serviceAccounts as { email: string; scopes: string[] }[];
      const full = accounts.filter(
        (s) =>
          s.email.endsWith('-compute@developer.gserviceaccount.com') && s.scopes.includes('https://www.googleapis.com/auth/cloud-platform'),
      );
      return { status: full.length ? 'fail' : 'pass', evidence: { serviceAccounts: accounts } };
    },
  ),
  control(
    {
      id: 'google-compute-instance-public-ip',
      reference: '4.9',
      title: 'Ensure that Compute instances do not have public IP addresses',
      description: 'The instance has an external IP address: it is reachable from the internet wherever the firewall allows.',
      solution: 'Remove the access config (external IP) and reach the instance through IAP, a bastion or Cloud NAT.',
      severity: 2,
      service: 'compute',
      resourceType: 'google.compute.instance',
    },
    (r) => {
      if (r.name.startsWith('gke-')) return null;
      return {
        status: r.publicAddresses?.length ? 'fail' : 'pass',
        evidence: { 'networkInterfaces[].accessConfigs[].natIP': r.publicAddresses ?? [] },
      };
    },
  ),
  control(
    {
      id: 'google-storage-public',
      reference: '5.1',
      title: 'Ensure that Cloud Storage bucket is not anonymously or publicly accessible',
      description: "The bucket's IAM policy grants a role to allUsers or allAuthenticatedUsers: anyone can read (or write) it.",
      solution: "Remove allUsers and allAuthenticatedUsers from the bucket's IAM policy and turn on public access prevention.",
      severity: 4,
      service: 'storage',
      resourceType: 'google.storage.bucket',
    },
    (r) => {
      const list = bindings(r);
      if (!list) return unreadable(r, 'storage.buckets.getIamPolicy');
      const found = grants(
        list,
        () => true,
        (m) => m === 'allUsers' || m === 'allAuthenticatedUsers',
      );
      return found.length ? { status: 'fail', evidence: { bindings: found } } : { status: 'pass', evidence: { publicBindings: [] } };
    },
  ),
  control(
    {
      id: 'google-storage-uniform-access',
      reference: '5.2',
      title: 'Ensure that Cloud Storage buckets have uniform bucket-level access enabled',
      description: "The bucket uses per-object ACLs: access cannot be read from the bucket's IAM policy alone.",
      solution: 'Turn on uniform bucket-level access (gsutil uniformbucketlevelaccess set on gs://…).',
      severity: 2,
      service: 'storage',
      resourceType: 'google.storage.bucket',
    },
    (r) => ({
      status: r.properties.uniformBucketLevelAccess ? 'pass' : 'fail',
      evidence: { 'iamConfiguration.uniformBucketLevelAccess.enabled': r.properties.uniformBucketLevelAccess },
    }),
  ),
  control(
    {
      id: 'google-storage-versioning',
      reference: '',
      benchmark: OWN,
      title: 'Cloud Storage buckets keep object versions',
      description: 'Object versioning is off: an overwritten or deleted object cannot be recovered.',
      solution: 'Turn on object versioning (gsutil versioning set on gs://…) with a lifecycle rule for old versions.',
      severity: 1,
      service: 'storage',
      resourceType: 'google.storage.bucket',
    },
    (r) => ({ status: r.properties.versioning ? 'pass' : 'fail', evidence: { 'versioning.enabled': r.properties.versioning } }),
  ),
  control(
    {
      id: 'google-sql-require-ssl',
      reference: '6.4',
      title: 'Ensure that the Cloud SQL database instance requires all incoming connections to use SSL',
      description: 'The instance accepts unencrypted connections.',
      solution: "Set the instance's SSL mode to ENCRYPTED_ONLY or TRUSTED_CLIENT_CERTIFICATE_REQUIRED.",
      severity: 2,
      service: 'sql',
      resourceType: 'google.sql.instance',
    },
    (r) => {
      const ok =
        r.properties.requireSsl === true ||
        r.properties.sslMode === 'ENCRYPTED_ONLY' ||
        r.properties.sslMode === 'TRUSTED_CLIENT_CERTIFICATE_REQUIRED';
      return {
        status: ok ? 'pass' : 'fail',
        evidence: {
          'settings.ipConfiguration.requireSsl': r.properties.requireSsl,
          'settings.ipConfiguration.sslMode': r.properties.sslMode,
        },
      };
    },
  ),
  control(
    {
      id: 'google-sql-open-authorized-networks',
      reference: '6.5',
      title: 'Ensure That Cloud SQL Database Instances Do Not Implicitly Whitelist All Public IP Addresses',
      description: 'An authorized network of the instance is 0.0.0.0/0: anyone on the internet may connect to it.',
      solution: 'Remove 0.0.0.0/0 from the authorized networks; list only the networks that need the database, or use private IP.',
      severity: 4,
      service: 'sql',
      resourceType: 'google.sql.instance',
    },
    (r) => {
      const nets = r.properties.authorizedNetworks as { value: string }[];
      const open = nets.filter((n) => WORLD.has(n.value));
      return { status: open.length ? 'fail' : 'pass', evidence: { 'settings.ipConfiguration.authorizedNetworks': nets } };
    },
  ),
  control(
    {
      id: 'google-sql-public-ip',
      reference: '6.6',
      title: 'Ensure that Cloud SQL database instances do not have public IPs',
      description: 'The instance has a public (PRIMARY) IP address.',
      solution: 'Use a private IP for the instance and turn off its public IP (ipv4Enabled false).',
      severity: 2,
      service: 'sql',
      resourceType: 'google.sql.instance',
    },
    (r) => ({
      status: r.properties.ipv4Enabled || r.publicAddresses?.length ? 'fail' : 'pass',
      evidence: { 'settings.ipConfiguration.ipv4Enabled': r.properties.ipv4Enabled, ipAddresses: r.properties.ipAddresses },
    }),
  ),
  control(
    {
      id: 'google-sql-backups',
      reference: '6.7',
      title: 'Ensure that Cloud SQL database instances are configured with automated backups',
      description: 'The instance takes no automated backups.',
      solution: 'Turn on automated backups (settings.backupConfiguration.enabled) with a retention that fits the data.',
      severity: 2,
      service: 'sql',
      resourceType: 'google.sql.instance',
    },
    (r) => ({
      status: r.properties.backupEnabled ? 'pass' : 'fail',
      evidence: { 'settings.backupConfiguration.enabled': r.properties.backupEnabled },
    }),
  ),
];
