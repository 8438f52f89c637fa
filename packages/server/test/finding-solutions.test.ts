// Findings that say how to fix them (issue 26): a test's finding and its issue carry the check YAML's description,
// solution, CWE and references; a CVE finding carries the NVD record's CWEs and every reference, and a solution naming
// the upstream fixed version and, with Debian's security tracker imported, the Debian package and revision.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssueDetails, VulnerabilityDetail } from '@bulwark/core';
import { importSources } from '../src/modules/intel/import.ts';
import { settleRunProcessing, startRunProcessing } from '../src/modules/results/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { deliveredRun } from './helpers/scans.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../intel/test/fixtures/feeds');

describe.each(BACKENDS)('findings with description, solution, CWE and references on %s', (backend) => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    await importSources(t.ctx.db, [path.join(FIXTURES, 'nvd'), path.join(FIXTURES, 'debian-tracker', 'openssh.json')]);
    const probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
    const profile = (
      await admin.post<{ id: number }>('/api/scan/nprofiles/', { name: 'FTP and SSH', standard_scan: false, custom_tcp_range: '21,22' })
    ).body.id;
    const ssh = {
      name: 'ssh',
      product: 'OpenSSH',
      version: '9.2p1',
      banner: 'SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u2',
      cpe: ['cpe:2.3:a:openbsd:openssh:9.2:p1:*:*:*:*:*:*'],
    };
    const ftp = {
      check: 'ftp-anonymous-login',
      name: 'FTP anonymous login allowed',
      severity: 2,
      confidence: 'confirmed',
      port: 21,
      protocol: 'tcp',
      evidence: '230 Login successful.',
      cve: [],
    };
    const runId = await deliveredRun(
      t,
      admin,
      { name: 'solutions', profile, probeId },
      {
        hosts: [
          {
            address: '127.0.0.1',
            alive: true,
            ports: [
              {
                port: 21,
                protocol: 'tcp',
                state: 'open',
                service: { name: 'ftp', product: 'vsftpd', version: '3.0.3', banner: null, cpe: [] },
              },
              { port: 22, protocol: 'tcp', state: 'open', service: ssh },
            ],
            findings: [ftp],
          },
        ],
      },
    );
    await startRunProcessing(t.ctx, runId);
    await settleRunProcessing(t.ctx);
  }, 120_000);
  afterAll(() => t.close());

  async function findingOf(query: string): Promise<VulnerabilityDetail> {
    const list = await admin.get<{ results: { id: number }[] }>(`/api/remediation/vulnerability-simple/?${query}`);
    expect(list.body.results.length, query).toBe(1);
    const detail = await admin.get<VulnerabilityDetail>(`/api/remediation/vulnerability/${list.body.results[0]!.id}/`);
    expect(detail.status).toBe(200);
    return detail.body;
  }

  it("gives a test's finding and issue the YAML's description, solution and CWE", async () => {
    const f = await findingOf('check=ftp-anonymous-login');
    expect(f.description).toBe('The FTP server accepts the anonymous user: files may be read (or written) without credentials.');
    expect(f.solution).toBe('Disable anonymous FTP (vsftpd: anonymous_enable=NO) unless it is an intended public archive.');
    expect(f.cwes).toEqual(['CWE-287']);
    expect(f.evidence).toBe('230 Login successful.');
    const issue = (await admin.get<IssueDetails>('/api/unified-assets/issues/nvt-ftp-anonymous-login/details/')).body;
    expect(issue.description).toBe(f.description);
    expect(issue.solution).toBe(f.solution);
    expect(issue.cwes).toEqual(['CWE-287']);
  });

  it('gives a CVE finding every reference and the CWEs of the record, and its issue lists them all', async () => {
    const f = await findingOf('cve=CVE-2024-6387');
    expect(f.cwes).toEqual(expect.arrayContaining(['CWE-362', 'CWE-364']));
    expect(f.references.length).toBe(50);
    expect(f.description).toMatch(/race condition/i);
    const issue = (await admin.get<IssueDetails>('/api/unified-assets/issues/CVE-2024-6387/details/')).body;
    expect(issue.references.length).toBeGreaterThanOrEqual(50);
    expect(issue.references[0]).toEqual({ label: 'CVE-2024-6387 at NVD', url: 'https://nvd.nist.gov/vuln/detail/CVE-2024-6387' });
  });

  it("names the Debian package and revision and the upstream fixed version in a CVE finding's solution", async () => {
    const f = await findingOf('cve=CVE-2024-6387');
    expect(f.solution).toContain('Upgrade openssh-server to 1:9.2p1-2+deb12u3 or later (Debian 12 bookworm).');
    expect(f.solution).toMatch(/Upstream: fixed in OpenSSH 9\.8 or later\./);
  });
});
