// Vault credentials through BeyondTrust Password Safe, against a stand-in that answers as its published API v3 does
// (the appliance cannot run here): the integration's settings (sealed, masked, guards), `beyondtrust/test-account/`
// step by step and each way it fails, the credential test action borrowing a real password and logging in to a real
// OpenSSH server, and an authenticated scan whose vault credential is requested for the task and checked in after it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKED, type BeyondTrustTestResult, type CredentialTestResult, type IntegrationSettings } from '@bulwark/core';
import { integrationSettings, vaultCheckouts } from '../src/db/schema/index.ts';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { startPasswordSafe, type PasswordSafeStandIn } from './helpers/password-safe.ts';
import { waitForRun } from './helpers/scans.ts';
import { startSshTarget, sshTargetUnavailable, type SshTarget } from '../../scanner/test/services-helpers/ssh-target.ts';

const base = '/api/app1/customer/1/beyondtrust/';

describe.each(BACKENDS)('BeyondTrust Password Safe settings and account test on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let member: Client;
  let other: Client;
  let vault: PasswordSafeStandIn;

  beforeAll(async () => {
    vault = await startPasswordSafe('127.0.6.51', [
      { systemName: 'web-01', accountName: 'scanner', password: 'Vault-Pass-1' },
      { systemName: 'web-01', accountName: 'root', password: 'x', requestable: false },
    ]);
    t = await startTestApp(backend, { BULWARK_BUILTIN_PROBE: 'off' });
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    await t.user({ email: 'member@example.com' });
    member = await signedIn(t, 'member@example.com');
    other = await signedIn(t, (await t.otherCustomer()).adminEmail);
  });
  afterAll(async () => {
    await t?.close();
    await vault?.close();
  });

  const test = (body: Record<string, unknown>) =>
    admin.post<BeyondTrustTestResult & Record<string, string[]>>(`${base}test-account/`, body);

  it('says the vault is not set up before it is, without calling anything', async () => {
    const r = await test({ system_name: 'web-01', account_name: 'scanner' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ok: false,
      detail: 'BeyondTrust Password Safe is not set up or not enabled (Administration → Integrations → BeyondTrust).',
      steps: [],
    });
    expect(vault.calls).toEqual([]);
  });

  it('keeps the API key sealed and answers it masked; a masked key sent back is unchanged', async () => {
    const put = await admin.request<IntegrationSettings>('PUT', base, {
      enabled: true,
      url: vault.url,
      api_user: vault.runAs,
      api_key: vault.apiKey,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ type: 'beyondtrust', enabled: true, url: vault.url, api_user: vault.runAs, api_key: MASKED });
    const [row] = await t.ctx.db.select().from(integrationSettings).where(eq(integrationSettings.type, 'beyondtrust'));
    expect(JSON.stringify(row)).not.toContain(vault.apiKey);
    expect(t.ctx.secrets.decrypt(row!.secrets.api_key!)).toBe(vault.apiKey);
    expect((await admin.patch<IntegrationSettings>(base, { api_key: MASKED, api_user: vault.runAs })).body.api_key).toBe(MASKED);
    const [again] = await t.ctx.db.select().from(integrationSettings).where(eq(integrationSettings.type, 'beyondtrust'));
    expect(t.ctx.secrets.decrypt(again!.secrets.api_key!)).toBe(vault.apiKey);
    expect((await admin.patch<Record<string, string[]>>(base, { url: 'vault.example.com' })).body).toEqual({
      url: ['Enter a valid URL (http:// or https://).'],
    });
    expect((await admin.get<IntegrationSettings>(base)).body).toMatchObject({ url: vault.url, api_key: MASKED });
  });

  it('walks a managed account through every call a scan makes and checks the request in', async () => {
    const r = await test({ system_name: 'web-01', account_name: 'scanner' });
    expect(r.body.ok, JSON.stringify(r.body)).toBe(true);
    expect(r.body.detail).toBe('Bulwark can borrow scanner on web-01 from BeyondTrust Password Safe.');
    expect(r.body.steps.map((s) => [s.step, s.ok])).toEqual([
      ['sign_in', true],
      ['find_account', true],
      ['request', true],
      ['retrieve', true],
      ['check_in', true],
      ['sign_out', true],
    ]);
    expect(r.body.steps[0]!.message).toBe(`Signed in to ${new URL(vault.url).host} as bulwark-api.`);
    expect(r.body.steps[3]!.message).toBe('Retrieved a password of 12 characters.');
    expect(JSON.stringify(r.body)).not.toContain('Vault-Pass-1');
    expect(vault.requests.at(-1)).toMatchObject({
      accountName: 'scanner',
      checkedIn: true,
      reason: 'Bulwark account test by admin@example.com',
    });
  });

  it('says which call failed and what the vault answered', async () => {
    const missing = await test({ system_name: 'web-01', account_name: 'nobody' });
    expect(missing.body.ok).toBe(false);
    expect(missing.body.steps.at(-1)).toEqual({
      step: 'find_account',
      ok: false,
      message: 'No managed account nobody on web-01 is visible to this API user.',
    });
    const refused = await test({ system_name: 'web-01', account_name: 'root' });
    expect(refused.body.steps.map((s) => [s.step, s.ok])).toEqual([
      ['sign_in', true],
      ['find_account', true],
      ['request', false],
    ]);
    expect(refused.body.detail).toBe(
      'Requesting root on web-01 was refused: HTTP 403 — 4031 - User does not have permission to request the account.',
    );
    await admin.patch(base, { api_key: 'not-the-key' });
    const wrongKey = await test({ system_name: 'web-01', account_name: 'scanner' });
    expect(wrongKey.body).toMatchObject({
      ok: false,
      detail: 'Sign-in as bulwark-api was refused: HTTP 401 — User not authenticated.',
      steps: [{ step: 'sign_in', ok: false }],
    });
    await admin.patch(base, { api_key: vault.apiKey });
    await admin.patch(base, { url: 'http://127.0.6.52:9/BeyondTrust/api/public/v3' });
    const down = await test({ system_name: 'web-01', account_name: 'scanner' });
    expect(down.body.steps).toEqual([{ step: 'sign_in', ok: false, message: expect.stringMatching(/^Cannot reach 127\.0\.6\.52:9: /) }]);
    await admin.patch(base, { url: vault.url });
  });

  it('answers bad input by field, and guards the calls (401, 403 for a member, 404 for another customer)', async () => {
    expect((await test({ system_name: ' ', account_name: 'scanner' })).body).toEqual({ system_name: ['This field may not be blank.'] });
    expect((await test({ system_name: 'web-01' })).status).toBe(400);
    expect((await member.get(base)).status).toBe(403);
    expect((await member.post(`${base}test-account/`, { system_name: 'web-01', account_name: 'scanner' })).status).toBe(403);
    expect((await other.get(base)).status).toBe(404);
    expect((await other.post(`${base}test-account/`, { system_name: 'web-01', account_name: 'scanner' })).status).toBe(404);
    const nobody = await anonymous(t);
    expect((await nobody.get(base)).status).toBe(401);
    expect((await nobody.post(`${base}test-account/`, { system_name: 'web-01', account_name: 'scanner' })).status).toBe(401);
  });
});

describe.skipIf(sshTargetUnavailable() !== undefined)('vault credentials borrowed for a test and for a scan', () => {
  let t: TestApp;
  let admin: Client;
  let ssh: SshTarget;
  let vault: PasswordSafeStandIn;
  let credential: number;

  beforeAll(async () => {
    ssh = await startSshTarget('127.0.6.53', 'bwvault');
    vault = await startPasswordSafe('127.0.6.54', [
      { systemName: 'this-machine', accountName: ssh.plain.username, password: ssh.plain.password },
      { systemName: 'this-machine', accountName: ssh.nopasswd.username, password: 'unused', dssKey: ssh.nopasswd.privateKey },
      { systemName: 'this-machine', accountName: 'root', password: 'x', requestable: false },
    ]);
    t = await startTestApp('pglite');
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.request('PUT', base, { enabled: true, url: vault.url, api_user: vault.runAs, api_key: vault.apiKey });
    const made = await admin.post<{ id: number }>('/api/scan/linuxauths/', {
      name: 'From the vault',
      method: 'vault',
      port: ssh.port,
      system_name: 'this-machine',
      account_name: ssh.plain.username,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    credential = made.body.id;
  }, 60_000);
  afterAll(async () => {
    await ssh?.stop();
    await vault?.close();
    await t?.close();
  });

  it('tests a vault credential: borrows the password, logs in with it, and checks the request in', async () => {
    const r = await admin.post<CredentialTestResult>(`/api/scan/linuxauths/${credential}/test/`, { target: ssh.host });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ health: 'ok', connected: true, authenticated: true });
    expect(r.body.steps[0]).toEqual({
      step: 'vault',
      ok: true,
      message: `Borrowed ${ssh.plain.username} on this-machine from BeyondTrust Password Safe (password).`,
    });
    expect(r.body.steps.find((s) => s.step === 'authenticate')).toMatchObject({ ok: true, message: `Logged in as ${ssh.plain.username}.` });
    expect(vault.requests.at(-1)).toMatchObject({ accountName: ssh.plain.username, checkedIn: true });
  });

  it('says the vault refused and tries nothing on the host', async () => {
    const refused = await admin.post<{ id: number }>('/api/scan/linuxauths/', {
      name: 'Refused',
      method: 'vault',
      port: ssh.port,
      system_name: 'this-machine',
      account_name: 'root',
    });
    const r = await admin.post<CredentialTestResult>(`/api/scan/linuxauths/${refused.body.id}/test/`, { target: ssh.host });
    expect(r.body).toMatchObject({ health: 'auth_failed', connected: false, authenticated: false });
    expect(r.body.steps).toEqual([
      {
        step: 'vault',
        ok: false,
        message: 'Requesting root on this-machine was refused: HTTP 403 — 4031 - User does not have permission to request the account.',
      },
    ]);
  });

  it(
    'scans with a vault SSH key borrowed for the task, checked in when the task ends; a refused one is error 4',
    { timeout: 180_000 },
    async () => {
      const key = await admin.post<{ id: number }>('/api/scan/linuxauths/', {
        name: 'Vault key',
        method: 'vault',
        port: ssh.port,
        use_dsskey: true,
        system_name: 'this-machine',
        account_name: ssh.nopasswd.username,
        privilege_escalation: 'sudo',
      });
      expect(key.status, JSON.stringify(key.body)).toBe(201);
      const root = (await admin.get<{ results: { id: number; name: string }[] }>('/api/scan/linuxauths/?search=Refused')).body.results[0]!;
      const profile = await admin.post<{ id: number }>('/api/scan/nprofiles/', {
        name: 'Vault SSH',
        standard_scan: false,
        custom_tcp_range: String(ssh.port),
        lin_auths: [root.id, key.body.id],
      });
      expect(profile.status, JSON.stringify(profile.body)).toBe(201);
      const before = vault.requests.length;
      const scan = await admin.post<{ id: number; last_run: number }>('/api/scan/nscans/', {
        name: 'Vault scan',
        targets: [ssh.host],
        profile: profile.body.id,
      });
      expect(scan.status, JSON.stringify(scan.body)).toBe(201);
      const runId = scan.body.last_run;
      await waitForRun(admin, runId, (r) => r.status === 2 || r.status === 3, 150_000);
      await settleRunProcessing(t.ctx);
      // The probe gives back what it borrowed after it has marked the task done (forgetting it, then calling the
      // vault): that call may come a moment after the run reads as finished.
      const checkedIn = (): boolean => vault.requests.slice(before).every((r) => r.checkedIn);
      for (let i = 0; i < 300 && !checkedIn(); i++) await new Promise((r) => setTimeout(r, 100));

      const hosts = (await admin.get<{ results: { credential_health: string | null }[] }>(`/api/scan/nruns/${runId}/hosts/`)).body.results;
      expect(hosts.map((h) => h.credential_health)).toEqual(['ok']);
      const errors = (await admin.get<{ type: number; message: string }[]>(`/api/scan/nruns/${runId}/errors/`)).body;
      expect(errors).toContainEqual(
        expect.objectContaining({
          type: 4,
          message:
            'Vault credential "Refused": Requesting root on this-machine was refused: HTTP 403 — 4031 - User does not have permission to request the account.',
        }),
      );
      // The key was requested for this task with the reason naming the scan, and given back when the task ended.
      const made = vault.requests.slice(before);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ accountName: ssh.nopasswd.username, durationMinutes: 120, checkedIn: true });
      expect(made[0]!.reason).toMatch(/^Bulwark scan "Vault scan", task \d+$/);
      expect(vault.calls).toContain('GET Credentials/' + made[0]!.id + '?type=dsskey');
      expect(await t.ctx.db.select().from(vaultCheckouts)).toEqual([]);
    },
  );
});
