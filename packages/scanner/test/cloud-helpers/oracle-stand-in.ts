// An Oracle Cloud Infrastructure stand-in: one HTTP server answering the calls the oracle collector makes, as the
// published APIs do, and checking every request's signature as OCI does. It follows:
//   Request signatures: https://docs.oracle.com/en-us/iaas/Content/API/Concepts/signingrequests.htm (draft-cavage
//   HTTP Signatures, rsa-sha256, (request-target) date host [+ x-content-sha256 content-type content-length]); a bad
//   or missing signature answers 401 NotAuthenticated; the key fingerprint is the MD5 of the public key's DER.
//   Errors: https://docs.oracle.com/en-us/iaas/Content/API/References/apierrors.htm ({code, message}; 404
//   NotAuthorizedOrNotFound for a refused permission; 429 TooManyRequests).
//   Paging: https://docs.oracle.com/en-us/iaas/Content/API/Concepts/usingapi.htm#nine (limit, page, opc-next-page).
//   Identity API 20160918 (GetTenancy, ListCompartments, ListUsers, ListApiKeys, GetAuthenticationPolicy, ListPolicies),
//   Core Services API 20160918 (ListInstances, ListVnicAttachments, GetVnic, ListVcns, ListSubnets, ListSecurityLists,
//   ListNetworkSecurityGroups, ListNetworkSecurityGroupSecurityRules), Object Storage (GetNamespace, ListBuckets,
//   GetBucket), Audit 20190901 GetConfiguration, Cloud Guard 20200131 GetConfiguration, Logging Management 20200531
//   (ListLogGroups, ListLogs): https://docs.oracle.com/en-us/iaas/api/.
// One listener stands for every region's hosts: the first path segment is the region (the provider's `oracle`
// endpoint `{url}/{region}`); the paths after it are the services' own, which do not overlap.
import { createHash, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export const TENANCY = 'ocid1.tenancy.oc1..aaaatenancy';
export const USER = 'ocid1.user.oc1..aaaascanner';
export const HOME = 'eu-frankfurt-1';
const PROD = 'ocid1.compartment.oc1..aaaaprod';
const NS = 'bulwarkns';

export interface OracleRegionData {
  instances: Json[];
  vnicAttachments: Json[];
  vnics: Json[];
  vcns: Json[];
  subnets: Json[];
  securityLists: Json[];
  networkSecurityGroups: (Json & { rules: Json[] })[];
  logGroups: (Json & { logs: Json[] })[];
  buckets: Json[];
}

export interface OracleStandInState {
  tenancy: Json;
  compartments: Json[];
  users: (Json & { apiKeys: Json[] })[];
  policies: Json[];
  authenticationPolicy: Json;
  auditConfiguration: Json;
  cloudGuardConfiguration: Json;
  regions: Record<string, OracleRegionData>;
  /** Calls refused (404 NotAuthorizedOrNotFound), by the collector's call names ('users', 'securityLists' …). */
  denied: Set<string>;
  throttleNext: number;
  pageSize: number;
  calls: number;
  throttled: number;
  /** Requests refused for their signature. */
  badSignatures: number;
}

export interface OracleStandIn {
  url: string;
  /** The `oracle` endpoint: `{url}/{region}`. */
  endpoint: string;
  privateKey: string;
  fingerprint: string;
  /** Another key, not uploaded for the user. */
  otherKey: string;
  state: OracleStandInState;
  stop(): Promise<void>;
}

const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const ocid = (type: string, name: string) => `ocid1.${type}.oc1.${HOME}.${name}`;

function regionSeed(): OracleRegionData {
  const vcn = ocid('vcn', 'main');
  return {
    instances: [
      {
        id: ocid('instance', 'web'),
        displayName: 'web',
        compartmentId: PROD,
        lifecycleState: 'RUNNING',
        shape: 'VM.Standard.E4.Flex',
        availabilityDomain: 'Uocm:EU-FRANKFURT-1-AD-1',
        instanceOptions: { areLegacyImdsEndpointsDisabled: false },
        freeformTags: { env: 'prod' },
      },
      {
        id: ocid('instance', 'app'),
        displayName: 'app',
        compartmentId: PROD,
        lifecycleState: 'RUNNING',
        shape: 'VM.Standard.E4.Flex',
        instanceOptions: { areLegacyImdsEndpointsDisabled: true },
      },
      { id: ocid('instance', 'gone'), displayName: 'gone', compartmentId: PROD, lifecycleState: 'TERMINATED' },
    ],
    vnicAttachments: [
      {
        id: ocid('vnicattachment', 'a1'),
        instanceId: ocid('instance', 'web'),
        vnicId: ocid('vnic', 'web0'),
        compartmentId: PROD,
        lifecycleState: 'ATTACHED',
      },
      {
        id: ocid('vnicattachment', 'a2'),
        instanceId: ocid('instance', 'app'),
        vnicId: ocid('vnic', 'app0'),
        compartmentId: PROD,
        lifecycleState: 'ATTACHED',
      },
    ],
    vnics: [
      { id: ocid('vnic', 'web0'), privateIp: '10.0.0.10', publicIp: '130.61.1.2', isPrimary: true },
      { id: ocid('vnic', 'app0'), privateIp: '10.0.1.10', isPrimary: true },
    ],
    vcns: [
      {
        id: vcn,
        displayName: 'main',
        compartmentId: PROD,
        cidrBlocks: ['10.0.0.0/16'],
        defaultSecurityListId: ocid('securitylist', 'default'),
      },
    ],
    subnets: [
      {
        id: ocid('subnet', 'public'),
        displayName: 'public',
        compartmentId: PROD,
        vcnId: vcn,
        cidrBlock: '10.0.0.0/24',
        prohibitPublicIpOnVnic: false,
      },
      {
        id: ocid('subnet', 'private'),
        displayName: 'private',
        compartmentId: PROD,
        vcnId: vcn,
        cidrBlock: '10.0.1.0/24',
        prohibitPublicIpOnVnic: true,
      },
    ],
    securityLists: [
      {
        id: ocid('securitylist', 'open-ssh'),
        displayName: 'open-ssh',
        compartmentId: PROD,
        vcnId: vcn,
        ingressSecurityRules: [
          { source: '0.0.0.0/0', protocol: '6', isStateless: false, tcpOptions: { destinationPortRange: { min: 22, max: 22 } } },
        ],
      },
      {
        id: ocid('securitylist', 'open-all'),
        displayName: 'open-all',
        compartmentId: PROD,
        vcnId: vcn,
        ingressSecurityRules: [{ source: '0.0.0.0/0', protocol: 'all' }],
      },
      {
        id: ocid('securitylist', 'restricted'),
        displayName: 'restricted',
        compartmentId: PROD,
        vcnId: vcn,
        ingressSecurityRules: [
          { source: '10.0.0.0/8', protocol: '6', tcpOptions: { destinationPortRange: { min: 22, max: 22 } } },
          { source: '0.0.0.0/0', protocol: '6', tcpOptions: { destinationPortRange: { min: 443, max: 443 } } },
        ],
      },
    ],
    networkSecurityGroups: [
      {
        id: ocid('networksecuritygroup', 'web'),
        displayName: 'nsg-web',
        compartmentId: PROD,
        vcnId: vcn,
        rules: [
          {
            id: 'r1',
            direction: 'INGRESS',
            source: '0.0.0.0/0',
            sourceType: 'CIDR_BLOCK',
            protocol: '6',
            tcpOptions: { destinationPortRange: { min: 3380, max: 3390 } },
          },
          { id: 'r2', direction: 'EGRESS', destination: '0.0.0.0/0', protocol: 'all' },
        ],
      },
      {
        id: ocid('networksecuritygroup', 'db'),
        displayName: 'nsg-db',
        compartmentId: PROD,
        vcnId: vcn,
        rules: [
          {
            id: 'r3',
            direction: 'INGRESS',
            source: '10.0.0.0/16',
            sourceType: 'CIDR_BLOCK',
            protocol: '6',
            tcpOptions: { destinationPortRange: { min: 22, max: 22 } },
          },
        ],
      },
    ],
    logGroups: [
      {
        id: ocid('loggroup', 'net'),
        displayName: 'network-logs',
        compartmentId: PROD,
        logs: [
          {
            id: ocid('log', 'flow-public'),
            displayName: 'public-flow',
            logType: 'SERVICE',
            isEnabled: true,
            lifecycleState: 'ACTIVE',
            configuration: {
              compartmentId: PROD,
              source: { sourceType: 'OCISERVICE', service: 'flowlogs', resource: ocid('subnet', 'public'), category: 'all' },
            },
          },
          {
            id: ocid('log', 'bucket-writes'),
            displayName: 'bucket-writes',
            logType: 'SERVICE',
            isEnabled: true,
            lifecycleState: 'ACTIVE',
            configuration: {
              source: { sourceType: 'OCISERVICE', service: 'objectstorage', resource: 'private-bucket', category: 'write' },
            },
          },
        ],
      },
    ],
    buckets: [
      {
        namespace: NS,
        name: 'public-bucket',
        id: ocid('bucket', 'public'),
        compartmentId: PROD,
        publicAccessType: 'ObjectRead',
        versioning: 'Disabled',
        kmsKeyId: null,
        timeCreated: ago(100),
        freeformTags: {},
      },
      {
        namespace: NS,
        name: 'private-bucket',
        id: ocid('bucket', 'private'),
        compartmentId: PROD,
        publicAccessType: 'NoPublicAccess',
        versioning: 'Enabled',
        kmsKeyId: ocid('key', 'vault1'),
        timeCreated: ago(100),
        freeformTags: {},
      },
    ],
  };
}

export function oracleSeed(
  fingerprint: string,
): Omit<OracleStandInState, 'denied' | 'throttleNext' | 'pageSize' | 'calls' | 'throttled' | 'badSignatures'> {
  const far = regionSeed();
  return {
    tenancy: { id: TENANCY, name: 'bulwark-tenancy', homeRegionKey: 'FRA', description: 'Bulwark test tenancy' },
    compartments: [
      { id: PROD, name: 'prod', compartmentId: TENANCY, lifecycleState: 'ACTIVE', timeCreated: ago(400) },
      { id: 'ocid1.compartment.oc1..aaaaold', name: 'old', compartmentId: TENANCY, lifecycleState: 'DELETED', timeCreated: ago(900) },
    ],
    users: [
      {
        id: USER,
        name: 'scanner',
        compartmentId: TENANCY,
        lifecycleState: 'ACTIVE',
        isMfaActivated: false,
        capabilities: { canUseConsolePassword: false, canUseApiKeys: true },
        apiKeys: [{ keyId: `${TENANCY}/${USER}/${fingerprint}`, fingerprint, userId: USER, lifecycleState: 'ACTIVE', timeCreated: ago(5) }],
      },
      {
        id: 'ocid1.user.oc1..aaaaalice',
        name: 'alice@example.com',
        compartmentId: TENANCY,
        lifecycleState: 'ACTIVE',
        isMfaActivated: true,
        capabilities: { canUseConsolePassword: true },
        apiKeys: [{ fingerprint: '11:22', lifecycleState: 'ACTIVE', timeCreated: ago(30) }],
      },
      {
        id: 'ocid1.user.oc1..aaaabob',
        name: 'bob@example.com',
        compartmentId: TENANCY,
        lifecycleState: 'ACTIVE',
        isMfaActivated: false,
        capabilities: { canUseConsolePassword: true },
        apiKeys: [
          { fingerprint: '33:44', lifecycleState: 'ACTIVE', timeCreated: ago(200) },
          { fingerprint: '55:66', lifecycleState: 'INACTIVE', timeCreated: ago(500) },
        ],
      },
    ],
    policies: [
      {
        id: 'ocid1.policy.oc1..aaaaadmins',
        name: 'Tenant Admin Policy',
        compartmentId: TENANCY,
        statements: ['ALLOW GROUP Administrators to manage all-resources IN TENANCY'],
      },
      {
        id: 'ocid1.policy.oc1..aaaaops',
        name: 'ops-everything',
        compartmentId: PROD,
        statements: ['Allow group Ops to read all-resources in tenancy', 'Allow group Ops to manage all-resources in tenancy'],
      },
    ],
    authenticationPolicy: {
      compartmentId: TENANCY,
      passwordPolicy: {
        minimumPasswordLength: 12,
        isLowercaseCharactersRequired: true,
        isUppercaseCharactersRequired: true,
        isNumericCharactersRequired: true,
        isSpecialCharactersRequired: true,
        isUsernameContainmentAllowed: false,
      },
      networkPolicy: { networkSourceIds: [] },
    },
    auditConfiguration: { retentionPeriodDays: 90 },
    cloudGuardConfiguration: { reportingRegion: HOME, status: 'DISABLED', selfManageResources: false },
    regions: {
      [HOME]: regionSeed(),
      'us-ashburn-1': {
        ...far,
        instances: [{ id: 'ocid1.instance.oc1.iad.far', displayName: 'far', compartmentId: PROD, lifecycleState: 'RUNNING' }],
        vnicAttachments: [],
        vnics: [],
        vcns: [],
        subnets: [],
        securityLists: [],
        networkSecurityGroups: [],
        logGroups: [],
        buckets: [],
      },
    },
  };
}

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', 'opc-request-id': `req-${Math.random().toString(16).slice(2)}`, ...headers });
  res.end(JSON.stringify(body));
};

const md5Fingerprint = (key: KeyObject) =>
  createHash('md5')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .match(/../g)!
    .join(':');

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

export async function startOracleStandIn(address: string): Promise<OracleStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const fingerprint = md5Fingerprint(publicKey);
  const keys = new Map([[`${TENANCY}/${USER}/${fingerprint}`, publicKey]]);
  const state: OracleStandInState = {
    ...oracleSeed(fingerprint),
    denied: new Set(),
    throttleNext: 0,
    pageSize: 2,
    calls: 0,
    throttled: 0,
    badSignatures: 0,
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => send(res, 500, { code: 'InternalServerError', message: String(e) }));
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const url = `http://${address}:${(server.address() as AddressInfo).port}`;

  /** Verifies the request's signature as OCI does; the reason it is refused, or null. */
  function refused(req: IncomingMessage, body: Buffer): string | null {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Signature ')) return 'The required information to complete authentication was not provided.';
    const params = Object.fromEntries([...auth.slice(10).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    if (params.version !== '1' || params.algorithm !== 'rsa-sha256') return 'Unsupported signature version or algorithm.';
    const key = keys.get(params.keyId ?? '');
    if (!key) return 'The required information to complete authentication was not provided or was incorrect.';
    const names = (params.headers ?? '').split(' ');
    const needed = [
      '(request-target)',
      'date',
      'host',
      ...(['POST', 'PUT', 'PATCH'].includes(req.method ?? '') ? ['x-content-sha256', 'content-type', 'content-length'] : []),
    ];
    if (needed.some((n) => !names.includes(n))) return `The signature must cover ${needed.join(' ')}.`;
    const date = Date.parse(String(req.headers.date ?? req.headers['x-date'] ?? ''));
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 5 * 60_000) return 'The Date header is missing or more than 5 minutes off.';
    if (names.includes('x-content-sha256') && req.headers['x-content-sha256'] !== createHash('sha256').update(body).digest('base64'))
      return 'x-content-sha256 does not match the body.';
    const signing = names
      .map((n) =>
        n === '(request-target)'
          ? `(request-target): ${(req.method ?? 'GET').toLowerCase()} ${req.url}`
          : `${n}: ${String(req.headers[n] ?? '')}`,
      )
      .join('\n');
    const verify = createVerify('RSA-SHA256');
    verify.update(signing);
    return verify.verify(key, Buffer.from(params.signature ?? '', 'base64'))
      ? null
      : 'The required information to complete authentication was not provided or was incorrect.';
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const why = refused(req, body);
    if (why) {
      state.badSignatures++;
      return send(res, 401, { code: 'NotAuthenticated', message: why });
    }
    state.calls++;
    if (state.throttleNext > 0) {
      state.throttleNext--;
      state.throttled++;
      return send(res, 429, { code: 'TooManyRequests', message: 'Too many requests for the user.' }, { 'retry-after': '0' });
    }
    const u = new URL(req.url ?? '/', url);
    const [, region = '', ...rest] = u.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const data = state.regions[region];
    const route = data ? routeOf(region, data, path, u.searchParams) : null;
    if (!route)
      return send(res, 404, { code: 'NotAuthorizedOrNotFound', message: 'Authorization failed or requested resource not found.' });
    if (state.denied.has(route.call) || route.answer === undefined)
      return send(res, 404, { code: 'NotAuthorizedOrNotFound', message: 'Authorization failed or requested resource not found.' });
    if (!Array.isArray(route.answer)) return send(res, 200, route.answer);
    const at = Number(u.searchParams.get('page') ?? 0);
    const limit = Math.min(Number(u.searchParams.get('limit') ?? state.pageSize) || state.pageSize, state.pageSize);
    const items = route.answer.slice(at, at + limit);
    return send(res, 200, items, at + limit < route.answer.length ? { 'opc-next-page': String(at + limit) } : {});
  }

  function routeOf(region: string, data: OracleRegionData, path: string, q: URLSearchParams): { call: string; answer: unknown } | null {
    const compartment = q.get('compartmentId');
    const inC = <T extends Json>(items: T[]) => (compartment ? items.filter((i) => i.compartmentId === compartment) : undefined);
    const home = region === HOME;
    let m: RegExpExecArray | null;
    if (path === `/20160918/tenancies/${TENANCY}`) return { call: 'tenancy', answer: state.tenancy };
    if (path === '/20160918/compartments')
      return { call: 'compartments', answer: compartment === TENANCY ? state.compartments : undefined };
    if (path === '/20160918/users')
      return { call: 'users', answer: compartment === TENANCY ? state.users.map(({ apiKeys: _k, ...u }) => u) : undefined };
    if ((m = /^\/20160918\/users\/([^/]+)\/apiKeys$/.exec(path)))
      return { call: 'apiKeys', answer: state.users.find((x) => x.id === m![1])?.apiKeys };
    if (path === `/20160918/authenticationPolicies/${TENANCY}`) return { call: 'authenticationPolicy', answer: state.authenticationPolicy };
    if (path === '/20160918/policies') return { call: 'policies', answer: inC(state.policies) };
    if (path === '/20190901/configuration')
      return { call: 'audit', answer: home && compartment === TENANCY ? state.auditConfiguration : undefined };
    if (path === '/20200131/configuration')
      return { call: 'cloudGuard', answer: home && compartment === TENANCY ? state.cloudGuardConfiguration : undefined };
    if (path === '/20160918/instances') return { call: 'instances', answer: inC(data.instances) };
    if (path === '/20160918/vnicAttachments') return { call: 'vnicAttachments', answer: inC(data.vnicAttachments) };
    if ((m = /^\/20160918\/vnics\/([^/]+)$/.exec(path))) return { call: 'vnics', answer: data.vnics.find((v) => v.id === m![1]) };
    if (path === '/20160918/vcns') return { call: 'vcns', answer: inC(data.vcns) };
    if (path === '/20160918/subnets') return { call: 'subnets', answer: inC(data.subnets) };
    if (path === '/20160918/securityLists') return { call: 'securityLists', answer: inC(data.securityLists) };
    if (path === '/20160918/networkSecurityGroups')
      return { call: 'networkSecurityGroups', answer: inC(data.networkSecurityGroups.map(({ rules: _r, ...g }) => g)) };
    if ((m = /^\/20160918\/networkSecurityGroups\/([^/]+)\/securityRules$/.exec(path))) {
      const direction = q.get('direction');
      return {
        call: 'networkSecurityGroups',
        answer: data.networkSecurityGroups.find((g) => g.id === m![1])?.rules.filter((r) => !direction || r.direction === direction),
      };
    }
    if (path === '/20200531/logGroups') return { call: 'logGroups', answer: inC(data.logGroups.map(({ logs: _l, ...g }) => g)) };
    if ((m = /^\/20200531\/logGroups\/([^/]+)\/logs$/.exec(path)))
      return { call: 'logGroups', answer: data.logGroups.find((g) => g.id === m![1])?.logs };
    if (path === '/n/') return { call: 'namespace', answer: NS };
    if (path === `/n/${NS}/b`)
      return {
        call: 'buckets',
        answer: inC(data.buckets)?.map((b) => ({
          namespace: NS,
          name: b.name,
          compartmentId: b.compartmentId,
          createdBy: USER,
          timeCreated: b.timeCreated,
          etag: 'e1',
        })),
      };
    if ((m = new RegExp(`^/n/${NS}/b/([^/]+)$`).exec(path)))
      return { call: 'buckets', answer: data.buckets.find((b) => b.name === decodeURIComponent(m![1]!)) };
    return null;
  }

  return {
    url,
    endpoint: `${url}/{region}`,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    fingerprint,
    otherKey: other.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    state,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
