// The policy report scopes (feature-areas §3 scope kinds, issue 33): scan_policy reports one policy scan and no_runs
// ("Policy scan runs", the runs of scan/noruns/) every policy scan; both carry the hosts' compliance — each host's
// latest result of each policy in the scope, worst score first, the rule results summed, the rules failing on most
// hosts — beside the failed rules as findings, and the HTML and PDF files show it. The results are written as result
// processing writes them (savePolicyHosts) on runs started as a scan's runs start. Guards: signed out, no permission
// (before validation), another customer (its scan refused, nothing of ours in its no_runs), a LIMITED member who sees
// only the hosts of its tags.
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkScan, OvalPolicyDetail, PolicyProfile, ReportData, ReportFindingRow } from '@bulwark/core';
import { assetTags, probes, scans, tags, teamMembers, teams, teamTags, users } from '../src/db/schema/index.ts';
import { savePolicyHosts, type PolicyHostInput } from '../src/modules/policies/index.ts';
import { startRun } from '../src/modules/scans/start.ts';
import { renderHtml } from '../src/modules/reports/render/html.ts';
import { renderPdf } from '../src/modules/reports/render/pdf.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { savedTarget } from './helpers/scans.ts';

const OVAL = `<?xml version="1.0" encoding="UTF-8"?>
<oval_definitions xmlns="http://oval.mitre.org/XMLSchema/oval-definitions-5" xmlns:oval="http://oval.mitre.org/XMLSchema/oval-common-5" xmlns:ind="http://oval.mitre.org/XMLSchema/oval-definitions-5#independent">
  <generator><oval:schema_version>5.11</oval:schema_version></generator>
  <definitions>
    <definition id="oval:test.rep:def:1" class="compliance" version="1">
      <metadata><title>The system is a Unix system</title><description>family is unix</description></metadata>
      <criteria><criterion test_ref="oval:test.rep:tst:1"/></criteria>
    </definition>
  </definitions>
  <tests><ind:family_test id="oval:test.rep:tst:1" version="1" check="all" comment="unix"><ind:object object_ref="oval:test.rep:obj:1"/><ind:state state_ref="oval:test.rep:ste:1"/></ind:family_test></tests>
  <objects><ind:family_object id="oval:test.rep:obj:1" version="1"/></objects>
  <states><ind:family_state id="oval:test.rep:ste:1" version="1"><ind:family>unix</ind:family></ind:family_state></states>
</oval_definitions>
`;

type Rule = PolicyHostInput['rules'][number];
const rule = (ruleId: string, title: string, result: Rule['result'], severity: Rule['severity'] = 'medium'): Rule => ({
  ruleId,
  title,
  severity,
  result,
  evidence: [],
  message: null,
});
const counts = (rules: Rule[]) => ({
  pass: rules.filter((r) => r.result === 'pass').length,
  fail: rules.filter((r) => r.result === 'fail').length,
  error: 0,
  unknown: 0,
  notapplicable: 0,
  notchecked: 0,
});

async function* noRows(): AsyncGenerator<ReportFindingRow> {}
async function rendered(render: typeof renderHtml, data: ReportData): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await render(data, noRows(), out);
  return Buffer.concat(chunks);
}

describe.each(BACKENDS)('the policy report scopes on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let member: Client;
  let nobody: Client;
  let rival: Client;
  let policy: OvalPolicyDetail;
  let cisScan: number;
  let otherScan: number;
  const hostIds: Record<string, number> = {};

  const prepare = (c: Client, scope_kind: string, scan: number | null) =>
    c.post<ReportData & Record<string, string[]>>('/api/reports/prepare-report-data/', { scope_kind, scope: { filters: {}, scan } });

  /** A run of the scan, started as a scan's runs start, whose results are the hosts given. */
  async function runWith(scanId: number, hosts: { address: string; rules: Rule[]; error?: string }[]): Promise<number> {
    const [scan] = await t.ctx.db.select().from(scans).where(eq(scans.id, scanId));
    const run = await startRun(t.ctx.db, t.ctx, scan!, { userId: null });
    await t.ctx.db.transaction((tx) =>
      savePolicyHosts(
        tx,
        1,
        run.id,
        hosts.map((h) => {
          const c = counts(h.rules);
          return {
            hostId: hostIds[h.address]!,
            address: h.address,
            policy: policy.id,
            policyName: policy.name,
            benchmark: '',
            score: h.error ? null : Math.round((100 * c.pass) / Math.max(1, c.pass + c.fail)),
            counts: c,
            credentialHealth: h.error ? 'failed' : 'ok',
            credentialMessage: null,
            error: h.error ?? null,
            rules: h.rules,
          };
        }),
      ),
    );
    return run.id;
  }

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const address of ['127.0.7.1', '127.0.7.2', '127.0.7.3']) hostIds[address] = await savedTarget(t, 1, 'host', address);
    policy = (await admin.post<OvalPolicyDetail>('/api/scan/ovalpolicies/import/', { name: 'Unix baseline', content: OVAL })).body;
    const credential = (
      await admin.post<{ id: number }>('/api/scan/linuxauths/', { name: 'Auditor', port: 22, username: 'auditor', passwd: 'secret' })
    ).body.id;
    const profile = (
      await admin.post<PolicyProfile>('/api/scan/oprofiles/', { name: 'Baseline', policy: policy.id, lin_auths: [credential] })
    ).body;
    // A probe that never calls in: the runs stay as started, their results are the ones written below.
    const probe = (await t.ctx.db.insert(probes).values({ customerId: 1, name: 'Quiet probe' }).returning())[0]!.id;
    const scanOf = async (name: string, targets: string[]) => {
      const res = await admin.post<NetworkScan>('/api/scan/oscans/', { name, targets, profile: profile.id, node: probe, start: false });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    };
    cisScan = await scanOf('Servers baseline', ['127.0.7.1', '127.0.7.2']);
    otherScan = await scanOf('Office baseline', ['127.0.7.3']);

    // The first run: .1 fails two rules, .2 passes; the second run of the same scan: .1 fails one (the latest counts).
    await runWith(cisScan, [
      { address: '127.0.7.1', rules: [rule('r:ssh', 'SSH root login off', 'fail', 'high'), rule('r:fw', 'Firewall on', 'fail')] },
      { address: '127.0.7.2', rules: [rule('r:ssh', 'SSH root login off', 'pass', 'high'), rule('r:fw', 'Firewall on', 'pass')] },
    ]);
    await runWith(cisScan, [
      { address: '127.0.7.1', rules: [rule('r:ssh', 'SSH root login off', 'fail', 'high'), rule('r:fw', 'Firewall on', 'pass')] },
    ]);
    await runWith(otherScan, [
      { address: '127.0.7.3', rules: [rule('r:ssh', 'SSH root login off', 'fail', 'high'), rule('r:fw', 'Firewall on', 'fail')] },
    ]);

    // A LIMITED member who sees only 127.0.7.2.
    const m = await t.user({ email: 'member@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { reports: ['read', 'create'], unified_vulnerabilities: ['read'], unified_assets: ['read'] } })
      .where(eq(users.id, m.id));
    const [tag] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'Second' }).returning();
    await t.ctx.db.insert(assetTags).values({ tagId: tag!.id, assetId: hostIds['127.0.7.2']!, customerId: 1 });
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Limited', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: m.id });
    await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId: tag!.id, role: 'permission' });
    member = await signedIn(t, 'member@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    rival = await signedIn(t, (await t.otherCustomer('Rival Corp')).adminEmail);
  });
  afterAll(() => t.close());

  it('reports one policy scan: each host as its latest run left it, worst first, the rules failing on most hosts', async () => {
    const res = await prepare(admin, 'scan_policy', cisScan);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.scope_label).toBe('Policy scan: Servers baseline');
    const c = res.body.policy_compliance!;
    expect(c).toMatchObject({ hosts: 2, average_score: 75, counts: { pass: 3, fail: 1, error: 0 } });
    expect(c.host_results.map((h) => [h.address, h.policy_name, h.score, h.pass, h.fail])).toEqual([
      ['127.0.7.1', 'Unix baseline', 50, 1, 1],
      ['127.0.7.2', 'Unix baseline', 100, 2, 0],
    ]);
    expect(c.failed_rules).toEqual([{ rule_id: 'r:ssh', title: 'SSH root login off', severity: 'high', hosts: 1 }]);
  });

  it('reports every policy scan for no_runs ("Policy scan runs"), and a network scope carries no compliance', async () => {
    const res = await prepare(admin, 'no_runs', null);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.scope_label).toBe('Policy scan runs');
    const c = res.body.policy_compliance!;
    expect(c.hosts).toBe(3);
    expect(c.host_results.map((h) => h.address)).toEqual(['127.0.7.3', '127.0.7.1', '127.0.7.2']);
    expect(c.failed_rules).toEqual([
      { rule_id: 'r:ssh', title: 'SSH root login off', severity: 'high', hosts: 2 },
      { rule_id: 'r:fw', title: 'Firewall on', severity: 'medium', hosts: 1 },
    ]);
    const network = await prepare(admin, 'unified_vulns', null);
    expect(network.status).toBe(200);
    expect(network.body.policy_compliance).toBeUndefined();
    // A policy scan is no network scan, and a scan_policy report needs its scan.
    expect((await prepare(admin, 'scan_network', cisScan)).body).toEqual({ scope: ['That network scan does not exist.'] });
    expect((await prepare(admin, 'scan_policy', null)).body).toEqual({ scope: ['Choose the policy scan to report on.'] });
  });

  it('shows the compliance in the HTML and PDF files', async () => {
    const data = (await prepare(admin, 'no_runs', null)).body;
    const html = (await rendered(renderHtml, data)).toString('utf8');
    expect(html).toContain('<h2>Policy compliance</h2>');
    expect(html).toContain('3 hosts checked, average score');
    expect(html).toMatch(/<td>127\.0\.7\.3<\/td><td>Unix baseline<\/td><td class="num">0%<\/td>/);
    expect(html).toContain('<td>SSH root login off</td><td>r:ssh</td><td>high</td><td class="num">2</td>');
    const pdf = await rendered(renderPdf, data);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
  });

  it('makes a report file of each scope through the API', async () => {
    for (const [scope_kind, scan] of [
      ['scan_policy', cisScan],
      ['no_runs', null],
    ] as const) {
      const res = await admin.post<{ id: number; scope_kind: string }>('/api/reports/', {
        name: `Compliance ${scope_kind}`,
        format: 'html',
        scope_kind,
        scope: { filters: {}, scan },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.scope_kind).toBe(scope_kind);
    }
  });

  it('guards: signed out, no permission before validation, another customer, a LIMITED member', async () => {
    expect((await (await anonymous(t)).post('/api/reports/prepare-report-data/', { scope_kind: 'no_runs' })).status).toBe(401);
    expect((await nobody.post('/api/reports/prepare-report-data/', { scope_kind: 'nonsense' })).status).toBe(403);
    // Another customer: our scan does not exist for it, and its policy scan runs hold nothing of ours.
    expect((await prepare(rival, 'scan_policy', cisScan)).body).toEqual({ scope: ['That policy scan does not exist.'] });
    const theirs = await prepare(rival, 'no_runs', null);
    expect(theirs.status).toBe(200);
    expect(theirs.body.policy_compliance).toMatchObject({ hosts: 0, average_score: null, host_results: [], failed_rules: [] });
    // A LIMITED member sees the hosts of its tags only: 127.0.7.2, which fails nothing.
    const limited = await prepare(member, 'no_runs', null);
    expect(limited.status, JSON.stringify(limited.body)).toBe(200);
    expect(limited.body.policy_compliance!.host_results.map((h) => h.address)).toEqual(['127.0.7.2']);
    expect(limited.body.policy_compliance).toMatchObject({ hosts: 1, average_score: 100, failed_rules: [] });
  });
});
