// A web profile's sign-in taken from a stored scan credential (auth_credential): the profile rules (a Linux or Windows
// credential of the customer's own with a password; none kept beside it; 409 when deleting a credential a web profile
// uses; export and import across customers), and the web task a remote probe is handed: the stored password opened for
// it, a vault one borrowed from the Password Safe stand-in and checked in when the task ends, a refused one said as the
// reason the scan ends with error 4 (authUnavailable) instead of a login with empty values.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebProfile, WebScan, WebScanRunRow } from '@bulwark/core';
import { WEB_ENGINE_VERSION, type TaskSpec } from '@bulwark/scanner';
import { assets } from '../src/db/schema/index.ts';
import { WEB_CREDENTIAL_KEY_ONLY, WEB_CREDENTIAL_UNKNOWN } from '../src/modules/credentials/web-login.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { startPasswordSafe, type PasswordSafeStandIn } from './helpers/password-safe.ts';
import { finished, waitForRun } from './helpers/scans.ts';
import { signedIn } from './helpers/sessions.ts';
import { startBasicSite } from '../../scanner/test/web/fixtures/site-login.ts';
import type { Site } from '../../scanner/test/web/fixtures/site-server.ts';

const FORM = {
  auth_kind: 'form',
  auth_login_url: 'http://127.0.0.1:9/login',
  auth_logged_in_indicator: 'Sign out',
};

describe.each(BACKENDS)('web sign-in from a stored credential on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let rival: Client;
  let vault: PasswordSafeStandIn;
  let site: Site;
  const ids: Record<string, number> = {};
  const vaultHost = backend === 'pglite' ? '127.0.6.61' : '127.0.6.62';

  const credential = async (who: Client, path: string, body: Record<string, unknown>) => {
    const r = await who.post<{ id: number }>(`/api/scan/${path}/`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id;
  };

  beforeAll(async () => {
    vault = await startPasswordSafe(vaultHost, [
      { systemName: 'shop', accountName: 'shop-scanner', password: 'Vault-Web-1' },
      { systemName: 'shop', accountName: 'shop-admin', password: 'x', requestable: false },
    ]);
    site = await startBasicSite();
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    rival = await signedIn(t, (await t.otherCustomer('Rival Corp')).adminEmail);
    const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    ids.linux = await credential(admin, 'linuxauths', { name: 'Shop login', method: 'credentials', username: 'alice', passwd: 'pa55word' });
    ids.windows = await credential(admin, 'windowsauths', {
      name: 'AD login',
      method: 'credentials',
      username: 'bob',
      passwd: 'W1n-pass',
      domain: 'CORP',
    });
    ids.keyOnly = await credential(admin, 'linuxauths', {
      name: 'Key only',
      method: 'credentials',
      username: 'carol',
      use_dsskey: true,
      priv_key: key,
    });
    ids.kubernetes = await credential(admin, 'kubernetesauths', { name: 'Cluster', url: 'https://127.0.0.1:6443', token: 'tok' });
    ids.basic = await credential(admin, 'linuxauths', { name: 'Site login', method: 'credentials', username: 'alice', passwd: 's3cret' });
    ids.rival = await credential(rival, 'linuxauths', { name: 'Theirs', method: 'credentials', username: 'eve', passwd: 'secret' });
    const set = await admin.request('PUT', '/api/app1/customer/1/beyondtrust/', {
      enabled: true,
      url: vault.url,
      api_user: vault.runAs,
      api_key: vault.apiKey,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    ids.vault = await credential(admin, 'linuxauths', {
      name: 'Shop (vault)',
      method: 'vault',
      system_name: 'shop',
      account_name: 'shop-scanner',
    });
    ids.refused = await credential(admin, 'linuxauths', {
      name: 'Shop admin (vault)',
      method: 'vault',
      system_name: 'shop',
      account_name: 'shop-admin',
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await vault?.close();
    await site?.close();
  });

  it('takes the username and password from a stored Linux or Windows credential and keeps none beside it', async () => {
    const made = await admin.post<WebProfile>('/api/scan/wprofiles/', {
      name: 'Shop via credential',
      ...FORM,
      auth_credential: ids.linux,
      auth_username: 'typed',
      auth_password: 'typed-too',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ auth_credential: ids.linux, auth_username: '', auth_password: null });
    // Windows credentials serve too, and so does the basic kind; headers do not take one (it is dropped).
    const basic = await admin.post<WebProfile>('/api/scan/wprofiles/', {
      name: 'AD basic',
      auth_kind: 'basic',
      auth_credential: ids.windows,
    });
    expect(basic.status, JSON.stringify(basic.body)).toBe(201);
    const headers = await admin.patch<WebProfile>(`/api/scan/wprofiles/${basic.body.id}/`, {
      auth_kind: 'headers',
      auth_headers: { Authorization: 'Bearer abc' },
    });
    expect(headers.body).toMatchObject({ auth_kind: 'headers', auth_credential: null });
    // Without a credential, the typed login is needed again.
    const typed = await admin.patch(`/api/scan/wprofiles/${made.body.id}/`, { auth_credential: null });
    expect(typed.status).toBe(400);
    expect(typed.body).toMatchObject({ auth_username: ['Username is required'], auth_password: ['Password is required'] });
  });

  it('refuses a credential that is not the customer’s, not a username-and-password kind, or has no password', async () => {
    const refuse = async (auth_credential: unknown, message: string) => {
      const r = await admin.post('/api/scan/wprofiles/', { name: `Refused ${String(auth_credential)}`, ...FORM, auth_credential });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body).toEqual({ auth_credential: [message] });
    };
    await refuse(ids.rival, WEB_CREDENTIAL_UNKNOWN);
    await refuse(999_999, WEB_CREDENTIAL_UNKNOWN);
    await refuse(ids.kubernetes, WEB_CREDENTIAL_UNKNOWN);
    await refuse(ids.keyOnly, WEB_CREDENTIAL_KEY_ONLY);
    await refuse('seven', 'Choose a stored credential.');
    // The rival cannot use the admin's credential either, and saves nothing.
    const theirs = await rival.post('/api/scan/wprofiles/', { name: 'Borrowed', ...FORM, auth_credential: ids.linux });
    expect(theirs.body).toEqual({ auth_credential: [WEB_CREDENTIAL_UNKNOWN] });
    const names = (await admin.get<{ results: { name: string }[] }>('/api/scan/wprofiles/?page_size=100')).body.results.map((p) => p.name);
    expect(names.filter((n) => n.startsWith('Refused'))).toEqual([]);
  });

  it('keeps a credential a web profile uses from being deleted, and carries it over on export only within the customer', async () => {
    const profile = await admin.post<WebProfile>('/api/scan/wprofiles/', { name: 'Kept', ...FORM, auth_credential: ids.windows });
    expect(profile.status).toBe(201);
    const del = await admin.request('DELETE', `/api/scan/windowsauths/${ids.windows}/`);
    expect(del.status).toBe(409);
    expect(JSON.stringify(del.body)).toContain('Kept');

    const exported = await admin.get<Record<string, unknown>>(`/api/scan/wprofiles/${profile.body.id}/export/`);
    expect(exported.body).toMatchObject({ auth_credential: ids.windows });
    const mine = await admin.post<WebProfile>('/api/scan/wprofiles/import/', exported.body);
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect(mine.body).toMatchObject({ name: 'Kept (1)', auth_credential: ids.windows });
    // Another customer does not get the reference: the import asks for a login of its own.
    const theirs = await rival.post('/api/scan/wprofiles/import/', exported.body);
    expect(theirs.status).toBe(400);
    expect(theirs.body).toMatchObject({ auth_username: ['Username is required'], auth_password: ['Password is required'] });
  });

  it('hands the web task the credential’s login: opened, borrowed from the vault and checked in, or the vault’s refusal', async () => {
    const created = await admin.post<{ id: number; registration: { token: string } }>('/api/probe/probes/', { name: 'Web probe' });
    const agent = t.client();
    const reg = await agent.post<{ probe_id: number; secret: string }>('/api/probe-agent/register/', {
      token: created.body.registration.token,
    });
    const auth = { authorization: `Probe ${reg.body.probe_id}:${reg.body.secret}` };
    const [row] = await t.ctx.db
      .insert(assets)
      .values({ customerId: 1, kind: 'webapp', value: 'http://127.0.0.1:9/', type: 3 })
      .returning();

    /** Starts a web scan with a profile of these settings on the probe, and claims its task as the probe. */
    const claim = async (name: string, settings: Record<string, unknown>) => {
      const profile = await admin.post<WebProfile>('/api/scan/wprofiles/', { name, ...settings });
      expect(profile.status, JSON.stringify(profile.body)).toBe(201);
      const scan = await admin.post('/api/scan/wscans/', { name, assets: [row!.id], profile: profile.body.id, node: reg.body.probe_id });
      expect(scan.status, JSON.stringify(scan.body)).toBe(201);
      const claimed = await agent.post<{ task: TaskSpec }>('/api/probe-agent/claim/', { web_engine: WEB_ENGINE_VERSION }, auth);
      expect(claimed.status).toBe(200);
      return claimed.body.task;
    };
    // The task's end as the probe says it (its result does not matter here: what the vault lent goes back either way).
    const finish = async (task: TaskSpec) => {
      const body = { outcome: 'failed', errors: [], message: 'Ended by the test' };
      const r = await agent.post(`/api/probe-agent/tasks/${task.id}/finish/`, body, auth);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };

    // A stored credential: its username and password, opened for this task.
    const stored = await claim('Task stored', { ...FORM, auth_credential: ids.linux });
    expect(stored.web!.auth).toMatchObject({ kind: 'form', username: 'alice', password: 'pa55word' });
    expect(stored.web!.authUnavailable).toBeUndefined();
    await finish(stored);

    // A recorded login: the credential's username and password fill the steps' placeholders.
    const recorded = await claim('Task recorded', {
      auth_kind: 'recorded',
      auth_credential: ids.windows,
      auth_logged_in_indicator: 'Sign out',
      auth_steps: [
        { action: 'fill', selector: '#user', value: '{{username}}' },
        { action: 'fill', selector: '#pass', value: '{{password}}' },
      ],
    });
    expect(recorded.web!.auth).toMatchObject({
      kind: 'recorded',
      steps: [
        { action: 'fill', selector: '#user', value: 'bob' },
        { action: 'fill', selector: '#pass', value: 'W1n-pass' },
      ],
    });
    await finish(recorded);

    // A vault credential: borrowed for the task with the scan's name as the reason, checked in when it ends.
    const borrowed = await claim('Task vault', { ...FORM, auth_credential: ids.vault });
    expect(borrowed.web!.auth).toMatchObject({ kind: 'form', username: 'shop-scanner', password: 'Vault-Web-1' });
    const request = vault.requests.at(-1)!;
    expect(request).toMatchObject({ accountName: 'shop-scanner', checkedIn: false });
    expect(request.reason).toContain('Task vault');
    await finish(borrowed);
    expect(vault.requests.at(-1)).toMatchObject({ accountName: 'shop-scanner', checkedIn: true });

    // A refused one: the scan is told why and tries no login (the probe ends it with error 4).
    const refused = await claim('Task refused', { ...FORM, auth_credential: ids.refused });
    expect(refused.web!.authUnavailable).toMatch(/^Vault credential "Shop admin \(vault\)": .*refused/);
    expect(refused.web!.auth).toMatchObject({ kind: 'form', username: '', password: '' });
    await finish(refused);
  });

  it('signs in with the stored credential when the built-in probe scans, and crawls behind the login', async () => {
    const [row] = await t.ctx.db
      .insert(assets)
      .values({ customerId: 1, kind: 'webapp', value: `${site.base}/`, type: 3 })
      .returning();
    const profile = await admin.post<WebProfile>('/api/scan/wprofiles/', {
      name: 'Behind basic',
      auth_kind: 'basic',
      auth_credential: ids.basic,
      passive_only: true,
      browser: false,
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    const scan = await admin.post<WebScan>('/api/scan/wscans/', { name: 'Behind basic', assets: [row!.id], profile: profile.body.id });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    await waitForRun(admin, scan.body.last_run!, finished, 90_000, 'wruns');
    const run = (await admin.get<WebScanRunRow>(`/api/scan/wruns/${scan.body.last_run!}/`)).body;
    expect(run).toMatchObject({ status: 2, auth_state: 'signed-in' });
    // The page behind the login was reached, with the credential's login on every request.
    expect(site.hits.some((h) => h.path === '/private')).toBe(true);
    const basic = `Basic ${Buffer.from('alice:s3cret').toString('base64')}`;
    expect(site.hits.filter((h) => h.path === '/private').every((h) => h.authorization === basic)).toBe(true);
  }, 120_000);
});
