// Findings that say how to fix them (issue 26): a test's finding and its issue carry the check YAML's description,
// solution, CWE and references; a CVE finding carries the NVD record's CWEs and every reference, and a solution naming
// the upstream fixed version and, with Debian's security tracker imported, the Debian package and revision.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetSolutions, IssueDetails, VulnerabilityDetail } from '@bulwark/core';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { importSources } from '../src/modules/intel/import.ts';
import { groupBySolution } from '../src/modules/vulnerabilities/solutions.ts';
import { packageFinding } from '../src/modules/results/package-findings.ts';
import { settleRunProcessing, startRunProcessing } from '../src/modules/results/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { deliveredRun } from './helpers/scans.ts';

const PDFTOTEXT = '/usr/bin/pdftotext';
const FTP_SOLUTION = 'Disable anonymous FTP (vsftpd: anonymous_enable=NO) unless it is an intended public archive.';
const csvRows = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

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

  /** A report made by the job queue, and its file's bytes. */
  async function reportFile(format: 'csv' | 'pdf' | 'html'): Promise<Buffer> {
    const made = await admin.post<{ id: number }>('/api/reports/', {
      template: null,
      scope_kind: 'unified_vulns',
      name: `R ${format}`,
      format,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    for (let i = 0; i < 600; i++) {
      const r = (await admin.get<{ state: string; error: string | null }>(`/api/reports/${made.body.id}/`)).body;
      if (r.state === 'failed') throw new Error(r.error ?? 'failed');
      if (r.state === 'finished') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const cookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await t.app.inject({ method: 'GET', url: `/api/reports/${made.body.id}/download/`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  }

  it('puts CWE, description, solution and evidence in the vulnerability CSV export', async () => {
    const res = await admin.request('GET', '/api/remediation/vulnerability-simple/export/?check=ftp-anonymous-login');
    expect(res.status).toBe(200);
    const [row] = csvRows(String(res.body));
    expect(row).toMatchObject({
      hid: 'nvt-ftp-anonymous-login',
      cwe: 'CWE-287',
      solution: FTP_SOLUTION,
      evidence: '230 Login successful.',
    });
    expect(row!.description).toMatch(/^The FTP server accepts the anonymous user/);
  });

  it('puts description, solution and evidence in the CSV report', async () => {
    const rows = csvRows((await reportFile('csv')).toString('utf8'));
    const ftp = rows.find((r) => r.issue === 'nvt-ftp-anonymous-login');
    expect(ftp).toMatchObject({ solution: FTP_SOLUTION, evidence: '230 Login successful.' });
    const cve = rows.find((r) => r.issue === 'CVE-2024-6387');
    expect(cve!.solution).toContain('Upgrade openssh-server to 1:9.2p1-2+deb12u3 or later (Debian 12 bookworm).');
    expect(cve!.description).toMatch(/race condition/i);
  });

  it('prints the solution and evidence under each finding of the HTML report', async () => {
    const html = (await reportFile('html')).toString('utf8');
    expect(html).toContain(`<strong>Solution:</strong> ${FTP_SOLUTION}`);
    expect(html).toContain('<strong>Evidence:</strong> 230 Login successful.');
  });

  it.skipIf(!existsSync(PDFTOTEXT))('prints the solution and evidence under each finding of the PDF report', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bulwark-solutions-'));
    writeFileSync(path.join(dir, 'r.pdf'), await reportFile('pdf'));
    const text = execFileSync(PDFTOTEXT, [path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(`Solution: ${FTP_SOLUTION}`);
    expect(text).toContain('Evidence: 230 Login successful.');
    expect(text).toContain('Description: The FTP server accepts the anonymous user');
    expect(text).toContain('Solution: Upgrade openssh-server to 1:9.2p1-2+deb12u3 or later');
  });

  it("groups the asset's open findings by the fix: one Debian upgrade for all the OpenSSH CVEs it fixes", async () => {
    const asset = (await findingOf('check=ftp-anonymous-login')).asset.id;
    const res = await admin.get<AssetSolutions>(`/api/unified-assets/${asset}/solutions/`);
    expect(res.status).toBe(200);
    const upgrades = res.body.results.filter((g) => g.solution.startsWith('Upgrade openssh-server to '));
    expect(upgrades).toHaveLength(1);
    expect(upgrades[0]!.solution).toMatch(/^Upgrade openssh-server to 1:9\.2p1-2\+deb12u\d+ or later \(Debian 12 bookworm\)\.$/);
    expect(upgrades[0]!.fixes.map((f) => f.hid)).toContain('CVE-2024-6387');
    expect(upgrades[0]!.findings).toBe(upgrades[0]!.fixes.length);
    const ftp = res.body.results.find((g) => g.solution === FTP_SOLUTION);
    expect(ftp!.fixes).toEqual([expect.objectContaining({ hid: 'nvt-ftp-anonymous-login', severity: 2 })]);
  });

  it("answers 404 for an unknown or another customer's asset, 401 anonymous, 403 without vulnerability access", async () => {
    const asset = (await findingOf('check=ftp-anonymous-login')).asset.id;
    const url = `/api/unified-assets/${asset}/solutions/`;
    expect((await admin.get('/api/unified-assets/999999/solutions/')).status).toBe(404);
    const o = await t.otherCustomer();
    expect((await (await signedIn(t, o.adminEmail)).get(url)).status).toBe(404);
    expect((await (await anonymous(t)).get(url)).status).toBe(401);
    const u = await t.user({ email: `scans-only-${backend}@example.com` });
    await t.ctx.db
      .update(users)
      .set({ permissions: { net_scans: ['read'] } })
      .where(eq(users.id, u.id));
    expect((await (await signedIn(t, `scans-only-${backend}@example.com`)).get(url)).status).toBe(403);
  });
});

describe('groupBySolution', () => {
  it('keeps the highest version an upgrade of one package on one release needs, and counts findings without a fix', () => {
    const row = (hid: string, solution: string | null, riskScore = 50) => ({ hid, name: hid, severity: 3, riskScore, solution });
    const out = groupBySolution([
      row('CVE-1', 'Upgrade openssh-server to 1:9.2p1-2+deb12u2 or later (Debian 12 bookworm).\nUpstream: fixed in OpenSSH 9.6.', 40),
      row('CVE-2', 'Upgrade openssh-server to 1:9.2p1-2+deb12u10 or later (Debian 12 bookworm).', 70),
      row('CVE-3', 'Upgrade OpenSSH to 9.8 or later.', 30),
      row('CVE-4', 'Upgrade OpenSSH to 9.3p2 or later.', 20),
      row('CVE-5', null),
    ]);
    expect(out.without_solution).toBe(1);
    expect(out.results.map((g) => [g.solution, g.fixes.map((f) => f.hid)])).toEqual([
      ['Upgrade openssh-server to 1:9.2p1-2+deb12u10 or later (Debian 12 bookworm).', ['CVE-2', 'CVE-1']],
      ['Upgrade OpenSSH to 9.8 or later.', ['CVE-3', 'CVE-4']],
    ]);
  });

  it("gives a missing patch of an authenticated scan the distribution's fixed version as its solution", () => {
    const verdict = {
      source: 'openssh',
      binaries: ['openssh-server', 'openssh-client'],
      cve: 'CVE-2024-6387',
      installed: '1:9.2p1-2+deb12u2',
      advisory: 'Debian Security Tracker (bookworm)',
    };
    const facts = {
      cve: 'CVE-2024-6387',
      cvss: 8.1,
      cvssVector: null,
      severity: 3 as const,
      epss: null,
      epssPercentile: null,
      kev: false,
      ransomware: false,
      description: 'A race condition.',
      cwes: ['CWE-362'],
      references: ['https://www.openssh.com/txt/release-9.8'],
      risk: 60,
    };
    const missing = packageFinding({ ...verdict, fixed: '1:9.2p1-2+deb12u3', status: 'missing-patch' }, facts, 'Debian bookworm');
    expect(missing).toMatchObject({
      solution: 'Upgrade openssh to 1:9.2p1-2+deb12u3 or later (Debian bookworm).',
      cwes: ['CWE-362'],
      references: ['https://www.openssh.com/txt/release-9.8'],
    });
    expect(packageFinding({ ...verdict, fixed: null, status: 'unfixed' }, facts, 'Debian bookworm').solution).toBeNull();
  });
});
