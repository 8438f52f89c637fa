// Kubernetes credentials: the test action against a stand-in API server that answers as the published API does
// (a real cluster cannot run here): a token that may scan the cluster, one that may not list nodes, a refused token,
// an API server whose certificate is not trusted (the token is never sent), and a plain-HTTP URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testKubernetesLogin } from '../src/auth/index.ts';
import { startKubernetesApi, type KubernetesApi } from './services-helpers/kubernetes-api.ts';

describe('Kubernetes credentials', () => {
  let api: KubernetesApi;
  beforeAll(async () => {
    api = await startKubernetesApi('127.0.6.70');
  });
  afterAll(async () => api?.stop());

  it('says what works: connected (the version), authenticated (as whom), allowed to list pods and nodes', async () => {
    const r = await testKubernetesLogin({ url: api.url, token: api.adminToken }, { ca: [api.ca] });
    expect(r).toMatchObject({
      health: 'ok',
      connected: true,
      authenticated: true,
      privileged: true,
      os: 'Kubernetes v1.30.4',
      target: '127.0.6.70',
    });
    expect(r.steps).toEqual([
      { step: 'connect', ok: true, message: `Connected to ${api.url} (Kubernetes v1.30.4).` },
      { step: 'authenticate', ok: true, message: 'Authenticated as system:serviceaccount:bulwark:scanner.' },
      { step: 'privilege', ok: true, message: 'May list pods and nodes in every namespace.' },
    ]);
  });

  it('says what is missing for a token with fewer rights, and when the token is refused', async () => {
    const limited = await testKubernetesLogin({ url: api.url, token: api.podsOnlyToken }, { ca: [api.ca] });
    expect(limited).toMatchObject({ health: 'insufficient_privilege', authenticated: true, privileged: false });
    expect(limited.steps.at(-1)!.message).toBe('May not list nodes in every namespace: a cluster scan would see only part of the cluster.');
    const refused = await testKubernetesLogin({ url: api.url, token: 'expired-token' }, { ca: [api.ca] });
    expect(refused).toMatchObject({ health: 'auth_failed', connected: true, authenticated: false });
    expect(refused.steps.at(-1)).toEqual({
      step: 'authenticate',
      ok: false,
      message: 'The API server refused the token (401 Unauthorized).',
    });
  });

  it('never sends the token to a server whose certificate it cannot verify, nor over plain HTTP', async () => {
    const before = api.seen.length;
    const untrusted = await testKubernetesLogin({ url: api.url, token: api.adminToken });
    expect(untrusted).toMatchObject({ health: 'connection_failed', connected: false });
    expect(untrusted.steps[0]!.message).toMatch(/certificate is not trusted .*the token was not sent\.$/);
    expect(api.seen.slice(before).every((h) => h === undefined)).toBe(true);
    const plain = await testKubernetesLogin({ url: 'http://127.0.6.71:1/', token: api.adminToken }, { timeoutMs: 2000 });
    expect(plain.health).toBe('connection_failed');
  });
});
