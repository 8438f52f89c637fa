// A cluster scan as part of a network scan (issue 32): a network profile naming a Kubernetes credential, a scan whose
// targets do not include the API server, and the cluster's findings on the API server's host in the unified
// vulnerability list (source network, check ids k8s-…, with the checks' description, solution and references), the
// Kubernetes version on its port as a product. The API server is the stand-in (packages/scanner/test/kube-helpers),
// its CA trusted through BULWARK_EXTRA_CA_FILE (sent to the probe with the task).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vulnerability, VulnerabilityDetail } from '@bulwark/core';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { waitForRun } from './helpers/scans.ts';
import { sampleCluster, startStandInApi, type StandInApi } from '../../scanner/test/kube-helpers/api-server.ts';

interface Page<T> {
  count: number;
  results: T[];
}

describe.each(BACKENDS)('a network scan with a Kubernetes credential on %s', (backend) => {
  const apiHost = backend === 'pglite' ? '127.0.75.20' : '127.0.75.30';
  const target = backend === 'pglite' ? '127.0.75.21' : '127.0.75.31';
  let api: StandInApi;
  let t: TestApp;
  let admin: Client;
  let dir: string;
  beforeAll(async () => {
    api = await startStandInApi(apiHost, sampleCluster());
    dir = mkdtempSync(join(tmpdir(), 'bulwark-kube-ca-'));
    writeFileSync(join(dir, 'ca.pem'), api.ca);
    t = await startTestApp(backend, { BULWARK_EXTRA_CA_FILE: join(dir, 'ca.pem') });
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await api?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("puts the cluster's findings on the API server's host, in the unified vulnerabilities", { timeout: 120_000 }, async () => {
    const credential = await admin.post<{ id: number }>('/api/scan/kubernetesauths/', {
      name: 'Production cluster',
      url: api.url,
      token: api.token,
    });
    expect(credential.status, JSON.stringify(credential.body)).toBe(201);
    const profile = await admin.post<{ id: number }>('/api/scan/nprofiles/', {
      name: 'With the cluster',
      standard_scan: false,
      custom_tcp_range: '1',
      kubernetes_auth: credential.body.id,
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    const scan = await admin.post<{ id: number; last_run: number }>('/api/scan/nscans/', {
      name: 'Office',
      targets: [target],
      profile: profile.body.id,
    });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    await waitForRun(admin, scan.body.last_run, (r) => r.status === 2 || r.status === 3, 90_000);
    await settleRunProcessing(t.ctx);

    const list = (await admin.get<Page<Vulnerability>>('/api/remediation/vulnerability-simple/?page_size=100')).body.results;
    const cluster = list.filter((v) => v.check_id?.startsWith('k8s-'));
    expect(cluster.map((v) => v.check_id).sort()).toEqual(
      [
        'k8s-anonymous-binding',
        'k8s-cluster-admin-binding',
        'k8s-cluster-nodes',
        'k8s-default-namespace',
        'k8s-default-service-account-token',
        'k8s-host-namespaces',
        'k8s-hostpath-volume',
        'k8s-missing-limits',
        'k8s-privilege-escalation',
        'k8s-privileged-container',
        'k8s-run-as-root',
        'k8s-secret-in-env',
        'k8s-secret-literal-env',
      ].sort(),
    );
    expect(new Set(cluster.map((v) => v.asset.asset_name))).toEqual(new Set([apiHost]));
    const privileged = cluster.find((v) => v.check_id === 'k8s-privileged-container')!;
    expect(privileged).toMatchObject({ source: 'network', severity: 3, name: 'Kubernetes privileged container', port: null });
    const detail = (await admin.get<VulnerabilityDetail>(`/api/remediation/vulnerability/${privileged.id}/`)).body as unknown as Record<
      string,
      unknown
    >;
    expect(JSON.stringify(detail)).toContain('Pod default/debug-shell: spec.containers[shell].securityContext.privileged = true');
    expect(JSON.stringify(detail)).toContain('CIS 5.2.2 Minimize the admission of privileged containers');
    expect(JSON.stringify(detail)).toContain('Remove securityContext.privileged');
    // The token never went anywhere without it being over the verified connection; every list call carried it.
    const lists = api.seen.filter((s) => s.path.startsWith('/api/v1/') || s.path.startsWith('/apis/rbac'));
    expect(lists.length).toBeGreaterThanOrEqual(6);
    expect(lists.every((s) => s.authorization === `Bearer ${api.token}`)).toBe(true);
  });
});
