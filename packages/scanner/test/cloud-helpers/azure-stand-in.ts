// A stand-in for Azure: the Microsoft identity platform token endpoint, Resource Manager and Microsoft Graph, answering
// the calls the Azure provider makes as the published REST APIs do. It follows:
//  - https://learn.microsoft.com/entra/identity-platform/v2-oauth2-client-creds-grant-flow (token request and answer;
//    error answers with error, error_description AADSTSnnnnn, error_codes) and …/reference-error-codes (AADSTS90002
//    tenant not found, AADSTS700016 application not found, AADSTS7000215 invalid client secret);
//  - https://learn.microsoft.com/rest/api/azure/#response (Resource Manager answers {value, nextLink}; errors
//    {error:{code,message}}), …/azure-resource-manager/management/request-limits-and-throttling (429 with Retry-After,
//    SubscriptionRequestsThrottled), …/role-based-access-control/troubleshooting (403 AuthorizationFailed naming the
//    action and scope), 401 AuthenticationFailed / InvalidAuthenticationToken, 400 MissingApiVersionParameter;
//  - the list calls named in src/cloud/azure/calls.ts, each with the JSON shape of its reference page;
//  - https://learn.microsoft.com/graph/errors (403 Authorization_RequestDenied) and the v1.0 policy reads.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

/** A subscription's lists, by the collector's names (the paths are below). */
export type AzureLists = Partial<Record<keyof typeof LIST_PATHS, Json[]>>;

export interface AzureSubscriptionSeed {
  subscriptionId: string;
  displayName: string;
  lists: AzureLists;
  /** Per SQL server id (lower case): its auditingSettings/default answer and firewall rules. */
  sqlAuditing?: Record<string, Json>;
  sqlFirewall?: Record<string, Json[]>;
}

export interface AzureAppSeed {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Subscriptions the application holds a role on (Reader); every one when unset. */
  subscriptions?: string[];
  /** Actions refused to the application ('Microsoft.Storage/storageAccounts/read'). */
  denied?: string[];
  /** Microsoft Graph refuses the application (no Policy.Read.All). */
  graphDenied?: boolean;
  /** Resource Manager answers 401 InvalidAuthenticationToken on paths containing this (a token revoked mid-scan). */
  tokenRevokedOn?: string;
}

export interface AzureSeed {
  apps: AzureAppSeed[];
  subscriptions: AzureSubscriptionSeed[];
  graph: { securityDefaults: Json; authorizationPolicy: Json };
  /** Items per list page (Resource Manager pages by nextLink with $skiptoken). */
  pageSize?: number;
}

/** The list paths under /subscriptions/{id}/ (lower case), with the action Azure checks. */
const LIST_PATHS = {
  resourceGroups: ['resourcegroups', 'Microsoft.Resources/subscriptions/resourceGroups/read'],
  virtualMachines: ['providers/microsoft.compute/virtualmachines', 'Microsoft.Compute/virtualMachines/read'],
  disks: ['providers/microsoft.compute/disks', 'Microsoft.Compute/disks/read'],
  networkInterfaces: ['providers/microsoft.network/networkinterfaces', 'Microsoft.Network/networkInterfaces/read'],
  publicIPAddresses: ['providers/microsoft.network/publicipaddresses', 'Microsoft.Network/publicIPAddresses/read'],
  networkSecurityGroups: ['providers/microsoft.network/networksecuritygroups', 'Microsoft.Network/networkSecurityGroups/read'],
  storageAccounts: ['providers/microsoft.storage/storageaccounts', 'Microsoft.Storage/storageAccounts/read'],
  vaults: ['providers/microsoft.keyvault/vaults', 'Microsoft.KeyVault/vaults/read'],
  sqlServers: ['providers/microsoft.sql/servers', 'Microsoft.Sql/servers/read'],
  managedClusters: ['providers/microsoft.containerservice/managedclusters', 'Microsoft.ContainerService/managedClusters/read'],
  activityLogAlerts: ['providers/microsoft.insights/activitylogalerts', 'Microsoft.Insights/ActivityLogAlerts/read'],
  diagnosticSettings: ['providers/microsoft.insights/diagnosticsettings', 'Microsoft.Insights/DiagnosticSettings/read'],
  pricings: ['providers/microsoft.security/pricings', 'Microsoft.Security/pricings/read'],
} as const;

export interface AzureStandIn {
  url: string;
  seed: AzureSeed;
  /** Every request's method and path with query, in order. */
  requests: string[];
  /**
   * The next `times` requests whose path contains `fragment` answer 429 SubscriptionRequestsThrottled (or, with
   * `busy`, 503 ServerBusy without one) with Retry-After `seconds`.
   */
  throttle(fragment: string, times: number, seconds: number, busy?: boolean): void;
  stop(): Promise<void>;
}

export async function startAzureStandIn(address: string, seed: AzureSeed): Promise<AzureStandIn> {
  const tokens = new Map<string, { app: AzureAppSeed; audience: 'management' | 'graph' }>();
  const throttles: { fragment: string; times: number; seconds: number; busy: boolean }[] = [];
  const requests: string[] = [];
  const pageSize = seed.pageSize ?? 2;

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'x-ms-request-id': randomUUID(),
      'x-ms-correlation-request-id': randomUUID(),
      ...headers,
    });
    res.end(JSON.stringify(body));
  };
  const armError = (res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) =>
    send(res, status, { error: { code, message } }, headers);
  const aadError = (res: ServerResponse, status: number, error: string, code: number, description: string) =>
    send(res, status, {
      error,
      error_description: `AADSTS${code}: ${description}\r\nTrace ID: ${randomUUID()}\r\nCorrelation ID: ${randomUUID()}\r\nTimestamp: ${new Date().toISOString()}`,
      error_codes: [code],
      timestamp: new Date().toISOString(),
      trace_id: randomUUID(),
      correlation_id: randomUUID(),
    });

  const body = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => resolve(data));
    });

  let base = '';
  /** One page of a list, with nextLink to the following one. */
  const page = (res: ServerResponse, url: URL, items: Json[], graph = false) => {
    const skip = Number(url.searchParams.get('$skiptoken') ?? 0) || 0;
    const value = items.slice(skip, skip + pageSize);
    const answer: Json = { value };
    if (skip + pageSize < items.length) {
      // As Azure writes them: the same query, with $skiptoken (its dollar sign unencoded).
      const query = [...url.searchParams].filter(([k]) => k !== '$skiptoken').map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
      answer[graph ? '@odata.nextLink' : 'nextLink'] = `${base}${url.pathname}?${[...query, `$skiptoken=${skip + pageSize}`].join('&')}`;
    }
    send(res, 200, answer);
  };

  const token = async (req: IncomingMessage, res: ServerResponse, tenant: string) => {
    const form = new URLSearchParams(await body(req));
    if (form.get('grant_type') !== 'client_credentials')
      return aadError(res, 400, 'unsupported_grant_type', 70003, 'The app requested an unsupported grant type.');
    if (!seed.apps.some((a) => a.tenantId === tenant))
      return aadError(
        res,
        400,
        'invalid_request',
        90002,
        `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
      );
    const app = seed.apps.find((a) => a.tenantId === tenant && a.clientId === form.get('client_id'));
    if (!app)
      return aadError(
        res,
        400,
        'unauthorized_client',
        700016,
        `Application with identifier '${form.get('client_id')}' was not found in the directory '${tenant}'.`,
      );
    if (app.clientSecret !== form.get('client_secret'))
      return aadError(
        res,
        401,
        'invalid_client',
        7000215,
        'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.',
      );
    const scope = form.get('scope') ?? '';
    const audience =
      scope === 'https://management.azure.com/.default' ? 'management' : scope === 'https://graph.microsoft.com/.default' ? 'graph' : null;
    if (!audience) return aadError(res, 400, 'invalid_scope', 1002012, `The provided value for scope ${scope} is not valid.`);
    const value = randomBytes(24).toString('base64url');
    tokens.set(value, { app, audience });
    send(res, 200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: value });
  };

  const bearer = (req: IncomingMessage) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];

  const management = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const presented = bearer(req);
    if (!presented)
      return armError(res, 401, 'AuthenticationFailed', "Authentication failed. The 'Authorization' header is missing.", {
        'www-authenticate': 'Bearer',
      });
    const session = tokens.get(presented);
    if (!session)
      return armError(res, 401, 'InvalidAuthenticationToken', 'The access token is invalid.', {
        'www-authenticate': 'Bearer error="invalid_token"',
      });
    if (session.audience !== 'management')
      return armError(
        res,
        401,
        'InvalidAuthenticationToken',
        "The access token has been obtained for wrong audience or resource 'https://graph.microsoft.com'. It should exactly match with one of the allowed audiences 'https://management.core.windows.net/','https://management.azure.com/'.",
      );
    if (session.app.tokenRevokedOn && url.pathname.toLowerCase().includes(session.app.tokenRevokedOn.toLowerCase()))
      return armError(res, 401, 'InvalidAuthenticationToken', 'The access token is invalid.', {
        'www-authenticate': 'Bearer error="invalid_token"',
      });
    if (!url.searchParams.get('api-version'))
      return armError(
        res,
        400,
        'MissingApiVersionParameter',
        'The api-version query parameter (?api-version=) is required for all requests.',
      );
    const app = session.app;
    const path = url.pathname.replace(/\/+$/, '').toLowerCase();
    const readable = (id: string) => !app.subscriptions || app.subscriptions.includes(id);
    const refuse = (action: string, scope: string) =>
      armError(
        res,
        403,
        'AuthorizationFailed',
        `The client '${app.clientId}' with object id '${app.clientId}' does not have authorization to perform action '${action}' over scope '${scope}' or the scope is invalid. If access was recently granted, please refresh your credentials.`,
      );

    if (path === '/subscriptions')
      return page(
        res,
        url,
        seed.subscriptions
          .filter((s) => readable(s.subscriptionId))
          .map((s) => ({
            id: `/subscriptions/${s.subscriptionId}`,
            authorizationSource: 'RoleBased',
            managedByTenants: [],
            subscriptionId: s.subscriptionId,
            tenantId: app.tenantId,
            displayName: s.displayName,
            state: 'Enabled',
            subscriptionPolicies: { locationPlacementId: 'Public_2014-09-01', quotaId: 'PayAsYouGo_2014-09-01', spendingLimit: 'Off' },
          })),
      );
    const m = /^\/subscriptions\/([^/]+)\/(.+)$/.exec(path);
    if (!m)
      return armError(
        res,
        404,
        'InvalidResourceType',
        `The resource type could not be found in the namespace for api version '${url.searchParams.get('api-version')}'.`,
      );
    const [, subscriptionId, rest] = m as unknown as [string, string, string];
    const subscription = seed.subscriptions.find((s) => s.subscriptionId === subscriptionId);
    const scope = `/subscriptions/${subscriptionId}`;
    const list = Object.entries(LIST_PATHS).find(([, [p]]) => p === rest);
    if (list) {
      const [key, [, action]] = list;
      if (!subscription || !readable(subscriptionId) || app.denied?.includes(action)) return refuse(action, scope);
      return page(res, url, subscription.lists[key as keyof AzureLists] ?? []);
    }
    const sql = /^(resourcegroups\/[^/]+\/providers\/microsoft\.sql\/servers\/[^/]+)\/(auditingsettings\/default|firewallrules)$/.exec(
      rest,
    );
    if (sql && subscription) {
      const server = `${scope}/${sql[1]}`;
      const known = (subscription.lists.sqlServers ?? []).some((s) => String(s.id).toLowerCase() === server);
      if (sql[2] === 'firewallrules') {
        if (app.denied?.includes('Microsoft.Sql/servers/firewallRules/read') || !readable(subscriptionId))
          return refuse('Microsoft.Sql/servers/firewallRules/read', server);
        if (!known)
          return armError(
            res,
            404,
            'ResourceNotFound',
            `The Resource 'Microsoft.Sql/servers/${server.split('/').pop()}' under resource group was not found.`,
          );
        return page(res, url, subscription.sqlFirewall?.[server] ?? []);
      }
      if (app.denied?.includes('Microsoft.Sql/servers/auditingSettings/read') || !readable(subscriptionId))
        return refuse('Microsoft.Sql/servers/auditingSettings/read', server);
      if (!known)
        return armError(
          res,
          404,
          'ResourceNotFound',
          `The Resource 'Microsoft.Sql/servers/${server.split('/').pop()}' under resource group was not found.`,
        );
      return send(
        res,
        200,
        subscription.sqlAuditing?.[server] ?? {
          id: `${server}/auditingSettings/Default`,
          name: 'Default',
          type: 'Microsoft.Sql/servers/auditingSettings',
          properties: { state: 'Disabled', retentionDays: 0, auditActionsAndGroups: [], isAzureMonitorTargetEnabled: false },
        },
      );
    }
    return armError(
      res,
      404,
      'InvalidResourceType',
      `The resource type could not be found in the namespace for api version '${url.searchParams.get('api-version')}'.`,
    );
  };

  const graph = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const presented = bearer(req);
    const session = presented ? tokens.get(presented) : undefined;
    const innerError = { date: new Date().toISOString().slice(0, 19), 'request-id': randomUUID(), 'client-request-id': randomUUID() };
    if (!session || session.audience !== 'graph')
      return send(res, 401, {
        error: { code: 'InvalidAuthenticationToken', message: 'Access token validation failure. Invalid audience.', innerError },
      });
    if (session.app.graphDenied)
      return send(res, 403, {
        error: { code: 'Authorization_RequestDenied', message: 'Insufficient privileges to complete the operation.', innerError },
      });
    if (url.pathname === '/v1.0/policies/identitySecurityDefaultsEnforcementPolicy')
      return send(res, 200, {
        '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#policies/identitySecurityDefaultsEnforcementPolicy/$entity',
        id: '00000000-0000-0000-0000-000000000005',
        displayName: 'Security Defaults',
        description: 'Security defaults is a set of basic identity security mechanisms recommended by Microsoft.',
        ...seed.graph.securityDefaults,
      });
    if (url.pathname === '/v1.0/policies/authorizationPolicy')
      return send(res, 200, {
        '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#policies/authorizationPolicy/$entity',
        id: 'authorizationPolicy',
        displayName: 'Authorization Policy',
        ...seed.graph.authorizationPolicy,
      });
    return send(res, 400, {
      error: { code: 'BadRequest', message: `Resource not found for the segment '${url.pathname.split('/').pop()}'.`, innerError },
    });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const rule = throttles.find((t) => t.times > 0 && url.pathname.toLowerCase().includes(t.fragment.toLowerCase()));
    if (rule) {
      rule.times--;
      // ServerBusy comes without a Retry-After: the caller backs off on its own.
      if (rule.busy) return armError(res, 503, 'ServerBusy', 'The server is currently busy. Please retry after some time.');
      return armError(
        res,
        429,
        'SubscriptionRequestsThrottled',
        `Number of 'read' requests for subscription actor exceeded. Please try again after '${rule.seconds}' seconds after additional '1' requests.`,
        { 'retry-after': String(rule.seconds) },
      );
    }
    const tokenPath = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(url.pathname);
    if (tokenPath && req.method === 'POST') return void token(req, res, decodeURIComponent(tokenPath[1]!));
    if (req.method !== 'GET') return armError(res, 405, 'MethodNotAllowed', 'The stand-in answers GET only.');
    if (url.pathname.startsWith('/v1.0/')) return graph(req, res, url);
    return management(req, res, url);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, address, resolve);
  });
  base = `http://${address}:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    seed,
    requests,
    throttle: (fragment, times, seconds, busy = false) => throttles.push({ fragment, times, seconds, busy }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
