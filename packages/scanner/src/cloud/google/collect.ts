// The Google Cloud collector: the projects the key reads (Cloud Resource Manager), and in each the project IAM
// policy, Logging sinks, Compute Engine instances, firewalls, networks and subnetworks, Cloud Storage buckets with
// their IAM policy, Cloud SQL instances, IAM service accounts with their user-managed keys, Cloud KMS keys and GKE
// clusters. Every call goes through the engine's budget; a call refused for want of permission is recorded (the
// controls that need it say error) and the scan goes on; refused credentials end it.
//
// REST references: https://cloud.google.com/resource-manager/reference/rest/v1/projects/list, …/projects/getIamPolicy;
// https://cloud.google.com/compute/docs/reference/rest/v1/instances/aggregatedList, …/firewalls/list, …/networks/list,
// …/subnetworks/aggregatedList; https://cloud.google.com/storage/docs/json_api/v1/buckets/list, …/buckets/getIamPolicy;
// https://cloud.google.com/sql/docs/mysql/admin-api/rest/v1/instances/list;
// https://cloud.google.com/iam/docs/reference/rest/v1/projects.serviceAccounts/list, …/projects.serviceAccounts.keys/list;
// https://cloud.google.com/kms/docs/reference/rest/v1/projects.locations.keyRings/list, …/keyRings.cryptoKeys/list;
// https://cloud.google.com/logging/docs/reference/v2/rest/v2/projects.sinks/list;
// https://cloud.google.com/kubernetes-engine/docs/reference/rest/v1/projects.locations.clusters/list.
import { CloudAuthError, CloudStoppedError, cloudErrorCode, errorMessage, isAuthFailure } from '../errors.ts';
import type { CloudCollectContext, CloudInventory, CloudResource, CloudScanSpec } from '../types.ts';
import { GoogleClient, GoogleError, googleCredentials } from './client.ts';

/** The calls a scan makes: the service (host label), the permission Google checks, and the path in a project. */
export const GOOGLE_CALLS = {
  projects: { service: 'cloudresourcemanager', permission: 'resourcemanager.projects.get' },
  iamPolicy: { service: 'cloudresourcemanager', permission: 'resourcemanager.projects.getIamPolicy' },
  sinks: { service: 'logging', permission: 'logging.sinks.list' },
  instances: { service: 'compute', permission: 'compute.instances.list' },
  firewalls: { service: 'compute', permission: 'compute.firewalls.list' },
  networks: { service: 'compute', permission: 'compute.networks.list' },
  subnetworks: { service: 'compute', permission: 'compute.subnetworks.list' },
  buckets: { service: 'storage', permission: 'storage.buckets.list' },
  bucketIam: { service: 'storage', permission: 'storage.buckets.getIamPolicy' },
  sqlInstances: { service: 'sqladmin', permission: 'cloudsql.instances.list' },
  serviceAccounts: { service: 'iam', permission: 'iam.serviceAccounts.list' },
  serviceAccountKeys: { service: 'iam', permission: 'iam.serviceAccountKeys.list' },
  keyRings: { service: 'cloudkms', permission: 'cloudkms.keyRings.list' },
  cryptoKeys: { service: 'cloudkms', permission: 'cloudkms.cryptoKeys.list' },
  clusters: { service: 'container', permission: 'container.clusters.list' },
} as const;

export type GoogleCall = keyof typeof GOOGLE_CALLS;

/** The path and list field of each project-level list (the ones the credential test tries too). */
export const projectList = (call: GoogleCall, project: string): { path: string; field: string; query?: Record<string, string> } => {
  const p = encodeURIComponent(project);
  switch (call) {
    case 'sinks':
      return { path: `/v2/projects/${p}/sinks`, field: 'sinks' };
    case 'instances':
      return { path: `/compute/v1/projects/${p}/aggregated/instances`, field: 'items' };
    case 'firewalls':
      return { path: `/compute/v1/projects/${p}/global/firewalls`, field: 'items' };
    case 'networks':
      return { path: `/compute/v1/projects/${p}/global/networks`, field: 'items' };
    case 'subnetworks':
      return { path: `/compute/v1/projects/${p}/aggregated/subnetworks`, field: 'items' };
    case 'buckets':
      return { path: '/storage/v1/b', field: 'items', query: { project } };
    case 'sqlInstances':
      return { path: `/v1/projects/${p}/instances`, field: 'items' };
    case 'serviceAccounts':
      return { path: `/v1/projects/${p}/serviceAccounts`, field: 'accounts' };
    case 'keyRings':
      return { path: `/v1/projects/${p}/locations/global/keyRings`, field: 'keyRings' };
    case 'clusters':
      return { path: `/v1/projects/${p}/locations/-/clusters`, field: 'clusters' };
    default:
      return { path: `/v1/projects/${p}`, field: '' };
  }
};

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const arr = <T = Json>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const last = (url: string) => url.split('/').pop() ?? url;
/** 'zones/us-central1-a' or a zone URL → 'us-central1'; 'regions/europe-west1' → 'europe-west1'. */
export const regionOf = (scope: string): string => {
  const name = last(scope);
  return /^[a-z]+-[a-z]+\d+-[a-z]$/.test(name) ? name.slice(0, -2) : name;
};

/** The bindings of an IAM policy, as role → members. */
const bindingsOf = (policy: Json) => arr(policy.bindings).map((b) => ({ role: str(b.role), members: arr<string>(b.members) }));

export async function collectGoogle(spec: CloudScanSpec, context: CloudCollectContext): Promise<CloudInventory> {
  const { key, projects: wanted } = googleCredentials(spec.credentials);
  const client = new GoogleClient(key, spec.endpoints, context.limits.callTimeoutMs, context.signal);
  const inventory: CloudInventory = { account: wanted[0] ?? key.projectId, resources: [], facts: {}, failures: [] };
  const regions = new Set(spec.regions);
  const inRegion = (region: string) => regions.has(region) || region === 'global';

  /** One read: the answer, or undefined when it failed (recorded in `into` or the account's failures). */
  const read = async <T>(call: GoogleCall, what: string, fn: (call: <R>(f: () => Promise<R>) => Promise<R>) => Promise<T>, into?: Json) => {
    const { permission } = GOOGLE_CALLS[call];
    try {
      return await fn((f) => context.call(permission, f));
    } catch (err) {
      if (((err instanceof GoogleError && err.authFailed) || isAuthFailure(err)) && !(err instanceof CloudStoppedError))
        throw new CloudAuthError(`${cloudErrorCode(err)}: ${errorMessage(err)}`);
      const code = err instanceof CloudStoppedError ? 'Stopped' : err instanceof GoogleError ? err.code : cloudErrorCode(err);
      const message = `${errorMessage(err)} (${what})`;
      if (into) into[permission] = message;
      // The project, location or resource read (the projects list reads the whole account).
      else inventory.failures.push({ call: permission, code, message, ...(call === 'projects' ? {} : { resource: what }) });
      return undefined;
    }
  };
  const add = (r: Omit<CloudResource, 'provider'>) => {
    inventory.resources.push({ provider: 'google', ...r });
    context.found(1);
  };

  // The projects: those named, else every active project the key reads.
  let projects: { id: string; name: string; number: string }[] = [];
  const listed = await read('projects', 'projects.list', (call) =>
    client.list<Json>(call, 'cloudresourcemanager', '/v1/projects', 'projects'),
  );
  if (listed)
    projects = listed
      .filter((p) => str(p.lifecycleState || 'ACTIVE') === 'ACTIVE')
      .map((p) => ({ id: str(p.projectId), name: str(p.name), number: str(p.projectNumber) }));
  if (wanted.length) {
    const known = new Map(projects.map((p) => [p.id, p]));
    projects = wanted.map((id) => known.get(id) ?? { id, name: id, number: '' });
  } else if (!listed && key.projectId) projects = [{ id: key.projectId, name: key.projectId, number: '' }];
  inventory.account = projects[0]?.id ?? inventory.account;
  if (projects[0]?.name) inventory.accountName = projects[0].name;
  inventory.facts.projects = projects.map((p) => p.id);

  await Promise.all(projects.map((project) => collectProject(project)));
  // Projects span the regions: the regions are done when every project is.
  for (const _ of spec.regions) context.regionDone();
  return inventory;

  async function collectProject(project: { id: string; name: string; number: string }): Promise<void> {
    const list = (call: GoogleCall) => {
      const { path, field, query } = projectList(call, project.id);
      return read(call, `${project.id}`, (c) => client.list<Json>(c, GOOGLE_CALLS[call].service, path, field, query));
    };
    const unreadable: Json = {};
    const [policy, sinks] = await Promise.all([
      read(
        'iamPolicy',
        project.id,
        (c) => c(() => client.request('cloudresourcemanager', `/v1/projects/${encodeURIComponent(project.id)}:getIamPolicy`, {}, {})),
        unreadable,
      ),
      read('sinks', project.id, (c) => client.list<Json>(c, 'logging', projectList('sinks', project.id).path, 'sinks'), unreadable),
    ]);
    add({
      uid: `//cloudresourcemanager.googleapis.com/projects/${project.id}`,
      account: project.id,
      region: null,
      service: 'resourcemanager',
      type: 'google.resourcemanager.project',
      name: project.name || project.id,
      properties: {
        projectNumber: project.number,
        iamBindings: policy ? bindingsOf(policy) : null,
        sinks: sinks
          ? sinks.map((s) => ({ name: str(s.name), destination: str(s.destination), filter: str(s.filter), disabled: s.disabled === true }))
          : null,
        unreadable,
      },
    });

    await Promise.all([
      list('instances').then((items) => {
        for (const i of items ?? []) {
          const region = regionOf(str(i._scope) || str(i.zone));
          if (!inRegion(region)) continue;
          const nics = arr(i.networkInterfaces).map((n) => ({
            network: last(str(n.network)),
            networkIP: str(n.networkIP),
            natIPs: arr(n.accessConfigs)
              .map((a) => str(a.natIP))
              .filter(Boolean),
          }));
          add({
            uid: str(i.selfLink) || `//compute.googleapis.com/projects/${project.id}/zones/${last(str(i.zone))}/instances/${str(i.name)}`,
            account: project.id,
            region,
            service: 'compute',
            type: 'google.compute.instance',
            name: str(i.name),
            publicAddresses: nics.flatMap((n) => n.natIPs),
            tags: Object.fromEntries(Object.entries(obj(i.labels)).map(([k, v]) => [k, String(v)])),
            properties: {
              zone: last(str(i.zone)),
              status: str(i.status),
              machineType: last(str(i.machineType)),
              networkInterfaces: nics,
              serviceAccounts: arr(i.serviceAccounts).map((s) => ({ email: str(s.email), scopes: arr<string>(s.scopes) })),
              shieldedVm: obj(i.shieldedInstanceConfig),
            },
          });
        }
      }),
      list('firewalls').then((items) => {
        for (const f of items ?? [])
          add({
            uid: str(f.selfLink) || `//compute.googleapis.com/projects/${project.id}/global/firewalls/${str(f.name)}`,
            account: project.id,
            region: null,
            service: 'compute',
            type: 'google.compute.firewall',
            name: str(f.name),
            properties: {
              network: last(str(f.network)),
              direction: str(f.direction) || 'INGRESS',
              disabled: f.disabled === true,
              sourceRanges: arr<string>(f.sourceRanges),
              allowed: arr(f.allowed).map((a) => ({ IPProtocol: str(a.IPProtocol), ports: arr<string>(a.ports) })),
            },
          });
      }),
      list('networks').then((items) => {
        for (const n of items ?? [])
          add({
            uid: str(n.selfLink) || `//compute.googleapis.com/projects/${project.id}/global/networks/${str(n.name)}`,
            account: project.id,
            region: null,
            service: 'compute',
            type: 'google.compute.network',
            name: str(n.name),
            properties: { autoCreateSubnetworks: n.autoCreateSubnetworks === true, subnetworks: arr<string>(n.subnetworks).length },
          });
      }),
      list('subnetworks').then((items) => {
        for (const s of items ?? []) {
          const region = regionOf(str(s.region) || str(s._scope));
          if (!inRegion(region)) continue;
          const log = obj(s.logConfig);
          add({
            uid: str(s.selfLink) || `//compute.googleapis.com/projects/${project.id}/regions/${region}/subnetworks/${str(s.name)}`,
            account: project.id,
            region,
            service: 'compute',
            type: 'google.compute.subnetwork',
            name: str(s.name),
            properties: {
              network: last(str(s.network)),
              ipCidrRange: str(s.ipCidrRange),
              purpose: str(s.purpose) || 'PRIVATE',
              flowLogs: log.enable === true || s.enableFlowLogs === true,
              logConfig: log,
            },
          });
        }
      }),
      list('buckets').then(async (items) => {
        await Promise.all(
          (items ?? []).map(async (b) => {
            const bucketUnreadable: Json = {};
            const name = str(b.name);
            const iam = await read(
              'bucketIam',
              name,
              (c) => c(() => client.request('storage', `/storage/v1/b/${encodeURIComponent(name)}/iam`)),
              bucketUnreadable,
            );
            const iamConfig = obj(b.iamConfiguration);
            const retention = obj(b.retentionPolicy);
            add({
              uid: `//storage.googleapis.com/projects/${project.id}/buckets/${name}`,
              account: project.id,
              region: str(b.location).toLowerCase() || null,
              service: 'storage',
              type: 'google.storage.bucket',
              name,
              tags: Object.fromEntries(Object.entries(obj(b.labels)).map(([k, v]) => [k, String(v)])),
              properties: {
                location: str(b.location),
                storageClass: str(b.storageClass),
                uniformBucketLevelAccess: obj(iamConfig.uniformBucketLevelAccess).enabled === true,
                publicAccessPrevention: str(iamConfig.publicAccessPrevention) || 'inherited',
                versioning: obj(b.versioning).enabled === true,
                retentionPolicy: b.retentionPolicy
                  ? { retentionPeriod: str(retention.retentionPeriod), isLocked: retention.isLocked === true }
                  : null,
                defaultKmsKeyName: str(obj(b.encryption).defaultKmsKeyName) || null,
                iamBindings: iam ? bindingsOf(iam) : null,
                unreadable: bucketUnreadable,
              },
            });
          }),
        );
      }),
      list('sqlInstances').then((items) => {
        for (const i of items ?? []) {
          const region = str(i.region);
          if (region && !inRegion(region)) continue;
          const settings = obj(i.settings);
          const ip = obj(settings.ipConfiguration);
          const addresses = arr(i.ipAddresses);
          add({
            uid: str(i.selfLink) || `//sqladmin.googleapis.com/projects/${project.id}/instances/${str(i.name)}`,
            account: project.id,
            region: region || null,
            service: 'sql',
            type: 'google.sql.instance',
            name: str(i.name),
            publicAddresses: addresses.filter((a) => str(a.type) === 'PRIMARY').map((a) => str(a.ipAddress)),
            properties: {
              databaseVersion: str(i.databaseVersion),
              state: str(i.state),
              ipv4Enabled: ip.ipv4Enabled === true,
              requireSsl: ip.requireSsl === true,
              sslMode: str(ip.sslMode) || null,
              authorizedNetworks: arr(ip.authorizedNetworks).map((n) => ({ name: str(n.name), value: str(n.value) })),
              ipAddresses: addresses.map((a) => ({ type: str(a.type), ipAddress: str(a.ipAddress) })),
              backupEnabled: obj(settings.backupConfiguration).enabled === true,
            },
          });
        }
      }),
      list('serviceAccounts').then(async (items) => {
        await Promise.all(
          (items ?? []).map(async (sa) => {
            const saUnreadable: Json = {};
            const email = str(sa.email);
            const keys = await read(
              'serviceAccountKeys',
              email,
              (c) =>
                c(() =>
                  client.request(
                    'iam',
                    `/v1/projects/${encodeURIComponent(project.id)}/serviceAccounts/${encodeURIComponent(email)}/keys`,
                    {
                      keyTypes: 'USER_MANAGED',
                    },
                  ),
                ),
              saUnreadable,
            );
            add({
              uid: `//iam.googleapis.com/${str(sa.name) || `projects/${project.id}/serviceAccounts/${email}`}`,
              account: project.id,
              region: null,
              service: 'iam',
              type: 'google.iam.serviceaccount',
              name: email,
              properties: {
                email,
                displayName: str(sa.displayName),
                disabled: sa.disabled === true,
                userManagedKeys: keys
                  ? arr(keys.keys)
                      .filter((k) => str(k.keyType || 'USER_MANAGED') === 'USER_MANAGED')
                      .map((k) => ({ id: last(str(k.name)), validAfterTime: str(k.validAfterTime), disabled: k.disabled === true }))
                  : null,
                unreadable: saUnreadable,
              },
            });
          }),
        );
      }),
      // Key rings per location: 'global' and each region scanned.
      Promise.all(
        ['global', ...spec.regions].map((location) =>
          read('keyRings', `${project.id}/${location}`, (c) =>
            client.list<Json>(
              c,
              'cloudkms',
              `/v1/projects/${encodeURIComponent(project.id)}/locations/${encodeURIComponent(location)}/keyRings`,
              'keyRings',
            ),
          ).then(async (rings) => {
            for (const ring of rings ?? []) {
              const keys = await read('cryptoKeys', str(ring.name), (c) =>
                client.list<Json>(c, 'cloudkms', `/v1/${str(ring.name)}/cryptoKeys`, 'cryptoKeys'),
              );
              for (const k of keys ?? [])
                add({
                  uid: `//cloudkms.googleapis.com/${str(k.name)}`,
                  account: project.id,
                  region: location,
                  service: 'kms',
                  type: 'google.kms.cryptokey',
                  name: last(str(k.name)),
                  properties: {
                    keyRing: last(str(ring.name)),
                    purpose: str(k.purpose),
                    rotationPeriod: str(k.rotationPeriod) || null,
                    nextRotationTime: str(k.nextRotationTime) || null,
                    primaryState: str(obj(k.primary).state) || null,
                  },
                });
            }
          }),
        ),
      ),
      list('clusters').then((items) => {
        for (const c of items ?? []) {
          const location = str(c.location);
          const region = regionOf(location);
          if (location && !inRegion(region)) continue;
          const privateConfig = obj(c.privateClusterConfig);
          add({
            uid: str(c.selfLink) || `//container.googleapis.com/projects/${project.id}/locations/${location}/clusters/${str(c.name)}`,
            account: project.id,
            region: region || null,
            service: 'container',
            type: 'google.container.cluster',
            name: str(c.name),
            publicAddresses: privateConfig.enablePrivateEndpoint === true || !str(c.endpoint) ? [] : [str(c.endpoint)],
            properties: {
              location,
              status: str(c.status),
              currentMasterVersion: str(c.currentMasterVersion),
              privateEndpoint: privateConfig.enablePrivateEndpoint === true,
              privateNodes: privateConfig.enablePrivateNodes === true,
              masterAuthorizedNetworks: obj(c.masterAuthorizedNetworksConfig).enabled === true,
              legacyAbac: obj(c.legacyAbac).enabled === true,
              loggingService: str(c.loggingService),
            },
          });
        }
      }),
    ]);
  }
}
