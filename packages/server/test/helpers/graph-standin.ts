// A local stand-in for Microsoft Graph and the Microsoft identity platform, for the Azure AD recipient sync's tests.
// It answers as Microsoft's published documentation says, for what the sync uses:
// - "Microsoft identity platform and the OAuth 2.0 client credentials flow": POST /{tenant}/oauth2/v2.0/token with a
//   form body (client_id, client_secret, scope=https://graph.microsoft.com/.default, grant_type=client_credentials)
//   answers {token_type:"Bearer", expires_in, ext_expires_in, access_token}; a wrong secret answers 401
//   {error:"invalid_client", error_description:"AADSTS7000215: Invalid client secret provided. …", error_codes:[7000215],
//   timestamp, trace_id, correlation_id}; an unknown tenant 400 {error:"invalid_request", … AADSTS90002 …}.
// - "List users" (GET /v1.0/users with $select and $top, at most 999 a page): {"@odata.context", "value":[…]} and
//   "@odata.nextLink" (an absolute URL with a $skiptoken) while more pages follow ("Paging Microsoft Graph data").
//   Without a valid bearer token: 401 {"error":{"code":"InvalidAuthenticationToken","message":"…","innerError":{…}}}.
// - "Microsoft Graph throttling guidance": 429 with Retry-After (seconds) and {"error":{"code":"TooManyRequests",…}}
//   (scripted with throttleNext).
// Every request is logged so a test can see the form body, the query and the headers sent.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GraphUserRecord {
  id: string;
  displayName: string | null;
  givenName: string | null;
  surname: string | null;
  mail: string | null;
  userPrincipalName: string;
  department: string | null;
  jobTitle: string | null;
  preferredLanguage: string | null;
  accountEnabled: boolean;
}

export interface GraphLogged {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  status: number;
}

export interface GraphStandin {
  /** Base of the identity platform (give it as BULWARK_AZURE_LOGIN_URL). */
  loginUrl: string;
  /** Base of Graph v1.0 (give it as BULWARK_GRAPH_URL). */
  graphUrl: string;
  tenant: string;
  clientId: string;
  clientSecret: string;
  users: GraphUserRecord[];
  pageSize: number;
  log: GraphLogged[];
  /** The next `count` /users requests answer 429 with this Retry-After. */
  throttleNext(count: number, retryAfterSeconds: number): void;
  close(): Promise<void>;
}

const ids = () => ({
  timestamp: new Date().toISOString().replace('T', ' ').slice(0, 19) + 'Z',
  trace_id: randomUUID(),
  correlation_id: randomUUID(),
});

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'application/json; odata.metadata=minimal; odata.streaming=true; IEEE754Compatible=false; charset=utf-8',
    'request-id': randomUUID(),
    ...headers,
  });
  res.end(JSON.stringify(body));
}

const graphError = (code: string, message: string) => ({
  error: {
    code,
    message,
    innerError: { date: new Date().toISOString().slice(0, 19), 'request-id': randomUUID(), 'client-request-id': randomUUID() },
  },
});

/** Starts the stand-in on `host` (a loopback address of the test's range). */
export async function startGraphStandin(host: string, o: { users: GraphUserRecord[]; pageSize?: number }): Promise<GraphStandin> {
  const tenant = randomUUID();
  const clientId = randomUUID();
  const clientSecret = randomBytes(24).toString('base64url');
  const tokens = new Set<string>();
  let throttle = { count: 0, seconds: 1 };
  const log: GraphLogged[] = [];
  const state = { users: o.users, pageSize: o.pageSize ?? 999 };
  let base = '';

  const handle = (req: IncomingMessage, body: string, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', base);
    const answer = (status: number, payload: unknown, headers?: Record<string, string>) => {
      log.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body, status });
      send(res, status, payload, headers);
    };
    const tokenPath = url.pathname.match(/^\/login\/([^/]+)\/oauth2\/v2\.0\/token$/);
    if (tokenPath && req.method === 'POST') {
      const form = new URLSearchParams(body);
      if (decodeURIComponent(tokenPath[1]!) !== tenant)
        return answer(400, {
          error: 'invalid_request',
          error_description: `AADSTS90002: Tenant '${tokenPath[1]}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
          error_codes: [90002],
          ...ids(),
        });
      if (form.get('grant_type') !== 'client_credentials' || form.get('scope') !== 'https://graph.microsoft.com/.default')
        return answer(400, {
          error: 'invalid_scope',
          error_description: 'AADSTS70011: The provided value for the input parameter scope is not valid.',
          error_codes: [70011],
          ...ids(),
        });
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
        return answer(401, {
          error: 'invalid_client',
          error_description: `AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${form.get('client_id')}'.`,
          error_codes: [7000215],
          ...ids(),
        });
      const token = randomBytes(32).toString('base64url');
      tokens.add(token);
      return answer(200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: token });
    }
    if (url.pathname === '/v1.0/users' && req.method === 'GET') {
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7)))
        return answer(401, graphError('InvalidAuthenticationToken', 'Access token is empty.'));
      if (throttle.count > 0) {
        throttle.count -= 1;
        return answer(429, graphError('TooManyRequests', 'Too many requests.'), { 'retry-after': String(throttle.seconds) });
      }
      const top = Math.min(Number(url.searchParams.get('$top') ?? 100) || 100, 999, state.pageSize);
      const skip = Number(url.searchParams.get('$skiptoken') ?? 0) || 0;
      const fields = (url.searchParams.get('$select') ?? '').split(',').filter(Boolean);
      const page = state.users
        .slice(skip, skip + top)
        .map((u) => (fields.length ? Object.fromEntries(fields.map((f) => [f, (u as unknown as Record<string, unknown>)[f] ?? null])) : u));
      const more = skip + top < state.users.length;
      const next = new URL(url.toString());
      next.searchParams.set('$skiptoken', String(skip + top));
      return answer(200, {
        '@odata.context': `${base}/v1.0/$metadata#users(${fields.join(',')})`,
        value: page,
        ...(more ? { '@odata.nextLink': next.toString() } : {}),
      });
    }
    return answer(404, graphError('Request_ResourceNotFound', `Resource '${url.pathname}' does not exist.`));
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  base = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    loginUrl: `${base}/login`,
    graphUrl: `${base}/v1.0`,
    tenant,
    clientId,
    clientSecret,
    get users() {
      return state.users;
    },
    set users(v: GraphUserRecord[]) {
      state.users = v;
    },
    get pageSize() {
      return state.pageSize;
    },
    set pageSize(v: number) {
      state.pageSize = v;
    },
    log,
    throttleNext(count, seconds) {
      throttle = { count, seconds };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
