// Reading the users of an Azure AD (Entra ID) directory through Microsoft Graph: an OAuth2 client-credentials token from
// the identity platform (…/{tenant}/oauth2/v2.0/token, scope https://graph.microsoft.com/.default), then GET /users
// page by page through @odata.nextLink. A 429 is waited out as its Retry-After says (seconds), a bounded number of times
// per request, through an injectable sleep. Failures are told in words: bad credentials or a missing permission are
// the customer's to fix (400), an unreachable or failing service is a 502.
import { ApiError, badRequest } from '../../http/errors.ts';

export interface GraphUser {
  id: string;
  displayName?: string | null;
  givenName?: string | null;
  surname?: string | null;
  mail?: string | null;
  userPrincipalName?: string | null;
  department?: string | null;
  jobTitle?: string | null;
  preferredLanguage?: string | null;
  accountEnabled?: boolean | null;
}

export interface GraphOptions {
  loginUrl: string;
  graphUrl: string;
  tenant: string;
  clientId: string;
  clientSecret: string;
  /** Waits between throttled attempts (tests give a recorder). */
  sleep?: (ms: number) => Promise<void>;
  /** 429s waited out per request before giving up. */
  maxRetries?: number;
  /** Longest Retry-After honoured, in seconds (a longer one is cut to it). */
  maxWaitSeconds?: number;
}

export const SELECT = 'id,displayName,givenName,surname,mail,userPrincipalName,department,jobTitle,preferredLanguage,accountEnabled';
const badGateway = (detail: string) => new ApiError(502, { detail });
const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const TIMEOUT_MS = 30_000;

async function call(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw badGateway(`${what} could not be reached (${cause?.code ?? cause?.message ?? (e as Error).message}).`);
  }
}

async function json(res: Response): Promise<Record<string, unknown>> {
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

async function token(o: GraphOptions): Promise<string> {
  const res = await call(
    `${o.loginUrl}/${encodeURIComponent(o.tenant)}/oauth2/v2.0/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: o.clientId,
        client_secret: o.clientSecret,
        scope: 'https://graph.microsoft.com/.default',
        grant_type: 'client_credentials',
      }).toString(),
    },
    "Microsoft's sign-in service",
  );
  const body = await json(res);
  if (res.ok && typeof body.access_token === 'string') return body.access_token;
  const description = typeof body.error_description === 'string' ? body.error_description.split('\r\n')[0] : `HTTP ${res.status}`;
  if (res.status >= 400 && res.status < 500)
    throw badRequest({
      non_field_errors: [`Azure did not accept the app registration's tenant, client id or secret: ${description}`],
    });
  throw badGateway(`Microsoft's sign-in service failed: ${description}`);
}

/** Every user of the directory, with how many pages were read and how many times Graph throttled. */
export async function graphUsers(o: GraphOptions): Promise<{ users: GraphUser[]; pages: number; throttled: number }> {
  const sleep = o.sleep ?? realSleep;
  const maxRetries = o.maxRetries ?? 5;
  const bearer = await token(o);
  const users: GraphUser[] = [];
  let pages = 0;
  let throttled = 0;
  let next: string | null = `${o.graphUrl}/users?$select=${SELECT}&$top=999`;
  while (next) {
    let res: Response;
    for (let attempt = 0; ; attempt++) {
      res = await call(next, { headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' } }, 'Microsoft Graph');
      if (res.status !== 429) break;
      throttled += 1;
      await res.body?.cancel();
      if (attempt >= maxRetries)
        throw badGateway(`Microsoft Graph kept throttling the sync (${attempt + 1} times "429 Too Many Requests"); try again later.`);
      const seconds = Number(res.headers.get('retry-after'));
      await sleep(Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds : 1, o.maxWaitSeconds ?? 120) * 1000);
    }
    const body = await json(res);
    if (!res.ok) {
      const err = (body.error ?? {}) as { code?: string; message?: string };
      const said = `${err.code ?? `HTTP ${res.status}`}${err.message ? `: ${err.message}` : ''}`;
      if (res.status === 401 || res.status === 403)
        throw badRequest({
          non_field_errors: [
            `Microsoft Graph refused to list the users (${said}): give the app registration the User.Read.All application permission with admin consent.`,
          ],
        });
      throw badGateway(`Microsoft Graph failed to list the users (${said}).`);
    }
    pages += 1;
    if (!Array.isArray(body.value)) throw badGateway('Microsoft Graph answered without a list of users.');
    users.push(...(body.value as GraphUser[]));
    const link = body['@odata.nextLink'];
    next = typeof link === 'string' && link !== '' ? link : null;
    // The token goes only to Graph itself: a next page elsewhere is not followed.
    if (next && new URL(next, o.graphUrl).origin !== new URL(o.graphUrl).origin)
      throw badGateway('Microsoft Graph named a next page on another host; the sync stopped there.');
  }
  return { users, pages, throttled };
}
