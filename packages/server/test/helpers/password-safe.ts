// A stand-in for BeyondTrust Password Safe's public API v3 on loopback, answering as its published API does for the
// calls Bulwark makes: Auth/SignAppin (PS-Auth key/runas header → the user and an ASP.NET_SessionId cookie; 401 for a
// wrong key or user), ManagedAccounts?systemName=&accountName= (one account, 404 when none), Requests (201 with the
// request ID; 403 when the user may not request the account; 400 beyond the maximum release duration),
// Credentials/{id}?type=password|dsskey (a JSON string), Requests/{id}/checkin (204) and Auth/Signout. Every call
// without the session cookie is 401. The real appliance cannot run here; what it records lets tests assert what was
// requested and checked in.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInAccount {
  systemName: string;
  accountName: string;
  password: string;
  dssKey?: string;
  domainName?: string;
  /** Whether the API user may request it (the real vault answers 403 "4031 …" otherwise). */
  requestable?: boolean;
  maximumReleaseDuration?: number;
}

export interface PasswordSafeStandIn {
  /** The API base, …/BeyondTrust/api/public/v3 */
  url: string;
  apiKey: string;
  runAs: string;
  accounts: StandInAccount[];
  /** Requests made: their id, account, duration, reason, and whether they were checked in. */
  requests: { id: number; accountName: string; durationMinutes: number; reason: string; checkedIn: boolean }[];
  /** Every call as "METHOD path". */
  calls: string[];
  close(): Promise<void>;
}

const BASE = '/BeyondTrust/api/public/v3/';

export async function startPasswordSafe(host: string, accounts: StandInAccount[]): Promise<PasswordSafeStandIn> {
  const apiKey = randomBytes(32).toString('hex');
  const runAs = 'bulwark-api';
  const sessions = new Set<string>();
  const state: Omit<PasswordSafeStandIn, 'url' | 'close'> = { apiKey, runAs, accounts, requests: [], calls: [] };

  const send = (res: ServerResponse, status: number, body?: unknown, headers: Record<string, string | string[]> = {}) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    res.writeHead(status, { ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}), ...headers });
    res.end(text);
  };
  const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const sessionOf = (req: IncomingMessage) => /ASP\.NET_SessionId=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      state.calls.push(`${req.method} ${url.pathname.replace(BASE, '')}${url.search}`);
      if (!url.pathname.startsWith(BASE)) return send(res, 404);
      const path = url.pathname.slice(BASE.length).toLowerCase();
      if (req.method === 'POST' && path === 'auth/signappin') {
        const m = /^PS-Auth key=([^;]*); runas=([^;]*);/.exec(req.headers.authorization ?? '');
        if (!m || m[1] !== apiKey || m[2] !== runAs) return send(res, 401, 'User not authenticated');
        const id = randomBytes(12).toString('hex');
        sessions.add(id);
        return send(
          res,
          200,
          { UserId: 7, SID: null, EmailAddress: 'api@vault.test', UserName: runAs, Name: 'Bulwark API' },
          { 'set-cookie': [`ASP.NET_SessionId=${id}; path=/; HttpOnly`] },
        );
      }
      const session = sessionOf(req);
      if (!session || !sessions.has(session)) return send(res, 401, 'User not authenticated');
      if (req.method === 'POST' && path === 'auth/signout') {
        sessions.delete(session);
        return send(res, 200);
      }
      if (req.method === 'GET' && path === 'managedaccounts') {
        const i = accounts.findIndex(
          (a) => a.systemName === url.searchParams.get('systemName') && a.accountName === url.searchParams.get('accountName'),
        );
        if (i < 0) return send(res, 404, 'Managed account not found');
        const a = accounts[i]!;
        return send(res, 200, {
          PlatformID: 2,
          SystemId: 100 + i,
          SystemName: a.systemName,
          DomainName: a.domainName ?? null,
          AccountId: 200 + i,
          AccountName: a.accountName,
          DefaultReleaseDuration: 120,
          MaximumReleaseDuration: a.maximumReleaseDuration ?? 10080,
          IsChanging: false,
        });
      }
      if (req.method === 'POST' && path === 'requests') {
        const b = await readBody(req);
        const a = accounts[Number(b.AccountID) - 200];
        if (!a || Number(b.SystemID) !== 100 + accounts.indexOf(a)) return send(res, 404, 'Managed account not found');
        if (a.requestable === false) return send(res, 403, '4031 - User does not have permission to request the account');
        const minutes = Number(b.DurationMinutes);
        if (!Number.isInteger(minutes) || minutes < 1 || minutes > (a.maximumReleaseDuration ?? 10080))
          return send(res, 400, '4034 - Request duration exceeds the maximum release duration');
        const id = 500 + state.requests.length;
        state.requests.push({ id, accountName: a.accountName, durationMinutes: minutes, reason: String(b.Reason ?? ''), checkedIn: false });
        return send(res, 201, id);
      }
      const credential = /^credentials\/(\d+)$/.exec(path);
      if (req.method === 'GET' && credential) {
        const r = state.requests.find((x) => x.id === Number(credential[1]) && !x.checkedIn);
        if (!r) return send(res, 404, 'Request not found or already checked in');
        const a = accounts.find((x) => x.accountName === r.accountName)!;
        const type = (url.searchParams.get('type') ?? 'password').toLowerCase();
        if (type === 'dsskey') return a.dssKey ? send(res, 200, a.dssKey) : send(res, 404, 'No DSS key is set for the account');
        return send(res, 200, a.password);
      }
      const checkin = /^requests\/(\d+)\/checkin$/.exec(path);
      if (req.method === 'PUT' && checkin) {
        const r = state.requests.find((x) => x.id === Number(checkin[1]));
        if (!r || r.checkedIn) return send(res, 404, 'Request not found');
        r.checkedIn = true;
        return send(res, 204);
      }
      return send(res, 404, 'Not found');
    })().catch(() => send(res, 400, 'Invalid request body'));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...state,
    url: `http://${host}:${port}${BASE.slice(0, -1)}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
