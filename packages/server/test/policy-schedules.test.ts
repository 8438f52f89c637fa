// Policy scans on schedules (scan/schedules/ with a policy profile, issue 33): a schedule of a policy profile makes a
// policy scan (scan_type oval) with its targets, is listed with ?scan_type=oval and not with the network ones, keeps its
// kind through PATCH, refuses a profile of another kind when it says its kind, and on an injected clock starts a real
// policy run (its policy named, its task dispatched to the schedule's probe) once at the due time, never before. Guards:
// signed out, no permission (before validation), another customer (its schedules and its profiles), and a LIMITED team
// member who sees only the schedules shared with its team. Then, where sshd is installed, a scheduled policy run really
// logging in to this machine at its due time and finishing with its score and its failed rule.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OvalPolicyDetail, PolicyProfile, Schedule, ScanRunRow } from '@bulwark/core';
import { probes, scanProfiles, scanRuns, scans, scanTasks, teamMembers, teams, users } from '../src/db/schema/index.ts';
import { runDueScanSchedules } from '../src/modules/scans/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { smallProfile, waitForRun } from './helpers/scans.ts';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { startSshTarget, sshTargetUnavailable, type SshTarget } from '../../scanner/test/services-helpers/ssh-target.ts';

type Page<T> = { count: number; results: T[] };

/** One compliance rule on a file: enough for a policy of the library (the engine itself is policy-scans.test.ts's). */
const OVAL = `<?xml version="1.0" encoding="UTF-8"?>
<oval_definitions xmlns="http://oval.mitre.org/XMLSchema/oval-definitions-5" xmlns:oval="http://oval.mitre.org/XMLSchema/oval-common-5" xmlns:ind="http://oval.mitre.org/XMLSchema/oval-definitions-5#independent">
  <generator><oval:schema_version>5.11</oval:schema_version></generator>
  <definitions>
    <definition id="oval:test.sched:def:1" class="compliance" version="1">
      <metadata><title>Root login over SSH is disabled</title><description>PermitRootLogin must be no.</description></metadata>
      <criteria><criterion test_ref="oval:test.sched:tst:1"/></criteria>
    </definition>
  </definitions>
  <tests>
    <ind:textfilecontent54_test id="oval:test.sched:tst:1" version="1" check="all" check_existence="at_least_one_exists" comment="PermitRootLogin no">
      <ind:object object_ref="oval:test.sched:obj:1"/><ind:state state_ref="oval:test.sched:ste:1"/>
    </ind:textfilecontent54_test>
  </tests>
  <objects>
    <ind:textfilecontent54_object id="oval:test.sched:obj:1" version="1">
      <ind:filepath>/etc/ssh/sshd_config</ind:filepath>
      <ind:pattern operation="pattern match">^PermitRootLogin\\s+(\\S+)$</ind:pattern>
      <ind:instance datatype="int" operation="greater than or equal">1</ind:instance>
    </ind:textfilecontent54_object>
  </objects>
  <states>
    <ind:textfilecontent54_state id="oval:test.sched:ste:1" version="1"><ind:subexpression>no</ind:subexpression></ind:textfilecontent54_state>
  </states>
</oval_definitions>
`;

describe.each(BACKENDS)('policy scans on schedules on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let planner: Client;
  let member: Client;
  let nobody: Client;
  let rival: Client;
  let policy: OvalPolicyDetail;
  let profile: PolicyProfile;
  let networkProfile: number;
  let rivalProfile: number;
  let probeId: number;
  let teamId: number;
  let made: Schedule;

  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'Weekly CIS check',
    profile: profile.id,
    targets: ['127.0.6.90'],
    start_date: '2026-12-07',
    time: '03:00',
    time_zone: 'Europe/Stockholm',
    repeat: 'weekly',
    weekdays: [1],
    node: probeId,
    ...extra,
  });

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const grant = { schedules: ['read', 'create', 'update', 'delete'], policy_scans: ['read'] };
    const p = await t.user({ email: 'planner@example.com' });
    const m = await t.user({ email: 'member@example.com' });
    for (const id of [p.id, m.id]) await t.ctx.db.update(users).set({ permissions: grant }).where(eq(users.id, id));
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Limited', assetPermissions: 'LIMITED' }).returning();
    teamId = team!.id;
    await t.ctx.db.insert(teamMembers).values({ teamId, userId: m.id });
    planner = await signedIn(t, 'planner@example.com');
    member = await signedIn(t, 'member@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    const other = await t.otherCustomer('Rival Corp');
    rival = await signedIn(t, other.adminEmail);

    policy = (await admin.post<OvalPolicyDetail>('/api/scan/ovalpolicies/import/', { name: 'SSH root login', content: OVAL })).body;
    const credential = (
      await admin.post<{ id: number }>('/api/scan/linuxauths/', { name: 'Auditor', port: 22, username: 'auditor', passwd: 'secret' })
    ).body.id;
    const created = await admin.post<PolicyProfile>('/api/scan/oprofiles/', {
      name: 'Root login',
      policy: policy.id,
      lin_auths: [credential],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    profile = created.body;
    networkProfile = await smallProfile(t, 1, '22');
    // The rival's own policy profile: never usable by customer 1.
    const theirPolicy = (await rival.post<OvalPolicyDetail>('/api/scan/ovalpolicies/import/', { name: 'Theirs', content: OVAL })).body;
    const theirCredential = (
      await rival.post<{ id: number }>('/api/scan/linuxauths/', { name: 'Theirs', port: 22, username: 'x', passwd: 'secret' })
    ).body.id;
    rivalProfile = (
      await rival.post<PolicyProfile>('/api/scan/oprofiles/', { name: 'Theirs', policy: theirPolicy.id, lin_auths: [theirCredential] })
    ).body.id;
    // A probe that never calls in: the scheduled run's task waits for it, so the test sees the run as it was started.
    probeId = (await t.ctx.db.insert(probes).values({ customerId: 1, name: 'Quiet probe' }).returning())[0]!.id;
  });
  afterAll(() => t.close());

  it('makes a policy scan of a schedule with a policy profile, listed as a policy schedule only', async () => {
    const res = await planner.post<Schedule>('/api/scan/schedules/', body({ shared_access_teams: [teamId] }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    made = res.body;
    expect(made).toMatchObject({
      name: 'Weekly CIS check',
      profile: { id: profile.id, type: 'oval' },
      targets: ['127.0.6.90'],
      repeat: 'weekly',
      weekdays: [1],
      node: { id: probeId, name: 'Quiet probe' },
      schedule_is_active: true,
    });
    expect(made.next_run_at).toBe('2026-12-07T02:00:00.000Z');
    const [scan] = await t.ctx.db.select().from(scans).where(eq(scans.id, made.scan));
    expect(scan).toMatchObject({ scanType: 'oval', scheduled: true, profileId: profile.id, targets: ['127.0.6.90'] });
    // The policy schedules' list, not the network one; the scan is a policy scan (scan/oscans/), not a network one.
    expect((await admin.get<Page<Schedule>>('/api/scan/schedules/?scan_type=oval')).body.results.map((s) => s.id)).toEqual([made.id]);
    expect((await admin.get<Page<Schedule>>('/api/scan/schedules/?scan_type=nvt')).body.count).toBe(0);
    expect((await admin.get(`/api/scan/oscans/${made.scan}/`)).status).toBe(200);
    expect((await admin.get(`/api/scan/nscans/${made.scan}/`)).status).toBe(404);
    // Saying the kind is the same as letting the profile say it.
    const said = await planner.post<Schedule>('/api/scan/schedules/', body({ name: 'Said policy', scan_type: 'oval' }));
    expect(said.status, JSON.stringify(said.body)).toBe(201);
    expect((await planner.request('DELETE', `/api/scan/schedules/${said.body.id}/`)).status).toBe(204);
  });

  it('keeps its kind and its policy profile through PATCH and PUT', async () => {
    const patched = await planner.patch<Schedule>(`/api/scan/schedules/${made.id}/`, { schedule_is_active: false });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ schedule_is_active: false, next_run_at: null, profile: { id: profile.id, type: 'oval' } });
    const put = await planner.request<Schedule>('PUT', `/api/scan/schedules/${made.id}/`, body({ shared_access_teams: [teamId] }));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ schedule_is_active: true, next_run_at: '2026-12-07T02:00:00.000Z' });
    const [scan] = await t.ctx.db.select().from(scans).where(eq(scans.id, made.scan));
    expect(scan!.scanType).toBe('oval');
  });

  it('refuses a profile of another kind, another customer’s profile, no targets and an unknown kind, writing nothing', async () => {
    const before = await t.ctx.db.$count(scans);
    const network = await planner.post<Record<string, string[]>>(
      '/api/scan/schedules/',
      body({ name: 'N', profile: networkProfile, scan_type: 'oval' }),
    );
    expect(network.status).toBe(400);
    expect(network.body).toEqual({ profile: ['A policy schedule needs a policy profile.'] });
    const policyAsCloud = await planner.post<Record<string, string[]>>('/api/scan/schedules/', body({ name: 'C', scan_type: 'cloud' }));
    expect(policyAsCloud.body).toEqual({ profile: ['A cloud schedule needs a cloud scan profile.'] });
    const foreign = await planner.post<Record<string, string[]>>('/api/scan/schedules/', body({ name: 'F', profile: rivalProfile }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.profile).toEqual([`Invalid pk "${rivalProfile}" - object does not exist.`]);
    const untargeted = await planner.post<Record<string, string[]>>('/api/scan/schedules/', body({ name: 'U', targets: [] }));
    expect(untargeted.body).toEqual({ assets: ['Choose at least one target.'] });
    const unknown = await planner.post<Record<string, string[]>>('/api/scan/schedules/', body({ name: 'K', scan_type: 'ftp' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.scan_type).toEqual(['Choose one of: nvt, oval, was, cloud.']);
    expect(await t.ctx.db.$count(scans)).toBe(before);
  });

  it('starts a real policy run at the due time on the injected clock, once, and not before', async () => {
    const due = new Date(made.next_run_at!);
    expect(await runDueScanSchedules(t.ctx.db, t.ctx, new Date(due.getTime() - 60_000), t.ctx.log)).toEqual([]);
    const started = await runDueScanSchedules(t.ctx.db, t.ctx, due, t.ctx.log);
    expect(started).toHaveLength(1);
    // The same moment again, or a second server asking: nothing more.
    expect(await runDueScanSchedules(t.ctx.db, t.ctx, due, t.ctx.log)).toEqual([]);
    const [run] = await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, started[0]!));
    expect(run).toMatchObject({
      scanId: made.scan,
      scanType: 'oval',
      scheduled: true,
      targets: ['127.0.6.90'],
      policy: { id: policy.id, name: 'SSH root login' },
      probeId,
    });
    const tasks = await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.runId, run!.id));
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ probeId, targets: ['127.0.6.90'] });
    // The run is a policy run of the API (scan/noruns/), not a network one, and the schedule says it ran.
    const asPolicy = await admin.get<ScanRunRow>(`/api/scan/noruns/${run!.id}/`);
    expect(asPolicy.status).toBe(200);
    expect(asPolicy.body).toMatchObject({ scan_type: 'oval', policy: { id: policy.id } });
    expect((await admin.get(`/api/scan/nruns/${run!.id}/`)).status).toBe(404);
    const after = (await admin.get<Schedule>(`/api/scan/schedules/${made.id}/`)).body;
    expect(after).toMatchObject({ run_count: 1, last_run: { id: run!.id }, last_error: null, next_run_at: '2026-12-14T02:00:00.000Z' });
    expect((await admin.post(`/api/scan/noruns/${run!.id}/cancel/`)).status).toBe(200);
  });

  it('says why a due policy schedule could not start (its profile lost its Linux credential) and starts no run', async () => {
    // A profile is saved with a credential; one left without it (written directly, as a removed credential leaves it)
    // is refused when the run starts.
    const copy = (await admin.post<PolicyProfile>(`/api/scan/oprofiles/${profile.id}/copy/`, {})).body;
    const [row] = await t.ctx.db.select().from(scanProfiles).where(eq(scanProfiles.id, copy.id));
    await t.ctx.db
      .update(scanProfiles)
      .set({ fields: { ...row!.fields, lin_auths: [] } })
      .where(eq(scanProfiles.id, copy.id));
    const s = await admin.post<Schedule>(
      '/api/scan/schedules/',
      body({ name: 'Bare', profile: copy.id, repeat: 'never', start_date: '2026-12-08' }),
    );
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    const runsBefore = await t.ctx.db.$count(scanRuns);
    const started = await runDueScanSchedules(t.ctx.db, t.ctx, new Date(s.body.next_run_at!), t.ctx.log);
    expect(started).toEqual([]);
    expect(await t.ctx.db.$count(scanRuns)).toBe(runsBefore);
    const after = (await admin.get<Schedule>(`/api/scan/schedules/${s.body.id}/`)).body;
    expect(after.last_error).toBe('The profile has no Linux credential: a policy scan needs one to log in.');
    expect(after.run_count).toBe(0);
    expect((await admin.request('DELETE', `/api/scan/schedules/${s.body.id}/`)).status).toBe(204);
  });

  it('guards: signed out, no permission before validation, another customer, a LIMITED member sees what its team shares', async () => {
    const anon = await anonymous(t);
    expect((await anon.get('/api/scan/schedules/?scan_type=oval')).status).toBe(401);
    expect((await anon.post('/api/scan/schedules/', body())).status).toBe(401);
    expect((await nobody.get('/api/scan/schedules/?scan_type=oval')).status).toBe(403);
    expect((await nobody.post('/api/scan/schedules/', { scan_type: 'nonsense' })).status).toBe(403);
    expect((await nobody.patch(`/api/scan/schedules/${made.id}/`, {})).status).toBe(403);
    expect((await rival.get(`/api/scan/schedules/${made.id}/`)).status).toBe(404);
    expect((await rival.patch(`/api/scan/schedules/${made.id}/`, { schedule_is_active: false })).status).toBe(404);
    expect((await rival.request('DELETE', `/api/scan/schedules/${made.id}/`)).status).toBe(404);
    expect((await rival.get<Page<Schedule>>('/api/scan/schedules/?scan_type=oval')).body.count).toBe(0);
    // The rival cannot schedule customer 1's policy profile.
    const theirs = await rival.post<Record<string, string[]>>('/api/scan/schedules/', body({ node: null }));
    expect(theirs.body.profile).toEqual([`Invalid pk "${profile.id}" - object does not exist.`]);
    // A LIMITED team member: the schedule shared with its team, not the administrator's own.
    const own = await admin.post<Schedule>('/api/scan/schedules/', body({ name: 'Admin only', start_date: '2027-01-04' }));
    expect(own.status).toBe(201);
    const seen = await member.get<Page<Schedule>>('/api/scan/schedules/?scan_type=oval');
    expect(seen.body.results.map((s) => s.name)).toEqual(['Weekly CIS check']);
    expect((await member.get(`/api/scan/schedules/${own.body.id}/`)).status).toBe(404);
    expect((await member.patch<Schedule>(`/api/scan/schedules/${made.id}/`, { name: 'Weekly CIS' })).body.name).toBe('Weekly CIS');
  });
});

describe.skipIf(sshTargetUnavailable() !== undefined)('a scheduled policy scan of this machine over SSH', () => {
  let t: TestApp;
  let admin: Client;
  let ssh: SshTarget;
  let dir: string;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    ssh = await startSshTarget('127.0.6.41', 'bwpolsch');
    dir = mkdtempSync(path.join(tmpdir(), 'bulwark-policy-schedule-'));
    chmodSync(dir, 0o755);
    writeFileSync(path.join(dir, 'sshd.conf'), 'Port 22\nPermitRootLogin yes\n', { mode: 0o644 });
  }, 60_000);
  afterAll(async () => {
    await ssh?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('runs the policy on the host at the due time: the run finishes with its score and the failed rule', { timeout: 300_000 }, async () => {
    const credential = (
      await admin.post<{ id: number }>('/api/scan/linuxauths/', {
        name: 'Key with sudo',
        port: ssh.port,
        username: ssh.nopasswd.username,
        use_dsskey: true,
        priv_key: ssh.nopasswd.privateKey,
        privilege_escalation: 'sudo',
      })
    ).body.id;
    const content = OVAL.replace('/etc/ssh/sshd_config', path.join(dir, 'sshd.conf'));
    const policy = (await admin.post<OvalPolicyDetail>('/api/scan/ovalpolicies/import/', { name: 'Root login', content })).body;
    const profile = (
      await admin.post<PolicyProfile>('/api/scan/oprofiles/', { name: 'Root login', policy: policy.id, lin_auths: [credential] })
    ).body;
    const s = await admin.post<Schedule>('/api/scan/schedules/', {
      name: 'Nightly root login',
      profile: profile.id,
      targets: [ssh.host],
      start_date: '2026-12-07',
      time: '01:00',
      time_zone: 'UTC',
      repeat: 'daily',
    });
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    const [runId] = await runDueScanSchedules(t.ctx.db, t.ctx, new Date(s.body.next_run_at!), t.ctx.log);
    expect(runId).toBeDefined();
    await waitForRun(admin, runId!, (r) => r.status === 2 || r.status === 3, 240_000, 'noruns');
    await settleRunProcessing(t.ctx);
    const run = (await admin.get<ScanRunRow>(`/api/scan/noruns/${runId}/`)).body;
    expect(run).toMatchObject({ scan_type: 'oval', scheduled: true, status: 2, score: 0, policy: { id: policy.id } });
    const failed = (await admin.get<Page<{ rule_id: string; result: string }>>(`/api/scan/noruns/${runId}/rules/?result=fail`)).body;
    expect(failed.results.map((r) => r.rule_id)).toEqual(['oval:test.sched:def:1']);
  });
});
