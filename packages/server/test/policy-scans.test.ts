// Policy (OVAL) scans through the API: policy profiles (scan/oprofiles/) with their rules, imported OVAL files in the
// library, policy scans (scan/oscans/) and runs (scan/noruns/), the guards; and end to end against a real OpenSSH
// server on loopback logging in to this machine: an imported OVAL file whose rule fails, becomes a finding of the
// asset, and closes when the host passes it; the SCAP Security Guide's Debian 11 standard profile evaluated on this
// Debian 12 machine with "evaluate on other releases" on (and every rule not applicable with it off).
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssetPolicyResult,
  ReportData,
  NetworkScan,
  OvalPolicy,
  OvalPolicyDetail,
  PolicyHostResult,
  PolicyProfile,
  PolicyRuleRow,
  ScanRunRow,
} from '@bulwark/core';
import { findings, users } from '../src/db/schema/index.ts';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { DEFAULT_SCAP_CONTENT_DIR } from '../src/modules/policies/library.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { waitForRun } from './helpers/scans.ts';
import { startSshTarget, sshTargetUnavailable, type SshTarget } from '../../scanner/test/services-helpers/ssh-target.ts';

type Page<T> = { count: number; results: T[] };

const STANDARD = 'ssg-debian11-xccdf.xml#xccdf_org.ssgproject.content_profile_standard';
const hasSsg = existsSync(path.join(DEFAULT_SCAP_CONTENT_DIR, 'ssg-debian11-xccdf.xml'));

/** A small OVAL file: root login in `<dir>/sshd.conf` must be "no" (compliance), and the system is Unix (inventory). */
function ovalFile(dir: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<oval_definitions xmlns="http://oval.mitre.org/XMLSchema/oval-definitions-5" xmlns:oval="http://oval.mitre.org/XMLSchema/oval-common-5" xmlns:ind="http://oval.mitre.org/XMLSchema/oval-definitions-5#independent">
  <generator><oval:schema_version>5.11</oval:schema_version></generator>
  <definitions>
    <definition id="oval:test.bulwark:def:1" class="compliance" version="1">
      <metadata><title>Root login over SSH is disabled</title><description>PermitRootLogin must be no.</description></metadata>
      <criteria><criterion test_ref="oval:test.bulwark:tst:1"/></criteria>
    </definition>
    <definition id="oval:test.bulwark:def:2" class="inventory" version="1">
      <metadata><title>The system is a Unix system</title><description>family is unix</description></metadata>
      <criteria><criterion test_ref="oval:test.bulwark:tst:2"/></criteria>
    </definition>
  </definitions>
  <tests>
    <ind:textfilecontent54_test id="oval:test.bulwark:tst:1" version="1" check="all" check_existence="at_least_one_exists" comment="PermitRootLogin no">
      <ind:object object_ref="oval:test.bulwark:obj:1"/><ind:state state_ref="oval:test.bulwark:ste:1"/>
    </ind:textfilecontent54_test>
    <ind:family_test id="oval:test.bulwark:tst:2" version="1" check="all" comment="unix">
      <ind:object object_ref="oval:test.bulwark:obj:2"/><ind:state state_ref="oval:test.bulwark:ste:2"/>
    </ind:family_test>
  </tests>
  <objects>
    <ind:textfilecontent54_object id="oval:test.bulwark:obj:1" version="1">
      <ind:filepath>${dir}/sshd.conf</ind:filepath>
      <ind:pattern operation="pattern match">^PermitRootLogin\\s+(\\S+)$</ind:pattern>
      <ind:instance datatype="int" operation="greater than or equal">1</ind:instance>
    </ind:textfilecontent54_object>
    <ind:family_object id="oval:test.bulwark:obj:2" version="1"/>
  </objects>
  <states>
    <ind:textfilecontent54_state id="oval:test.bulwark:ste:1" version="1"><ind:subexpression>no</ind:subexpression></ind:textfilecontent54_state>
    <ind:family_state id="oval:test.bulwark:ste:2" version="1"><ind:family>unix</ind:family></ind:family_state>
  </states>
</oval_definitions>
`;
}

describe.each(BACKENDS)('policy profiles, the library and policy scans through the API on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let reader: Client;
  let nobody: Client;
  let rival: Client;
  let credential: number;
  let imported: OvalPolicyDetail;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await t.user({ email: 'reader@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { policy_scans: ['read'] } })
      .where(eq(users.id, r.id));
    reader = await signedIn(t, 'reader@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    rival = await signedIn(t, (await t.otherCustomer('Rival Corp')).adminEmail);
    credential = (
      await admin.post<{ id: number }>('/api/scan/linuxauths/', { name: 'Auditor', port: 22, username: 'auditor', passwd: 'secret' })
    ).body.id;
  });
  afterAll(() => t.close());

  it('imports an OVAL file as a policy of the library, one rule per definition; refuses what is not OVAL', async () => {
    const res = await admin.post<OvalPolicyDetail>('/api/scan/ovalpolicies/import/', { name: 'SSH rules', content: ovalFile('/tmp/x') });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    imported = res.body;
    expect(imported).toMatchObject({ id: expect.stringMatching(/^imported:\d+$/), name: 'SSH rules', source: 'imported', rules: 2 });
    expect(imported.rule_list).toEqual([
      { id: 'oval:test.bulwark:def:1', title: 'Root login over SSH is disabled', severity: 'medium' },
      { id: 'oval:test.bulwark:def:2', title: 'The system is a Unix system', severity: 'info' },
    ]);
    const listed = await admin.get<OvalPolicy[]>('/api/scan/ovalpolicies/?search=ssh%20rules');
    expect(listed.body.map((p) => p.id)).toEqual([imported.id]);
    expect((await admin.get<OvalPolicyDetail>(`/api/scan/ovalpolicies/${imported.id}/`)).body.rule_list).toHaveLength(2);
    // Not OVAL, no definitions, a taken name.
    const bad = await admin.post<Record<string, string[]>>('/api/scan/ovalpolicies/import/', { name: 'Bad', content: '<html></html>' });
    expect(bad.status).toBe(400);
    expect(bad.body.content![0]).toMatch(/^This is not an OVAL definitions file Bulwark can read/);
    expect((await admin.post('/api/scan/ovalpolicies/import/', { name: '', content: '' })).status).toBe(400);
    const taken = await admin.post<Record<string, string[]>>('/api/scan/ovalpolicies/import/', {
      name: 'ssh RULES',
      content: ovalFile('/tmp/x'),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.name).toEqual(['An imported policy with this name already exists.']);
    // Another customer neither sees nor reaches it.
    expect((await rival.get<OvalPolicy[]>('/api/scan/ovalpolicies/')).body.some((p) => p.source === 'imported')).toBe(false);
    expect((await rival.get(`/api/scan/ovalpolicies/${imported.id}/`)).status).toBe(404);
    expect((await rival.request('DELETE', `/api/scan/ovalpolicies/${imported.id}/`)).status).toBe(404);
  });

  it('creates, reads, changes, copies, exports and imports a policy profile, with every rule on its fields', async () => {
    const create = await admin.post<PolicyProfile>('/api/scan/oprofiles/', {
      name: 'SSH policy',
      policy: imported.id,
      lin_auths: [credential],
    });
    expect(create.status, JSON.stringify(create.body)).toBe(201);
    expect(create.body).toMatchObject({
      name: 'SSH policy',
      type: 'oval',
      scan_type: 'oval',
      policy: imported.id,
      policy_name: 'SSH rules',
      lin_auths: [credential],
      ignore_platform: false,
      builtin: false,
    });
    const id = create.body.id;
    // Field rules: a policy the library does not have, no credential, a credential that is not ours, a taken name.
    const unknown = await admin.post<Record<string, string[]>>('/api/scan/oprofiles/', {
      name: 'X',
      policy: 'nope.xml#p',
      lin_auths: [credential],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.policy).toEqual(['This policy is not in the library (scan/ovalpolicies/). Choose one of its policies.']);
    const none = await admin.post<Record<string, string[]>>('/api/scan/oprofiles/', { name: 'X', policy: imported.id });
    expect(none.status).toBe(400);
    expect(none.body.lin_auths).toEqual(['Choose at least one Linux credential: a policy scan logs in to read the configuration.']);
    const foreign = await admin.post<Record<string, string[]>>('/api/scan/oprofiles/', {
      name: 'X',
      policy: imported.id,
      lin_auths: [99999],
    });
    expect(foreign.body.lin_auths).toEqual(['Unknown Linux credential: 99999.']);
    const dup = await admin.post<Record<string, string[]>>('/api/scan/oprofiles/', {
      name: 'ssh POLICY',
      policy: imported.id,
      lin_auths: [credential],
    });
    expect(dup.status).toBe(409);
    expect(dup.body.name).toEqual(['A scan profile with this name already exists.']);
    // The same name as a network profile is fine: names are unique per kind.
    expect((await admin.post('/api/scan/nprofiles/', { name: 'SSH policy' })).status).toBe(201);

    const patched = await admin.patch<PolicyProfile>(`/api/scan/oprofiles/${id}/`, {
      ignore_platform: true,
      description: 'For the jump hosts',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ ignore_platform: true, description: 'For the jump hosts', policy: imported.id });
    const put = await admin.request<PolicyProfile>('PUT', `/api/scan/oprofiles/${id}/`, {
      name: 'SSH policy',
      policy: imported.id,
      lin_auths: [credential],
    });
    expect(put.status).toBe(200);
    expect(put.body.ignore_platform).toBe(false);

    const list = await admin.get<Page<PolicyProfile>>('/api/scan/oprofiles/?search=ssh');
    expect(list.body.results.map((p) => p.name)).toEqual(['SSH policy']);
    const choices = await admin.get<{ id: number; type: string }[]>('/api/noprofiles/');
    expect(choices.body.find((p) => p.id === id)?.type).toBe('oval');
    // A network profile is not a policy profile and the reverse.
    expect((await admin.get(`/api/scan/nprofiles/${id}/`)).status).toBe(404);

    const copy = await admin.post<PolicyProfile>(`/api/scan/oprofiles/${id}/copy/`, {});
    expect(copy.status).toBe(201);
    expect(copy.body.name).toBe('SSH policy (1)');
    const exported = await admin.get<Record<string, unknown>>(`/api/scan/oprofiles/${id}/export/`);
    expect(exported.body).toEqual({
      format: 'bulwark-oprofile/1',
      name: 'SSH policy',
      description: '',
      policy: imported.id,
      lin_auths: [credential],
      ignore_platform: false,
    });
    const again = await admin.post<PolicyProfile>('/api/scan/oprofiles/import/', exported.body);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.name).toBe('SSH policy (2)');
    // Imported by another customer: the credential is not theirs, the imported policy neither.
    const theirs = await rival.post<Record<string, string[]>>('/api/scan/oprofiles/import/', exported.body);
    expect(theirs.status).toBe(400);
    expect(theirs.body.lin_auths![0]).toMatch(/^None of the exported Linux credentials exists here/);

    // An imported policy in use cannot be deleted; the copies go, then it can.
    const inUse = await admin.request<Record<string, string[]>>('DELETE', `/api/scan/ovalpolicies/${imported.id}/`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.non_field_errors![0]).toMatch(
      /^This policy is used by these profiles: SSH policy, SSH policy \(1\), SSH policy \(2\)\.$/,
    );
    for (const p of [copy.body.id, again.body.id]) expect((await admin.request('DELETE', `/api/scan/oprofiles/${p}/`)).status).toBe(204);
    if (hasSsg) {
      const installed = await admin.request<{ detail: string }>('DELETE', `/api/scan/ovalpolicies/${encodeURIComponent(STANDARD)}/`);
      expect(installed.status).toBe(403);
    }
  });

  it('creates a policy scan only with a policy profile, lists it apart from network scans, and guards every call', async () => {
    const profile = (await admin.get<Page<PolicyProfile>>('/api/scan/oprofiles/?search=ssh%20policy')).body.results[0]!;
    const network = (await admin.get<Page<{ id: number; name: string }>>('/api/scan/nprofiles/?search=ssh%20policy')).body.results[0]!;
    // A network profile does not make a policy scan, nor the reverse.
    const wrong = await admin.post<Record<string, string[]>>('/api/scan/oscans/', {
      name: 'P',
      targets: ['127.0.0.1'],
      profile: network.id,
      start: false,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.profile).toEqual([`Invalid pk "${network.id}" - object does not exist.`]);
    const wrong2 = await admin.post('/api/scan/nscans/', { name: 'N', targets: ['127.0.0.1'], profile: profile.id, start: false });
    expect(wrong2.status).toBe(400);
    const scan = await admin.post<NetworkScan>('/api/scan/oscans/', {
      name: 'Policy of loopback',
      targets: ['127.0.0.1'],
      profile: profile.id,
      start: false,
    });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    expect(scan.body).toMatchObject({ scan_type: 'oval', profile: { id: profile.id, type: 'oval' }, last_run: null });
    expect((await admin.get<Page<NetworkScan>>('/api/scan/oscans/')).body.results.map((s) => s.name)).toEqual(['Policy of loopback']);
    expect((await admin.get<Page<NetworkScan>>('/api/scan/nscans/')).body.results.some((s) => s.name === 'Policy of loopback')).toBe(false);
    expect((await admin.get(`/api/scan/nscans/${scan.body.id}/`)).status).toBe(404);
    const renamed = await admin.patch<NetworkScan>(`/api/scan/oscans/${scan.body.id}/`, { name: 'Policy of 127.0.0.1' });
    expect(renamed.body.name).toBe('Policy of 127.0.0.1');
    // The profile a scan uses cannot be deleted.
    const busy = await admin.request<Record<string, string[]>>('DELETE', `/api/scan/oprofiles/${profile.id}/`);
    expect(busy.status).toBe(409);

    // Guards: 401 signed out, 403 without the permission (before validation), read-only reader, other customer.
    const anon = await anonymous(t);
    for (const url of ['/api/scan/oprofiles/', '/api/scan/oscans/', '/api/scan/noruns/', '/api/scan/ovalpolicies/'])
      expect((await anon.get(url)).status).toBe(401);
    for (const url of ['/api/scan/oprofiles/', '/api/scan/oscans/', '/api/scan/noruns/']) expect((await nobody.get(url)).status).toBe(403);
    expect((await reader.get('/api/scan/oprofiles/')).status).toBe(200);
    expect((await reader.post('/api/scan/oprofiles/', { name: '' })).status).toBe(403);
    expect((await reader.post('/api/scan/oscans/', {})).status).toBe(403);
    expect((await reader.post(`/api/scan/oscans/${scan.body.id}/start/`, {})).status).toBe(403);
    expect((await reader.post('/api/scan/ovalpolicies/import/', { name: 'x', content: 'x' })).status).toBe(403);
    expect((await reader.request('DELETE', `/api/scan/oprofiles/${profile.id}/`)).status).toBe(403);
    expect((await rival.get(`/api/scan/oprofiles/${profile.id}/`)).status).toBe(404);
    expect((await rival.get(`/api/scan/oscans/${scan.body.id}/`)).status).toBe(404);
    expect((await rival.post(`/api/scan/oscans/${scan.body.id}/start/`, {})).status).toBe(404);
    expect((await rival.get<Page<unknown>>('/api/scan/oprofiles/')).body.count).toBe(0);
  });
});

describe.skipIf(sshTargetUnavailable() !== undefined)('a policy scan of this machine over SSH', () => {
  let t: TestApp;
  let admin: Client;
  let ssh: SshTarget;
  let dir: string;
  let credential: number;
  let assetId: number;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    ssh = await startSshTarget('127.0.6.40', 'bwpol');
    dir = mkdtempSync(path.join(tmpdir(), 'bulwark-policy-'));
    chmodSync(dir, 0o755);
    writeFileSync(path.join(dir, 'sshd.conf'), 'Port 22\nPermitRootLogin yes\n', { mode: 0o644 });
    credential = (
      await admin.post<{ id: number }>('/api/scan/linuxauths/', {
        name: 'Key with sudo',
        port: ssh.port,
        username: ssh.nopasswd.username,
        use_dsskey: true,
        priv_key: ssh.nopasswd.privateKey,
        privilege_escalation: 'sudo',
      })
    ).body.id;
  }, 60_000);
  afterAll(async () => {
    await ssh?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  const policyFindings = async () =>
    t.ctx.db
      .select({ state: findings.state, detection: findings.detection, severity: findings.severity, name: findings.name })
      .from(findings)
      .where(and(eq(findings.hostId, assetId), eq(findings.detection, 'policy-rule')));

  async function runPolicy(scanId: number, first: number | null): Promise<number> {
    const runId = first ?? (await admin.post<ScanRunRow>(`/api/scan/oscans/${scanId}/start/`, {})).body.id;
    await waitForRun(admin, runId, (r) => r.status === 2 || r.status === 3, 240_000, 'noruns');
    await settleRunProcessing(t.ctx);
    return runId;
  }

  it(
    'evaluates an imported OVAL file on the host: the failed rule is a finding with its evidence, closed once the host passes it',
    { timeout: 300_000 },
    async () => {
      const policy = (await admin.post<OvalPolicyDetail>('/api/scan/ovalpolicies/import/', { name: 'Root login', content: ovalFile(dir) }))
        .body;
      const profile = await admin.post<PolicyProfile>('/api/scan/oprofiles/', {
        name: 'Root login',
        policy: policy.id,
        lin_auths: [credential],
      });
      expect(profile.status, JSON.stringify(profile.body)).toBe(201);
      const scan = await admin.post<NetworkScan>('/api/scan/oscans/', {
        name: 'Root login on the target',
        targets: [ssh.host],
        profile: profile.body.id,
      });
      expect(scan.status, JSON.stringify(scan.body)).toBe(201);
      const runId = await runPolicy(scan.body.id, scan.body.last_run);

      const run = (await admin.get<ScanRunRow>(`/api/scan/noruns/${runId}/`)).body;
      expect(run).toMatchObject({ scan_type: 'oval', policy: { id: policy.id, name: 'Root login' }, status: 2, score: 50 });
      expect((await admin.get(`/api/scan/nruns/${runId}/`)).status).toBe(404);
      expect((await admin.get<Page<ScanRunRow>>('/api/scan/noruns/')).body.results.map((r) => r.id)).toContain(runId);
      expect((await admin.get<Page<ScanRunRow>>('/api/scan/nruns/')).body.results.map((r) => r.id)).not.toContain(runId);

      const hosts = (await admin.get<Page<PolicyHostResult>>(`/api/scan/noruns/${runId}/hosts/`)).body;
      expect(hosts.count).toBe(1);
      expect(hosts.results[0]).toMatchObject({
        address: ssh.host,
        policy: policy.id,
        policy_name: 'Root login',
        score: 50,
        counts: { pass: 1, fail: 1, error: 0, unknown: 0, notapplicable: 0, notchecked: 0 },
        credential_health: 'ok',
        error: null,
      });
      assetId = hosts.results[0]!.host_id;

      const failed = (await admin.get<Page<PolicyRuleRow>>(`/api/scan/noruns/${runId}/rules/?result=fail`)).body;
      expect(failed.results).toHaveLength(1);
      expect(failed.results[0]).toMatchObject({
        rule_id: 'oval:test.bulwark:def:1',
        title: 'Root login over SSH is disabled',
        severity: 'medium',
        result: 'fail',
        result_label: 'Fail',
        address: ssh.host,
      });
      // The evidence shows what was read on the host.
      expect(failed.results[0]!.evidence.join('\n')).toMatch(/yes/);
      const all = (await admin.get<Page<PolicyRuleRow>>(`/api/scan/noruns/${runId}/rules/?ordering=title&host=${assetId}`)).body;
      expect(all.results.map((r) => [r.title, r.result])).toEqual([
        ['Root login over SSH is disabled', 'fail'],
        ['The system is a Unix system', 'pass'],
      ]);
      expect((await admin.get<Page<PolicyRuleRow>>(`/api/scan/noruns/${runId}/rules/?search=unix`)).body.count).toBe(1);
      expect((await admin.get(`/api/scan/noruns/${runId}/rules/?result=maybe`)).status).toBe(400);

      // The failed rule is a finding of the asset, decided by the policy scan.
      const open = await policyFindings();
      expect(open).toEqual([{ state: 0, detection: 'policy-rule', severity: 2, name: 'Root login over SSH is disabled' }]);

      const asset = (await admin.get<AssetPolicyResult[]>(`/api/assets/${assetId}/policy-results/`)).body;
      expect(asset).toHaveLength(1);
      expect(asset[0]).toMatchObject({ run_id: runId, scan_id: scan.body.id, policy: policy.id, score: 50 });
      const policyKind = await admin.get<Page<{ id: number }>>('/api/assets/assets/?asset_kind=policy');
      expect(policyKind.body.results.map((a) => a.id)).toContain(assetId);

      // Reports on this policy scan, and on every policy run, cover the failed rule; a policy scan is no network scan.
      const reportOn = (scope_kind: string, scanId: number | null) =>
        admin.post<ReportData & Record<string, string[]>>('/api/reports/prepare-report-data/', {
          scope_kind,
          scope: { filters: {}, scan: scanId },
        });
      const onScan = await reportOn('scan_policy', scan.body.id);
      expect(onScan.status, JSON.stringify(onScan.body)).toBe(200);
      expect(onScan.body).toMatchObject({ findings_count: 1, scope_label: 'Policy scan: Root login on the target' });
      expect((await reportOn('no_runs', null)).body).toMatchObject({ findings_count: 1, scope_label: 'Policy scan runs' });
      expect((await reportOn('scan_network', scan.body.id)).body).toEqual({ scope: ['That network scan does not exist.'] });
      expect((await reportOn('scan_policy', null)).body).toEqual({ scope: ['Choose the policy scan to report on.'] });

      // Fixed on the host: the next run passes the rule and closes the finding.
      writeFileSync(path.join(dir, 'sshd.conf'), 'Port 22\nPermitRootLogin no\n');
      const second = await runPolicy(scan.body.id, null);
      expect((await admin.get<ScanRunRow>(`/api/scan/noruns/${second}/`)).body.score).toBe(100);
      expect((await policyFindings()).map((f) => f.state)).toEqual([3]);
      expect((await admin.get<AssetPolicyResult[]>(`/api/assets/${assetId}/policy-results/`)).body[0]).toMatchObject({
        run_id: second,
        score: 100,
      });
    },
  );

  it.skipIf(!hasSsg)(
    'evaluates the SCAP Security Guide Debian 11 standard profile on this Debian 12 machine when told to, and says not applicable otherwise',
    { timeout: 400_000 },
    async () => {
      const make = async (name: string, ignore: boolean) => {
        const profile = await admin.post<PolicyProfile>('/api/scan/oprofiles/', {
          name,
          policy: STANDARD,
          lin_auths: [credential],
          ignore_platform: ignore,
        });
        expect(profile.status, JSON.stringify(profile.body)).toBe(201);
        const scan = await admin.post<NetworkScan>('/api/scan/oscans/', { name, targets: [ssh.host], profile: profile.body.id });
        expect(scan.status, JSON.stringify(scan.body)).toBe(201);
        const runId = await runPolicy(scan.body.id, scan.body.last_run);
        return (await admin.get<Page<PolicyHostResult>>(`/api/scan/noruns/${runId}/hosts/`)).body.results[0]!;
      };
      const strict = await make('Debian 11 standard, strict', false);
      expect(strict.counts.notapplicable).toBe(44);
      expect(strict.score).toBeNull();
      const forced = await make('Debian 11 standard on Debian 12', true);
      expect(forced.benchmark).toBe('Guide to the Secure Configuration of Debian 11');
      expect(forced.counts.pass).toBeGreaterThan(0);
      expect(forced.counts.fail).toBeGreaterThan(0);
      expect(forced.counts.error).toBe(0);
      expect(Object.values(forced.counts).reduce((a, b) => a + b, 0)).toBe(44);
      expect(forced.score).toBeGreaterThan(0);
      expect(forced.score).toBeLessThan(100);
    },
  );
});
