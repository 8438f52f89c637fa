// A client of BeyondTrust Password Safe's public API (v3), the calls a scanner needs to borrow a managed account's
// credential: sign in with the API registration key as the run-as user (Auth/SignAppin, PS-Auth header, a session
// cookie), find the account (ManagedAccounts?systemName=&accountName=), request it (Requests, AccessType View),
// retrieve the password or SSH key (Credentials/{requestId}?type=), check the request in (Requests/{id}/checkin) and
// sign out (Auth/Signout). Each failure says which call failed and what the vault answered; nothing secret is logged.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface PasswordSafeSettings {
  /** The API's base URL, e.g. https://vault.example.com/BeyondTrust/api/public/v3 */
  url: string;
  apiUser: string;
  apiKey: string;
  /** Certificates to trust (PEM) beside Node's defaults. */
  ca?: string[];
  timeoutMs?: number;
}

export interface ManagedAccount {
  systemId: number;
  accountId: number;
  systemName: string;
  accountName: string;
  domainName: string | null;
  /** Minutes a release lasts unless the request names fewer. */
  maximumReleaseDuration: number | null;
}

export type PasswordSafeCall = 'sign_in' | 'find_account' | 'request' | 'retrieve' | 'check_in' | 'sign_out';

export class PasswordSafeError extends Error {
  constructor(
    readonly call: PasswordSafeCall,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

interface Answer {
  status: number;
  body: unknown;
  cookies: string[];
}

const MAX_ANSWER = 1024 * 1024;

/** The vault's own words for a refusal: its body is a JSON string or a short text (e.g. "4031 - …"). */
function said(body: unknown): string {
  if (typeof body === 'string') return body.trim().slice(0, 300);
  if (body && typeof body === 'object') {
    const o = body as Record<string, unknown>;
    for (const k of ['Message', 'message', 'error', 'title']) if (typeof o[k] === 'string') return String(o[k]).slice(0, 300);
  }
  return '';
}

export class PasswordSafe {
  private cookie = '';
  private readonly base: URL;

  constructor(private readonly settings: PasswordSafeSettings) {
    this.base = new URL(settings.url.endsWith('/') ? settings.url : `${settings.url}/`);
  }

  /** Where the vault is, for messages (never the key). */
  get host(): string {
    return this.base.host;
  }

  private send(
    call: PasswordSafeCall,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const url = new URL(path, this.base);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const h: Record<string, string> = { accept: 'application/json', ...headers };
    if (this.cookie) h.cookie = this.cookie;
    if (payload !== undefined) {
      h['content-type'] = 'application/json';
      h['content-length'] = String(Buffer.byteLength(payload));
    }
    const timeout = this.settings.timeoutMs ?? 15_000;
    const tls = url.protocol === 'https:';
    return new Promise((resolve, reject) => {
      const req = (tls ? httpsRequest : httpRequest)(
        url,
        { method, headers: h, timeout, ...(tls && this.settings.ca ? { ca: this.settings.ca } : {}) },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > MAX_ANSWER) req.destroy(new PasswordSafeError(call, 'The vault answered with more than 1 MB.'));
            else chunks.push(c);
          });
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : '';
            } catch {
              // A plain-text answer is kept as text.
            }
            const setCookie = res.headers['set-cookie'] ?? [];
            resolve({ status: res.statusCode ?? 0, body: parsed, cookies: setCookie.map((c) => c.split(';')[0]!) });
          });
        },
      );
      req.on('timeout', () => req.destroy(new PasswordSafeError(call, `No answer from ${url.host} within ${timeout / 1000} s.`)));
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (err instanceof PasswordSafeError) return reject(err);
        const untrusted = err.code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(err.code);
        reject(
          new PasswordSafeError(
            call,
            untrusted
              ? `The vault's certificate is not trusted (${err.message}). Add its CA to BULWARK_EXTRA_CA_FILE; the API key was not sent.`
              : `Cannot reach ${url.host}: ${err.message}.`,
          ),
        );
      });
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  private refused(call: PasswordSafeCall, what: string, a: Answer): PasswordSafeError {
    const words = said(a.body);
    return new PasswordSafeError(call, `${what}: HTTP ${a.status}${words ? ` — ${words}` : ''}.`, a.status);
  }

  /** Opens a session: the API key for the run-as user (PS-Auth), answered with the user and a session cookie. */
  async signIn(): Promise<{ userName: string }> {
    const { apiKey, apiUser } = this.settings;
    const a = await this.send('sign_in', 'POST', 'Auth/SignAppin', undefined, {
      authorization: `PS-Auth key=${apiKey}; runas=${apiUser};`,
    });
    if (a.status !== 200) throw this.refused('sign_in', `Sign-in as ${apiUser} was refused`, a);
    this.cookie = a.cookies.join('; ');
    const user = a.body as Record<string, unknown>;
    return { userName: typeof user?.UserName === 'string' ? user.UserName : apiUser };
  }

  async findAccount(systemName: string, accountName: string): Promise<ManagedAccount> {
    const q = new URLSearchParams({ systemName, accountName });
    const a = await this.send('find_account', 'GET', `ManagedAccounts?${q}`);
    if (a.status === 404)
      throw new PasswordSafeError('find_account', `No managed account ${accountName} on ${systemName} is visible to this API user.`, 404);
    if (a.status !== 200) throw this.refused('find_account', `Looking up ${accountName} on ${systemName} failed`, a);
    // With both names the API answers one account; older versions answer a list of one.
    const o = (Array.isArray(a.body) ? a.body[0] : a.body) as Record<string, unknown> | undefined;
    if (!o || typeof o.SystemId !== 'number' || typeof o.AccountId !== 'number')
      throw new PasswordSafeError(
        'find_account',
        `No managed account ${accountName} on ${systemName} is visible to this API user.`,
        a.status,
      );
    return {
      systemId: o.SystemId,
      accountId: o.AccountId,
      systemName: String(o.SystemName ?? systemName),
      accountName: String(o.AccountName ?? accountName),
      domainName: typeof o.DomainName === 'string' && o.DomainName ? o.DomainName : null,
      maximumReleaseDuration: typeof o.MaximumReleaseDuration === 'number' ? o.MaximumReleaseDuration : null,
    };
  }

  /** A release request; an open request of the same user for the account is reused (ConflictOption "reuse"). */
  async request(account: ManagedAccount, minutes: number, reason: string): Promise<number> {
    const duration = Math.max(1, Math.min(minutes, account.maximumReleaseDuration ?? minutes));
    const a = await this.send('request', 'POST', 'Requests', {
      AccessType: 'View',
      SystemID: account.systemId,
      AccountID: account.accountId,
      DurationMinutes: duration,
      Reason: reason,
      ConflictOption: 'reuse',
    });
    if (a.status !== 200 && a.status !== 201)
      throw this.refused('request', `Requesting ${account.accountName} on ${account.systemName} was refused`, a);
    const id = Number(a.body);
    if (!Number.isInteger(id) || id <= 0) throw new PasswordSafeError('request', 'The vault did not answer a request ID.', a.status);
    return id;
  }

  /** The released credential: the password, or with `dsskey` the account's SSH private key. */
  async retrieve(requestId: number, type: 'password' | 'dsskey'): Promise<string> {
    const a = await this.send('retrieve', 'GET', `Credentials/${requestId}?type=${type}`);
    if (a.status !== 200) throw this.refused('retrieve', `Retrieving the ${type === 'dsskey' ? 'SSH key' : 'password'} failed`, a);
    if (typeof a.body !== 'string' || a.body === '')
      throw new PasswordSafeError(
        'retrieve',
        `The vault holds no ${type === 'dsskey' ? 'SSH key' : 'password'} for this account.`,
        a.status,
      );
    return a.body;
  }

  async checkIn(requestId: number, reason: string): Promise<void> {
    const a = await this.send('check_in', 'PUT', `Requests/${requestId}/checkin`, { Reason: reason });
    if (a.status !== 204 && a.status !== 200) throw this.refused('check_in', `Checking request ${requestId} in failed`, a);
  }

  async signOut(): Promise<void> {
    if (!this.cookie) return;
    const a = await this.send('sign_out', 'POST', 'Auth/Signout');
    this.cookie = '';
    if (a.status !== 200 && a.status !== 204) throw this.refused('sign_out', 'Signing out failed', a);
  }
}
