// Verified fixes against a real Debian daemon (issue 29 proof): Debian's nginx serves three sites that expose
// /.git/config (two ports on one loopback address, one on another); a scan through the API finds it on each, a ticket
// is opened for one finding through the API, "Solution applied" (PATCH status 1) starts a re-test. With nginx left as it
// is, the re-test sees the finding again and the ticket goes back to Open with the evidence; then nginx's configuration
// is fixed (`location ~ /\.git { deny all; }`) and reloaded, "Solution applied" again re-tests and the ticket is Fixed.
// nginx's access logs are the target side's witness that each re-test reached only the ticket's site.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_STATUS, type ScanRunRow, type Ticket } from '@bulwark/core';
import { assets, findings, scanRuns, ticketEvents, tickets, ticketSubtasks } from '../src/db/schema/index.ts';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { NGINX, startNginxGitSites, type NginxGitSite, type NginxGitSites } from './helpers/nginx-git-sites.ts';
import { signedIn } from './helpers/sessions.ts';
import { finished, waitForRun } from './helpers/scans.ts';

// Addresses of their own: other re-test tests use 127.0.29.1 and .2.
const HOST_A = '127.0.29.21';
const HOST_B = '127.0.29.22';
const CHECK = 'http-git-config-exposed';
const TICKETS = '/api/remediation/tickets/';
const FINDING_FIXED = 3;

describe.skipIf(!NGINX)('verified fixes against Debian nginx fixed between two scans (PGlite)', () => {
  let t: TestApp;
  let admin: Client;
  let nginx: NginxGitSites;
  let target: NginxGitSite;
  let others: NginxGitSite[] = [];
  let scanId = 0;
  let findingId = 0;
  let ticketId = 0;

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
    const run = await waitForRun(admin, runId, finished, 60_000);
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
    nginx = await startNginxGitSites([HOST_A, HOST_A, HOST_B]);
    [target] = nginx.sites as [NginxGitSite];
    others = nginx.sites.slice(1);
    // Only the web-server checks, on nginx's ports: the scan takes seconds on loopback.
    const profile = await admin.post<{ id: number }>('/api/scan/nprofiles/', {
      name: 'nginx sites',
      standard_scan: false,
      custom_tcp_range: [...new Set(nginx.sites.map((s) => s.port))].join(','),
      plus_categories: ['web-servers'],
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    const scan = await admin.post<{ id: number; last_run: number }>('/api/scan/nscans/', {
      name: 'nginx on loopback',
      targets: [HOST_A, HOST_B],
      profile: profile.body.id,
    });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    scanId = scan.body.id;
    await runToEnd(scan.body.last_run);
  }, 120_000);

  afterAll(async () => {
    await settleRunProcessing(t?.ctx).catch(() => undefined);
    await nginx?.close();
    await t?.close();
  });

  it('the scan finds the exposed .git/config on every nginx site; a ticket is opened for one finding', async () => {
    const found = await t.ctx.db
      .select({ id: findings.id, address: assets.address, port: findings.port })
      .from(findings)
      .innerJoin(assets, eq(assets.id, findings.hostId))
      .where(eq(findings.checkId, CHECK));
    const where = (f: { address: string | null; port: number | null }) => `${f.address}:${f.port}`;
    expect(found.map(where).sort()).toEqual(nginx.sites.map((s) => `${s.host}:${s.port}`).sort());
    findingId = found.find((f) => where(f) === `${target.host}:${target.port}`)!.id;
    // nginx served the file: its log has the scan's request answered 200 on every site.
    for (const s of nginx.sites) expect(s.requests().some((l) => l.includes('"GET /.git/config HTTP/1.1" 200'))).toBe(true);

    const created = await admin.post<Ticket>(`${TICKETS}create-ticket-from-vuln/${findingId}/`, {});
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    ticketId = created.body.id;
    expect((await ticket()).status).toBe(TICKET_STATUS.open);
  });

  /** Marks the ticket Solution applied through the API; the re-test run it started, and each site's log length before it. */
  async function solutionApplied(): Promise<{ runId: number; before: number[] }> {
    const before = nginx.sites.map((s) => s.requests().length);
    const r = await admin.patch<Ticket>(`${TICKETS}${ticketId}/`, { status: TICKET_STATUS.solution_applied });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = await ticket();
    expect(row.retestRunId, JSON.stringify(await events())).not.toBeNull();
    const started = (await events()).filter((e) => e.kind === 'retest_started').at(-1)!;
    expect(started.changes).toMatchObject({ retest_run: [null, row.retestRunId] });
    return { runId: row.retestRunId!, before };
  }

  /** The requests a site logged since `before` (its log length then). */
  const since = (s: NginxGitSite, before: number) => s.requests().slice(before);

  it('nginx left as it is: the re-test reaches only the ticket’s site, sees the finding again, the ticket goes back to Open', async () => {
    const { runId, before } = await solutionApplied();
    const [run] = await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, runId));
    expect(run).toMatchObject({ scanId, targets: [HOST_A], retest: { ticketId, findingIds: [findingId], tests: [CHECK] } });
    expect(run!.profile).toMatchObject({ custom_tcp_range: String(target.port) });
    await runToEnd(runId);

    // The target side: the re-test asked the ticket's site for .git/config and got it; the other sites saw nothing.
    expect(since(target, before[0]!).some((l) => l.includes('"GET /.git/config HTTP/1.1" 200'))).toBe(true);
    others.forEach((s, i) => expect(since(s, before[i + 1]!)).toEqual([]));

    const row = await ticket();
    expect(row).toMatchObject({ status: TICKET_STATUS.open, retestRunId: null });
    const results = (await events()).filter((e) => e.kind === 'retest_result');
    expect(results).toHaveLength(1);
    expect(results[0]!.comment).toMatch(/1 of 1 finding\(s\) still seen/);
    const back = (await events()).filter((e) => e.source === 'retest' && e.changes.status).at(-1)!;
    expect(back.changes.status).toEqual([TICKET_STATUS.solution_applied, TICKET_STATUS.open]);
    // The evidence: where the finding was seen again.
    expect(back.comment).toContain(`${HOST_A}:${target.port}/tcp`);
    expect((await finding()).state).not.toBe(FINDING_FIXED);
  }, 90_000);

  it('nginx fixed and reloaded: the re-test no longer sees the finding, the ticket and its subtask are Fixed', async () => {
    await nginx.fix(target);
    const { runId, before } = await solutionApplied();
    await runToEnd(runId);

    // nginx now refuses .git/config to the re-test; the other sites (still vulnerable) were not reached.
    const asked = since(target, before[0]!).filter((l) => l.includes('GET /.git/config'));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((l) => l.includes('"GET /.git/config HTTP/1.1" 403'))).toBe(true);
    others.forEach((s, i) => expect(since(s, before[i + 1]!)).toEqual([]));

    expect((await finding()).state).toBe(FINDING_FIXED);
    const row = await ticket();
    expect(row).toMatchObject({ status: TICKET_STATUS.fixed, retestRunId: null, reopenCount: 0 });
    const [sub] = await t.ctx.db.select().from(ticketSubtasks).where(eq(ticketSubtasks.ticketId, ticketId));
    expect(sub).toMatchObject({ status: TICKET_STATUS.fixed, open: false });
    const all = await events();
    expect(all.filter((e) => e.kind === 'retest_started')).toHaveLength(2);
    const results = all.filter((e) => e.kind === 'retest_result');
    expect(results).toHaveLength(2);
    expect(results[1]!.comment).toMatch(/every finding is closed/);
    const fixedBy = all.filter((e) => e.source === 'retest' && e.changes.status).at(-1)!;
    expect(fixedBy.changes.status).toEqual([TICKET_STATUS.solution_applied, TICKET_STATUS.fixed]);
    // The other sites' findings stay open: the re-test judged only the ticket's.
    const rest = await t.ctx.db.select().from(findings).where(eq(findings.checkId, CHECK));
    expect(rest.filter((f) => f.id !== findingId).every((f) => f.state !== FINDING_FIXED && f.lastRunId !== runId)).toBe(true);
  }, 90_000);
});
