// A Google Cloud stand-in: one HTTP server answering the token endpoint and the REST calls the google collector makes,
// as the published APIs do. It follows:
//   OAuth 2.0 for service accounts (JWT bearer grant): https://developers.google.com/identity/protocols/oauth2/service-account#httprest
//   Errors: https://cloud.google.com/apis/design/errors (and Compute's, Storage's own error bodies), pagination:
//   https://cloud.google.com/apis/design/design_patterns#list_pagination
//   Cloud Resource Manager v1 projects.list / projects.getIamPolicy: https://cloud.google.com/resource-manager/reference/rest/v1/projects
//   Compute v1 instances.aggregatedList, firewalls.list, networks.list, subnetworks.aggregatedList: https://cloud.google.com/compute/docs/reference/rest/v1
//   Cloud Storage JSON v1 buckets.list, buckets.getIamPolicy: https://cloud.google.com/storage/docs/json_api/v1/buckets
//   Cloud SQL Admin v1 instances.list: https://cloud.google.com/sql/docs/mysql/admin-api/rest/v1/instances/list
//   IAM v1 projects.serviceAccounts.list, .keys.list: https://cloud.google.com/iam/docs/reference/rest/v1/projects.serviceAccounts
//   Cloud KMS v1 keyRings.list, cryptoKeys.list: https://cloud.google.com/kms/docs/reference/rest/v1/projects.locations.keyRings
//   Logging v2 projects.sinks.list: https://cloud.google.com/logging/docs/reference/v2/rest/v2/projects.sinks/list
//   GKE v1 projects.locations.clusters.list: https://cloud.google.com/kubernetes-engine/docs/reference/rest/v1/projects.locations.clusters/list
// One listener stands for every *.googleapis.com host: the first path segment is the host's first label
// (/compute/compute/v1/…, /storage/storage/v1/b …), as the provider's `googleApis` endpoint without {service} asks.
import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface GoogleProject {
  projectId: string;
  name: string;
  projectNumber: string;
  policy: { bindings: { role: string; members: string[] }[] };
  sinks: Json[];
  instances: Json[];
  firewalls: Json[];
  networks: Json[];
  subnetworks: Json[];
  buckets: (Json & { iam?: { bindings: { role: string; members: string[] }[] } })[];
  sqlInstances: Json[];
  serviceAccounts: (Json & { keys?: Json[] })[];
  keyRings: Record<string, (Json & { cryptoKeys: Json[] })[]>;
  clusters: Json[];
}

export interface GoogleStandInState {
  projects: GoogleProject[];
  /** Permissions refused to every caller (403 PERMISSION_DENIED naming them). */
  denied: Set<string>;
  /** The next this many API calls answer 429 RESOURCE_EXHAUSTED. */
  throttleNext: number;
  /** Items per page (each API's own default is larger; small here so paging is exercised). */
  pageSize: number;
  /** Counters for the tests: API calls answered, 429s sent. */
  calls: number;
  throttled: number;
}

export interface GoogleStandIn {
  url: string;
  tokenUrl: string;
  /** A service-account key JSON the token endpoint accepts. */
  key: string;
  /** A key JSON of the same account signed with another private key (the token endpoint refuses it). */
  wrongKey: string;
  state: GoogleStandInState;
  stop(): Promise<void>;
}

const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const SA = 'scanner@bulwark-demo.iam.gserviceaccount.com';

/** The seeded account: a project with a good and a bad resource for each control, and a clean second project. */
export function googleSeed(base: string): GoogleProject[] {
  const c = `${base}/compute/compute/v1/projects/bulwark-demo`;
  return [
    {
      projectId: 'bulwark-demo',
      name: 'Bulwark Demo',
      projectNumber: '111111111111',
      policy: {
        bindings: [
          { role: 'roles/owner', members: ['user:alice@example.com', `serviceAccount:ci@bulwark-demo.iam.gserviceaccount.com`] },
          { role: 'roles/iam.serviceAccountUser', members: ['user:bob@example.com'] },
          { role: 'roles/viewer', members: [`serviceAccount:${SA}`] },
        ],
      },
      sinks: [{ name: 'errors-only', destination: 'storage.googleapis.com/demo-logs', filter: 'severity>=ERROR' }],
      instances: [
        {
          name: 'web-1',
          zone: `${c}/zones/us-central1-a`,
          selfLink: `${c}/zones/us-central1-a/instances/web-1`,
          status: 'RUNNING',
          machineType: `${c}/zones/us-central1-a/machineTypes/e2-small`,
          networkInterfaces: [
            {
              network: `${c}/global/networks/default`,
              networkIP: '10.128.0.2',
              accessConfigs: [{ type: 'ONE_TO_ONE_NAT', natIP: '34.1.2.3' }],
            },
          ],
          serviceAccounts: [
            { email: '111111111111-compute@developer.gserviceaccount.com', scopes: ['https://www.googleapis.com/auth/cloud-platform'] },
          ],
          labels: { env: 'prod' },
        },
        {
          name: 'db-1',
          zone: `${c}/zones/us-central1-b`,
          selfLink: `${c}/zones/us-central1-b/instances/db-1`,
          status: 'RUNNING',
          networkInterfaces: [{ network: `${c}/global/networks/prod`, networkIP: '10.10.0.2' }],
          serviceAccounts: [
            { email: 'db@bulwark-demo.iam.gserviceaccount.com', scopes: ['https://www.googleapis.com/auth/logging.write'] },
          ],
        },
        {
          name: 'far-away',
          zone: `${c}/zones/asia-east1-a`,
          selfLink: `${c}/zones/asia-east1-a/instances/far-away`,
          status: 'RUNNING',
          networkInterfaces: [],
          serviceAccounts: [],
        },
      ],
      firewalls: [
        {
          name: 'default-allow-ssh',
          selfLink: `${c}/global/firewalls/default-allow-ssh`,
          network: `${c}/global/networks/default`,
          direction: 'INGRESS',
          sourceRanges: ['0.0.0.0/0'],
          allowed: [{ IPProtocol: 'tcp', ports: ['22'] }],
        },
        {
          name: 'allow-rdp-range',
          selfLink: `${c}/global/firewalls/allow-rdp-range`,
          network: `${c}/global/networks/prod`,
          direction: 'INGRESS',
          sourceRanges: ['0.0.0.0/0'],
          allowed: [{ IPProtocol: 'tcp', ports: ['3000-3500'] }],
        },
        {
          name: 'iap-ssh',
          selfLink: `${c}/global/firewalls/iap-ssh`,
          network: `${c}/global/networks/prod`,
          direction: 'INGRESS',
          sourceRanges: ['35.235.240.0/20'],
          allowed: [{ IPProtocol: 'tcp', ports: ['22', '3389'] }],
        },
        {
          name: 'open-but-off',
          selfLink: `${c}/global/firewalls/open-but-off`,
          network: `${c}/global/networks/prod`,
          direction: 'INGRESS',
          disabled: true,
          sourceRanges: ['0.0.0.0/0'],
          allowed: [{ IPProtocol: 'all' }],
        },
      ],
      networks: [
        { name: 'default', selfLink: `${c}/global/networks/default`, autoCreateSubnetworks: true, subnetworks: [] },
        { name: 'prod', selfLink: `${c}/global/networks/prod`, autoCreateSubnetworks: false, subnetworks: [] },
      ],
      subnetworks: [
        {
          name: 'prod-us',
          region: `${c}/regions/us-central1`,
          selfLink: `${c}/regions/us-central1/subnetworks/prod-us`,
          network: `${c}/global/networks/prod`,
          ipCidrRange: '10.10.0.0/24',
          purpose: 'PRIVATE',
          logConfig: { enable: true, aggregationInterval: 'INTERVAL_5_SEC' },
        },
        {
          name: 'default',
          region: `${c}/regions/us-central1`,
          selfLink: `${c}/regions/us-central1/subnetworks/default`,
          network: `${c}/global/networks/default`,
          ipCidrRange: '10.128.0.0/20',
          purpose: 'PRIVATE',
        },
        {
          name: 'proxy-only',
          region: `${c}/regions/us-central1`,
          selfLink: `${c}/regions/us-central1/subnetworks/proxy-only`,
          network: `${c}/global/networks/prod`,
          ipCidrRange: '10.20.0.0/24',
          purpose: 'REGIONAL_MANAGED_PROXY',
        },
      ],
      buckets: [
        {
          kind: 'storage#bucket',
          name: 'demo-public',
          location: 'US',
          storageClass: 'STANDARD',
          iamConfiguration: { uniformBucketLevelAccess: { enabled: false } },
          iam: { bindings: [{ role: 'roles/storage.objectViewer', members: ['allUsers'] }] },
        },
        {
          kind: 'storage#bucket',
          name: 'demo-private',
          location: 'US-CENTRAL1',
          storageClass: 'STANDARD',
          iamConfiguration: { uniformBucketLevelAccess: { enabled: true }, publicAccessPrevention: 'enforced' },
          versioning: { enabled: true },
          iam: { bindings: [{ role: 'roles/storage.admin', members: ['group:ops@example.com'] }] },
        },
        {
          kind: 'storage#bucket',
          name: 'demo-logs',
          location: 'US',
          iamConfiguration: { uniformBucketLevelAccess: { enabled: true } },
          retentionPolicy: { retentionPeriod: '31536000', isLocked: false },
          iam: { bindings: [] },
        },
      ],
      sqlInstances: [
        {
          kind: 'sql#instance',
          name: 'orders',
          region: 'us-central1',
          databaseVersion: 'POSTGRES_15',
          state: 'RUNNABLE',
          selfLink: `${base}/sqladmin/v1/projects/bulwark-demo/instances/orders`,
          ipAddresses: [{ type: 'PRIMARY', ipAddress: '35.9.9.9' }],
          settings: {
            ipConfiguration: {
              ipv4Enabled: true,
              requireSsl: false,
              sslMode: 'ALLOW_UNENCRYPTED_AND_ENCRYPTED',
              authorizedNetworks: [{ name: 'all', value: '0.0.0.0/0' }],
            },
            backupConfiguration: { enabled: false },
          },
        },
        {
          kind: 'sql#instance',
          name: 'billing',
          region: 'us-central1',
          databaseVersion: 'MYSQL_8_0',
          state: 'RUNNABLE',
          selfLink: `${base}/sqladmin/v1/projects/bulwark-demo/instances/billing`,
          ipAddresses: [{ type: 'PRIVATE', ipAddress: '10.50.0.3' }],
          settings: {
            ipConfiguration: { ipv4Enabled: false, sslMode: 'ENCRYPTED_ONLY', authorizedNetworks: [] },
            backupConfiguration: { enabled: true },
          },
        },
      ],
      serviceAccounts: [
        {
          name: 'projects/bulwark-demo/serviceAccounts/ci@bulwark-demo.iam.gserviceaccount.com',
          email: 'ci@bulwark-demo.iam.gserviceaccount.com',
          displayName: 'CI',
          keys: [
            {
              name: 'projects/bulwark-demo/serviceAccounts/ci@bulwark-demo.iam.gserviceaccount.com/keys/old1',
              validAfterTime: ago(200),
              validBeforeTime: '9999-12-31T23:59:59Z',
              keyAlgorithm: 'KEY_ALG_RSA_2048',
              keyOrigin: 'GOOGLE_PROVIDED',
              keyType: 'USER_MANAGED',
            },
            {
              name: 'projects/bulwark-demo/serviceAccounts/ci@bulwark-demo.iam.gserviceaccount.com/keys/sys1',
              validAfterTime: ago(400),
              keyType: 'SYSTEM_MANAGED',
            },
          ],
        },
        {
          name: `projects/bulwark-demo/serviceAccounts/${SA}`,
          email: SA,
          displayName: 'Scanner',
          keys: [{ name: `projects/bulwark-demo/serviceAccounts/${SA}/keys/new1`, validAfterTime: ago(10), keyType: 'USER_MANAGED' }],
        },
      ],
      keyRings: {
        global: [
          {
            name: 'projects/bulwark-demo/locations/global/keyRings/main',
            createTime: ago(300),
            cryptoKeys: [
              {
                name: 'projects/bulwark-demo/locations/global/keyRings/main/cryptoKeys/rotated',
                purpose: 'ENCRYPT_DECRYPT',
                rotationPeriod: '7776000s',
                nextRotationTime: ago(-30),
                primary: { state: 'ENABLED' },
              },
              {
                name: 'projects/bulwark-demo/locations/global/keyRings/main/cryptoKeys/stale',
                purpose: 'ENCRYPT_DECRYPT',
                primary: { state: 'ENABLED' },
              },
              { name: 'projects/bulwark-demo/locations/global/keyRings/main/cryptoKeys/signing', purpose: 'ASYMMETRIC_SIGN' },
            ],
          },
        ],
        'us-central1': [
          {
            name: 'projects/bulwark-demo/locations/us-central1/keyRings/regional',
            cryptoKeys: [
              {
                name: 'projects/bulwark-demo/locations/us-central1/keyRings/regional/cryptoKeys/yearly',
                purpose: 'ENCRYPT_DECRYPT',
                rotationPeriod: '31536000s',
                nextRotationTime: ago(-100),
              },
            ],
          },
        ],
      },
      clusters: [
        {
          name: 'apps',
          location: 'us-central1',
          selfLink: `${base}/container/v1/projects/bulwark-demo/locations/us-central1/clusters/apps`,
          endpoint: '34.5.6.7',
          status: 'RUNNING',
          currentMasterVersion: '1.30.5-gke.1014001',
          privateClusterConfig: { enablePrivateNodes: true },
          legacyAbac: {},
          loggingService: 'logging.googleapis.com/kubernetes',
        },
      ],
    },
    {
      projectId: 'bulwark-clean',
      name: 'Bulwark Clean',
      projectNumber: '222222222222',
      policy: { bindings: [{ role: 'roles/viewer', members: ['group:ops@example.com'] }] },
      sinks: [{ name: 'everything', destination: 'storage.googleapis.com/clean-logs', filter: '' }],
      instances: [],
      firewalls: [],
      networks: [],
      subnetworks: [],
      buckets: [
        {
          kind: 'storage#bucket',
          name: 'clean-logs',
          location: 'EU',
          iamConfiguration: { uniformBucketLevelAccess: { enabled: true } },
          versioning: { enabled: true },
          retentionPolicy: { retentionPeriod: '31536000', isLocked: true },
          iam: { bindings: [] },
        },
      ],
      sqlInstances: [],
      serviceAccounts: [],
      keyRings: {},
      clusters: [],
    },
  ];
}

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
};

/** Google's error body (AIP-193); Compute and Storage answer without `status`, with `errors[]`. */
const apiError = (
  res: ServerResponse,
  service: string,
  code: number,
  status: string,
  message: string,
  reason: string,
  headers: Record<string, string> = {},
) =>
  send(
    res,
    code,
    service === 'compute' || service === 'storage'
      ? { error: { code, message, errors: [{ message, domain: 'global', reason }] } }
      : { error: { code, message, status } },
    headers,
  );

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/** One page of `items` (`pageToken` is the offset, opaque to the caller). */
function page<T>(items: T[], query: URLSearchParams, size: number): { items: T[]; nextPageToken?: string } {
  const at = query.get('pageToken') ? Number(Buffer.from(query.get('pageToken')!, 'base64url').toString()) : 0;
  const asked = Number(query.get('maxResults') ?? query.get('pageSize') ?? 0);
  const n = asked > 0 ? Math.min(asked, size) : size;
  const next = at + n < items.length ? Buffer.from(String(at + n)).toString('base64url') : undefined;
  return { items: items.slice(at, at + n), ...(next ? { nextPageToken: next } : {}) };
}

export async function startGoogleStandIn(address: string): Promise<GoogleStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const tokens = new Set<string>();
  const state: GoogleStandInState = { projects: [], denied: new Set(), throttleNext: 0, pageSize: 2, calls: 0, throttled: 0 };

  const server = createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => send(res, 500, { error: { code: 500, message: String(e), status: 'INTERNAL' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const url = `http://${address}:${(server.address() as AddressInfo).port}`;
  const tokenUrl = `${url}/token`;
  state.projects = googleSeed(url);

  const keyJson = (pem: string) =>
    JSON.stringify({
      type: 'service_account',
      project_id: 'bulwark-demo',
      private_key_id: randomBytes(20).toString('hex'),
      private_key: pem,
      client_email: SA,
      client_id: '100000000000000000001',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: 'https://oauth2.googleapis.com/token',
    });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', url);
    if (req.method === 'POST' && u.pathname === '/token') return token(await body(req), res);
    const [, service = '', ...rest] = u.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7)))
      return apiError(
        res,
        service,
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        'authError',
        { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' },
      );
    state.calls++;
    if (state.throttleNext > 0) {
      state.throttleNext--;
      state.throttled++;
      return apiError(
        res,
        service,
        429,
        'RESOURCE_EXHAUSTED',
        `Quota exceeded for quota metric 'Read requests' of service '${service}.googleapis.com'.`,
        'rateLimitExceeded',
        { 'retry-after': '0' },
      );
    }
    if (req.method === 'POST') await body(req);
    const route = routeOf(service, req.method ?? 'GET', path, u.searchParams);
    if (!route) return apiError(res, service, 404, 'NOT_FOUND', `The requested URL ${u.pathname} was not found.`, 'notFound');
    if (state.denied.has(route.permission)) {
      const message =
        service === 'compute'
          ? `Required '${route.permission}' permission for '${route.resource}'`
          : service === 'storage'
            ? `${SA} does not have ${route.permission} access to the Google Cloud ${route.resource.startsWith('projects/') ? 'project' : 'Storage bucket'}. Permission '${route.permission}' denied on resource (or it may not exist).`
            : `Permission '${route.permission}' denied on resource '${route.resource}' (or it may not exist).`;
      return apiError(res, service, 403, 'PERMISSION_DENIED', message, 'forbidden');
    }
    if (route.answer === undefined) return apiError(res, service, 404, 'NOT_FOUND', `${route.resource} was not found.`, 'notFound');
    return send(res, 200, route.answer);
  }

  function token(raw: string, res: ServerResponse): void {
    const form = new URLSearchParams(raw);
    const refuse = (description: string) => send(res, 400, { error: 'invalid_grant', error_description: description });
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: ' + form.get('grant_type') });
    const [h, c, s] = (form.get('assertion') ?? '').split('.');
    if (!h || !c || !s) return refuse('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.');
    const verify = createVerify('RSA-SHA256');
    verify.update(`${h}.${c}`);
    if (!verify.verify(publicKey, Buffer.from(s, 'base64url'))) return refuse('Invalid JWT Signature.');
    const claims = JSON.parse(Buffer.from(c, 'base64url').toString()) as Json;
    const now = Math.floor(Date.now() / 1000);
    if (claims.iss !== SA) return refuse('Invalid JWT: iss is not a known service account.');
    if (claims.aud !== 'https://oauth2.googleapis.com/token') return refuse('Invalid JWT: aud must be the token endpoint.');
    if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number' || claims.exp <= now || claims.exp - claims.iat > 3600)
      return refuse('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.');
    const access = `ya29.${randomBytes(24).toString('base64url')}`;
    tokens.add(access);
    send(res, 200, { access_token: access, expires_in: 3599, token_type: 'Bearer' });
  }

  type Route = { permission: string; resource: string; answer: unknown };
  function routeOf(service: string, method: string, path: string, q: URLSearchParams): Route | null {
    const size = state.pageSize;
    const project = (id: string) => state.projects.find((p) => p.projectId === decodeURIComponent(id));
    const listed = <T>(permission: string, resource: string, field: string, items: T[] | undefined, kind?: string): Route => {
      if (!items) return { permission, resource, answer: undefined };
      const p = page(items, q, size);
      return {
        permission,
        resource,
        answer: { ...(kind ? { kind } : {}), [field]: p.items, ...(p.nextPageToken ? { nextPageToken: p.nextPageToken } : {}) },
      };
    };
    /** Compute's aggregated list: a page of items regrouped under their scope, and a warning for an empty scope. */
    const aggregated = (permission: string, id: string, field: string, scopeOf: (i: Json) => string, items: Json[] | undefined): Route => {
      if (!items) return { permission, resource: `projects/${id}`, answer: undefined };
      const p = page(items, q, size);
      const groups: Record<string, Json> = {
        'zones/europe-west1-b': {
          warning: { code: 'NO_RESULTS_ON_PAGE', message: "There are no results for scope 'zones/europe-west1-b' on this page." },
        },
      };
      for (const i of p.items) ((groups[scopeOf(i)] ??= { [field]: [] })[field] as Json[]).push(i);
      return {
        permission,
        resource: `projects/${id}`,
        answer: {
          kind: `compute#${field === 'instances' ? 'instance' : 'subnetwork'}AggregatedList`,
          items: groups,
          ...(p.nextPageToken ? { nextPageToken: p.nextPageToken } : {}),
        },
      };
    };
    const scope = (link: unknown) => String(link).split('/').slice(-2).join('/');
    let m: RegExpExecArray | null;
    if (service === 'cloudresourcemanager') {
      if (method === 'GET' && path === '/v1/projects')
        return listed(
          'resourcemanager.projects.get',
          'projects',
          'projects',
          state.projects.map((p) => ({
            projectNumber: p.projectNumber,
            projectId: p.projectId,
            lifecycleState: 'ACTIVE',
            name: p.name,
            createTime: '2024-01-01T00:00:00Z',
          })),
        );
      if (method === 'POST' && (m = /^\/v1\/projects\/([^/:]+):getIamPolicy$/.exec(path))) {
        const p = project(m[1]!);
        return {
          permission: 'resourcemanager.projects.getIamPolicy',
          resource: `projects/${m[1]}`,
          answer: p ? { version: 1, etag: 'BwX=', bindings: p.policy.bindings } : undefined,
        };
      }
    }
    if (service === 'logging' && (m = /^\/v2\/projects\/([^/]+)\/sinks$/.exec(path)))
      return listed('logging.sinks.list', `projects/${m[1]}`, 'sinks', project(m[1]!)?.sinks);
    if (
      service === 'compute' &&
      (m = /^\/compute\/v1\/projects\/([^/]+)\/(aggregated\/instances|global\/firewalls|global\/networks|aggregated\/subnetworks)$/.exec(
        path,
      ))
    ) {
      const p = project(m[1]!);
      switch (m[2]) {
        case 'aggregated/instances':
          return aggregated('compute.instances.list', m[1]!, 'instances', (i) => scope(i.zone), p?.instances);
        case 'aggregated/subnetworks':
          return aggregated('compute.subnetworks.list', m[1]!, 'subnetworks', (i) => scope(i.region), p?.subnetworks);
        case 'global/firewalls':
          return listed('compute.firewalls.list', `projects/${m[1]}`, 'items', p?.firewalls, 'compute#firewallList');
        default:
          return listed('compute.networks.list', `projects/${m[1]}`, 'items', p?.networks, 'compute#networkList');
      }
    }
    if (service === 'storage') {
      if (path === '/storage/v1/b') {
        const p = project(q.get('project') ?? '');
        return listed(
          'storage.buckets.list',
          `projects/${q.get('project')}`,
          'items',
          p?.buckets.map(({ iam: _iam, ...b }) => b),
          'storage#buckets',
        );
      }
      if ((m = /^\/storage\/v1\/b\/([^/]+)\/iam$/.exec(path))) {
        const b = state.projects.flatMap((p) => p.buckets).find((x) => x.name === decodeURIComponent(m![1]!));
        return {
          permission: 'storage.buckets.getIamPolicy',
          resource: `b/${m[1]}`,
          answer: b
            ? {
                kind: 'storage#policy',
                resourceId: `projects/_/buckets/${b.name}`,
                version: 1,
                etag: 'CAE=',
                bindings: b.iam?.bindings ?? [],
              }
            : undefined,
        };
      }
    }
    if (service === 'sqladmin' && (m = /^\/v1\/projects\/([^/]+)\/instances$/.exec(path)))
      return listed('cloudsql.instances.list', `projects/${m[1]}`, 'items', project(m[1]!)?.sqlInstances);
    if (service === 'iam') {
      if ((m = /^\/v1\/projects\/([^/]+)\/serviceAccounts$/.exec(path)))
        return listed(
          'iam.serviceAccounts.list',
          `projects/${m[1]}`,
          'accounts',
          project(m[1]!)?.serviceAccounts.map(({ keys: _k, ...a }) => ({ ...a, projectId: m![1] })),
        );
      if ((m = /^\/v1\/projects\/([^/]+)\/serviceAccounts\/([^/]+)\/keys$/.exec(path))) {
        const sa = project(m[1]!)?.serviceAccounts.find((a) => a.email === decodeURIComponent(m![2]!));
        const types = q.getAll('keyTypes');
        const keys = sa?.keys?.filter((k) => !types.length || types.includes(String(k.keyType)));
        return {
          permission: 'iam.serviceAccountKeys.list',
          resource: `projects/${m[1]}/serviceAccounts/${m[2]}`,
          answer: keys ? { keys } : undefined,
        };
      }
    }
    if (service === 'cloudkms') {
      if ((m = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/keyRings$/.exec(path))) {
        const p = project(m[1]!);
        return listed(
          'cloudkms.keyRings.list',
          `projects/${m[1]}/locations/${m[2]}`,
          'keyRings',
          p ? (p.keyRings[m[2]!] ?? []).map(({ cryptoKeys: _c, ...r }) => r) : undefined,
        );
      }
      if ((m = /^\/v1\/(projects\/([^/]+)\/locations\/([^/]+)\/keyRings\/[^/]+)\/cryptoKeys$/.exec(path))) {
        const ring = (project(m[2]!)?.keyRings[m[3]!] ?? []).find((r) => r.name === m![1]);
        return listed('cloudkms.cryptoKeys.list', m[1]!, 'cryptoKeys', ring?.cryptoKeys);
      }
    }
    if (service === 'container' && (m = /^\/v1\/projects\/([^/]+)\/locations\/-\/clusters$/.exec(path))) {
      // GKE lists every cluster in one answer (no paging).
      const p = project(m[1]!);
      return { permission: 'container.clusters.list', resource: `projects/${m[1]}`, answer: p ? { clusters: p.clusters } : undefined };
    }
    return null;
  }

  return {
    url,
    tokenUrl,
    key: keyJson(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string),
    wrongKey: keyJson(other.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string),
    state,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
