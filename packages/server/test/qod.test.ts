// Quality of detection (QoD) end to end, on every test database: each detection method's value on processed runs (an
// active check 95, a CVE behind a Debian banner without the tracker's record 30, with it 80, an upstream banner 80,
// installed packages 97, policy rules 97), the customer's minimum hiding findings below it from the lists (saying how
// many), the exposure headline, the dashboard's today and report summaries; qod_min=0 showing them; and the setting's
// validation, permission, audit and tenant isolation.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent, FindingRow, Issue, QodHidden, ReportData, TrendPoint, Vulnerability } from '@bulwark/core';
import { scanCredentials } from '../src/db/schema/index.ts';
import { importSources } from '../src/modules/intel/import.ts';
import { policyFindings } from '../src/modules/results/policy-findings.ts';
import { findingQod } from '../src/modules/results/qod.ts';
import { settleRunProcessing, startRunProcessing } from '../src/modules/results/queue.ts';
import { summarySentence } from '../src/modules/reports/render/figures.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { cveFindingsOf, deliveredRun } from './helpers/scans.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../intel/test/fixtures/feeds');
const TRACKER = path.join(FIXTURES, 'debian-tracker', 'openssh.json');
const OPENSSH_92 = { version: '9.2p1', cpe: 'cpe:2.3:a:openbsd:openssh:9.2:p1:*:*:*:*:*:*' };
const BOOKWORM = { id: 'debian', versionId: '12', codename: 'bookworm', prettyName: 'Debian GNU/Linux 12 (bookworm)', like: [] };

type Page<T> = { count: number; results: T[]; qod: QodHidden };

describe.each(BACKENDS)('quality of detection on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let probeId: number;
  let profileId: number;
  let customerId: number;
  let hiddenCves = 0;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    customerId = (await admin.get<{ id: number }>('/api/customer/')).body.id;
    await importSources(t.ctx.db, [path.join(FIXTURES, 'nvd')]);
    probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
    profileId = (
      await admin.post<{ id: number }>('/api/scan/nprofiles/', { name: 'SSH only', standard_scan: false, custom_tcp_range: '22' })
    ).body.id;
  });
  afterAll(() => t.close());

  /** Processes a run that delivered `result` and answers its findings (open and closed). */
  async function processed(name: string, result: unknown): Promise<FindingRow[]> {
    const runId = await deliveredRun(t, admin, { name, profile: profileId, probeId }, result);
    await startRunProcessing(t.ctx, runId);
    await settleRunProcessing(t.ctx);
    return (await admin.get<{ results: FindingRow[] }>(`/api/scan/nruns/${runId}/findings/?page_size=1000`)).body.results;
  }

  it('gives an active check 95 and a CVE behind a Debian banner without the tracker’s record 30 (low)', async () => {
    const banner = 'SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u10';
    const rows = await processed('debian banner', {
      hosts: [
        {
          address: '127.0.0.1',
          alive: true,
          ports: [
            {
              port: 22,
              protocol: 'tcp',
              state: 'open',
              service: { name: 'ssh', product: 'OpenSSH', version: OPENSSH_92.version, banner, cpe: [OPENSSH_92.cpe] },
            },
          ],
          findings: [{ check: 'ssh-terrapin', name: 'SSH Terrapin prefix truncation', severity: 2, port: 22, protocol: 'tcp' }],
        },
      ],
    });
    const check = rows.find((f) => f.check_id === 'ssh-terrapin');
    expect(check).toMatchObject({ detection: 'active-check', qod: 95, qod_label: '95 % (High)' });
    const cves = rows.filter((f) => f.check_id === null);
    expect(cves.map((f) => f.cve)).toEqual(expect.arrayContaining(['CVE-2024-6387']));
    for (const f of cves) expect(f, f.cve!).toMatchObject({ detection: 'service-version', qod: 30, qod_label: '30 % (Low)' });
    hiddenCves = cves.length;
  });

  it('hides findings below the minimum from both lists, says how many, and shows them with qod_min=0', async () => {
    const byAsset = await admin.get<Page<Vulnerability>>('/api/remediation/vulnerability-simple/');
    expect(byAsset.status).toBe(200);
    expect(byAsset.body.results.map((v) => v.check_id)).toEqual(['ssh-terrapin']);
    expect(byAsset.body.results[0]).toMatchObject({ qod: 95, qod_label: '95 % (High)' });
    expect(byAsset.body.qod).toEqual({ min: 70, hidden: hiddenCves });
    const byIssue = await admin.get<Page<Issue>>('/api/unified-assets/issues/');
    expect(byIssue.body.count).toBe(1);
    expect(byIssue.body.qod).toEqual({ min: 70, hidden: hiddenCves });
    expect((await admin.request<{ count: number }>('OPTIONS', '/api/remediation/vulnerability-simple/')).body.count).toBe(1);

    const all = await admin.get<Page<Vulnerability>>('/api/remediation/vulnerability-simple/?qod_min=0&ordering=qod');
    expect(all.body.count).toBe(1 + hiddenCves);
    expect(all.body.qod).toEqual({ min: 0, hidden: 0 });
    expect(all.body.results[0]).toMatchObject({ qod: 30, qod_label: '30 % (Low)' });
    const issues = await admin.get<Page<Issue>>('/api/unified-assets/issues/?qod_min=0&hid=CVE-2024-6387');
    expect(issues.body.results[0]).toMatchObject({ hid: 'CVE-2024-6387', qod: 30 });
    const detail = await admin.get<{ qod: number; qod_label: string }>('/api/unified-assets/issues/CVE-2024-6387/details/');
    expect(detail.body).toMatchObject({ qod: 30, qod_label: '30 % (Low)' });

    const bad = await admin.get<Record<string, string[]>>('/api/remediation/vulnerability-simple/?qod_min=101');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ qod_min: ['Enter a quality of detection from 0 to 100.'] });
  });

  it('keeps below-minimum findings out of the exposure headline, the dashboard’s today and the report summary', async () => {
    const summary = (await admin.get<{ open_findings: number; qod: QodHidden }>('/api/unified-assets/issues-summary/')).body;
    expect(summary.open_findings).toBe(1);
    expect(summary.qod).toEqual({ min: 70, hidden: hiddenCves });
    const today = (await admin.get<TrendPoint[]>('/api/dashboard/stats/vulnsovertime/?days=7')).body.at(-1)!;
    expect(today.total).toBe(1);
    const data = (await admin.post<ReportData>('/api/reports/prepare-report-data/', { scope_kind: 'unified_vulns' })).body;
    expect(data.summary.open_findings).toBe(1);
    expect(data.summary.by_severity[4]).toBe(0);
    expect(data.qod).toEqual({ min: 70, hidden: hiddenCves });
    expect(summarySentence(data)).toContain(`${hiddenCves} findings below the minimum quality of detection (70 %) are hidden.`);
    // The asset's own page counts the same way, and says how many it left out.
    const assetId = (await admin.get<Page<Vulnerability>>('/api/remediation/vulnerability-simple/')).body.results[0]!.asset.id;
    const page = (
      await admin.get<{ findings_by_severity: number[]; open_findings: number; findings_below_qod: number }>(
        `/api/single-asset/${assetId}/`,
      )
    ).body;
    expect(page.open_findings).toBe(1);
    expect(page.findings_by_severity[4]).toBe(0);
    expect(page.findings_below_qod).toBe(hiddenCves);
    // A report asked to show everything counts them.
    const everything = (
      await admin.post<ReportData>('/api/reports/prepare-report-data/', {
        scope_kind: 'unified_vulns',
        scope: { filters: { qod_min: '0' } },
      })
    ).body;
    expect(everything.summary.open_findings).toBe(1 + hiddenCves);
  });

  it('follows the customer’s minimum when an admin changes it, for this customer only', async () => {
    const other = await t.otherCustomer('Rival Corp');
    const rival = await signedIn(t, other.adminEmail);
    const risk = async () =>
      (await admin.get<{ average_risk_score: number }>('/api/unified-assets/issues-summary/')).body.average_risk_score;
    const before = await risk();
    const changed = await admin.patch<{ min_qod: number }>(`/api/customer/${customerId}/`, { min_qod: 20 });
    expect(changed.status).toBe(200);
    expect(changed.body.min_qod).toBe(20);
    const list = (await admin.get<Page<Vulnerability>>('/api/remediation/vulnerability-simple/')).body;
    expect(list.count).toBe(1 + hiddenCves);
    expect(list.qod).toEqual({ min: 20, hidden: 0 });
    expect((await admin.get<{ open_findings: number }>('/api/unified-assets/issues-summary/')).body.open_findings).toBe(1 + hiddenCves);
    expect((await admin.get<TrendPoint[]>('/api/dashboard/stats/vulnsovertime/?days=7')).body.at(-1)!.total).toBe(1 + hiddenCves);
    // The asset's risk now counts the CVEs matched behind the Debian banner too.
    expect(await risk()).toBeGreaterThan(before);
    expect((await rival.get<{ min_qod: number }>('/api/customer/')).body.min_qod).toBe(70);
    const [event] = (await admin.get<{ results: AuditEvent[] }>('/api/audit/')).body.results;
    expect(event).toMatchObject({ method: 'PATCH', summary: { min_qod: 20 } });

    expect((await admin.patch(`/api/customer/${customerId}/`, { min_qod: 96 })).status).toBe(200);
    expect((await admin.get<Page<Vulnerability>>('/api/remediation/vulnerability-simple/')).body.qod).toEqual({
      min: 96,
      hidden: 1 + hiddenCves,
    });
    expect((await admin.patch(`/api/customer/${customerId}/`, { min_qod: 70 })).status).toBe(200);
  });

  it('validates the minimum (400 keyed by field), for superusers only (403), signed in only (401)', async () => {
    for (const bad of [101, -1, 50.5, 'high'])
      expect((await admin.patch(`/api/customer/${customerId}/`, { min_qod: bad })).body).toEqual({
        min_qod: ['Enter a quality of detection from 0 to 100 %.'],
      });
    await t.user({ email: 'plain-qod@example.com' });
    const plain = await signedIn(t, 'plain-qod@example.com');
    expect((await plain.patch(`/api/customer/${customerId}/`, { min_qod: 0 })).status).toBe(403);
    expect((await (await anonymous(t)).patch(`/api/customer/${customerId}/`, { min_qod: 0 })).status).toBe(401);
    expect((await admin.get<{ min_qod: number }>('/api/customer/')).body.min_qod).toBe(70);
  });

  it('gives an upstream banner that names no distribution 80', async () => {
    const { findings } = await cveFindingsOf(t, admin, { profile: profileId, probeId }, { banner: 'SSH-2.0-OpenSSH_9.2p1', ...OPENSSH_92 });
    expect(findings.get('CVE-2024-6387')).toMatchObject({ detection: 'service-version', qod: 80, qod_label: '80 % (Middling)' });
  });

  it('gives a CVE the Debian tracker decides on the banner’s revision 80', async () => {
    await importSources(t.ctx.db, [TRACKER]);
    const { findings } = await cveFindingsOf(
      t,
      admin,
      { profile: profileId, probeId },
      { banner: 'SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u1', ...OPENSSH_92 },
    );
    expect(findings.get('CVE-2023-51385')).toMatchObject({ detection: 'distro-revision', confidence: 'confirmed', qod: 80 });
  });

  it('gives findings from installed packages 97', async () => {
    const [credential] = await t.ctx.db
      .insert(scanCredentials)
      .values({ customerId, kind: 'linux', name: 'root', method: 'credentials' })
      .returning();
    const ssh = { manager: 'dpkg', arch: 'amd64', version: '1:9.2p1-2+deb12u1', source: 'openssh', sourceVersion: '1:9.2p1-2+deb12u1' };
    const rows = await processed('packages', {
      hosts: [
        {
          address: '127.0.0.1',
          alive: true,
          auth: { credentialId: credential!.id, health: 'ok', os: BOOKWORM, packages: [{ ...ssh, name: 'openssh-server' }] },
        },
      ],
    });
    const packages = rows.filter((f) => f.detection === 'package-list' && f.state !== 3);
    expect(packages.map((f) => f.cve)).toEqual(expect.arrayContaining(['CVE-2024-6387']));
    for (const f of packages) expect(f.qod, f.cve!).toBe(97);
  });
});

describe('QoD of a finding as it is built', () => {
  it('is 97 for a failed policy rule', () => {
    const [f] = policyFindings({
      policy: 'p',
      policyName: 'Baseline',
      benchmark: 'CIS',
      score: 50,
      counts: { pass: 0, fail: 1 } as never,
      rules: [{ ruleId: 'r1', title: 'No root login', severity: 'high', result: 'fail', evidence: [], message: null }],
      error: null,
    });
    expect(f).toMatchObject({ detection: 'policy-rule', qod: 97 });
  });

  it('is 30 for an announced version behind any distribution banner, 80 without one', () => {
    expect(findingQod('service-version', 'Apache/2.4.62 (Debian)')).toBe(30);
    expect(findingQod('service-version', 'SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.10')).toBe(30);
    expect(findingQod('service-version', 'nginx/1.25.3')).toBe(80);
    expect(findingQod('service-version', null)).toBe(80);
    expect(findingQod('distro-revision', 'SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u1')).toBe(80);
    expect(findingQod('active-check', 'Apache/2.4.62 (Debian)')).toBe(95);
    expect(findingQod('package-list')).toBe(97);
  });
});
