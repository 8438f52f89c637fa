// Scan credentials end to end on every test database: CRUD on scan/{os}auths/ with the §5 rules (409 on the name,
// key cleared without key login, "\n" in key text, masked = unchanged), secrets sealed at rest and answered masked,
// what each method needs, private keys that must open, in-use refusal, profile references, guards (401, 403, another
// customer), and the test action against a real OpenSSH server on loopback.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKED, type CredentialTestResult, type LinuxCredential } from '@bulwark/core';
import { scanCredentials, users } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { startSshTarget, sshTargetUnavailable, type SshTarget } from '../../scanner/test/services-helpers/ssh-target.ts';
import { startSmbTarget, smbTargetUnavailable, type SmbTarget } from '../../scanner/test/services-helpers/smb-target.ts';

type Page<T> = { count: number; results: T[] };

describe.each(BACKENDS)('scan credentials on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let reader: Client;
  let nobody: Client;
  let rival: Client;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await t.user({ email: 'reader@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { credentials: ['read'] } })
      .where(eq(users.id, r.id));
    reader = await signedIn(t, 'reader@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    rival = await signedIn(t, (await t.otherCustomer('Rival Corp')).adminEmail);
  });
  afterAll(() => t.close());

  const linux = (body: Record<string, unknown>) => admin.post<LinuxCredential & Record<string, string[]>>('/api/scan/linuxauths/', body);

  it('creates a Linux credential with a password: sealed at rest, answered masked', async () => {
    const made = await linux({ name: 'Servers', username: 'scanner', passwd: 'S3cret-pass' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Servers',
      method: 'credentials',
      port: 22,
      username: 'scanner',
      passwd: MASKED,
      priv_key: null,
      use_dsskey: false,
    });
    const [row] = await t.ctx.db.select().from(scanCredentials).where(eq(scanCredentials.id, made.body.id));
    expect(row!.secrets.passwd).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain('S3cret-pass');
    expect(t.ctx.secrets.decrypt(row!.secrets.passwd!)).toBe('S3cret-pass');
    const listed = await reader.get<Page<LinuxCredential>>('/api/scan/linuxauths/?search=serv');
    expect(listed.body.results.map((c) => [c.name, c.passwd])).toEqual([['Servers', MASKED]]);
  });

  it('answers 409 on the name field for a duplicate name of the same kind (case aside); other kinds may share it', async () => {
    const dup = await linux({ name: 'SERVERS', username: 'x', passwd: 'y' });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ name: ['A credential with this name already exists.'] });
    const windows = await admin.post('/api/scan/windowsauths/', { name: 'Servers', username: 'scan', passwd: 'pw', domain: 'CORP' });
    expect(windows.status, JSON.stringify(windows.body)).toBe(201);
    expect(windows.body).toMatchObject({ ntlm_v2_only: true, domain: 'CORP', passwd: MASKED });
  });

  it('requires what the method needs, each on its field', async () => {
    expect((await linux({ name: 'No user', passwd: 'x' })).body).toEqual({ username: ['Username is required'] });
    expect((await linux({ name: 'No secret', username: 'u' })).body).toEqual({ passwd: ['Password is required'] });
    expect((await linux({ name: 'No key', username: 'u', use_dsskey: true })).body).toEqual({ priv_key: ['Private key is required'] });
    expect((await linux({ name: 'su', username: 'u', passwd: 'p', privilege_escalation: 'su' })).body).toEqual({
      escalation_passwd: ['Root password is required'],
    });
    expect((await linux({ name: 'Vault', method: 'vault' })).body).toEqual({
      system_name: ['System name is required'],
      account_name: ['Account name is required'],
    });
    expect((await linux({ name: '', username: 'u', passwd: 'p', port: 70000 })).body).toMatchObject({
      name: ['This field may not be blank.'],
      port: ['Enter a port from 1 to 65535.'],
    });
    expect((await admin.post('/api/scan/kubernetesauths/', { name: 'k8s', url: 'not a url' })).body).toMatchObject({
      url: ['Enter a valid URL (https://…).'],
    });
    expect((await admin.post('/api/scan/kubernetesauths/', { name: 'k8s', url: 'https://k8s.example.test:6443' })).body).toEqual({
      token: ['Token is required'],
    });
  });

  it('takes a key with escaped line breaks, checks that its passphrase opens it, and keeps masked secrets', async () => {
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const dir = mkdtempSync('/tmp/bulwark-key-');
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', 'open sesame', '-f', `${dir}/k`]);
    const key = readFileSync(`${dir}/k`, 'utf8');
    const escaped = key.trim().replace(/\n/g, '\\n');
    const noPhrase = await linux({ name: 'Key', username: 'u', use_dsskey: true, priv_key: escaped });
    expect(noPhrase.body).toEqual({ priv_key_passwd: ['This key is protected by a passphrase; enter it.'] });
    const wrong = await linux({ name: 'Key', username: 'u', use_dsskey: true, priv_key: escaped, priv_key_passwd: 'nope' });
    expect(wrong.body).toEqual({ priv_key_passwd: ['The passphrase does not open this key.'] });
    expect((await linux({ name: 'Key', username: 'u', use_dsskey: true, priv_key: 'garbage' })).body.priv_key?.[0]).toMatch(
      /^This is not a private key Bulwark can use/,
    );
    const made = await linux({
      name: 'Key',
      username: 'u',
      use_dsskey: true,
      priv_key: escaped,
      priv_key_passwd: 'open sesame',
      passwd: 'also',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const [row] = await t.ctx.db.select().from(scanCredentials).where(eq(scanCredentials.id, made.body.id));
    // "\n" written as two characters became real line breaks.
    expect(t.ctx.secrets.decrypt(row!.secrets.priv_key!)).toBe(key.trim() + '\n');
    // PATCH with masked secrets changes the name only.
    const renamed = await admin.patch<LinuxCredential>(`/api/scan/linuxauths/${made.body.id}/`, {
      name: 'Key login',
      priv_key: MASKED,
      priv_key_passwd: '****',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Key login', priv_key: MASKED, priv_key_passwd: MASKED, passwd: MASKED });
    const [after] = await t.ctx.db.select().from(scanCredentials).where(eq(scanCredentials.id, made.body.id));
    expect(after!.secrets).toEqual(row!.secrets);
    // Key login switched off: the key and its passphrase are cleared (§5), even when sent masked.
    const off = await admin.request<LinuxCredential>('PUT', `/api/scan/linuxauths/${made.body.id}/`, {
      name: 'Key login',
      username: 'u',
      use_dsskey: false,
      priv_key: MASKED,
      priv_key_passwd: MASKED,
      passwd: MASKED,
    });
    expect(off.body).toMatchObject({ use_dsskey: false, priv_key: null, priv_key_passwd: null, passwd: MASKED });
    // An empty secret removes it — and then the password login has none.
    expect((await admin.patch(`/api/scan/linuxauths/${made.body.id}/`, { passwd: '' })).body).toEqual({ passwd: ['Password is required'] });
  });

  it('is referenced by profiles of the right kind only, and cannot be deleted while a profile uses it', async () => {
    const cred = (await linux({ name: 'Profiled', username: 'u', passwd: 'p' })).body;
    const win = (await admin.get<Page<{ id: number }>>('/api/scan/windowsauths/')).body.results[0]!;
    const wrongKind = await admin.post('/api/scan/nprofiles/', { name: 'Wrong', lin_auths: [win.id], win_auths: [cred.id] });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body).toEqual({
      lin_auths: [`Unknown Linux credential: ${win.id}.`],
      win_auths: [`Unknown Windows credential: ${cred.id}.`],
    });
    const profile = await admin.post<{ id: number; lin_auths: number[] }>('/api/scan/nprofiles/', {
      name: 'Authenticated',
      lin_auths: [cred.id],
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    expect(profile.body.lin_auths).toEqual([cred.id]);
    const refused = await admin.request('DELETE', `/api/scan/linuxauths/${cred.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ non_field_errors: ['Cannot delete scan authentication. It is used by the profile: Authenticated.'] });
    // Another customer cannot name it in a profile either.
    expect((await rival.post('/api/scan/nprofiles/', { name: 'Theirs', lin_auths: [cred.id] })).body).toEqual({
      lin_auths: [`Unknown Linux credential: ${cred.id}.`],
    });
    const choices = await reader.get<{ id: number; name: string; kind: string }[]>('/api/scan/credentials/');
    expect(choices.body.map((c) => [c.kind, c.name])).toEqual(
      expect.arrayContaining([
        ['linux', 'Profiled'],
        ['windows', 'Servers'],
      ]),
    );
    expect((await admin.patch(`/api/scan/nprofiles/${profile.body.id}/`, { lin_auths: [] })).status).toBe(200);
    expect((await admin.request('DELETE', `/api/scan/linuxauths/${cred.id}/`)).status).toBe(204);
    expect((await admin.get(`/api/scan/linuxauths/${cred.id}/`)).status).toBe(404);
  });

  it('guards every call: 401 signed out, 403 without the permission, read-only readers, other customers see nothing', async () => {
    const cred = (await linux({ name: 'Guarded', username: 'u', passwd: 'p' })).body;
    const anon = await anonymous(t);
    expect((await anon.get('/api/scan/linuxauths/')).status).toBe(401);
    expect((await anon.post('/api/scan/linuxauths/', {})).status).toBe(401);
    expect((await nobody.get('/api/scan/linuxauths/')).status).toBe(403);
    expect((await nobody.get('/api/scan/credentials/')).status).toBe(403);
    // The guard runs before validation: an invalid body still gets 403.
    expect((await reader.post('/api/scan/linuxauths/', { name: '' })).status).toBe(403);
    expect((await reader.patch(`/api/scan/linuxauths/${cred.id}/`, { name: 'x' })).status).toBe(403);
    expect((await reader.request('DELETE', `/api/scan/linuxauths/${cred.id}/`)).status).toBe(403);
    expect((await reader.post(`/api/scan/linuxauths/${cred.id}/test/`, { target: '127.0.0.1' })).status).toBe(403);
    expect((await rival.get<Page<unknown>>('/api/scan/linuxauths/')).body.count).toBe(0);
    expect((await rival.get(`/api/scan/linuxauths/${cred.id}/`)).status).toBe(404);
    expect((await rival.patch(`/api/scan/linuxauths/${cred.id}/`, { name: 'Mine' })).status).toBe(404);
    expect((await rival.request('DELETE', `/api/scan/linuxauths/${cred.id}/`)).status).toBe(404);
    expect((await rival.post(`/api/scan/linuxauths/${cred.id}/test/`, { target: '127.0.0.1' })).status).toBe(404);
    // A Linux id on the Windows path is not found.
    expect((await admin.get(`/api/scan/windowsauths/${cred.id}/`)).status).toBe(404);
    expect((await admin.post(`/api/scan/linuxauths/${cred.id}/test/`, {})).body).toEqual({
      target: ['Choose an asset or enter an address.'],
    });
  });

  describe.skipIf(sshTargetUnavailable() !== undefined || backend !== 'pglite')('the test action on a real OpenSSH server', () => {
    let ssh: SshTarget;
    beforeAll(async () => {
      ssh = await startSshTarget('127.0.6.20', 'bwcred');
    }, 30_000);
    afterAll(async () => {
      await ssh?.stop();
    });

    it('says what works: connected, authenticated, privileged through sudo, the system', async () => {
      const cred = (
        await linux({
          name: 'sudo with key',
          port: ssh.port,
          username: ssh.sudoer.username,
          passwd: ssh.sudoer.password,
          use_dsskey: true,
          priv_key: ssh.sudoer.privateKey,
          priv_key_passwd: ssh.sudoer.passphrase,
          privilege_escalation: 'sudo',
        })
      ).body;
      const res = await admin.post<CredentialTestResult>(`/api/scan/linuxauths/${cred.id}/test/`, { target: ssh.host });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        target: ssh.host,
        port: ssh.port,
        health: 'ok',
        connected: true,
        authenticated: true,
        privileged: true,
      });
      expect(res.body.os).toMatch(/Debian/);
      expect(res.body.steps.every((s) => s.ok)).toBe(true);
    });

    it('says what fails: a wrong password', async () => {
      const cred = (await linux({ name: 'wrong', port: ssh.port, username: ssh.plain.username, passwd: 'not-it' })).body;
      const res = await admin.post<CredentialTestResult>(`/api/scan/linuxauths/${cred.id}/test/`, { target: ssh.host });
      expect(res.body).toMatchObject({ health: 'auth_failed', connected: true, authenticated: false, privileged: false });
      expect(res.body.steps.find((s) => s.step === 'authenticate')).toMatchObject({ ok: false });
      const unknownAsset = await admin.post(`/api/scan/linuxauths/${cred.id}/test/`, { asset: 999999 });
      expect(unknownAsset.body).toEqual({ asset: ['Unknown asset.'] });
    });
  });

  describe.skipIf(smbTargetUnavailable() !== undefined || backend !== 'pglite')('the test action on a real Samba server (Windows)', () => {
    let smb: SmbTarget;
    beforeAll(async () => {
      smb = await startSmbTarget('127.0.6.21', 'bwcrdw');
    }, 30_000);
    afterAll(async () => {
      await smb?.stop();
    });

    it('logs in over SMB with NTLMv2 and says so; a wrong password is refused with the server’s reason', async () => {
      const good = await admin.post<{ id: number }>('/api/scan/windowsauths/', {
        name: 'Samba account',
        username: smb.user.username,
        passwd: smb.user.password,
        domain: smb.workgroup,
        ntlm_v2_only: true,
      });
      expect(good.status, JSON.stringify(good.body)).toBe(201);
      const res = await admin.post<CredentialTestResult>(`/api/scan/windowsauths/${good.body.id}/test/`, { target: smb.host });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        target: smb.host,
        port: 445,
        health: 'ok',
        connected: true,
        authenticated: true,
        privileged: false,
      });
      expect(res.body.steps.find((s) => s.step === 'authenticate')).toEqual({
        step: 'authenticate',
        ok: true,
        message: `Logged in as ${smb.workgroup}\\${smb.user.username} over NTLMv2.`,
      });
      const bad = await admin.post<{ id: number }>('/api/scan/windowsauths/', {
        name: 'Wrong',
        username: smb.user.username,
        passwd: 'nope',
      });
      const refused = await admin.post<CredentialTestResult>(`/api/scan/windowsauths/${bad.body.id}/test/`, { target: smb.host });
      expect(refused.body).toMatchObject({ health: 'auth_failed', connected: true, authenticated: false });
      expect(refused.body.steps.at(-1)).toEqual({ step: 'authenticate', ok: false, message: 'The user name or password is wrong.' });
    });
  });
});
