// The cluster scan against the stand-in API server: every list read page by page with `continue`, a list the token
// may not read named as an error, a server whose certificate does not verify refused before the token is sent, and
// the network task that reads the profile's cluster and puts its findings on the API server's host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { executeTask, type TaskReport, type TaskSpec } from '../src/agent/index.ts';
import { listAll, readCluster, scanCluster } from '../src/kube/index.ts';
import { goodPod, sampleCluster, startStandInApi, type StandInApi } from './kube-helpers/api-server.ts';

const HOST = '127.0.75.10';
let api: StandInApi;
beforeAll(async () => {
  api = await startStandInApi(HOST, sampleCluster());
});
afterAll(async () => api?.stop());

describe('cluster read', () => {
  it('reads every list page by page, following continue until the last page', async () => {
    api.objects.pods = [...sampleCluster().pods, ...Array.from({ length: 6 }, (_, i) => goodPod(`batch-${i}`))];
    const from = api.seen.length;
    const pods = await listAll(new URL(api.url), 'api/v1/pods', api.token, { ca: [api.ca], pageSize: 4 });
    expect(pods.map((p) => p.metadata?.name)).toEqual([
      'web-7d9f',
      'web-8a1c',
      'debug-shell',
      ...Array.from({ length: 6 }, (_, i) => `batch-${i}`),
    ]);
    const asked = api.seen.slice(from).map((s) => new URL(s.path, 'https://x').searchParams);
    expect(asked.map((q) => q.get('limit'))).toEqual(['4', '4', '4']);
    expect(asked[0]!.get('continue')).toBeNull();
    expect(asked[1]!.get('continue')).toBeTruthy();
    expect(asked[2]!.get('continue')).not.toBe(asked[1]!.get('continue'));
    api.objects.pods = sampleCluster().pods;
  });

  it('reads the cluster: version, anonymous access, every list; a list the token may not read is named', async () => {
    api.anonymous = true;
    api.forbidden.add('rolebindings');
    try {
      const inv = await readCluster({ url: api.url, token: api.token }, { ca: [api.ca], pageSize: 2 });
      expect(inv).toMatchObject({ version: 'v1.29.2', anonymousApi: true });
      expect([
        inv.nodes.length,
        inv.namespaces.length,
        inv.pods.length,
        inv.serviceAccounts.length,
        inv.clusterRoleBindings.length,
      ]).toEqual([2, 3, 3, 3, 3]);
      expect(inv.roleBindings).toEqual([]);
      expect(inv.failures).toEqual([
        'GET /apis/rbac.authorization.k8s.io/v1/rolebindings answered 403: rolebindings is forbidden: User "system:serviceaccount:bulwark:scanner" cannot list resource "rolebindings" at the cluster scope.',
      ]);
    } finally {
      api.anonymous = false;
      api.forbidden.clear();
    }
    const closed = await readCluster({ url: api.url, token: api.token }, { ca: [api.ca] });
    expect(closed.anonymousApi).toBe(false);
  });

  it('never sends the token to a server whose certificate does not verify', async () => {
    const from = api.seen.length;
    const out = await scanCluster({ id: 1, name: 'prod', url: api.url, token: api.token });
    expect(out.findings).toEqual([]);
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]).toMatchObject({ type: SCAN_ERROR_TYPE.connection_failed, host: HOST });
    expect(out.errors[0]!.message).toMatch(
      /^Kubernetes credential "prod": Could not reach .*certificate is not trusted .*the token was not sent\.$/,
    );
    // The TLS handshake failed: the server saw no request at all, so no token.
    expect(api.seen.slice(from)).toEqual([]);
  });

  it('a list the token may not read is an authentication error naming it; the checks still run on the rest', async () => {
    api.forbidden.add('pods');
    try {
      const out = await scanCluster({ id: 1, name: 'prod', url: api.url, token: api.token }, { ca: [api.ca] });
      expect(out.errors).toHaveLength(1);
      expect(out.errors[0]!.type).toBe(SCAN_ERROR_TYPE.auth_failed);
      expect(out.errors[0]!.message).toMatch(/^Kubernetes credential "prod": GET \/api\/v1\/pods answered 403: pods is forbidden/);
      expect(out.findings.map((f) => f.check)).toContain('k8s-cluster-admin-binding');
      expect(out.findings.map((f) => f.check)).not.toContain('k8s-privileged-container');
    } finally {
      api.forbidden.clear();
    }
  });

  it('a refused token is an authentication error', async () => {
    const out = await scanCluster({ id: 1, name: 'prod', url: api.url, token: 'expired' }, { ca: [api.ca] });
    expect(out.errors).toEqual([
      {
        type: SCAN_ERROR_TYPE.auth_failed,
        message: 'Kubernetes credential "prod": The API server refused the token (401 Unauthorized).',
        host: HOST,
      },
    ]);
  });
});

describe('network task with a Kubernetes credential', () => {
  const spec = (targets: string[], port: number): TaskSpec => ({
    id: 7,
    targets,
    exclude: [],
    profile: { standard_scan: false, custom_tcp_range: String(port) },
    checkpoint: null,
    tests: [],
    credentials: {
      linux: [],
      pinnedHostKeys: {},
      kubernetesLogins: [{ id: 3, name: 'prod', url: api.url, token: api.token, extraCa: api.ca }],
    },
  });
  const port = () => Number(new URL(api.url).port);

  it("merges the cluster into the API server's host, reported once", async () => {
    const reports: TaskReport[] = [];
    const s = spec([HOST, '127.0.75.11'], port());
    const out = await executeTask(s, { report: async (r) => (reports.push(r), 'continue') }, undefined, { reportHosts: 1 });
    expect(out.outcome).toBe('done');
    if (out.outcome !== 'done') return;
    const delivered = reports.flatMap((r) => r.hosts);
    expect(delivered.filter((h) => h.address === HOST)).toHaveLength(1);
    const apiHost = out.result.hosts.find((h) => h.address === HOST)!;
    expect(apiHost.alive).toBe(true);
    expect(apiHost.ports).toEqual([
      expect.objectContaining({
        port: port(),
        state: 'open',
        service: expect.objectContaining({ product: 'Kubernetes', version: '1.29.2' }),
      }),
    ]);
    expect(apiHost.ports[0]!.service!.cpe).toContain('cpe:2.3:a:kubernetes:kubernetes:1.29.2:*:*:*:*:*:*:*');
    expect(apiHost.findings.map((f) => f.check)).toEqual(
      expect.arrayContaining(['k8s-privileged-container', 'k8s-cluster-admin-binding', 'k8s-anonymous-binding', 'k8s-cluster-nodes']),
    );
    expect(apiHost.findings.find((f) => f.check === 'k8s-cluster-admin-binding')!.evidence).toBe(
      'ClusterRoleBinding ops-admins: subjects[0] = User jane@example.com → ClusterRole cluster-admin',
    );
    // The token is dropped with the task.
    expect(s.credentials).toBeUndefined();
  });

  it("adds the API server's host when it is not among the targets", async () => {
    const reports: TaskReport[] = [];
    const out = await executeTask(spec(['127.0.75.11'], port()), { report: async (r) => (reports.push(r), 'continue') }, undefined, {
      keepHosts: false,
    });
    expect(out.outcome).toBe('done');
    const delivered = reports.flatMap((r) => r.hosts);
    expect(delivered.map((h) => h.address)).toEqual(['127.0.75.11', HOST]);
    expect(delivered[1]!.alive).toBe(true);
    expect(delivered[1]!.findings.length).toBeGreaterThan(5);
  });
});
