// The OCI collector: the tenancy and its compartments, users with their API keys, the password policy and the IAM
// policies (Identity, home region); the audit retention and Cloud Guard configuration (home region); and in each region
// and compartment the instances with their VNICs' public addresses, VCNs, subnets with their flow logs (Logging),
// security lists and network security groups with their ingress rules (Core), and the buckets (Object Storage). Every
// call goes through the engine's budget; a refused call (OCI answers 404 NotAuthorizedOrNotFound) is recorded and the
// scan goes on; a refused signature (401 NotAuthenticated) ends it.
//
// REST references (https://docs.oracle.com/en-us/iaas/api/): Identity GetTenancy, ListCompartments, ListUsers,
// ListApiKeys, GetAuthenticationPolicy, ListPolicies; Core ListInstances, ListVnicAttachments, GetVnic, ListVcns,
// ListSubnets, ListSecurityLists, ListNetworkSecurityGroups, ListNetworkSecurityGroupSecurityRules; Object Storage
// GetNamespace, ListBuckets, GetBucket; Audit GetConfiguration; Cloud Guard GetConfiguration; Logging ListLogGroups,
// ListLogs.
import { CloudAuthError, CloudStoppedError, cloudErrorCode, errorMessage, isAuthFailure } from '../errors.ts';
import type { CloudCollectContext, CloudInventory, CloudResource, CloudScanSpec } from '../types.ts';
import { OracleClient, OracleError, oracleCredentials, type OracleService } from './client.ts';

/** Each call: its service and the policy a read needs (OCI's 404 does not name it, so the test names this). */
export const ORACLE_CALLS = {
  tenancy: { service: 'identity', needs: 'inspect tenancies' },
  compartments: { service: 'identity', needs: 'inspect compartments' },
  users: { service: 'identity', needs: 'inspect users' },
  apiKeys: { service: 'identity', needs: 'inspect users' },
  authenticationPolicy: { service: 'identity', needs: 'inspect authentication-policies' },
  policies: { service: 'identity', needs: 'inspect policies' },
  audit: { service: 'audit', needs: 'read tenancies' },
  cloudGuard: { service: 'cloudguard', needs: 'read cloud-guard-config' },
  instances: { service: 'core', needs: 'inspect instances' },
  vnicAttachments: { service: 'core', needs: 'inspect vnic-attachments' },
  vnics: { service: 'core', needs: 'inspect vnics' },
  vcns: { service: 'core', needs: 'inspect vcns' },
  subnets: { service: 'core', needs: 'inspect subnets' },
  securityLists: { service: 'core', needs: 'inspect security-lists' },
  networkSecurityGroups: { service: 'core', needs: 'inspect network-security-groups' },
  logGroups: { service: 'logging', needs: 'inspect log-groups' },
  namespace: { service: 'objectstorage', needs: 'inspect objectstorage-namespaces' },
  buckets: { service: 'objectstorage', needs: 'read buckets' },
} as const satisfies Record<string, { service: OracleService; needs: string }>;

export type OracleCall = keyof typeof ORACLE_CALLS;
/** The name a call is recorded under: the API operation and the policy it needs. */
export const oracleCallName = (call: OracleCall) => `${call} (${ORACLE_CALLS[call].needs})`;

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const arr = <T = Json>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

const tagsOf = (r: Json): Record<string, string> => Object.fromEntries(Object.entries(obj(r.freeformTags)).map(([k, v]) => [k, String(v)]));

/** An ingress rule reduced to what the controls read: source, protocol ('6' tcp, 'all'), the TCP destination ports. */
const ruleOf = (r: Json) => {
  const tcp = obj(r.tcpOptions);
  const range = obj(tcp.destinationPortRange);
  return {
    source: str(r.source),
    protocol: str(r.protocol),
    ...(range.min !== undefined ? { portMin: Number(range.min), portMax: Number(range.max) } : {}),
  };
};

export async function collectOracle(spec: CloudScanSpec, context: CloudCollectContext): Promise<CloudInventory> {
  const creds = oracleCredentials(spec.credentials);
  const client = new OracleClient(creds, spec.endpoints, context.limits.callTimeoutMs, context.signal);
  const home = creds.region;
  const inventory: CloudInventory = { account: creds.tenancy, resources: [], facts: {}, failures: [] };
  const seen = new Set<string>();

  const read = async <T>(call: OracleCall, what: string, fn: (c: <R>(f: () => Promise<R>) => Promise<R>) => Promise<T>, into?: Json) => {
    const name = oracleCallName(call);
    try {
      return await fn((f) => context.call(name, f));
    } catch (err) {
      if (((err instanceof OracleError && err.authFailed) || isAuthFailure(err)) && !(err instanceof CloudStoppedError))
        throw new CloudAuthError(errorMessage(err));
      const code = err instanceof CloudStoppedError ? 'Stopped' : err instanceof OracleError ? err.code : cloudErrorCode(err);
      const message = `${errorMessage(err)} [${what}]`;
      if (into) into[name] = message;
      else inventory.failures.push({ call: name, code, message, ...(what ? { resource: what } : {}) });
      return undefined;
    }
  };
  const list = (call: OracleCall, region: string, path: string, query: Record<string, string>, what = query.compartmentId ?? '') =>
    read(call, what, (c) => client.list<Json>(c, ORACLE_CALLS[call].service, region, path, query));
  const one = (call: OracleCall, region: string, path: string, query: Record<string, string> = {}, into?: Json) =>
    read(call, path, (c) => c(() => client.get(ORACLE_CALLS[call].service, region, path, query)).then((a) => a.body), into);
  const add = (r: Omit<CloudResource, 'provider'>) => {
    // One URL for every region (a stand-in without {region}) answers the same resources in each: keep them once.
    if (seen.has(r.uid)) return;
    seen.add(r.uid);
    inventory.resources.push({ provider: 'oracle', ...r });
    context.found(1);
  };

  // The tenancy first: a refused signature ends the scan here.
  const tenancy = obj(await one('tenancy', home, `/20160918/tenancies/${creds.tenancy}`));
  if (str(tenancy.name)) inventory.accountName = str(tenancy.name);
  const compartments = [{ id: creds.tenancy, name: str(tenancy.name) || 'root' }];
  const subtree = await list('compartments', home, '/20160918/compartments', {
    compartmentId: creds.tenancy,
    compartmentIdInSubtree: 'true',
    accessLevel: 'ANY',
  });
  for (const c of subtree ?? []) if (str(c.lifecycleState) === 'ACTIVE') compartments.push({ id: str(c.id), name: str(c.name) });
  inventory.facts.compartments = compartments;

  const [authPolicy, audit, cloudGuard] = await Promise.all([
    one('authenticationPolicy', home, `/20160918/authenticationPolicies/${creds.tenancy}`),
    one('audit', home, '/20190901/configuration', { compartmentId: creds.tenancy }),
    one('cloudGuard', home, '/20200131/configuration', { compartmentId: creds.tenancy }),
  ]);
  inventory.facts.authenticationPolicy = authPolicy ?? null;
  inventory.facts.auditConfiguration = audit ?? null;
  inventory.facts.cloudGuardConfiguration = cloudGuard ?? null;

  await Promise.all([
    list('users', home, '/20160918/users', { compartmentId: creds.tenancy }).then((users) =>
      Promise.all(
        (users ?? []).map(async (u) => {
          const unreadable: Json = {};
          const keys = await one('apiKeys', home, `/20160918/users/${str(u.id)}/apiKeys`, {}, unreadable);
          const capabilities = obj(u.capabilities);
          add({
            uid: str(u.id),
            account: creds.tenancy,
            region: null,
            service: 'identity',
            type: 'oracle.identity.user',
            name: str(u.name),
            tags: tagsOf(u),
            properties: {
              email: str(u.email) || null,
              lifecycleState: str(u.lifecycleState),
              isMfaActivated: u.isMfaActivated === true,
              canUseConsolePassword: capabilities.canUseConsolePassword !== false,
              canUseApiKeys: capabilities.canUseApiKeys !== false,
              apiKeys: keys
                ? arr(keys).map((k) => ({
                    fingerprint: str(k.fingerprint),
                    timeCreated: str(k.timeCreated),
                    lifecycleState: str(k.lifecycleState),
                  }))
                : null,
              unreadable,
            },
          });
        }),
      ),
    ),
    ...compartments.map((c) =>
      list('policies', home, '/20160918/policies', { compartmentId: c.id }).then((policies) => {
        for (const p of policies ?? [])
          add({
            uid: str(p.id),
            account: c.id,
            region: null,
            service: 'identity',
            type: 'oracle.identity.policy',
            name: str(p.name),
            properties: { compartment: c.name, statements: arr<string>(p.statements) },
          });
      }),
    ),
  ]);

  const namespace = await one('namespace', home, '/n/');
  await Promise.all(
    spec.regions.map(async (region) => {
      await Promise.all(compartments.map((c) => collectCompartment(region, c)));
      context.regionDone();
    }),
  );
  return inventory;

  async function collectCompartment(region: string, compartment: { id: string; name: string }): Promise<void> {
    const q = { compartmentId: compartment.id };
    const base = (r: Json) => ({ account: compartment.id, region, tags: tagsOf(r) });
    await Promise.all([
      // Instances and their VNICs' public addresses.
      Promise.all([
        list('instances', region, '/20160918/instances', q),
        list('vnicAttachments', region, '/20160918/vnicAttachments', q),
      ]).then(async ([instances, attachments]) => {
        const publicIps = new Map<string, string[]>();
        await Promise.all(
          (attachments ?? [])
            .filter((a) => str(a.lifecycleState) === 'ATTACHED' && str(a.vnicId))
            .map(async (a) => {
              const vnic = obj(await one('vnics', region, `/20160918/vnics/${str(a.vnicId)}`));
              if (str(vnic.publicIp)) publicIps.set(str(a.instanceId), [...(publicIps.get(str(a.instanceId)) ?? []), str(vnic.publicIp)]);
            }),
        );
        for (const i of instances ?? []) {
          if (str(i.lifecycleState) === 'TERMINATED') continue;
          add({
            uid: str(i.id),
            ...base(i),
            service: 'core',
            type: 'oracle.core.instance',
            name: str(i.displayName),
            publicAddresses: publicIps.get(str(i.id)) ?? [],
            properties: {
              shape: str(i.shape),
              lifecycleState: str(i.lifecycleState),
              availabilityDomain: str(i.availabilityDomain),
              areLegacyImdsEndpointsDisabled: obj(i.instanceOptions).areLegacyImdsEndpointsDisabled === true,
              vnicsRead: attachments !== undefined,
            },
          });
        }
      }),
      list('vcns', region, '/20160918/vcns', q).then((vcns) => {
        for (const v of vcns ?? [])
          add({
            uid: str(v.id),
            ...base(v),
            service: 'core',
            type: 'oracle.core.vcn',
            name: str(v.displayName),
            properties: { cidrBlocks: arr<string>(v.cidrBlocks), defaultSecurityListId: str(v.defaultSecurityListId) },
          });
      }),
      // Subnets, and the flow logs (Logging: service flowlogs, resource the subnet) of the compartment's log groups.
      Promise.all([
        list('subnets', region, '/20160918/subnets', q),
        list('logGroups', region, '/20200531/logGroups', q).then(async (groups) => {
          if (!groups) return undefined;
          const logs = await Promise.all(
            groups.map((g) => list('logGroups', region, `/20200531/logGroups/${str(g.id)}/logs`, {}, str(g.id))),
          );
          if (logs.some((l) => l === undefined)) return undefined;
          return logs.flat().filter((l) => l !== undefined);
        }),
      ]).then(([subnets, logs]) => {
        const flow = new Set(
          (logs ?? [])
            .filter((l) => l.isEnabled !== false && str(obj(obj(l.configuration).source).service) === 'flowlogs')
            .map((l) => str(obj(obj(l.configuration).source).resource)),
        );
        for (const s of subnets ?? [])
          add({
            uid: str(s.id),
            ...base(s),
            service: 'core',
            type: 'oracle.core.subnet',
            name: str(s.displayName),
            properties: {
              vcnId: str(s.vcnId),
              cidrBlock: str(s.cidrBlock),
              prohibitPublicIpOnVnic: s.prohibitPublicIpOnVnic === true,
              flowLogs: logs ? flow.has(str(s.id)) : null,
            },
          });
      }),
      list('securityLists', region, '/20160918/securityLists', q).then((lists) => {
        for (const l of lists ?? [])
          add({
            uid: str(l.id),
            ...base(l),
            service: 'core',
            type: 'oracle.core.securitylist',
            name: str(l.displayName),
            properties: { vcnId: str(l.vcnId), ingressSecurityRules: arr(l.ingressSecurityRules).map(ruleOf) },
          });
      }),
      list('networkSecurityGroups', region, '/20160918/networkSecurityGroups', q).then((groups) =>
        Promise.all(
          (groups ?? []).map(async (g) => {
            const unreadable: Json = {};
            const rules = await read(
              'networkSecurityGroups',
              str(g.id),
              (c) =>
                client.list<Json>(c, 'core', region, `/20160918/networkSecurityGroups/${str(g.id)}/securityRules`, {
                  direction: 'INGRESS',
                }),
              unreadable,
            );
            add({
              uid: str(g.id),
              ...base(g),
              service: 'core',
              type: 'oracle.core.networksecuritygroup',
              name: str(g.displayName),
              properties: {
                vcnId: str(g.vcnId),
                ingressSecurityRules: rules ? rules.filter((r) => str(r.direction || 'INGRESS') === 'INGRESS').map(ruleOf) : null,
                unreadable,
              },
            });
          }),
        ),
      ),
      typeof namespace === 'string'
        ? list('buckets', region, `/n/${namespace}/b`, q).then((buckets) =>
            Promise.all(
              (buckets ?? []).map(async (b) => {
                const unreadable: Json = {};
                const bucket = obj(await one('buckets', region, `/n/${namespace}/b/${encodeURIComponent(str(b.name))}`, {}, unreadable));
                add({
                  uid: str(bucket.id) || `oci:objectstorage:${region}:${namespace}:${str(b.name)}`,
                  ...base(bucket),
                  service: 'objectstorage',
                  type: 'oracle.objectstorage.bucket',
                  name: str(b.name),
                  properties: {
                    namespace,
                    read: Object.keys(unreadable).length === 0,
                    publicAccessType: str(bucket.publicAccessType) || null,
                    versioning: str(bucket.versioning) || null,
                    kmsKeyId: str(bucket.kmsKeyId) || null,
                    objectEventsEnabled: bucket.objectEventsEnabled === true,
                    unreadable,
                  },
                });
              }),
            ),
          )
        : Promise.resolve(),
    ]);
  }
}
