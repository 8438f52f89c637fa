// Verified fixes of web findings on a real site on loopback: a web scan (Quick, passive tests) through the API finds a
// private address disclosed on a page (web-private-ip); a ticket of that finding set to Solution applied starts a web
// re-test of that application with only that web test; left as it is, the ticket goes back to Open with the evidence,
// and the application's other web findings (tests the re-test did not run) stay open; fixed, the ticket is Fixed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_STATUS, type WebProfile, type WebScan, type WebScanRunRow } from '@bulwark/core';
import { assets, findings, scanRuns, scanTasks, ticketEvents, tickets, users } from '../src/db/schema/index.ts';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { changeTicket, openTicketsForFindings } from '../src/modules/tickets/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';

const HOST = '127.0.29.20';
const TEST = 'web-private-ip';

describe('verified fixes of web findings (PGlite)', () => {
  let t: TestApp;
  let admin: Client;
  let site: Server;
  let siteUrl = '';
  let leaks = true;
  let customerId = 0;
  let adminId = 0;
  let webapp = 0;
  let ticketId = 0;
  let findingId = 0;

  /** A home page linking a contact page that names an internal address while `leaks`. */
  function startSite(): Promise<Server> {
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'text/html');
      if (url.pathname === '/') res.end('<html><title>Home</title><a href="/contact">Contact</a></html>');
      else if (url.pathname === '/contact')
        res.end(`<html><title>Contact</title><p>Write to us.</p>${leaks ? '<!-- backend at 10.20.30.40 -->' : ''}</html>`);
      else {
        res.statusCode = 404;
        res.end('not found');
      }
    });
    return new Promise((resolve) => server.listen(0, HOST, () => resolve(server)));
  }

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
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function runToEnd(runId: number): Promise<WebScanRunRow> {
    const until = Date.now() + 90_000;
    let run: WebScanRunRow | undefined;
    while (Date.now() < until) {
      run = (await admin.get<WebScanRunRow>(`/api/scan/wruns/${runId}/`)).body;
      if (run.status === 2 || run.status === 3) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(run, JSON.stringify(run)).toMatchObject({ status: 2 });
    await settleRunProcessing(t.ctx);
    await settleRunProcessed(runId);
    return run!;
  }

  const ticket = async () => (await t.ctx.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!;
  const events = () => t.ctx.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, ticketId)).orderBy(asc(ticketEvents.id));
  const otherFindings = () =>
    t.ctx.db
      .select()
      .from(findings)
      .where(and(eq(findings.hostId, webapp), sql`${findings.id} <> ${findingId}`));

  beforeAll(async () => {
    t = await startTestApp('pglite');
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const [me] = await t.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    customerId = me!.customerId!;
    adminId = me!.id;
    site = await startSite();
    siteUrl = `http://${HOST}:${(site.address() as AddressInfo).port}/`;
    const [row] = await t.ctx.db.insert(assets).values({ customerId, kind: 'webapp', value: siteUrl, type: 3 }).returning();
    webapp = row!.id;
    const profiles = (await admin.get<{ results: WebProfile[] }>('/api/scan/wprofiles/?page_size=100')).body.results;
    const quick = profiles.find((p) => p.name === 'Quick (passive only)')!;
    const scan = await admin.post<WebScan>('/api/scan/wscans/', { name: 'Contact site', assets: [webapp], profile: quick.id });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    await runToEnd(scan.body.last_run!);
  }, 150_000);

  afterAll(async () => {
    await settleRunProcessing(t.ctx).catch(() => undefined);
    site?.close();
    await t?.close();
  });

  it('finds the disclosed address and the site’s other passive findings; a ticket for the address', async () => {
    const [leak] = await t.ctx.db
      .select()
      .from(findings)
      .where(and(eq(findings.hostId, webapp), eq(findings.checkId, TEST)));
    expect(leak, 'web-private-ip finding').toBeDefined();
    findingId = leak!.id;
    expect((await otherFindings()).length).toBeGreaterThan(0);
    [ticketId] = await t.ctx.db.transaction((tx) =>
      openTicketsForFindings(tx, { customerId, findings: sql`select ${findingId}::int`, grouping: 'individual', at: new Date() }),
    );
  });

  async function solutionApplied(): Promise<number> {
    expect(await changeTicket(t.ctx, customerId, ticketId, { status: TICKET_STATUS.solution_applied }, { userId: adminId })).toBe(
      'applied',
    );
    const runId = (await ticket()).retestRunId;
    expect(runId, JSON.stringify(await events())).not.toBeNull();
    return runId!;
  }

  it('re-tests the application with only that web test; left as it is, the ticket goes back to Open', async () => {
    const runId = await solutionApplied();
    const [run] = await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, runId));
    expect(run).toMatchObject({ scanType: 'was', targets: [siteUrl], retest: { ticketId, findingIds: [findingId], tests: [TEST] } });
    const tasks = await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.runId, runId));
    expect(tasks.map((x) => x.targets)).toEqual([[siteUrl]]);
    const before = new Map((await otherFindings()).map((f) => [f.id, f.state]));
    await runToEnd(runId);
    expect(await ticket()).toMatchObject({ status: TICKET_STATUS.open, retestRunId: null });
    const result = (await events()).filter((e) => e.kind === 'retest_result').at(-1)!;
    expect(result.comment).toContain('1 of 1 finding(s) still seen');
    // The tests the re-test did not run say nothing: the application's other findings are as they were.
    for (const f of await otherFindings()) expect(f.state, f.checkId ?? '').toBe(before.get(f.id));
  }, 120_000);

  it('after the fix the web re-test closes the finding and the ticket is Fixed', async () => {
    leaks = false;
    const runId = await solutionApplied();
    await runToEnd(runId);
    expect((await t.ctx.db.select().from(findings).where(eq(findings.id, findingId)))[0]!.state).toBe(3);
    expect(await ticket()).toMatchObject({ status: TICKET_STATUS.fixed, retestRunId: null });
    expect((await otherFindings()).every((f) => f.state !== 3)).toBe(true);
  }, 120_000);
});
