// Re-tests and the ticket lifecycle after runs, on both databases, with runs delivered by a remote probe that never
// calls in (its tasks are handed their results, then processed for real): how a re-test is planned (hosts per probe,
// ports by protocol, a host-level finding over the host's open ports, only the findings' tests), why one does not
// start (another customer's ticket, nothing open, only web findings, the scan running, a re-test under way), a
// re-test that still sees one finding (its subtask Open, the others Fixed, the port's other findings left open), one
// that cannot reach the host (the ticket stays Solution applied, saying so), subtasks following their findings in any
// run, and a finding that comes back while it is on another open ticket (no reopen).
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_TASK_STATE, TICKET_STATUS } from '@bulwark/core';
import { findings, probes, scanRuns, scans, scanTasks, ticketEvents, tickets, ticketSubtasks, users } from '../src/db/schema/index.ts';
import { settleRunProcessing, startRunProcessing } from '../src/modules/results/queue.ts';
import { changeTicket, openTicketsForFindings, startRetest, ticketsAfterRun } from '../src/modules/tickets/index.ts';
import { planRetest, planWebRetest, type RetestFinding } from '../src/modules/tickets/retest-scope.ts';
import { startRun } from '../src/modules/scans/index.ts';
import { DEFAULT_NETWORK_PROFILE } from '@bulwark/core';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { smallProfile } from './helpers/scans.ts';

const HOST = '127.0.29.10';

const git = {
  check: 'http-git-config-exposed',
  name: 'Git repository exposed (.git/config)',
  severity: 3,
  confidence: 'confirmed',
  cve: [],
};
const trace = { check: 'http-trace-enabled', name: 'HTTP TRACE enabled', severity: 2, confidence: 'confirmed', cve: [] };
const frame = { check: 'http-missing-x-frame-options', name: 'X-Frame-Options missing', severity: 1, confidence: 'confirmed', cve: [] };
const hostLevel = { check: 'host-level-test', name: 'Host-level weakness', severity: 2, confidence: 'confirmed', cve: [] };

type DeliveredFinding = typeof git & { port?: number; protocol?: 'tcp' | 'udp'; evidence?: string };

/** A delivered host: alive with 80 and 8443/tcp and 161/udp open and the given findings, or down. */
function hostResult(found: DeliveredFinding[] | null) {
  if (found === null) return { hosts: [{ address: HOST, hostnames: [], alive: false, ports: [], findings: [] }], errors: [] };
  return {
    hosts: [
      {
        address: HOST,
        hostnames: [],
        alive: true,
        ports: [
          { port: 80, protocol: 'tcp', state: 'open' },
          { port: 8443, protocol: 'tcp', state: 'open' },
          { port: 161, protocol: 'udp', state: 'open' },
        ],
        findings: found,
      },
    ],
    errors: [],
  };
}

const ALL: DeliveredFinding[] = [
  { ...git, port: 80, protocol: 'tcp', evidence: '[core] repositoryformatversion = 0' },
  { ...frame, port: 80, protocol: 'tcp' },
  { ...trace, port: 8443, protocol: 'tcp' },
  { ...hostLevel },
];

describe('planRetest', () => {
  const base: RetestFinding = {
    id: 1,
    source: 'network',
    checkId: 'a',
    port: 80,
    protocol: 0,
    hostId: 1,
    target: '10.0.0.1',
    runId: 5,
    scanId: 7,
    scanType: 'nvt',
    probeId: null,
    probeGroupId: null,
    profileId: 3,
    profile: DEFAULT_NETWORK_PROFILE,
    vhosts: [],
    openTcp: [22, 80],
    openUdp: [161],
  };

  it('takes the findings’ hosts per probe, ports by protocol, only their tests; a host-level finding over the open ports', () => {
    const plan = planRetest([
      base,
      { ...base, id: 2, checkId: null, port: 53, protocol: 1 },
      { ...base, id: 3, checkId: 'b', port: null, protocol: null, target: '10.0.0.2', probeId: 9, openTcp: [443], openUdp: [] },
      { ...base, id: 4, source: 'web', scanType: 'was' },
      { ...base, id: 5, runId: null, scanId: null, profile: null },
      { ...base, id: 6, target: '10.0.0.2', probeId: null, port: 8080 },
    ])!;
    expect(plan.scanType).toBe('nvt');
    expect(plan).toMatchObject({
      scanId: 7,
      profileId: 3,
      tcp: [80, 443, 8080],
      udp: [53],
      tests: ['a', 'b'],
      findingIds: [1, 2, 3, 6],
      shares: [
        { probeId: null, probeGroupId: null, targets: ['10.0.0.1'] },
        // A host goes to the probe of the newest run that saw one of its findings.
        { probeId: 9, probeGroupId: null, targets: ['10.0.0.2'] },
      ],
      skipped: [
        { id: 4, why: 'web finding' },
        { id: 5, why: 'the scan run that found it is gone' },
      ],
    });
    expect(planRetest([{ ...base, source: 'web' }])).toBeNull();
  });

  it('plans a web re-test of the web findings’ applications with their web tests and virtual hosts', () => {
    const web = { ...base, source: 'web', scanType: 'was', target: 'http://shop.test/', vhosts: ['admin.shop.test'] };
    const plan = planWebRetest([
      { ...web, id: 11, checkId: 'web-xss-reflected' },
      { ...web, id: 12, checkId: null },
      { ...web, id: 13, checkId: 'web-sqli', target: 'http://blog.test/', probeGroupId: 4 },
      { ...base, id: 14 },
    ])!;
    expect(plan).toMatchObject({
      scanType: 'was',
      vhosts: ['admin.shop.test'],
      tests: ['web-sqli', 'web-xss-reflected'],
      findingIds: [11, 12, 13],
      shares: [
        { probeId: null, probeGroupId: null, targets: ['http://shop.test/'] },
        { probeId: null, probeGroupId: 4, targets: ['http://blog.test/'] },
      ],
      skipped: [{ id: 14, why: 'network finding' }],
    });
  });
});

describe.each(BACKENDS)('re-tests and tickets after runs on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let customerId = 0;
  let adminId = 0;
  let probeId = 0;
  let scanId = 0;
  let ticketId = 0;
  const ids: Record<string, number> = {};

  async function settleRunProcessed(runId: number): Promise<void> {
    const until = Date.now() + 60_000;
    for (;;) {
      const res = await t.ctx.database.sql.executeSql(
        `select state from pgboss.job where name = 'run-processed' and (data->>'runId')::int = $1`,
        [runId],
      );
      const rows = res.rows as { state: string }[];
      if (rows.some((r) => r.state === 'completed' || r.state === 'failed')) return;
      if (Date.now() > until) throw new Error(`run-processed of run ${runId} did not end: ${JSON.stringify(rows)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Hands the run's tasks their result and processes it (then the run-processed job: tickets, rules). */
  async function deliver(runId: number, result: unknown): Promise<void> {
    await t.ctx.db
      .update(scanTasks)
      .set({ state: SCAN_TASK_STATE.process_results, result })
      .where(and(eq(scanTasks.runId, runId), sql`${scanTasks.state} <> ${SCAN_TASK_STATE.group_run}`));
    await startRunProcessing(t.ctx, runId);
    await settleRunProcessing(t.ctx);
    await settleRunProcessed(runId);
  }

  async function regularRun(): Promise<number> {
    const [row] = await t.ctx.db.select().from(scans).where(eq(scans.id, scanId));
    return (await startRun(t.ctx.db, t.ctx, row!, { userId: adminId })).id;
  }

  const ticket = async (id = ticketId) => (await t.ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
  const events = (id = ticketId) => t.ctx.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, id)).orderBy(asc(ticketEvents.id));
  const subtasks = async (id = ticketId) =>
    new Map((await t.ctx.db.select().from(ticketSubtasks).where(eq(ticketSubtasks.ticketId, id))).map((s) => [s.findingId, s] as const));
  const stateOf = async (findingId: number) => (await t.ctx.db.select().from(findings).where(eq(findings.id, findingId)))[0]!.state;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const [me] = await t.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    customerId = me!.customerId!;
    adminId = me!.id;
    // A remote probe that never calls in: nothing but these tests moves its tasks.
    probeId = (await t.ctx.db.insert(probes).values({ customerId, name: 'far away' }).returning())[0]!.id;
    const profile = await smallProfile(t, customerId, '80,8443');
    const made = await admin.post<{ id: number }>('/api/scan/nscans/', {
      name: 'Delivered',
      profile,
      targets: [HOST],
      node: probeId,
      start: false,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    scanId = made.body.id;
    await deliver(await regularRun(), hostResult(ALL));
    for (const f of await t.ctx.db.select().from(findings).where(eq(findings.customerId, customerId))) ids[f.checkId!] = f.id;
    expect(Object.keys(ids).sort()).toEqual([frame.check, git.check, hostLevel.check, trace.check].sort());
  }, 120_000);

  afterAll(async () => {
    await settleRunProcessing(t.ctx).catch(() => undefined);
    await t?.close();
  });

  it('opens a ticket of three findings (by asset) and says why a re-test does not start', async () => {
    const tracked = [ids[git.check]!, ids[trace.check]!, ids[hostLevel.check]!];
    [ticketId] = await t.ctx.db.transaction((tx) =>
      openTicketsForFindings(tx, {
        customerId,
        findings: sql`select f.id from findings f where f.id = any(${`{${tracked.join(',')}}`}::int[])`,
        grouping: 'by_asset',
        at: new Date(),
      }),
    );
    expect((await subtasks()).size).toBe(3);

    // Another customer's ticket is not there for this customer.
    const other = await t.otherCustomer();
    expect(await startRetest(t.ctx, other.customerId, ticketId, null)).toEqual({ reason: 'The ticket does not exist.' });

    // While a run of the scan is under way, no re-test of its findings starts.
    const busy = await regularRun();
    expect(await startRetest(t.ctx, customerId, ticketId, adminId)).toEqual({
      reason: 'A run of the scan that found these findings is under way: re-test when it ends.',
    });
    await deliver(busy, hostResult(ALL));

    // A ticket whose web findings' web run is gone cannot be re-tested.
    const [webOnly] = await t.ctx.db.transaction((tx) =>
      openTicketsForFindings(tx, { customerId, findings: sql`select ${ids[frame.check]!}::int`, grouping: 'individual', at: new Date() }),
    );
    await t.ctx.db.update(findings).set({ source: 'web' }).where(eq(findings.id, ids[frame.check]!));
    expect(await startRetest(t.ctx, customerId, webOnly!, adminId)).toEqual({
      reason: 'The scan runs that found the open findings no longer exist: scan their assets again to verify them.',
    });
    await t.ctx.db.update(findings).set({ source: 'network' }).where(eq(findings.id, ids[frame.check]!));
    await t.ctx.db.delete(tickets).where(eq(tickets.id, webOnly!));
  }, 60_000);

  let retestRun = 0;

  it('narrows the re-test to the host, its ports (a host-level finding: the open ones) and the tests, on the probe that found them', async () => {
    expect(await changeTicket(t.ctx, customerId, ticketId, { status: TICKET_STATUS.solution_applied }, { userId: adminId })).toBe(
      'applied',
    );
    retestRun = (await ticket()).retestRunId!;
    expect(retestRun).toBeGreaterThan(0);
    const [run] = await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, retestRun));
    expect(run).toMatchObject({
      scanId,
      targets: [HOST],
      probeId,
      retest: {
        ticketId,
        findingIds: [ids[git.check], ids[trace.check], ids[hostLevel.check]].sort((a, b) => a! - b!),
        tests: [hostLevel.check, git.check, trace.check].sort(),
      },
    });
    expect(run!.profile).toMatchObject({ standard_scan: false, custom_tcp_range: '80,8443', custom_udp_range: '161' });
    const tasks = await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.runId, retestRun));
    expect(tasks.map((x) => [x.targets, x.probeId])).toEqual([[[HOST], probeId]]);
    // A second request while it runs is refused.
    expect(await startRetest(t.ctx, customerId, ticketId, adminId)).toEqual({
      reason: `A re-test of this ticket is under way (run ${retestRun}).`,
    });
  });

  it('still seeing one finding: back to Open with its evidence, the closed ones’ subtasks Fixed, the port’s other finding left open', async () => {
    await deliver(retestRun, hostResult([ALL[0]!]));
    const row = await ticket();
    expect(row).toMatchObject({ status: TICKET_STATUS.open, retestRunId: null });
    const subs = await subtasks();
    expect(subs.get(ids[git.check]!)).toMatchObject({ status: TICKET_STATUS.open, open: true });
    expect(subs.get(ids[trace.check]!)).toMatchObject({ status: TICKET_STATUS.fixed, open: true });
    expect(subs.get(ids[hostLevel.check]!)).toMatchObject({ status: TICKET_STATUS.fixed, open: true });
    expect(await stateOf(ids[trace.check]!)).toBe(3);
    // Not on the re-test: X-Frame-Options on port 80 was not looked for, so it is not closed.
    expect(await stateOf(ids[frame.check]!)).not.toBe(3);
    const result = (await events()).filter((e) => e.kind === 'retest_result');
    expect(result).toHaveLength(1);
    expect(result[0]!.comment).toContain('1 of 3 finding(s) still seen');
    expect(result[0]!.comment).toContain(`Git repository exposed (.git/config) on ${HOST}:80/tcp`);
    expect(result[0]!.comment).toContain('Evidence: [core] repositoryformatversion = 0');
    expect(row.openFindings).toBe(1);

    // The hook again (a retried job): nothing more.
    const before = (await events()).length;
    await ticketsAfterRun(t.ctx, retestRun);
    expect((await events()).length).toBe(before);
  }, 60_000);

  it('a re-test that cannot reach the host leaves the ticket at Solution applied and says so', async () => {
    await changeTicket(t.ctx, customerId, ticketId, { status: TICKET_STATUS.solution_applied }, { userId: adminId });
    const runId = (await ticket()).retestRunId!;
    const [run] = await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, runId));
    // Only the one finding still open is re-tested.
    expect(run!.retest).toMatchObject({ findingIds: [ids[git.check]], tests: [git.check] });
    expect(run!.profile.custom_tcp_range).toBe('80');
    await deliver(runId, hostResult(null));
    const row = await ticket();
    expect(row).toMatchObject({ status: TICKET_STATUS.solution_applied, retestRunId: null });
    const last = (await events()).filter((e) => e.kind === 'retest_result').at(-1)!;
    expect(last.comment).toMatch(/could not reach .* the fix is not verified yet/);
  }, 60_000);

  it('a regular run that closes the last open finding fixes the ticket; the findings back reopen it once', async () => {
    const run = await regularRun();
    await deliver(run, hostResult([{ ...frame, port: 80, protocol: 'tcp' }]));
    expect(await stateOf(ids[git.check]!)).toBe(3);
    const row = await ticket();
    expect(row.status).toBe(TICKET_STATUS.fixed);
    const byScan = (await events()).filter((e) => e.source === 'scan' && e.changes.status).at(-1)!;
    expect(byScan.changes.status).toEqual([TICKET_STATUS.solution_applied, TICKET_STATUS.fixed]);

    // The findings come back: the fixed ticket reopens once for them.
    const back = await regularRun();
    await t.ctx.db
      .update(scanTasks)
      .set({ state: SCAN_TASK_STATE.process_results, result: hostResult(ALL) })
      .where(eq(scanTasks.runId, back));
    await startRunProcessing(t.ctx, back);
    await settleRunProcessing(t.ctx);
    await settleRunProcessed(back);
    // With every finding back, the ticket reopens once (all three of its findings in one reopen, one event each).
    const reopened = await ticket();
    expect(reopened).toMatchObject({ status: TICKET_STATUS.open, reopenCount: 1 });
    expect((await events()).filter((e) => e.kind === 'reopened')).toHaveLength(3);
  }, 60_000);

  it('does not reopen a fixed ticket for a finding that is on another open ticket meanwhile', async () => {
    // Close everything: the ticket becomes Fixed.
    const closing = await regularRun();
    await deliver(closing, hostResult([]));
    expect((await ticket()).status).toBe(TICKET_STATUS.fixed);
    // The trace finding comes back and is put on a new ticket before the hook runs for that run.
    const back = await regularRun();
    await t.ctx.db
      .update(scanTasks)
      .set({ state: SCAN_TASK_STATE.process_results, result: hostResult([ALL[2]!]) })
      .where(eq(scanTasks.runId, back));
    // Processing without the job queue's hook: the results alone, then a ticket by hand, then the hook.
    const { processRun } = await import('../src/modules/results/process.ts');
    await processRun(t.ctx.db, back);
    expect(await stateOf(ids[trace.check]!)).toBe(2);
    const [other] = await t.ctx.db.transaction((tx) =>
      openTicketsForFindings(tx, { customerId, findings: sql`select ${ids[trace.check]!}::int`, grouping: 'individual', at: new Date() }),
    );
    expect(other).toBeGreaterThan(0);
    await ticketsAfterRun(t.ctx, back);
    expect(await ticket()).toMatchObject({ status: TICKET_STATUS.fixed, reopenCount: 1 });
  }, 60_000);
  it('a network re-test that closes its findings keeps a ticket with a web finding it did not cover at Solution applied', async () => {
    // Everything back and open again, on a new ticket of the git finding and a (web) finding the re-test cannot cover.
    const back = await regularRun();
    await deliver(back, hostResult(ALL));
    await t.ctx.db.delete(tickets).where(eq(tickets.customerId, customerId));
    await t.ctx.db.update(findings).set({ source: 'web' }).where(eq(findings.id, ids[frame.check]!));
    const [mixed] = await t.ctx.db.transaction((tx) =>
      openTicketsForFindings(tx, {
        customerId,
        findings: sql`select f.id from findings f where f.id in (${ids[git.check]!}, ${ids[frame.check]!})`,
        grouping: 'by_asset',
        at: new Date(),
      }),
    );
    await changeTicket(t.ctx, customerId, mixed!, { status: TICKET_STATUS.solution_applied }, { userId: adminId });
    const runId = (await ticket(mixed)).retestRunId!;
    expect((await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, runId)))[0]!.retest).toMatchObject({
      findingIds: [ids[git.check]],
    });
    expect((await events(mixed)).find((e) => e.kind === 'retest_started')!.comment).toContain(
      `not re-tested: finding ${ids[frame.check]} (web finding)`,
    );
    await deliver(runId, hostResult([]));
    expect(await stateOf(ids[git.check]!)).toBe(3);
    expect(await ticket(mixed)).toMatchObject({ status: TICKET_STATUS.solution_applied, retestRunId: null });
    expect((await events(mixed)).filter((e) => e.kind === 'retest_result').at(-1)!.comment).toContain(
      'every re-tested finding is closed (1); 1 other finding(s) were not re-tested',
    );
  }, 60_000);
});
