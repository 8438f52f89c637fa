// A cluster scan as part of a network scan (issue 32): a network profile naming a Kubernetes credential, a scan whose
// targets do not include the API server, and the cluster's findings on the API server's host in the unified
// vulnerability list (source network, check ids k8s-…, with the checks' description, solution and references), the
// Kubernetes version on its port as a product. The API server is the stand-in (packages/scanner/test/kube-helpers),
// its CA trusted through BULWARK_EXTRA_CA_FILE (sent to the probe with the task).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vulnerability, VulnerabilityDetail } from '@bulwark/core';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { importSources } from '../src/modules/intel/import.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { waitForRun } from './helpers/scans.ts';
import { sampleCluster, startStandInApi, type StandInApi } from '../../scanner/test/kube-helpers/api-server.ts';

/**
 * A Kubernetes CVE as NVD's CVE API 2.0 gives a record (the fields the import reads), with the affected ranges of the
 * Kubernetes advisory (kubernetes/kubernetes#124336: kube-apiserver before 1.27.13, 1.28.0-1.28.8, 1.29.0-1.29.3).
 */
const CVE_2024_3177 = {
  id: 'CVE-2024-3177',
  sourceIdentifier: 'jordan@liggitt.net',
  published: '2024-04-22T23:15:51.637',
  lastModified: '2024-04-23T12:52:09.397',
  vulnStatus: 'Analyzed',
  descriptions: [
    {
      lang: 'en',
      value:
        'A security issue was discovered in Kubernetes where users may be able to launch containers that bypass the mountable secrets policy enforced by the ServiceAccount admission plugin when using containers, init containers, and ephemeral containers with the envFrom field populated.',
    },
  ],
  metrics: {
    cvssMetricV31: [
      {
        source: 'jordan@liggitt.net',
        type: 'Secondary',
        cvssData: { version: '3.1', vectorString: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:L/I:N/A:N', baseScore: 2.7, baseSeverity: 'LOW' },
        exploitabilityScore: 1.2,
        impactScore: 1.4,
      },
    ],
  },
  weaknesses: [{ source: 'jordan@liggitt.net', type: 'Secondary', description: [{ lang: 'en', value: 'CWE-20' }] }],
  configurations: [
    {
      nodes: [
        {
          operator: 'OR',
          negate: false,
          cpeMatch: [
            {
              vulnerable: true,
              criteria: 'cpe:2.3:a:kubernetes:kubernetes:*:*:*:*:*:*:*:*',
              versionEndExcluding: '1.27.13',
              matchCriteriaId: 'A1',
            },
            {
              vulnerable: true,
              criteria: 'cpe:2.3:a:kubernetes:kubernetes:*:*:*:*:*:*:*:*',
              versionStartIncluding: '1.28.0',
              versionEndExcluding: '1.28.9',
              matchCriteriaId: 'A2',
            },
            {
              vulnerable: true,
              criteria: 'cpe:2.3:a:kubernetes:kubernetes:*:*:*:*:*:*:*:*',
              versionStartIncluding: '1.29.0',
              versionEndExcluding: '1.29.4',
              matchCriteriaId: 'A3',
            },
          ],
        },
      ],
    },
  ],
  references: [{ url: 'https://github.com/kubernetes/kubernetes/issues/124336', source: 'jordan@liggitt.net' }],
};

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
    mkdirSync(join(dir, 'nvd'));
    writeFileSync(join(dir, 'nvd', 'CVE-2024-3177.json'), JSON.stringify(CVE_2024_3177));
    await importSources(t.ctx.db, [join(dir, 'nvd')]);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await api?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("puts the cluster's findings on the API server's host, in the unified vulnerabilities", { timeout: 240_000 }, async () => {
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
    await waitForRun(admin, scan.body.last_run, (r) => r.status === 2 || r.status === 3, 180_000);
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
    // The cluster's version (and the kubelets') as a product on the API server's port: intel matches its CVEs.
    const cve = list.filter((v) => v.cve === 'CVE-2024-3177');
    expect(cve).toHaveLength(1);
    expect(cve[0]).toMatchObject({
      source: 'network',
      port: Number(new URL(api.url).port),
      asset: expect.objectContaining({ asset_name: apiHost }),
    });
    // The token never went anywhere without it being over the verified connection; every list call carried it.
    const lists = api.seen.filter((s) => s.path.startsWith('/api/v1/') || s.path.startsWith('/apis/rbac'));
    expect(lists.length).toBeGreaterThanOrEqual(6);
    expect(lists.every((s) => s.authorization === `Bearer ${api.token}`)).toBe(true);
  });
});
