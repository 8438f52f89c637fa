// Azure's REST APIs read with fetch: an OAuth 2.0 client-credentials token from the Microsoft identity platform
// (POST {login}/{tenant}/oauth2/v2.0/token, one token per audience: https://management.azure.com/.default for Resource
// Manager, https://graph.microsoft.com/.default for Microsoft Graph), then GETs on Resource Manager
// (https://learn.microsoft.com/rest/api/azure/) paged by `nextLink`, and on Microsoft Graph paged by `@odata.nextLink`.
// Errors keep Azure's own words: the `error.code` of the answer (AuthorizationFailed, InvalidAuthenticationToken …),
// the action a 403 names, and Retry-After on 429 so the engine's budget backs off as asked.
import type { CloudEndpoints } from '../types.ts';
import { retryAfterHeader } from '../errors.ts';

export const AZURE_LOGIN = 'https://login.microsoftonline.com';
export const AZURE_MANAGEMENT = 'https://management.azure.com';
export const AZURE_GRAPH = 'https://graph.microsoft.com';

/** An Azure call that failed, with what the engine and the report need: the HTTP status, Azure's code, the action refused. */
export class AzureError extends Error {
  readonly status: number;
  readonly code: string;
  /** The permission a 403 names ('Microsoft.Storage/storageAccounts/read'), when it does. */
  readonly action?: string;
  /** 429, or 503 ServerBusy or with Retry-After: the engine's call budget retries, waiting `retryAfterMs` when given. */
  readonly throttled: boolean;
  readonly retryAfterMs?: number;
  /** The credentials were refused (token endpoint, or 401 on an API): the run's error is auth failed. */
  readonly authFailed: boolean;
  constructor(
    message: string,
    init: { status: number; code: string; action?: string; retryAfterMs?: number; authFailed?: boolean; throttled?: boolean },
  ) {
    super(message);
    this.name = init.throttled ? 'ThrottlingException' : 'AzureError';
    this.status = init.status;
    this.code = init.code;
    this.action = init.action;
    this.retryAfterMs = init.retryAfterMs;
    this.throttled = init.throttled ?? false;
    this.authFailed = init.authFailed ?? false;
  }
  /** Same as `status`, under the name other HTTP clients use. */
  get statusCode(): number {
    return this.status;
  }
}

export interface AzureCredentials {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  subscriptions: string[];
}

const text = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim();

/** The profile's credential fields (core CLOUD_CREDENTIAL_FIELDS.azure) as the client needs them. */
export function azureCredentials(credentials: Record<string, string | string[]>): AzureCredentials {
  const subs = credentials.subscriptions;
  const list = Array.isArray(subs) ? subs : typeof subs === 'string' ? subs.split(/[\s,]+/) : [];
  return {
    tenantId: text(credentials.tenant_id),
    clientId: text(credentials.client_id),
    clientSecret: text(credentials.client_secret),
    subscriptions: [...new Set(list.map((s) => s.trim().toLowerCase()).filter(Boolean))],
  };
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export type AzureAudience = 'management' | 'graph';

/** One scan's (or test's) connection: the credentials, where the APIs are, and a token per audience. */
export class AzureClient {
  readonly login: string;
  readonly management: string;
  readonly graph: string;
  private readonly tokens = new Map<AzureAudience, Promise<string>>();

  constructor(
    readonly credentials: AzureCredentials,
    endpoints: CloudEndpoints | undefined,
    private readonly timeoutMs: number,
    private readonly signal?: AbortSignal,
  ) {
    this.login = trimSlash(endpoints?.azureLogin || AZURE_LOGIN);
    this.management = trimSlash(endpoints?.azureManagement || AZURE_MANAGEMENT);
    this.graph = trimSlash(endpoints?.azureGraph || AZURE_GRAPH);
  }

  private init(): { signal: AbortSignal } {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    return { signal: this.signal ? AbortSignal.any([this.signal, timeout]) : timeout };
  }

  /** The bearer token for an audience (asked once, then reused: client-credentials tokens last an hour). */
  token(audience: AzureAudience): Promise<string> {
    let pending = this.tokens.get(audience);
    if (!pending) {
      pending = this.requestToken(audience);
      pending.catch(() => this.tokens.delete(audience));
      this.tokens.set(audience, pending);
    }
    return pending;
  }

  private async requestToken(audience: AzureAudience): Promise<string> {
    const { tenantId, clientId, clientSecret } = this.credentials;
    if (!tenantId || !clientId || !clientSecret)
      throw new AzureError('The tenant ID, client ID and client secret are all needed.', {
        status: 400,
        code: 'invalid_request',
        authFailed: true,
      });
    // The audience is the API's own address (sovereign clouds have theirs); a plain-HTTP stand-in stands for the public one.
    const api = audience === 'graph' ? this.graph : this.management;
    const scope = `${api.startsWith('https:') ? api : audience === 'graph' ? AZURE_GRAPH : AZURE_MANAGEMENT}/.default`;
    const body = new URLSearchParams({ client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials', scope });
    const url = `${this.login}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`;
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', body, ...this.init() });
    } catch (e) {
      if (this.signal?.aborted) throw e;
      throw new AzureError(`The Microsoft identity platform (${this.login}) could not be reached: ${(e as Error).message}`, {
        status: 0,
        code: 'connection_failed',
      });
    }
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok && typeof answer.access_token === 'string') return answer.access_token;
    const retryAfterMs = retryAfterHeader(response.headers.get('retry-after'));
    if (response.status === 429)
      throw new AzureError('The Microsoft identity platform throttled the token request.', {
        status: 429,
        code: 'TooManyRequests',
        throttled: true,
        retryAfterMs,
      });
    const code = typeof answer.error === 'string' ? answer.error : `http_${response.status}`;
    const description = typeof answer.error_description === 'string' ? answer.error_description.split(/\r?\n/)[0]! : response.statusText;
    throw new AzureError(`The Microsoft identity platform refused the credentials: ${code}: ${description}`, {
      status: response.status,
      code,
      authFailed: response.status >= 400 && response.status < 500,
    });
  }

  /**
   * One GET on Resource Manager or Graph (`pathOrUrl` a path under the audience's base, or a `nextLink` it gave).
   * Throws AzureError with Azure's code; a nextLink that leaves the API's origin is refused (the token stays home).
   */
  async get(audience: AzureAudience, pathOrUrl: string): Promise<Record<string, unknown>> {
    const base = audience === 'graph' ? this.graph : this.management;
    const url = /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${base}${pathOrUrl}`;
    if (new URL(url).origin !== new URL(base).origin)
      throw new AzureError(`A next page link left ${base}: ${url}`, { status: 0, code: 'InvalidNextLink' });
    const token = await this.token(audience);
    let response: Response;
    try {
      response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, ...this.init() });
    } catch (e) {
      if (this.signal?.aborted) throw e;
      const err = e as Error;
      throw new AzureError(`${new URL(url).pathname}: ${err.name === 'TimeoutError' ? 'no answer in time' : err.message}`, {
        status: 0,
        code: err.name === 'TimeoutError' ? 'Timeout' : 'connection_failed',
      });
    }
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok) return answer;
    const error = (answer.error ?? {}) as { code?: string; message?: string };
    const code = error.code ?? `http_${response.status}`;
    const message = error.message ?? response.statusText;
    const retryAfterMs = retryAfterHeader(response.headers.get('retry-after'));
    const throttled = response.status === 429 || (response.status === 503 && (retryAfterMs !== undefined || code === 'ServerBusy'));
    const action = /perform action '([^']+)'/.exec(message)?.[1];
    throw new AzureError(`${code}: ${message}`, {
      status: response.status,
      code,
      action,
      throttled,
      retryAfterMs,
      authFailed: response.status === 401,
    });
  }
}
