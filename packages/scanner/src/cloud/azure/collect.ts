// The Azure collector: the subscriptions the credentials name (or every one the application can read), and in each the
// resources the controls judge, reduced to the fields they read; the tenant's identity policies from Microsoft Graph.
// Every call goes through the engine's budget (ctx.call); a call refused (403) or failing is kept in `failures` and the
// controls that need it say error; 401 or refused credentials end the scan (auth failed).
import type { CloudCollectContext, CloudInventory, CloudResource, CloudScanSpec } from '../types.ts';
import { AzureClient, AzureError, azureCredentials, type AzureAudience } from './client.ts';
import {
  GRAPH_CALLS,
  SQL_AUDITING,
  SQL_FIREWALL,
  SUBSCRIPTIONS_CALL,
  SUBSCRIPTION_LISTS,
  graphCallName,
  type GraphFact,
  type SubscriptionList,
} from './calls.ts';
import { CloudAuthError } from '../errors.ts';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const lower = (v: unknown) => (str(v) ?? '').toLowerCase();

/** 'West Europe' and 'westeurope' alike. */
export const regionKey = (location: string) => location.toLowerCase().replace(/\s+/g, '');

/** Every page of a Resource Manager or Graph list, each page one budgeted call. */
export async function listAll(client: AzureClient, ctx: CloudCollectContext, name: string, audience: AzureAudience, first: string) {
  const items: Json[] = [];
  let next: string | undefined = first;
  while (next) {
    const url: string = next;
    const page = await budgeted(ctx, name, () => client.get(audience, url));
    items.push(...arr(page.value).map(obj));
    next = str(audience === 'graph' ? page['@odata.nextLink'] : page.nextLink) || undefined;
  }
  return items;
}

/**
 * What a failed call means for the scan: refused credentials (the token, or 401 on a call) end it as auth failed;
 * a refusal (403), a missing resource or a stop of the budget (abort, resource limit) is recorded and the scan goes on.
 */
function failure(e: unknown): { code: string; message: string } {
  if (e instanceof AzureError && e.authFailed) throw e;
  // Stopped: a call the budget refused, or one in flight when the scan stopped (the resource limit, a cancel).
  if (e instanceof Error && e.name === 'CloudStoppedError') return { code: 'Stopped', message: e.message };
  if (e instanceof Error && e.name === 'AbortError') return { code: 'Stopped', message: 'The scan stopped during this call.' };
  if (e instanceof AzureError) return { code: e.code, message: e.message };
  throw e;
}

/** The engine's budget around one call (it honours Azure's Retry-After and retries 503 ServerBusy). */
export function budgeted<T>(ctx: CloudCollectContext, name: string, fn: () => Promise<T>): Promise<T> {
  return ctx.call(name, fn);
}

export async function collectAzure(spec: CloudScanSpec, ctx: CloudCollectContext): Promise<CloudInventory> {
  try {
    return await collect(spec, ctx);
  } catch (e) {
    if (!(e instanceof AzureError && e.authFailed)) throw e;
    throw new CloudAuthError(e.message);
  }
}

async function collect(spec: CloudScanSpec, ctx: CloudCollectContext): Promise<CloudInventory> {
  const credentials = azureCredentials(spec.credentials);
  const client = new AzureClient(credentials, spec.endpoints, ctx.limits.callTimeoutMs, ctx.signal);
  const failures: CloudInventory['failures'] = [];
  const note = (call: string, e: unknown, scope: string) => {
    const { code, message } = failure(e);
    failures.push({ call, code, message: `${scope}: ${message}`, resource: scope });
  };

  // Who we are: the token first (refused credentials end here), then the subscriptions it can read.
  await budgeted(ctx, 'token', () => client.token('management'));
  const visible = await listAll(
    client,
    ctx,
    SUBSCRIPTIONS_CALL.action,
    'management',
    `${SUBSCRIPTIONS_CALL.path}?api-version=${SUBSCRIPTIONS_CALL.apiVersion}`,
  );
  const byId = new Map(visible.map((s) => [lower(s.subscriptionId), s]));
  const wanted = credentials.subscriptions.length ? credentials.subscriptions : [...byId.keys()];
  const subscriptions: Json[] = [];
  for (const id of wanted) {
    const s = byId.get(id);
    if (s) subscriptions.push(s);
    else
      failures.push({
        call: SUBSCRIPTIONS_CALL.action,
        code: 'SubscriptionNotFound',
        message: `/subscriptions/${id}: the application cannot read this subscription (no role assignment on it, or it does not exist).`,
        resource: `/subscriptions/${id}`,
      });
  }

  const regions = new Set(spec.regions.map(regionKey));
  const inRegion = (location: unknown) => {
    const l = regionKey(str(location) ?? '');
    return l === '' || l === 'global' || regions.has(l);
  };
  const resources: CloudResource[] = [];
  const add = (list: CloudResource[]) => {
    resources.push(...list);
    ctx.found(list.length);
  };

  const graph = collectGraph(client, ctx, note);
  // Subscriptions side by side (the budget bounds the calls in flight). Azure lists a subscription's resources across
  // regions at once: progress counts the regions in step with the subscriptions done.
  let done = 0;
  let regionsReported = 0;
  const reportRegions = (due: number) => {
    for (; regionsReported < due; regionsReported++) ctx.regionDone();
  };
  await Promise.all(
    subscriptions.map(async (subscription) => {
      add(await collectSubscription(client, ctx, subscription, inRegion, note));
      reportRegions(Math.floor((spec.regions.length * ++done) / subscriptions.length));
    }),
  );
  reportRegions(spec.regions.length);

  const facts: Record<string, unknown> = { tenantId: credentials.tenantId, subscriptions: subscriptions.map((s) => str(s.subscriptionId)) };
  Object.assign(facts, await graph);
  const names = subscriptions.map((s) => str(s.displayName) ?? str(s.subscriptionId) ?? '');
  return {
    account: credentials.tenantId,
    accountName: names.length === 1 ? names[0] : names.length ? `${names.length} subscriptions` : undefined,
    resources,
    facts,
    failures,
  };
}

type Note = (call: string, e: unknown, scope: string) => void;

async function collectGraph(client: AzureClient, ctx: CloudCollectContext, note: Note): Promise<Record<GraphFact, Json | null>> {
  const facts = {} as Record<GraphFact, Json | null>;
  await Promise.all(
    (Object.keys(GRAPH_CALLS) as GraphFact[]).map(async (fact) => {
      try {
        const answer = await budgeted(ctx, graphCallName(fact), () => client.get('graph', GRAPH_CALLS[fact].path));
        delete answer['@odata.context'];
        facts[fact] = answer;
      } catch (e) {
        note(graphCallName(fact), e, 'Microsoft Graph');
        facts[fact] = null;
      }
    }),
  );
  return facts;
}

async function collectSubscription(
  client: AzureClient,
  ctx: CloudCollectContext,
  subscription: Json,
  inRegion: (location: unknown) => boolean,
  note: Note,
): Promise<CloudResource[]> {
  const subscriptionId = lower(subscription.subscriptionId);
  const scope = `/subscriptions/${subscriptionId}`;
  const lists = {} as Record<SubscriptionList, Json[] | null>;
  await Promise.all(
    (Object.keys(SUBSCRIPTION_LISTS) as SubscriptionList[]).map(async (key) => {
      const call = SUBSCRIPTION_LISTS[key];
      try {
        lists[key] = await listAll(client, ctx, call.action, 'management', `${scope}/${call.path}?api-version=${call.apiVersion}`);
      } catch (e) {
        note(call.action, e, scope);
        lists[key] = null;
      }
    }),
  );
  const base = (item: Json, service: string, type: string): CloudResource => {
    const tags = Object.fromEntries(Object.entries(obj(item.tags)).map(([k, v]) => [k, String(v)]));
    return {
      uid: str(item.id) ?? '',
      provider: 'azure',
      account: subscriptionId,
      region: str(item.location) ? regionKey(str(item.location)!) : null,
      service,
      type: `azure.${service}.${type}`,
      name: str(item.name) ?? '',
      tags,
      properties: {},
    };
  };
  const within = (list: Json[] | null) => (list ?? []).filter((r) => inRegion(r.location));
  const out: CloudResource[] = [];

  // The subscription itself: Defender plans, the activity log's diagnostic settings and alerts (null when unreadable).
  const pricings =
    lists.pricings && Object.fromEntries(lists.pricings.map((p) => [str(p.name) ?? '', str(obj(p.properties).pricingTier) ?? '']));
  out.push({
    uid: scope,
    provider: 'azure',
    account: subscriptionId,
    region: null,
    service: 'resources',
    type: 'azure.resources.subscription',
    name: str(subscription.displayName) ?? subscriptionId,
    properties: {
      state: str(subscription.state),
      defenderPlans: pricings,
      diagnosticSettings:
        lists.diagnosticSettings &&
        lists.diagnosticSettings.map((d) => ({
          name: str(d.name),
          categories: arr(obj(d.properties).logs)
            .map(obj)
            .filter((l) => l.enabled === true)
            .map((l) => str(l.category) ?? str(l.categoryGroup)),
        })),
      activityLogAlerts:
        lists.activityLogAlerts &&
        lists.activityLogAlerts.map((a) => {
          const p = obj(a.properties);
          const conditions = arr(obj(p.condition).allOf).map(obj);
          const equals = (field: string) => str(conditions.find((c) => lower(c.field) === field)?.equals);
          return { name: str(a.name), enabled: p.enabled !== false, category: equals('category'), operationName: equals('operationname') };
        }),
    },
  });

  for (const g of within(lists.resourceGroups))
    out.push({ ...base(g, 'resources', 'group'), properties: { provisioningState: str(obj(g.properties).provisioningState) } });

  // Disks (their encryption), network interfaces and public IPs join onto the virtual machines.
  const disks = new Map((lists.disks ?? []).map((d) => [lower(d.id), d]));
  const diskFacts = (d: Json | undefined, id: string) => {
    const p = obj(d?.properties);
    return {
      id,
      name: str(d?.name) ?? id.split('/').pop(),
      encryption: str(obj(p.encryption).type) ?? null,
      azureDiskEncryption: obj(p.encryptionSettingsCollection).enabled === true,
    };
  };
  const publicIps = new Map((lists.publicIPAddresses ?? []).map((ip) => [lower(ip.id), str(obj(ip.properties).ipAddress)]));
  const vmAddresses = new Map<string, string[]>();
  for (const nic of lists.networkInterfaces ?? []) {
    const p = obj(nic.properties);
    const vm = lower(obj(p.virtualMachine).id);
    if (!vm) continue;
    for (const c of arr(p.ipConfigurations).map(obj)) {
      const address = publicIps.get(lower(obj(obj(c.properties).publicIPAddress).id));
      if (address) vmAddresses.set(vm, [...(vmAddresses.get(vm) ?? []), address]);
    }
  }
  for (const vm of within(lists.virtualMachines)) {
    const p = obj(vm.properties);
    const storage = obj(p.storageProfile);
    const osDisk = obj(storage.osDisk);
    const all = [osDisk, ...arr(storage.dataDisks).map(obj)];
    const addresses = vmAddresses.get(lower(vm.id)) ?? [];
    out.push({
      ...base(vm, 'compute', 'vm'),
      publicAddresses: addresses,
      properties: {
        vmSize: str(obj(p.hardwareProfile).vmSize),
        osType: str(osDisk.osType),
        managedDisks: all.map((d) => ({ name: str(d.name), managed: Object.keys(obj(d.managedDisk)).length > 0 })),
        disks: lists.disks
          ? all
              .filter((d) => str(obj(d.managedDisk).id))
              .map((d) => diskFacts(disks.get(lower(obj(d.managedDisk).id)), str(obj(d.managedDisk).id)!))
          : null,
        encryptionAtHost: obj(p.securityProfile).encryptionAtHost === true,
        publicIpAddresses: lists.networkInterfaces && lists.publicIPAddresses ? addresses : null,
      },
    });
  }
  for (const d of within(lists.disks)) {
    const { encryption, azureDiskEncryption } = diskFacts(d, str(d.id) ?? '');
    out.push({
      ...base(d, 'compute', 'disk'),
      properties: { attachedTo: str(d.managedBy) ?? null, diskState: str(obj(d.properties).diskState), encryption, azureDiskEncryption },
    });
  }
  for (const ip of within(lists.publicIPAddresses)) {
    const p = obj(ip.properties);
    const address = str(p.ipAddress);
    out.push({
      ...base(ip, 'network', 'public_ip'),
      publicAddresses: address ? [address] : [],
      properties: { ipAddress: address ?? null, attachedTo: str(obj(p.ipConfiguration).id) ?? null },
    });
  }
  for (const nsg of within(lists.networkSecurityGroups)) {
    const rules = arr(obj(nsg.properties).securityRules)
      .map(obj)
      .map((r) => {
        const p = obj(r.properties);
        const list = (one: unknown, many: unknown) => [
          ...(str(one) ? [str(one)!] : []),
          ...arr(many).filter((x): x is string => typeof x === 'string'),
        ];
        return {
          name: str(r.name),
          priority: p.priority,
          direction: str(p.direction),
          access: str(p.access),
          protocol: str(p.protocol),
          sources: list(p.sourceAddressPrefix, p.sourceAddressPrefixes),
          ports: list(p.destinationPortRange, p.destinationPortRanges),
        };
      });
    out.push({ ...base(nsg, 'network', 'nsg'), properties: { rules: rules.slice(0, 200) } });
  }
  for (const sa of within(lists.storageAccounts)) {
    const p = obj(sa.properties);
    const encryption = obj(p.encryption);
    out.push({
      ...base(sa, 'storage', 'account'),
      properties: {
        kind: str(sa.kind),
        supportsHttpsTrafficOnly: p.supportsHttpsTrafficOnly ?? null,
        allowBlobPublicAccess: p.allowBlobPublicAccess ?? null,
        minimumTlsVersion: p.minimumTlsVersion ?? null,
        publicNetworkAccess: p.publicNetworkAccess ?? null,
        networkDefaultAction: str(obj(p.networkAcls).defaultAction) ?? null,
        encryptionKeySource: str(encryption.keySource) ?? null,
        infrastructureEncryption: encryption.requireInfrastructureEncryption ?? null,
      },
    });
  }
  for (const v of within(lists.vaults)) {
    const p = obj(v.properties);
    out.push({
      ...base(v, 'keyvault', 'vault'),
      properties: {
        vaultUri: str(p.vaultUri),
        enableSoftDelete: p.enableSoftDelete ?? null,
        enablePurgeProtection: p.enablePurgeProtection ?? null,
        enableRbacAuthorization: p.enableRbacAuthorization ?? null,
        publicNetworkAccess: p.publicNetworkAccess ?? null,
        networkDefaultAction: str(obj(p.networkAcls).defaultAction) ?? null,
      },
    });
  }
  const servers = within(lists.sqlServers);
  await Promise.all(
    servers.map(async (server) => {
      const p = obj(server.properties);
      const id = str(server.id) ?? '';
      const [auditing, firewall] = await Promise.all([
        budgeted(ctx, SQL_AUDITING.action, () =>
          client.get('management', `${id}/${SQL_AUDITING.path}?api-version=${SQL_AUDITING.apiVersion}`),
        )
          .then((a) => ({ state: str(obj(a.properties).state), retentionDays: obj(a.properties).retentionDays ?? null }))
          .catch((e: unknown) => (note(SQL_AUDITING.action, e, id), null)),
        listAll(client, ctx, SQL_FIREWALL.action, 'management', `${id}/${SQL_FIREWALL.path}?api-version=${SQL_FIREWALL.apiVersion}`)
          .then((rules) =>
            rules.map((r) => ({
              name: str(r.name),
              startIpAddress: str(obj(r.properties).startIpAddress),
              endIpAddress: str(obj(r.properties).endIpAddress),
            })),
          )
          .catch((e: unknown) => (note(SQL_FIREWALL.action, e, id), null)),
      ]);
      const fqdn = str(p.fullyQualifiedDomainName);
      out.push({
        ...base(server, 'sql', 'server'),
        publicAddresses: fqdn && lower(p.publicNetworkAccess) !== 'disabled' ? [fqdn] : [],
        properties: {
          fullyQualifiedDomainName: fqdn,
          version: str(p.version),
          publicNetworkAccess: p.publicNetworkAccess ?? null,
          minimalTlsVersion: p.minimalTlsVersion ?? null,
          auditing,
          firewallRules: firewall && firewall.slice(0, 200),
        },
      });
    }),
  );
  for (const c of within(lists.managedClusters)) {
    const p = obj(c.properties);
    const api = obj(p.apiServerAccessProfile);
    out.push({
      ...base(c, 'aks', 'cluster'),
      publicAddresses: str(p.fqdn) && api.enablePrivateCluster !== true ? [str(p.fqdn)!] : [],
      properties: {
        kubernetesVersion: str(p.kubernetesVersion),
        fqdn: str(p.fqdn),
        enableRBAC: p.enableRBAC ?? null,
        aadProfile: Object.keys(obj(p.aadProfile)).length > 0,
        disableLocalAccounts: p.disableLocalAccounts ?? null,
        enablePrivateCluster: api.enablePrivateCluster ?? null,
        authorizedIPRanges: arr(api.authorizedIPRanges),
      },
    });
  }
  return out;
}
