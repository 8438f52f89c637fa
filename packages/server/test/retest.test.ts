// Verified fixes, end to end on real services on loopback: Node HTTP servers expose /.git/config (the shipped check
// http-git-config-exposed flags it), a scan through the API finds it, a ticket is opened for one finding, "Solution
// applied" starts a re-test that reaches only that host and port with only that test (counted on the servers' side
// and read from the run and its task), the server left vulnerable sends the ticket back to Open with the evidence, the
// server fixed makes it Fixed; then a regular scan that sees the finding again reopens the ticket once (the hook run
// again changes nothing, the clock injected), and a regular scan that no longer sees it fixes it again.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_STATUS, type ScanRunRow } from '@bulwark/core';
import { findings, scanRuns, scanTasks, ticketEvents, tickets, ticketSubtasks, users } from '../src/db/schema/index.ts';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { changeTicket, openTicketsForFindings, ticketsAfterRun } from '../src/modules/tickets/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { finished, waitForRun } from './helpers/scans.ts';

const HOST_A = '127.0.29.1';
const HOST_B = '127.0.29.2';
const CHECK = 'http-git-config-exposed';

/** A web server that serves its .git/config while `vulnerable`, and counts every request it gets. */
class GitSite {
  vulnerable = true;
  requests = 0;
  port = 0;
  private readonly server = http.createServer((req, res) => {
    this.requests += 1;
    if (req.url === '/.git/config' && this.vulnerable) {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n');
      return;
    }
    res.writeHead(req.url === '/' ? 200 : 404, { 'Content-Type': 'text/html' });
    res.end(req.url === '/' ? '<html><body>site</body></html>' : 'Not Found');
  });
  // Sockets are counted too: a port scan connects without sending a request.
  connections = 0;

  constructor(readonly host: string) {
    this.server.on('connection', () => (this.connections += 1));
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ host: this.host, port: 0 }, () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
  }

  touched(): number {
    return this.requests + this.connections;
  }

  reset(): void {
    this.requests = 0;
    this.connections = 0;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

describe('verified fixes on real services (PGlite)', () => {
  let t: TestApp;
  let admin: Client;
  let customerId = 0;
  let adminId = 0;
  let scanId = 0;
  let ticketId = 0;
  let findingId = 0;
  const target = new GitSite(HOST_A);
  const sameHostOtherPort = new GitSite(HOST_A);
  const otherHost = new GitSite(HOST_B);
  const sites = [target, sameHostOtherPort, otherHost];

  /** Waits until the run-processed job of the run (tickets, then rules) has run. */
  async function settleRunProcessed(runId: number): Promise<void> {
    const until = Date.now() + 60_000;
    for (;;) {
      const rows = (await t.ctx.database.sql.executeSql(
        `select state from pgboss.job where name = 'run-processed' and (data->>'runId')::int = $1`,
        [runId],
      )) as unknown as { rows: { state: string }[] };
      if (rows.rows.some((r) => r.state === 'completed' || r.state === 'failed')) return;
      if (Date.now() > until) throw new Error(`run-processed of run ${runId} did not end: ${JSON.stringify(rows.rows)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function runToEnd(runId: number): Promise<ScanRunRow> {
    const run = await waitForRun(admin, runId, finished, 120_000);
    await settleRunProcessing(t.ctx);
    await settleRunProcessed(runId);
    return run;
  }

  const ticket = async () => (await t.ctx.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!;
  const finding = async () => (await t.ctx.db.select().from(findings).where(eq(findings.id, findingId)))[0]!;
  const events = () => t.ctx.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, ticketId)).orderBy(asc(ticketEvents.id));

  beforeAll(async () => {
    t = await startTestApp('pglite');
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const [me] = await t.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    customerId = me!.customerId!;
    adminId = me!.id;
    for (const s of sites) await s.start();
    // Only the web-server checks: the scan takes seconds on loopback.
    const profile = await admin.post<{ id: number }>('/api/scan/nprofiles/', {
      name: 'Git sites',
      standard_scan: false,
      custom_tcp_range: sites.map((s) => s.port).join(','),
      plus_categories: ['web-servers'],
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    const scan = await admin.post<{ id: number; last_run: number }>('/api/scan/nscans/', {
      name: 'Git sites on loopback',
      targets: [HOST_A, HOST_B],
      profile: profile.body.id,
    });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    scanId = scan.body.id;
    await runToEnd(scan.body.last_run);
  }, 180_000);

  afterAll(async () => {
    await settleRunProcessing(t.ctx).catch(() => undefined);
    for (const s of sites) await s.close().catch(() => undefined);
    await t?.close();
  });

  it('finds the exposed .git/config on every site and opens a ticket for one of them', async () => {
    const found = await t.ctx.db.select().from(findings).where(eq(findings.checkId, CHECK));
    expect(found.map((f) => f.port).sort()).toEqual(sites.map((s) => s.port).sort());
    const one = found.find((f) => f.port === target.port)!;
    findingId = one.id;
    const [id] = await t.ctx.db.transaction((tx) =>
      openTicketsForFindings(tx, {
        customerId,
        findings: sql`select ${findingId}::int`,
        grouping: 'individual',
        at: new Date(),
        createdBy: adminId,
      }),
    );
    ticketId = id!;
    expect((await ticket()).status).toBe(TICKET_STATUS.open);
  });

  async function solutionApplied(): Promise<number> {
    for (const s of sites) s.reset();
    expect(await changeTicket(t.ctx, customerId, ticketId, { status: TICKET_STATUS.solution_applied }, { userId: adminId })).toBe(
      'applied',
    );
    const row = await ticket();
    expect(row.retestRunId, JSON.stringify(await events())).not.toBeNull();
    return row.retestRunId!;
  }

  it('re-tests only the ticket’s host, port and test; left vulnerable, the ticket goes back to Open with the evidence', async () => {
    const runId = await solutionApplied();
    const [run] = await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, runId));
    expect(run!.scanId).toBe(scanId);
    expect(run!.targets).toEqual([HOST_A]);
    expect(run!.profile).toMatchObject({ standard_scan: false, custom_tcp_range: String(target.port), custom_udp_range: '' });
    expect(run!.retest).toEqual({ ticketId, findingIds: [findingId], tests: [CHECK] });
    const tasks = await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.runId, runId));
    expect(tasks.map((x) => x.targets)).toEqual([[HOST_A]]);
    const started = (await events()).find((e) => e.kind === 'retest_started')!;
    expect(started).toMatchObject({ userId: adminId, changes: { retest_run: [null, runId] } });

    await runToEnd(runId);
    // The target's side: only the ticket's port was reached.
    expect(target.touched()).toBeGreaterThan(0);
    expect(sameHostOtherPort.touched()).toBe(0);
    expect(otherHost.touched()).toBe(0);

    const row = await ticket();
    expect(row.status).toBe(TICKET_STATUS.open);
    expect(row.retestRunId).toBeNull();
    const result = (await events()).filter((e) => e.kind === 'retest_result');
    expect(result).toHaveLength(1);
    expect(result[0]!.comment).toMatch(/1 of 1 finding\(s\) still seen/);
    const status = (await events()).filter((e) => e.source === 'retest' && e.changes.status);
    expect(status.at(-1)!.changes.status).toEqual([TICKET_STATUS.solution_applied, TICKET_STATUS.open]);
    expect(status.at(-1)!.comment).toContain(`${HOST_A}:${target.port}/tcp`);
    expect((await finding()).state).not.toBe(3);
    // The other findings of the re-tested port (the checks the re-test did not run) are not closed by it.
    const others = await t.ctx.db
      .select()
      .from(findings)
      .where(and(eq(findings.port, target.port), sql`${findings.checkId} is distinct from ${CHECK}`));
    expect(others.every((f) => f.state !== 3)).toBe(true);
  }, 180_000);

  it('re-tests again after the fix: every finding closed, the ticket and its subtask are Fixed', async () => {
    target.vulnerable = false;
    const runId = await solutionApplied();
    await runToEnd(runId);
    expect(sameHostOtherPort.touched()).toBe(0);
    expect(otherHost.touched()).toBe(0);
    expect((await finding()).state).toBe(3);
    const row = await ticket();
    expect(row).toMatchObject({ status: TICKET_STATUS.fixed, retestRunId: null, reopenCount: 0 });
    const [sub] = await t.ctx.db.select().from(ticketSubtasks).where(eq(ticketSubtasks.ticketId, ticketId));
    expect(sub).toMatchObject({ status: TICKET_STATUS.fixed, open: false });
    const result = (await events()).filter((e) => e.kind === 'retest_result').at(-1)!;
    expect(result.comment).toMatch(/every finding is closed/);
    // The other sites' findings are untouched by either re-test.
    const untouched = await t.ctx.db
      .select()
      .from(findings)
      .where(and(eq(findings.checkId, CHECK), sql`${findings.id} <> ${findingId}`));
    expect(untouched.every((f) => f.state !== 3 && f.lastRunId !== runId)).toBe(true);
  }, 180_000);

  it('a fixed finding that comes back reopens its ticket once, with the evidence; a scan that closes it fixes it again', async () => {
    const NOW = new Date('2030-01-02T03:04:05.000Z');
    const realClock = t.ctx.clock;
    t.ctx.clock = () => NOW;
    try {
      target.vulnerable = true;
      const again = await admin.post<ScanRunRow>(`/api/scan/nscans/${scanId}/start/`, {});
      expect(again.status).toBe(201);
      await runToEnd(again.body.id);
      expect((await finding()).state).toBe(2);
      let row = await ticket();
      expect(row).toMatchObject({ status: TICKET_STATUS.open, reopenCount: 1 });
      const reopened = (await events()).filter((e) => e.kind === 'reopened');
      expect(reopened).toHaveLength(1);
      expect(reopened[0]).toMatchObject({ at: NOW, source: 'scan', changes: { finding: [null, findingId] } });
      expect(reopened[0]!.comment).toContain(`${HOST_A}:${target.port}/tcp`);
      const [sub] = await t.ctx.db.select().from(ticketSubtasks).where(eq(ticketSubtasks.ticketId, ticketId));
      expect(sub).toMatchObject({ status: TICKET_STATUS.open, open: true });

      // The hook run again for the same run (a retried job) changes nothing: never a second reopen.
      const before = (await events()).length;
      await ticketsAfterRun(t.ctx, again.body.id);
      row = await ticket();
      expect(row.reopenCount).toBe(1);
      expect((await events()).length).toBe(before);

      // Fixed for real: a regular scan no longer sees it, the ticket is Fixed by the scan.
      target.vulnerable = false;
      const fixed = await admin.post<ScanRunRow>(`/api/scan/nscans/${scanId}/start/`, {});
      await runToEnd(fixed.body.id);
      expect((await finding()).state).toBe(3);
      row = await ticket();
      expect(row).toMatchObject({ status: TICKET_STATUS.fixed, reopenCount: 1 });
      const byScan = (await events()).filter((e) => e.source === 'scan' && e.changes.status).at(-1)!;
      expect(byScan.changes.status).toEqual([TICKET_STATUS.open, TICKET_STATUS.fixed]);
      expect(byScan.at).toEqual(NOW);
    } finally {
      t.ctx.clock = realClock;
    }
  }, 240_000);
});
