// Oracle Cloud Infrastructure's REST APIs read with fetch, every request signed with the user's API key as OCI requires
// (https://docs.oracle.com/en-us/iaas/Content/API/Concepts/signingrequests.htm): an HTTP Signature (draft-cavage-http-
// signatures-08), version="1", keyId="<tenancy OCID>/<user OCID>/<key fingerprint>", algorithm="rsa-sha256", over the
// headers "(request-target) date host" and, for a request with a body, "x-content-sha256 content-type content-length".
// Lists answer a JSON array and page by the `opc-next-page` header, sent back as `page`
// (https://docs.oracle.com/en-us/iaas/Content/API/Concepts/usingapi.htm#nine). Errors answer {code, message}
// (https://docs.oracle.com/en-us/iaas/Content/API/References/apierrors.htm): 401 NotAuthenticated for a refused
// signature, 404 NotAuthorizedOrNotFound for a refused permission, 429 TooManyRequests.
import { createHash, createSign } from 'node:crypto';
import { retryAfterHeader } from '../errors.ts';
import type { CloudEndpoints } from '../types.ts';

/** The host of each service, in a region. */
export const ORACLE_HOSTS = {
  identity: 'https://identity.{region}.oci.oraclecloud.com',
  core: 'https://iaas.{region}.oraclecloud.com',
  objectstorage: 'https://objectstorage.{region}.oraclecloud.com',
  audit: 'https://audit.{region}.oraclecloud.com',
  cloudguard: 'https://cloudguard-cp-api.{region}.oci.oraclecloud.com',
  logging: 'https://logging.{region}.oci.oraclecloud.com',
} as const;

export type OracleService = keyof typeof ORACLE_HOSTS;

export class OracleError extends Error {
  readonly status: number;
  readonly code: string;
  readonly authFailed: boolean;
  /** The Retry-After of a 429 or 503: the engine's budget waits that long. */
  readonly retryAfterMs?: number;
  constructor(message: string, init: { status: number; code: string; authFailed?: boolean; retryAfterMs?: number }) {
    super(message);
    // The engine's budget retries on TooManyRequests (and on status 429); NotAuthenticated ends the scan.
    this.name = init.status === 429 ? 'TooManyRequests' : init.authFailed ? 'NotAuthenticated' : 'OracleError';
    this.status = init.status;
    this.code = init.code;
    this.authFailed = init.authFailed ?? false;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }
  get statusCode(): number {
    return this.status;
  }
}

export interface OracleCredentials {
  tenancy: string;
  user: string;
  fingerprint: string;
  privateKey: string;
  region: string;
}

const text = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim();

/** The profile's credential fields (core CLOUD_CREDENTIAL_FIELDS.oracle). */
export function oracleCredentials(credentials: Record<string, string | string[]>): OracleCredentials {
  const c = {
    tenancy: text(credentials.tenancy_ocid),
    user: text(credentials.user_ocid),
    fingerprint: text(credentials.fingerprint).toLowerCase(),
    privateKey: text(credentials.private_key),
    region: text(credentials.region),
  };
  if (!c.tenancy || !c.user || !c.fingerprint || !c.privateKey || !c.region)
    throw new OracleError('The tenancy OCID, user OCID, key fingerprint, private key and home region are all needed.', {
      status: 400,
      code: 'InvalidParameter',
      authFailed: true,
    });
  return c;
}

/** The Authorization header of a request (and the headers it signed). */
export function oracleSignature(
  credentials: Pick<OracleCredentials, 'tenancy' | 'user' | 'fingerprint' | 'privateKey'>,
  method: string,
  url: URL,
  body?: string,
  date = new Date().toUTCString(),
): Record<string, string> {
  const headers: Record<string, string> = { date, host: url.host };
  const names = ['(request-target)', 'date', 'host'];
  if (body !== undefined) {
    headers['x-content-sha256'] = createHash('sha256').update(body).digest('base64');
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
    names.push('x-content-sha256', 'content-type', 'content-length');
  }
  const line = (name: string) =>
    name === '(request-target)' ? `(request-target): ${method.toLowerCase()} ${url.pathname}${url.search}` : `${name}: ${headers[name]}`;
  const signer = createSign('RSA-SHA256');
  signer.update(names.map(line).join('\n'));
  let signature: string;
  try {
    signature = signer.sign(credentials.privateKey, 'base64');
  } catch (e) {
    throw new OracleError(`The API private key cannot sign: ${(e as Error).message}`, {
      status: 400,
      code: 'InvalidPrivateKey',
      authFailed: true,
    });
  }
  const keyId = `${credentials.tenancy}/${credentials.user}/${credentials.fingerprint}`;
  headers.authorization = `Signature version="1",keyId="${keyId}",algorithm="rsa-sha256",headers="${names.join(' ')}",signature="${signature}"`;
  delete headers.host;
  return headers;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export class OracleClient {
  private readonly base?: string;

  constructor(
    readonly credentials: OracleCredentials,
    endpoints: CloudEndpoints | undefined,
    private readonly timeoutMs: number,
    private readonly signal?: AbortSignal,
  ) {
    // One URL for the stand-in; it may hold {region} (and {service}) to tell the regions apart.
    this.base = endpoints?.oracle ? trimSlash(endpoints.oracle) : undefined;
  }

  url(service: OracleService, region: string, path: string, query: Record<string, string | undefined> = {}): URL {
    const base = (this.base ?? ORACLE_HOSTS[service]).replace('{service}', service).replace('{region}', region);
    const u = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) u.searchParams.set(k, v);
    return u;
  }

  /** One signed GET; the JSON answer and the next page token. */
  async get(
    service: OracleService,
    region: string,
    path: string,
    query: Record<string, string | undefined> = {},
  ): Promise<{ body: unknown; nextPage?: string }> {
    const url = this.url(service, region, path, query);
    const headers = { ...oracleSignature(this.credentials, 'GET', url), accept: 'application/json' };
    let response: Response;
    try {
      const timeout = AbortSignal.timeout(this.timeoutMs);
      response = await fetch(url, { headers, signal: this.signal ? AbortSignal.any([this.signal, timeout]) : timeout });
    } catch (e) {
      if (this.signal?.aborted) throw e;
      const err = e as Error;
      throw new OracleError(`${url.host}${url.pathname}: ${err.name === 'TimeoutError' ? 'no answer in time' : err.message}`, {
        status: 0,
        code: err.name === 'TimeoutError' ? 'Timeout' : 'connection_failed',
      });
    }
    const answer: unknown = await response.json().catch(() => null);
    if (response.ok) return { body: answer, nextPage: response.headers.get('opc-next-page') ?? undefined };
    const error = (answer && typeof answer === 'object' ? answer : {}) as { code?: string; message?: string };
    const code = error.code ?? `http_${response.status}`;
    const retryAfterMs = retryAfterHeader(response.headers.get('retry-after'));
    throw new OracleError(`${code}: ${error.message ?? response.statusText} (${service} ${url.pathname})`, {
      status: response.status,
      code,
      authFailed: response.status === 401,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  }

  /** Every page of a list (`opc-next-page` → `page`). */
  async list<T>(
    call: <R>(fn: () => Promise<R>) => Promise<R>,
    service: OracleService,
    region: string,
    path: string,
    query: Record<string, string | undefined> = {},
  ): Promise<T[]> {
    const out: T[] = [];
    let page: string | undefined;
    do {
      const answer = await call(() => this.get(service, region, path, { ...query, page }));
      if (Array.isArray(answer.body)) out.push(...(answer.body as T[]));
      else if (answer.body && typeof answer.body === 'object' && Array.isArray((answer.body as { items?: unknown }).items))
        out.push(...(answer.body as { items: T[] }).items);
      page = answer.nextPage || undefined;
    } while (page);
    return out;
  }
}
