// Google Cloud's REST APIs read with fetch. Authentication is the OAuth 2.0 JWT bearer grant a service-account key
// allows (https://developers.google.com/identity/protocols/oauth2/service-account#httprest): a JWT {iss: the key's
// client_email, scope, aud: the token URI, iat, exp} signed RS256 with the key's private key (node:crypto), POSTed as
// grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer to https://oauth2.googleapis.com/token. Then GETs (and the
// projects.getIamPolicy POST) on https://{service}.googleapis.com, paged by `nextPageToken`/`pageToken`
// (https://cloud.google.com/apis/design/design_patterns#list_pagination). Errors keep Google's own words
// (https://cloud.google.com/apis/design/errors): `error.status` (PERMISSION_DENIED, UNAUTHENTICATED, RESOURCE_EXHAUSTED)
// and its message, which names the permission refused.
import { createSign } from 'node:crypto';
import type { CloudEndpoints } from '../types.ts';

export const GOOGLE_TOKEN = 'https://oauth2.googleapis.com/token';
export const GOOGLE_APIS = 'https://{service}.googleapis.com';
export const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/cloud-platform.read-only';

/** A Google call that failed: the HTTP status, Google's status code, the permission a 403 names. */
export class GoogleError extends Error {
  readonly status: number;
  readonly code: string;
  readonly permission?: string;
  readonly authFailed: boolean;
  constructor(message: string, init: { status: number; code: string; permission?: string; authFailed?: boolean }) {
    super(message);
    // The engine's budget retries on the name RateLimitExceeded (and on status 429).
    this.name = init.status === 429 ? 'RateLimitExceeded' : init.authFailed ? 'NotAuthenticated' : 'GoogleError';
    this.status = init.status;
    this.code = init.code;
    this.permission = init.permission;
    this.authFailed = init.authFailed ?? false;
  }
  get statusCode(): number {
    return this.status;
  }
}

export interface GoogleKey {
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
  projectId: string;
}

const text = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim();

/** The profile's credential fields (core CLOUD_CREDENTIAL_FIELDS.google): the key, and the projects to scan. */
export function googleCredentials(credentials: Record<string, string | string[]>): { key: GoogleKey; projects: string[] } {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text(credentials.service_account_key)) as Record<string, unknown>;
  } catch {
    throw new GoogleError('The service account key is not JSON.', { status: 400, code: 'INVALID_KEY', authFailed: true });
  }
  const str = (k: string) => (typeof parsed[k] === 'string' ? (parsed[k] as string) : '');
  if (str('type') !== 'service_account' || !str('client_email') || !str('private_key'))
    throw new GoogleError('The key is not a service account key (type service_account with client_email and private_key).', {
      status: 400,
      code: 'INVALID_KEY',
      authFailed: true,
    });
  const p = credentials.projects;
  const list = Array.isArray(p) ? p : typeof p === 'string' ? p.split(/[\s,]+/) : [];
  return {
    key: {
      clientEmail: str('client_email'),
      privateKey: str('private_key'),
      tokenUri: str('token_uri') || GOOGLE_TOKEN,
      projectId: str('project_id'),
    },
    projects: [...new Set(list.map((s) => s.trim()).filter(Boolean))],
  };
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** The signed JWT assertion of the bearer grant (RS256). */
export function googleAssertion(key: GoogleKey, audience: string, now = Math.floor(Date.now() / 1000)): string {
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(JSON.stringify({ iss: key.clientEmail, scope: GOOGLE_SCOPE, aud: audience, iat: now, exp: now + 3600 }));
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${claims}`);
  let signature: Buffer;
  try {
    signature = signer.sign(key.privateKey);
  } catch (e) {
    throw new GoogleError(`The service account's private key cannot sign: ${(e as Error).message}`, {
      status: 400,
      code: 'INVALID_KEY',
      authFailed: true,
    });
  }
  return `${header}.${claims}.${b64url(signature)}`;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** One scan's (or test's) connection: the key, where the APIs are, and the access token (asked once). */
export class GoogleClient {
  readonly tokenUrl: string;
  private readonly apis: string;
  private pending?: Promise<string>;

  constructor(
    readonly key: GoogleKey,
    endpoints: CloudEndpoints | undefined,
    private readonly timeoutMs: number,
    private readonly signal?: AbortSignal,
  ) {
    this.tokenUrl = endpoints?.googleToken || (key.tokenUri.startsWith('https://') ? key.tokenUri : GOOGLE_TOKEN);
    // One base for the stand-in: each service under its host name's first label (`{base}/compute/compute/v1/…`).
    const apis = trimSlash(endpoints?.googleApis || GOOGLE_APIS);
    this.apis = apis.includes('{service}') ? apis : `${apis}/{service}`;
  }

  private init(): { signal: AbortSignal } {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    return { signal: this.signal ? AbortSignal.any([this.signal, timeout]) : timeout };
  }

  token(): Promise<string> {
    if (!this.pending) {
      this.pending = this.requestToken();
      this.pending.catch(() => (this.pending = undefined));
    }
    return this.pending;
  }

  private async requestToken(): Promise<string> {
    // The JWT's audience is the token URI of the key (Google's own when the stand-in stands for it).
    const audience = this.key.tokenUri || GOOGLE_TOKEN;
    const body = new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: googleAssertion(this.key, audience),
    });
    const response = await this.fetch(this.tokenUrl, { method: 'POST', body });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok && typeof answer.access_token === 'string') return answer.access_token;
    if (response.status === 429)
      throw new GoogleError('The token endpoint throttled the request.', { status: 429, code: 'RESOURCE_EXHAUSTED' });
    const code = typeof answer.error === 'string' ? answer.error : `http_${response.status}`;
    const description = typeof answer.error_description === 'string' ? answer.error_description : response.statusText;
    throw new GoogleError(`The token endpoint refused the service account key: ${code}: ${description}`, {
      status: response.status,
      code,
      authFailed: response.status >= 400 && response.status < 500,
    });
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, ...this.init() });
    } catch (e) {
      if (this.signal?.aborted) throw e;
      const err = e as Error;
      throw new GoogleError(
        `${new URL(url).host}${new URL(url).pathname}: ${err.name === 'TimeoutError' ? 'no answer in time' : err.message}`,
        {
          status: 0,
          code: err.name === 'TimeoutError' ? 'Timeout' : 'connection_failed',
        },
      );
    }
  }

  url(service: string, path: string, query: Record<string, string | undefined> = {}): string {
    const u = new URL(`${this.apis.replace('{service}', service)}${path}`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) u.searchParams.set(k, v);
    return u.toString();
  }

  /** One call (GET, or POST with a JSON body). Throws GoogleError with Google's status code. */
  async request(
    service: string,
    path: string,
    query: Record<string, string | undefined> = {},
    body?: unknown,
  ): Promise<Record<string, unknown>> {
    const token = await this.token();
    const url = this.url(service, path, query);
    const response = await this.fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok) return answer;
    const error = (answer.error ?? {}) as { code?: number; message?: string; status?: string };
    const code = error.status ?? `http_${response.status}`;
    const message = error.message ?? response.statusText;
    // "Permission 'storage.buckets.list' denied …", Compute's "Required 'compute.instances.list' permission for …".
    const permission = /'([a-z]+(?:\.[a-zA-Z]+){2,})'/.exec(message)?.[1] ?? /have ([a-z]+(?:\.[a-zA-Z]+){2,}) access/.exec(message)?.[1];
    throw new GoogleError(`${code}: ${message}`, { status: response.status, code, permission, authFailed: response.status === 401 });
  }

  /** Every page of a list (`nextPageToken` → `pageToken`): the items under `field`. */
  async list<T>(
    call: <R>(fn: () => Promise<R>) => Promise<R>,
    service: string,
    path: string,
    field: string,
    query: Record<string, string | undefined> = {},
  ): Promise<T[]> {
    const out: T[] = [];
    let pageToken: string | undefined;
    do {
      const page = await call(() => this.request(service, path, { ...query, pageToken }));
      const items = page[field];
      if (Array.isArray(items)) out.push(...(items as T[]));
      else if (items && typeof items === 'object')
        // Compute's aggregated lists: items keyed by scope ('zones/us-central1-a': {instances: […]} or {warning}).
        for (const [scope, group] of Object.entries(items as Record<string, Record<string, unknown>>))
          for (const value of Object.values(group))
            if (Array.isArray(value)) out.push(...value.map((v) => ({ ...(v as object), _scope: scope }) as T));
      pageToken = typeof page.nextPageToken === 'string' && page.nextPageToken ? page.nextPageToken : undefined;
    } while (pageToken);
    return out;
  }
}
