// Unified vulnerabilities on every test database, after a processed run: issues grouped across assets, the finding
// list with the §3 filters (each on data where it changes the answer; min/max capped, the sentinel understood), counts
// by OPTIONS, an issue's details, assets, related issues and application versions; ignoring by id, issue and filter in
// one transaction with the timeline, expiry at the boundary by housekeeping's clock, risk acceptances approved by
// someone else, un-ignoring, ignored tests, the CSV export; and the guards: 401, 403, read-only, another customer,
// a LIMITED team member.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Issue, IssueDetails, SavedFilter, Vulnerability, VulnerabilityDetail } from '@bulwark/core';
import { assets, assetTags, findings, issues, tags, teamMembers, teams, teamTags, users } from '../src/db/schema/index.ts';
import { expireIgnores } from '../src/modules/vulnerabilities/service.ts';
import { exportFindings } from '../src/modules/vulnerabilities/repo.ts';
import { vulnerabilityFilterQuery } from '../src/modules/vulnerabilities/filters.ts';
import { settleRunProcessing, startRunProcessing } from '../src/modules/results/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { deliveredRun, smallProfile } from './helpers/scans.ts';

type Page<T> = { count: number; results: T[] };
const DAY = 86_400_000;
const ssh = {
  name: 'ssh',
  product: 'OpenSSH',
  version: '9.2p1',
  banner: 'SSH-2.0-OpenSSH_9.2p1',
  cpe: ['cpe:2.3:a:openbsd:openssh:9.2p1:*:*:*:*:*:*:*'],
};
const terrapin = {
  check: 'ssh-terrapin',
  name: 'SSH prefix truncation (Terrapin attack, CVE-2023-48795)',
  severity: 2,
  confidence: 'confirmed',
  port: 22,
  protocol: 'tcp',
  cve: ['CVE-2023-48795'],
};
const weakKex = {
  check: 'ssh-weak-kex',
  name: 'Weak SSH key exchange',
  severity: 3,
  confidence: 'confirmed',
  port: 22,
  protocol: 'tcp',
  cve: [],
};
const ftp = {
  check: 'ftp-anonymous-login',
  name: 'Anonymous FTP',
  severity: 3,
  confidence: 'confirmed',
  port: 21,
  protocol: 'tcp',
  cve: [],
};

describe.each(BACKENDS)('unified vulnerabilities on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let second: Client;
  let reader: Client;
  let member: Client;
  let nobody: Client;
  let other: Client;
  const asset: Record<string, number> = {};

  const list = (c: Client, query = '') => c.get<Page<Vulnerability>>(`/api/remediation/vulnerability-simple/${query}`);
  const names = async (query: string) =>
    (await list(admin, query)).body.results.map((v) =>
      `${v.asset.asset_name} ${v.name.split(' ')[0]} ${v.name.split(' ')[1] ?? ''}`.trim(),
    );
  const ids = async (query: string) => (await list(admin, query)).body.results.map((v) => v.id);

  /** A user of customer 1 with these permissions only. */
  async function userWith(email: string, permissions: Record<string, string[]> = {}) {
    const u = await t.user({ email });
    await t.ctx.db.update(users).set({ permissions }).where(eq(users.id, u.id));
    return u;
  }

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
    const profile = await smallProfile(t, 1, '21,22');
    const runId = await deliveredRun(
      t,
      admin,
      { name: 'Sweep', profile, probeId },
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
            findings: [terrapin, weakKex, ftp],
          },
          { address: '127.0.0.2', alive: true, ports: [{ port: 22, protocol: 'tcp', state: 'open', service: ssh }], findings: [terrapin] },
        ],
      },
    );
    await startRunProcessing(t.ctx, runId);
    await settleRunProcessing(t.ctx);
    for (const row of await t.ctx.db.select().from(assets)) if (row.address) asset[row.address] = row.id;
    // What intel would say of the Terrapin CVE on a fed installation: known exploited, an EPSS of 0.6.
    await t.ctx.db.update(findings).set({ exploitKnown: true, epss: 0.6 }).where(eq(findings.checkId, 'ssh-terrapin'));
    await t.ctx.db.update(issues).set({ exploitKnown: true, epss: 0.6 }).where(eq(issues.hid, 'nvt-ssh-terrapin'));

    await userWith('second@example.com', { unified_vulnerabilities: ['read', 'update'] });
    second = await signedIn(t, 'second@example.com');
    await userWith('reader@example.com', { unified_vulnerabilities: ['read'] });
    reader = await signedIn(t, 'reader@example.com');
    const m = await userWith('member@example.com', { unified_vulnerabilities: ['read', 'update'] });
    member = await signedIn(t, 'member@example.com');
    await userWith('nobody@example.com');
    nobody = await signedIn(t, 'nobody@example.com');
    const [tag] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'Second host' }).returning();
    await t.ctx.db.insert(assetTags).values({ tagId: tag!.id, assetId: asset['127.0.0.2']!, customerId: 1 });
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Limited', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: m.id });
    await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId: tag!.id, role: 'permission' });
    const o = await t.otherCustomer();
    other = await signedIn(t, o.adminEmail);
  });
  afterAll(() => t.close());

  it('groups findings into issues across assets, by risk, with their counts; OPTIONS counts the findings', async () => {
    const page = await admin.get<Page<Issue>>('/api/unified-assets/issues/?ordering=-assets');
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.results.map((i) => [i.hid, i.assets, i.findings, i.severity_label])).toEqual([
      ['nvt-ssh-terrapin', 2, 2, 'Medium'],
      ['nvt-ftp-anonymous-login', 1, 1, 'High'],
      ['nvt-ssh-weak-kex', 1, 1, 'High'],
    ]);
    expect(page.body.results[0]).toMatchObject({ cves: ['CVE-2023-48795'], exploit_known: true, epss: expect.closeTo(0.6, 5) });
    const count = await admin.request('OPTIONS', '/api/unified-assets/issues/?severity=3');
    expect(count.body).toEqual({ count: 2, exact: true });
    expect((await admin.request('OPTIONS', '/api/remediation/vulnerability-simple/')).body).toEqual({ count: 4, exact: true });
    // The stored issue keeps the counts the list would give.
    const [row] = await t.ctx.db.select().from(issues).where(eq(issues.hid, 'nvt-ssh-terrapin'));
    expect(row).toMatchObject({ openFindings: 2, openAssets: 2 });
  });

  it("sums up the customer's exposure: average asset risk, open findings by severity, KEV and ransomware", async () => {
    const summary = await admin.get('/api/unified-assets/issues-summary/');
    const scored = (await t.ctx.db.select().from(assets)).filter((a) => a.lastSeen !== null && a.archivedAt === null);
    const mean = scored.reduce((n, a) => n + a.riskScore, 0) / scored.length;
    expect(summary.body).toEqual({
      average_risk_score: Math.round(mean * 10) / 10,
      assets_scored: 2,
      open_findings: 4,
      open_issues: 3,
      affected_assets: 2,
      by_severity: [0, 0, 2, 2, 0],
      exploit_known: 2,
      ransomware_known: 0,
      qod: { min: 70, hidden: 0 },
    });
    expect(mean).toBeGreaterThan(0);
    expect((await member.get('/api/unified-assets/issues-summary/')).body).toMatchObject({ open_findings: 1, assets_scored: 1 });
    expect((await nobody.get('/api/unified-assets/issues-summary/')).status).toBe(403);
  });

  it('filters the finding list by every §3 filter, each changing the answer', async () => {
    expect((await list(admin)).body.count).toBe(4);
    expect(await names('?severity=3&ordering=name')).toEqual(['127.0.0.1 Anonymous FTP', '127.0.0.1 Weak SSH']);
    expect((await list(admin, '?exploit_known=true')).body.results.every((v) => v.check_id === 'ssh-terrapin')).toBe(true);
    expect((await list(admin, '?exploit_known=true')).body.count).toBe(2);
    expect((await list(admin, '?ransomware_known=true')).body.count).toBe(0);
    expect((await list(admin, '?epssv1_min=0.5')).body.count).toBe(2);
    expect((await list(admin, '?epssv1_max=0.5')).body.count).toBe(2);
    expect((await list(admin, '?cve=cve-2023-48795')).body.count).toBe(2);
    expect((await list(admin, '?check=ftp-anonymous-login')).body.count).toBe(1);
    expect((await list(admin, '?port=21')).body.count).toBe(1);
    expect((await list(admin, '?service=FTP')).body.count).toBe(1);
    expect((await list(admin, `?unified_asset=${asset['127.0.0.2']}`)).body.count).toBe(1);
    expect((await list(admin, '?hid=nvt-ssh-weak-kex')).body.count).toBe(1);
    expect((await list(admin, '?search=terrapin')).body.count).toBe(2);
    expect((await list(admin, '?source=web')).body.count).toBe(0);
    expect((await list(admin, '?source=network&confidence=confirmed&kind=2')).body.count).toBe(4);
    expect((await list(admin, '?kind=1')).body.count).toBe(0);
    const tagId = (await t.ctx.db.select().from(tags))[0]!.id;
    expect((await list(admin, `?include_tags=${tagId}`)).body.count).toBe(1);
    expect((await list(admin, `?exclude_tags=${tagId}`)).body.count).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(admin, `?last_detected_after=${today}`)).body.count).toBe(4);
    expect((await list(admin, '?created_before=2000-01-01')).body.count).toBe(0);
    expect((await list(admin, '?finding_state=3')).body.count).toBe(0);
    // Risk: min/max capped at 100, and the numeric sentinel means "no bound".
    const risks = (await list(admin)).body.results.map((v) => v.risk_score);
    expect(risks).toEqual([...risks].sort((a, b) => b - a));
    const top = risks[0]!;
    expect((await list(admin, `?risk_score_min=${top}`)).body.results.every((v) => v.risk_score >= top)).toBe(true);
    expect((await list(admin, '?risk_score_max=9999999999')).body.count).toBe(4);
    expect((await list(admin, '?risk_score_min=9999999999')).body.count).toBe((await list(admin, '?risk_score_min=100')).body.count);
    expect((await list(admin, '?ordering=asset_name')).body.results[0]!.asset.asset_name).toBe('127.0.0.1');
    expect((await list(admin, '?ordering=-asset_name')).body.results[0]!.asset.asset_name).toBe('127.0.0.2');
  });

  it('answers a 400 keyed by field for bad filters', async () => {
    const bad = await list(admin, '?severity=9&ordering=colour&risk_score_min=-1&cve=heartbleed&ignored=maybe');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['cve', 'ignored', 'ordering', 'risk_score_min', 'severity']);
    expect(bad.body).toMatchObject({ severity: ['Severity is 0 to 4.'], cve: ['Enter a CVE id, e.g. CVE-2024-6387.'] });
    expect((await admin.get('/api/unified-assets/issues/?state=asleep')).status).toBe(400);
  });

  it('shows an issue: details, its assets, related issues and the application versions it is on', async () => {
    const details = await admin.get<IssueDetails>('/api/unified-assets/issues/nvt-ssh-terrapin/details/');
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    expect(details.body).toMatchObject({
      hid: 'nvt-ssh-terrapin',
      check_id: 'ssh-terrapin',
      counts: { open: 2, closed: 0, ignored: 0, assets: 2 },
      test_ignored: false,
    });
    // NVD and KEV first, then every reference of the test's YAML and of the CVE record (issue 26).
    expect(details.body.references.slice(0, 2)).toEqual([
      { label: 'CVE-2023-48795 at NVD', url: 'https://nvd.nist.gov/vuln/detail/CVE-2023-48795' },
      { label: 'CISA Known Exploited Vulnerabilities', url: expect.stringContaining('cisa.gov') },
    ]);
    const on = await admin.get<Page<Vulnerability>>('/api/unified-assets/issues/nvt-ssh-terrapin/assets/?ordering=asset_name');
    expect(on.body.results.map((v) => [v.asset.asset_name, v.port, v.protocol, v.service])).toEqual([
      ['127.0.0.1', 22, 'tcp', 'ssh'],
      ['127.0.0.2', 22, 'tcp', 'ssh'],
    ]);
    const related = await admin.get<{ hid: string; shared_assets: number }[]>(
      '/api/unified-assets/issues/nvt-ssh-terrapin/related-issues/',
    );
    expect(related.body.map((r) => [r.hid, r.shared_assets]).sort()).toEqual([
      ['nvt-ftp-anonymous-login', 1],
      ['nvt-ssh-weak-kex', 1],
    ]);
    const apps = await admin.get('/api/unified-assets/issues/nvt-ssh-terrapin/common_app_versions/');
    expect(apps.body).toEqual([{ product: 'OpenSSH', version: '9.2p1', service: 'ssh', assets: 2 }]);
    expect((await admin.get('/api/unified-assets/issues/CVE-1999-0001/details/')).status).toBe(404);
    const distinct = await admin.get<Page<{ hid: string; findings: number }>>('/api/remediation/vulnerability/distinct/');
    expect(distinct.body.count).toBe(3);
  });

  it('ignores a finding with a reason and an expiry; it stops counting, shows on the timeline, and comes back at the boundary', async () => {
    const [id] = await ids(`?hid=nvt-ssh-terrapin&unified_asset=${asset['127.0.0.2']}`);
    const now = Date.now();
    const expires = new Date(now + 30 * DAY);
    const past = await admin.post('/api/remediation/vulnerability/ignore/', {
      ids: [id],
      reason: 0,
      expires_at: new Date(now - DAY).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body).toEqual({ expires_at: ['Choose a moment in the future, or no expiry.'] });
    const none = await admin.post('/api/remediation/vulnerability/ignore/', { reason: 0 });
    expect(none.body).toEqual({ ids: ['Say which findings: ids, hid or filter (one of them).'] });
    expect((await admin.post('/api/remediation/vulnerability/ignore/', { ids: [id], reason: 7 })).status).toBe(400);

    const done = await admin.post('/api/remediation/vulnerability/ignore/', {
      ids: [id],
      reason: 0,
      comment: 'Banner only; the server has the strict-kex fix',
      expires_at: expires.toISOString(),
    });
    expect(done.body).toEqual({ ignored: 1, pending: 0 });
    expect(await ids('?hid=nvt-ssh-terrapin')).not.toContain(id);
    expect(await ids('?state=ignored')).toEqual([id]);
    expect(await ids('?ignored=ignored_disabled&reason=0')).toEqual([id]);
    expect((await list(admin, '?state=active&state=ignored')).body.count).toBe(4);
    expect((await list(admin, '?ignored=all')).body.count).toBe(4);
    const [issue] = await t.ctx.db.select().from(issues).where(eq(issues.hid, 'nvt-ssh-terrapin'));
    expect(issue).toMatchObject({ openFindings: 1, openAssets: 1 });
    const [lone] = await t.ctx.db.select().from(assets).where(eq(assets.id, asset['127.0.0.2']!));
    expect(lone!.riskScore).toBe(0);

    const detail = await admin.get<VulnerabilityDetail>(`/api/remediation/vulnerability/${id}/`);
    expect(detail.body.ignored).toMatchObject({
      kind: 1,
      reason: 0,
      reason_label: 'False positive',
      expires_at: expires.toISOString(),
      is_expiring: false,
    });
    expect(detail.body.ignored?.by?.email).toBe(ADMIN_EMAIL);
    expect(detail.body.timeline.map((e) => e.event)).toEqual(['detected', 'ignored']);
    expect(detail.body.timeline[0]!.run?.scan_name).toBe('Sweep');
    expect(detail.body.timeline[1]).toMatchObject({
      label: 'Ignored',
      reason_label: 'False positive',
      comment: 'Banner only; the server has the strict-kex fix',
    });
    const summary = await admin.get('/api/unified-assets/issues-ignored-details/');
    expect(summary.body).toMatchObject({
      total: 1,
      ignored: 1,
      disabled: 0,
      expiring: 0,
      by_reason: [{ reason: 0, label: 'False positive', count: 1 }],
    });

    // A week before it runs out it is "expiring"; a millisecond before, still ignored; at the moment, it counts again.
    // (Housekeeping runs this every 15 minutes; here with a clock of the test's own.)
    expect(await expireIgnores(t.ctx.db, new Date(expires.getTime() - 1))).toBe(0);
    expect(await ids('?state=ignored')).toEqual([id]);
    expect(await expireIgnores(t.ctx.db, expires)).toBe(1);
    expect(await ids('?state=ignored')).toEqual([]);
    const after = await admin.get<VulnerabilityDetail>(`/api/remediation/vulnerability/${id}/`);
    expect(after.body.ignored).toBeNull();
    expect(after.body.timeline.map((e) => e.event)).toEqual(['detected', 'ignored', 'expired']);
    const [back] = await t.ctx.db.select().from(issues).where(eq(issues.hid, 'nvt-ssh-terrapin'));
    expect(back).toMatchObject({ openFindings: 2, openAssets: 2 });
  });

  it('marks ignores that end within the warning period as expiring', async () => {
    const [id] = await ids('?check=ftp-anonymous-login');
    await admin.post('/api/remediation/vulnerability/ignore/', {
      ids: [id],
      reason: 2,
      expires_at: new Date(Date.now() + 2 * DAY).toISOString(),
    });
    expect(await ids('?is_expiring=true&ignored=all')).toEqual([id]);
    expect((await list(admin, `?state=ignored`)).body.results[0]!.ignored?.is_expiring).toBe(true);
    expect((await admin.post(`/api/remediation/vulnerability/unignore/${id}/`, {})).body).toEqual({ unignored: 1 });
    expect(await ids('?state=ignored')).toEqual([]);
    expect((await admin.post('/api/remediation/vulnerability/unignore/999999/', {})).status).toBe(404);
  });

  it('ignores an issue on all its assets, and a filtered selection, in one go; disables too', async () => {
    expect((await admin.post('/api/remediation/vulnerability/ignore/', { hid: 'nvt-ssh-terrapin', reason: 2 })).body).toEqual({
      ignored: 2,
      pending: 0,
    });
    expect((await list(admin, '?hid=nvt-ssh-terrapin')).body.count).toBe(0);
    expect((await admin.get<Page<Issue>>('/api/unified-assets/issues/')).body.results.map((i) => i.hid)).not.toContain('nvt-ssh-terrapin');
    // It is also the issue's rule for the findings it gets later.
    const ruled = await admin.get<IssueDetails>('/api/unified-assets/issues/nvt-ssh-terrapin/details/');
    expect(ruled.body.ignore_rule).toMatchObject({
      kind: 1,
      reason: 2,
      reason_label: 'Not relevant',
      expires_at: null,
      by: { email: ADMIN_EMAIL },
    });
    const bad = await admin.post('/api/remediation/vulnerability/ignore/', { filter: { severity: '9' }, reason: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ 'filter.severity': ['Severity is 0 to 4.'] });
    const byFilter = await admin.post('/api/remediation/vulnerability/ignore/', {
      filter: { severity: '3', port: '21' },
      reason: 1,
      ignore_kind: 0,
    });
    expect(byFilter.body).toEqual({ ignored: 1, pending: 0 });
    expect((await list(admin, '?ignore_kind=0&ignored=all')).body.results.map((v) => v.check_id)).toEqual(['ftp-anonymous-login']);
    expect(await ids('?ignored=ignored_disabled')).toHaveLength(3);
    // Un-ignoring the issue ends its rule and makes its findings count; the one disabled by filter stays.
    expect((await admin.post('/api/remediation/vulnerability/unignore/', { hid: 'nvt-ssh-terrapin' })).body).toEqual({ unignored: 2 });
    expect((await admin.get<IssueDetails>('/api/unified-assets/issues/nvt-ssh-terrapin/details/')).body.ignore_rule).toBeNull();
    const rest = await ids('?ignored=ignored_disabled');
    expect(rest).toHaveLength(1);
    expect((await admin.post('/api/remediation/vulnerability/unignore/', { ids: rest })).body).toEqual({ unignored: 1 });
    expect((await list(admin)).body.count).toBe(4);
    expect((await admin.post('/api/remediation/vulnerability/unignore/', { ids: rest, hid: 'nvt-ssh-terrapin' })).status).toBe(400);
  });

  it('needs someone else to approve a risk acceptance when the customer asks for it', async () => {
    const on = await admin.patch('/api/customer/1/', { risk_acceptance_approval: true });
    expect(on.body).toMatchObject({ risk_acceptance_approval: true });
    expect((await reader.patch('/api/customer/1/', { risk_acceptance_approval: false })).status).toBe(403);
    try {
      const [id] = await ids('?check=ssh-weak-kex');
      expect((await admin.post('/api/remediation/vulnerability/ignore/', { ids: [id], reason: 1 })).body).toEqual({
        ignored: 0,
        pending: 1,
      });
      // Requested, not yet accepted: it still counts.
      expect(await ids('?check=ssh-weak-kex')).toEqual([id]);
      expect((await list(admin, '?check=ssh-weak-kex')).body.results[0]!.ignored).toMatchObject({ pending: true, reason: 1 });
      const own = await admin.post('/api/remediation/vulnerability/approve/', { ids: [id] });
      expect(own.status).toBe(400);
      expect(own.body).toEqual({ ids: ['A risk acceptance is approved by someone other than the person who asked for it.'] });
      expect((await second.post('/api/remediation/vulnerability/approve/', { ids: [id] })).body).toEqual({ approved: 1 });
      expect(await ids('?check=ssh-weak-kex')).toEqual([]);
      const detail = await admin.get<VulnerabilityDetail>(`/api/remediation/vulnerability/${id}/`);
      expect(detail.body.timeline.map((e) => e.event)).toEqual(['detected', 'requested', 'approved']);
      // A false positive needs no approval.
      const [ftpId] = await ids('?check=ftp-anonymous-login');
      expect((await admin.post('/api/remediation/vulnerability/ignore/', { ids: [ftpId], reason: 0 })).body).toEqual({
        ignored: 1,
        pending: 0,
      });
      await admin.post('/api/remediation/vulnerability/unignore/', { ids: [id, ftpId] });
    } finally {
      await admin.patch('/api/customer/1/', { risk_acceptance_approval: false });
    }
  });

  it('ignores a test for the customer: its findings stop counting, and count again when un-ignored', async () => {
    expect((await admin.post('/api/nvt/nvtests-simple/ssh-weak-kex/ignore/', {})).body).toEqual({ id: 'ssh-weak-kex', ignored: true });
    expect((await list(admin, '?check=ssh-weak-kex')).body.count).toBe(0);
    expect((await list(admin, '?check=ssh-weak-kex&state=ignored')).body.results[0]!.test_ignored).toBe(true);
    const tests = await admin.get<Page<{ id: string; ignored: boolean }>>('/api/nvt/nvtests-simple/?ignored=true');
    expect(tests.body.results.map((x) => x.id)).toEqual(['ssh-weak-kex']);
    expect((await admin.get<IssueDetails>('/api/unified-assets/issues/nvt-ssh-weak-kex/details/')).body.test_ignored).toBe(true);
    expect((await other.get<Page<{ id: string }>>('/api/nvt/nvtests-simple/?ignored=true')).body.count).toBe(0);
    expect((await admin.post('/api/nvt/nvtests-simple/no-such-test/ignore/', {})).status).toBe(404);
    expect((await reader.post('/api/nvt/nvtests-simple/ssh-weak-kex/unignore/', {})).status).toBe(403);
    await admin.post('/api/nvt/nvtests-simple/ssh-weak-kex/unignore/', {});
    expect((await list(admin, '?check=ssh-weak-kex')).body.count).toBe(1);
  });

  it('exports exactly the filtered list as CSV', async () => {
    const csv = await admin.request('GET', '/api/remediation/vulnerability-simple/export/?severity=3&ordering=name');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = String(csv.body).trim().split('\n');
    expect(lines[0]!.split(',').slice(0, 5)).toEqual(['id', 'hid', 'name', 'severity', 'state']);
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['nvt-ftp-anonymous-login', 'nvt-ssh-weak-kex']);
    // Batch by batch (here one row each), in exactly the list's order.
    const exported: number[] = [];
    const filter = vulnerabilityFilterQuery.parse({});
    for await (const v of exportFindings(
      t.ctx.db,
      { customerId: 1, limitedToTags: null },
      filter,
      { key: 'asset_name', descending: true },
      new Date(),
      1,
    ))
      exported.push(v.id);
    expect(exported).toEqual(await ids('?ordering=-asset_name'));
    expect(exported).toHaveLength(4);
  });

  it('keeps saved filters per user: 409 on a taken name, one default, PUT and PATCH, 404 for another user’s', async () => {
    const base = '/api/remediation/vm-filter-collection/';
    const made = await admin.post<SavedFilter>(base, { name: 'KEV first', filters: { exploit_known: 'true', severity: ['3', '4'] } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'KEV first', is_default: false, filters: { exploit_known: 'true', severity: ['3', '4'] } });
    const taken = await admin.post(base, { name: 'KEV first' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ name: ['Saved filter with that name already exists'] });
    expect((await admin.post(base, { name: '' })).body).toEqual({ name: ['This field may not be blank.'] });
    const two = await admin.post<SavedFilter>(base, { name: 'Mine', filters: {} });
    expect((await admin.post<SavedFilter>(`${base}${made.body.id}/set-default/`, {})).body.is_default).toBe(true);
    expect((await admin.post<SavedFilter>(`${base}${two.body.id}/set-default/`, {})).body.is_default).toBe(true);
    expect((await admin.get<SavedFilter[]>(base)).body.map((f) => [f.name, f.is_default])).toEqual([
      ['KEV first', false],
      ['Mine', true],
    ]);
    expect((await admin.post<SavedFilter>(`${base}${two.body.id}/remove-default/`, {})).body.is_default).toBe(false);
    const put = await admin.request('PUT', `${base}${two.body.id}/`, { name: 'Mine, renamed', filters: { severity: '4' } });
    expect(put.body).toMatchObject({ name: 'Mine, renamed', filters: { severity: '4' } });
    expect((await admin.patch(`${base}${two.body.id}/`, { name: 'KEV first' })).status).toBe(409);
    expect((await admin.patch<SavedFilter>(`${base}${two.body.id}/`, { filters: {} })).body).toMatchObject({
      name: 'Mine, renamed',
      filters: {},
    });
    // Another user has the same name free, and cannot see or change mine.
    expect((await second.post(base, { name: 'KEV first' })).status).toBe(201);
    expect((await second.get(`${base}${made.body.id}/`)).status).toBe(404);
    expect((await second.request('DELETE', `${base}${made.body.id}/`)).status).toBe(404);
    expect((await admin.request('DELETE', `${base}${made.body.id}/`)).status).toBe(204);
    expect((await admin.get<SavedFilter[]>(base)).body.map((f) => f.name)).toEqual(['Mine, renamed']);
  });

  it('guards every call: 401, 403, read-only, another customer, a LIMITED member', async () => {
    const anon = await anonymous(t);
    expect((await anon.get('/api/remediation/vulnerability-simple/')).status).toBe(401);
    expect((await anon.get('/api/unified-assets/issues/')).status).toBe(401);
    expect((await nobody.get('/api/remediation/vulnerability-simple/')).status).toBe(403);
    expect((await nobody.get('/api/unified-assets/issues/nvt-ssh-terrapin/details/')).status).toBe(403);
    expect((await nobody.get('/api/remediation/vm-filter-collection/')).status).toBe(403);
    // Read-only: lists, but neither ignores nor un-ignores (the guard runs before validation).
    expect((await list(reader)).body.count).toBe(4);
    expect((await reader.post('/api/remediation/vulnerability/ignore/', {})).status).toBe(403);
    expect((await reader.post('/api/remediation/vulnerability/unignore/1/', {})).status).toBe(403);
    // Another customer sees nothing of ours and changes nothing.
    const mine = await ids('');
    expect((await list(other)).body.count).toBe(0);
    expect((await other.get(`/api/remediation/vulnerability/${mine[0]}/`)).status).toBe(404);
    expect((await other.get('/api/unified-assets/issues/nvt-ssh-terrapin/details/')).status).toBe(404);
    expect((await other.post('/api/remediation/vulnerability/ignore/', { ids: mine, reason: 0 })).body).toEqual({ ignored: 0, pending: 0 });
    expect((await other.post('/api/remediation/vulnerability/ignore/', { hid: 'nvt-ssh-terrapin', reason: 0 })).status).toBe(400);
    expect((await list(admin)).body.count).toBe(4);
    // A LIMITED member sees and changes only its tagged asset's findings.
    const seen = await list(member);
    expect(seen.body.results.map((v) => v.asset.asset_name)).toEqual(['127.0.0.2']);
    expect((await member.get<Page<Issue>>('/api/unified-assets/issues/')).body.results.map((i) => [i.hid, i.assets])).toEqual([
      ['nvt-ssh-terrapin', 1],
    ]);
    expect((await member.get('/api/unified-assets/issues/nvt-ssh-weak-kex/details/')).status).toBe(404);
    expect((await member.get<IssueDetails>('/api/unified-assets/issues/nvt-ssh-terrapin/details/')).body.counts.assets).toBe(1);
    expect((await member.request('OPTIONS', '/api/remediation/vulnerability-simple/')).body).toEqual({ count: 1, exact: true });
    expect((await member.post('/api/remediation/vulnerability/ignore/', { ids: mine, reason: 0 })).body).toEqual({
      ignored: 1,
      pending: 0,
    });
    expect((await member.post('/api/remediation/vulnerability/ignore/', { filter: {}, reason: 0 })).body).toEqual({
      ignored: 0,
      pending: 0,
    });
    expect((await list(admin)).body.count).toBe(3);
    await admin.post('/api/remediation/vulnerability/unignore/', { ids: mine });
    // Ignoring an issue "on all its assets" is, for a LIMITED member, on its own assets: no rule for the others.
    expect((await member.post('/api/remediation/vulnerability/ignore/', { hid: 'nvt-ssh-terrapin', reason: 2 })).body).toEqual({
      ignored: 1,
      pending: 0,
    });
    const [unruled] = await t.ctx.db.select().from(issues).where(eq(issues.hid, 'nvt-ssh-terrapin'));
    expect(unruled!.ignoreKind).toBeNull();
    expect((await member.post('/api/remediation/vulnerability/unignore/', { hid: 'nvt-ssh-terrapin' })).body).toEqual({ unignored: 1 });
    expect((await list(admin)).body.count).toBe(4);
    const csv = await member.request('GET', '/api/remediation/vulnerability-simple/export/');
    expect(String(csv.body).trim().split('\n')).toHaveLength(2);
  });
});

describe.each(BACKENDS)('the issue model after a second run on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('closes an issue’s finding the next run does not see, keeps both runs on its timeline, and reopens it', async () => {
    const probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
    const profile = await smallProfile(t, 1, '22');
    const host = (findings_: unknown[]) => ({
      hosts: [
        { address: '127.0.0.1', alive: true, ports: [{ port: 22, protocol: 'tcp', state: 'open', service: ssh }], findings: findings_ },
      ],
    });
    for (const result of [host([terrapin]), host([]), host([terrapin])]) {
      const runId = await deliveredRun(t, admin, { name: 'Again', profile, probeId }, result);
      await startRunProcessing(t.ctx, runId);
      await settleRunProcessing(t.ctx);
      if (result.hosts[0]!.findings.length === 0) {
        const [closed] = await t.ctx.db.select().from(issues).where(eq(issues.hid, 'nvt-ssh-terrapin'));
        expect(closed).toMatchObject({ openFindings: 0, riskScore: 0 });
        expect((await admin.get<Page<Issue>>('/api/unified-assets/issues/')).body.count).toBe(0);
        expect((await admin.get<Page<Issue>>('/api/unified-assets/issues/?finding_state=3')).body.count).toBe(1);
      }
    }
    const [row] = (await admin.get<Page<Vulnerability>>('/api/remediation/vulnerability-simple/')).body.results;
    expect(row).toMatchObject({ state: 2, state_label: 'Reopened' });
    const detail = await admin.get<VulnerabilityDetail>(`/api/remediation/vulnerability/${row!.id}/`);
    expect(detail.body.timeline.map((e) => e.event)).toEqual(['detected', 'closed', 'reopened']);
    const [issue] = await t.ctx.db.select().from(issues).where(eq(issues.hid, 'nvt-ssh-terrapin'));
    expect(issue).toMatchObject({ openFindings: 1, openAssets: 1 });
  });

  it('starts a new finding of an issue ignored on all its assets ignored the same way, until the rule ends', async () => {
    const probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Second probe' })).body.id;
    const profile = await smallProfile(t, 1, '22', 'rule 22');
    const scanOf = async (addresses: string[]) => {
      const hosts = addresses.map((address) => ({
        address,
        alive: true,
        ports: [{ port: 22, protocol: 'tcp', state: 'open', service: ssh }],
        findings: [terrapin],
      }));
      const runId = await deliveredRun(t, admin, { name: 'Rule', profile, probeId }, { hosts });
      await startRunProcessing(t.ctx, runId);
      await settleRunProcessing(t.ctx);
    };
    const expires = new Date(Date.now() + 10 * DAY).toISOString();
    expect(
      (
        await admin.post('/api/remediation/vulnerability/ignore/', {
          hid: 'nvt-ssh-terrapin',
          reason: 1,
          comment: 'Accepted',
          expires_at: expires,
        })
      ).body,
    ).toEqual({ ignored: 1, pending: 0 });
    await scanOf(['127.0.0.1', '127.0.0.3']);
    const ignored = (await admin.get<Page<Vulnerability>>('/api/remediation/vulnerability-simple/?state=ignored&ordering=asset_name')).body
      .results;
    expect(ignored.map((v) => [v.asset.asset_name, v.ignored?.reason, v.ignored?.expires_at])).toEqual([
      ['127.0.0.1', 1, expires],
      ['127.0.0.3', 1, expires],
    ]);
    const newcomer = ignored[1]!;
    const detail = await admin.get<VulnerabilityDetail>(`/api/remediation/vulnerability/${newcomer.id}/`);
    expect(detail.body.timeline.map((e) => [e.event, e.comment])).toEqual([
      ['detected', null],
      ['ignored', 'Accepted'],
    ]);
    // When the rule runs out, a finding the issue gets later counts from the start.
    await expireIgnores(t.ctx.db, new Date(Date.parse(expires)));
    expect((await admin.get<IssueDetails>('/api/unified-assets/issues/nvt-ssh-terrapin/details/')).body.ignore_rule).toBeNull();
    await scanOf(['127.0.0.1', '127.0.0.3', '127.0.0.4']);
    expect((await admin.get<Page<Vulnerability>>('/api/remediation/vulnerability-simple/')).body.count).toBe(3);
  });
});
