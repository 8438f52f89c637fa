// The test action of a Kubernetes credential through the API, against a stand-in API server answering as the published
// Kubernetes API does (a real cluster cannot run here), its CA trusted through BULWARK_EXTRA_CA_FILE: no target needed,
// what works and what is missing, a refused token; without the CA the token is never sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialTestResult } from '@bulwark/core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { startKubernetesApi, type KubernetesApi } from '../../scanner/test/services-helpers/kubernetes-api.ts';

describe('testing Kubernetes credentials', () => {
  let api: KubernetesApi;
  let t: TestApp;
  let plain: TestApp;
  let admin: Client;
  beforeAll(async () => {
    api = await startKubernetesApi('127.0.6.72');
    t = await startTestApp('pglite', { BULWARK_EXTRA_CA_FILE: api.caFile });
    plain = await startTestApp('pglite');
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await plain?.close();
    await api?.stop();
  });

  const credential = async (c: Client, name: string, token: string) => {
    const res = await c.post<{ id: number }>('/api/scan/kubernetesauths/', { name, url: api.url, token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };

  it('tries the credential on its API server without a target, and says what works and what is missing', async () => {
    const good = await credential(admin, 'Scanner', api.adminToken);
    const res = await admin.post<CredentialTestResult>(`/api/scan/kubernetesauths/${good}/test/`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ health: 'ok', authenticated: true, privileged: true, os: 'Kubernetes v1.30.4' });
    const limited = await credential(admin, 'Viewer', api.podsOnlyToken);
    expect((await admin.post<CredentialTestResult>(`/api/scan/kubernetesauths/${limited}/test/`, {})).body).toMatchObject({
      health: 'insufficient_privilege',
      privileged: false,
    });
    const refused = await credential(admin, 'Expired', 'expired-token');
    expect((await admin.post<CredentialTestResult>(`/api/scan/kubernetesauths/${refused}/test/`, {})).body.health).toBe('auth_failed');
    // Linux and Windows still need a host.
    const win = await admin.post<{ id: number }>('/api/scan/windowsauths/', { name: 'W', username: 'u', passwd: 'p' });
    expect((await admin.post(`/api/scan/windowsauths/${win.body.id}/test/`, {})).body).toEqual({
      target: ['Choose an asset or enter an address.'],
    });
  });

  it('does not send the token when the API server’s certificate is not trusted', async () => {
    const other = await signedIn(plain, ADMIN_EMAIL, ADMIN_PASSWORD);
    const id = await credential(other, 'Scanner', api.adminToken);
    const before = api.seen.length;
    const res = await other.post<CredentialTestResult>(`/api/scan/kubernetesauths/${id}/test/`, {});
    expect(res.body).toMatchObject({ health: 'connection_failed', connected: false });
    expect(res.body.steps[0]!.message).toMatch(/certificate is not trusted/);
    expect(api.seen.slice(before).every((h) => h === undefined)).toBe(true);
  });
});
