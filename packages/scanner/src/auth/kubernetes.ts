// Checks a Kubernetes credential (API server URL + service-account token) the way kubectl would reach the cluster:
// the server's version over TLS the system (and the operator's extra CA file) trusts, who the token authenticates as
// (SelfSubjectReview, Kubernetes 1.28+; a namespaces list on older servers), and whether it may list pods and nodes in
// every namespace (SelfSubjectAccessReview), which a cluster scan needs. The token is never sent over an untrusted TLS
// connection: a certificate that does not verify ends the test at "connect".
import type { CredentialTestResult } from '@bulwark/core';
import { connectProblem, KubeError, kubeCall as call, pick as get, type KubernetesLogin, type KubernetesOptions } from '../kube/request.ts';

// The client lives in kube/request.ts, shared with the cluster scan (kube/), which is exported from here too.
export * from '../kube/index.ts';

/** The test action for a Kubernetes credential: each step with what worked and what did not. */
export async function testKubernetesLogin(login: KubernetesLogin, options: KubernetesOptions = {}): Promise<CredentialTestResult> {
  const base = new URL(login.url);
  const port = Number(base.port || (base.protocol === 'https:' ? 443 : 80));
  const steps: CredentialTestResult['steps'] = [];
  const result = (health: CredentialTestResult['health'], extra: Partial<CredentialTestResult> = {}): CredentialTestResult => ({
    target: base.hostname,
    port,
    health,
    connected: false,
    authenticated: false,
    privileged: false,
    os: null,
    steps,
    ...extra,
  });

  // 1. The server and its version, without the token (so an untrusted endpoint never sees it).
  let version: string;
  try {
    const v = await call(base, 'version', null, options);
    const git = get(v.body, 'gitVersion');
    if (v.status === 401 || v.status === 403) version = 'version not disclosed to anonymous callers';
    else if (v.status !== 200 || typeof git !== 'string')
      throw new KubeError(`This is not a Kubernetes API server (GET /version answered ${v.status}).`);
    else version = `Kubernetes ${git}`;
  } catch (e) {
    steps.push({ step: 'connect', ok: false, message: `Could not reach ${login.url}: ${connectProblem(e)}` });
    return result('connection_failed');
  }
  if (base.protocol !== 'https:') {
    steps.push({ step: 'connect', ok: false, message: `${login.url} is plain HTTP: Bulwark sends a token only over HTTPS.` });
    return result('connection_failed', { connected: true });
  }
  steps.push({ step: 'connect', ok: true, message: `Connected to ${login.url} (${version}).` });
  const os = version.startsWith('Kubernetes') ? version : null;

  // 2. Who the token is.
  let who: string;
  try {
    const review = await call(base, 'apis/authentication.k8s.io/v1/selfsubjectreviews', login.token, options, {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'SelfSubjectReview',
    });
    if (review.status === 401) {
      steps.push({ step: 'authenticate', ok: false, message: 'The API server refused the token (401 Unauthorized).' });
      return result('auth_failed', { connected: true, os });
    }
    if (review.status === 201 || review.status === 200)
      who = String(get(review.body, 'status', 'userInfo', 'username') ?? 'an unnamed user');
    else {
      // Older servers have no SelfSubjectReview: any authenticated call says the token works.
      const probe = await call(base, 'api/v1/namespaces?limit=1', login.token, options);
      if (probe.status === 401) {
        steps.push({ step: 'authenticate', ok: false, message: 'The API server refused the token (401 Unauthorized).' });
        return result('auth_failed', { connected: true, os });
      }
      who = 'the token’s service account';
    }
  } catch (e) {
    steps.push({ step: 'authenticate', ok: false, message: `The API server did not answer: ${connectProblem(e)}` });
    return result('connection_failed', { connected: true, os });
  }
  steps.push({ step: 'authenticate', ok: true, message: `Authenticated as ${who}.` });

  // 3. What a cluster scan needs: list pods and nodes everywhere.
  const can = async (resource: string): Promise<boolean> => {
    const r = await call(base, 'apis/authorization.k8s.io/v1/selfsubjectaccessreviews', login.token, options, {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectAccessReview',
      spec: { resourceAttributes: { verb: 'list', resource } },
    });
    return (r.status === 201 || r.status === 200) && get(r.body, 'status', 'allowed') === true;
  };
  try {
    const [pods, nodes] = await Promise.all([can('pods'), can('nodes')]);
    const missing = [pods ? null : 'pods', nodes ? null : 'nodes'].filter(Boolean);
    steps.push({
      step: 'privilege',
      ok: missing.length === 0,
      message:
        missing.length === 0
          ? 'May list pods and nodes in every namespace.'
          : `May not list ${missing.join(' or ')} in every namespace: a cluster scan would see only part of the cluster.`,
    });
    if (missing.length > 0) return result('insufficient_privilege', { connected: true, authenticated: true, os });
  } catch (e) {
    steps.push({ step: 'privilege', ok: false, message: `The access review failed: ${connectProblem(e)}` });
    return result('insufficient_privilege', { connected: true, authenticated: true, os });
  }
  return result('ok', { connected: true, authenticated: true, privileged: true, os });
}
