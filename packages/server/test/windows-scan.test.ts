// A network scan with Windows credentials on its profile, of a real Samba server on loopback: the probe logs in over
// SMB with NTLMv2, the run's host and the asset say the credential worked; with a wrong password the run has error 4
// (authentication failed) and the host's health says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostAuthentication, RunHost, ScanRunRow } from '@bulwark/core';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { waitForRun } from './helpers/scans.ts';
import { startSmbTarget, smbTargetUnavailable, type SmbTarget } from '../../scanner/test/services-helpers/smb-target.ts';

describe.skipIf(smbTargetUnavailable() !== undefined)('a network scan with Windows credentials against Samba', () => {
  let t: TestApp;
  let admin: Client;
  let smb: SmbTarget;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    smb = await startSmbTarget('127.0.6.60', 'bwwscan');
  }, 60_000);
  afterAll(async () => {
    await smb?.stop();
    await t?.close();
  });

  async function scan(name: string, password: string): Promise<{ run: ScanRunRow; host: RunHost }> {
    const cred = await admin.post<{ id: number }>('/api/scan/windowsauths/', { name, username: smb.user.username, passwd: password });
    expect(cred.status, JSON.stringify(cred.body)).toBe(201);
    const profile = await admin.post<{ id: number }>('/api/scan/nprofiles/', {
      name,
      standard_scan: false,
      custom_tcp_range: '445',
      win_auths: [cred.body.id],
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    const created = await admin.post<{ last_run: number }>('/api/scan/nscans/', { name, targets: [smb.host], profile: profile.body.id });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const run = await waitForRun(admin, created.body.last_run, (r) => r.status === 2 || r.status === 3, 120_000);
    await settleRunProcessing(t.ctx);
    const hosts = (await admin.get<{ results: RunHost[] }>(`/api/scan/nruns/${run.id}/hosts/`)).body.results;
    expect(hosts).toHaveLength(1);
    return { run, host: hosts[0]! };
  }

  it('logs in over SMB and records the credential as working on the run and the asset', { timeout: 150_000 }, async () => {
    const { host } = await scan('Samba account', smb.user.password);
    expect(host).toMatchObject({
      credential_health: 'ok',
      credential_message: `Logged in as ${smb.user.username} over NTLMv2.`,
    });
    const state = (await admin.get<HostAuthentication>(`/api/assets/${host.host_id}/authentication/`)).body;
    expect(state).toMatchObject({ health: 'ok', credential: { name: 'Samba account', kind: 'windows' } });
  });

  it('reports a wrong password as authentication failed (error 4) with the server’s reason', { timeout: 150_000 }, async () => {
    const { run, host } = await scan('Wrong password', 'not-the-password');
    expect(host).toMatchObject({ credential_health: 'auth_failed', credential_message: 'The user name or password is wrong.' });
    const errors = (await admin.get<{ type: number; message: string }[]>(`/api/scan/nruns/${run.id}/errors/`)).body;
    expect(errors).toContainEqual(expect.objectContaining({ type: 4, message: 'The user name or password is wrong.' }));
  });
});
