// The one change path of a ticket (modules/tickets/change.ts) on every test database, as trackers, rules and re-tests
// use it: a tracker's change is applied once (a webhook and a poll bringing the same change id), a tracker's change
// made before Bulwark's own later edit of the same field does not overwrite it (other fields still apply), trackers are
// not held to people's transition rules, nothing to change is 'unchanged', another customer's ticket is 'not_found',
// and Solution applied asks for a re-test, recording why none started.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { changeTicket } from '../src/modules/tickets/index.ts';
import { openTicketsForFindings } from '../src/modules/tickets/open.ts';
import { BACKENDS } from './helpers/backends.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { seedTicketInventory } from './helpers/tickets.ts';

describe.each(BACKENDS)('changing a ticket on %s', (backend) => {
  let t: TestApp;
  let ticketId: number;
  let now = new Date('2026-11-20T10:00:00Z');
  const at = (iso: string) => new Date(iso);

  const ticket = async () =>
    (
      await queryRows<{ title: string; status: number; priority: number; version: number; closed_at: string | null }>(
        t.ctx.db,
        sql`select title, status, priority, version, closed_at::text from tickets where id = ${ticketId}`,
      )
    )[0]!;
  const events = () =>
    queryRows<{
      kind: string;
      source: string | null;
      external_id: string | null;
      comment: string | null;
      changes: Record<string, unknown>;
    }>(t.ctx.db, sql`select kind, source, external_id, comment, changes from ticket_events where ticket_id = ${ticketId} order by id`);

  beforeAll(async () => {
    t = await startTestApp(backend);
    t.ctx.clock = () => now;
    const inv = await seedTicketInventory(t, 1, 1);
    [ticketId] = await t.ctx.db.transaction((tx) =>
      openTicketsForFindings(tx, {
        customerId: 1,
        findings: sql`select id from findings where id = ${inv.findings['0:terrapin']!}`,
        grouping: 'individual',
        at: now,
      }),
    );
  });
  afterAll(() => t.close());

  it("applies a tracker's change once, by its change id", async () => {
    const jira = { userId: null, source: 'jira', externalId: '10001', externalAt: at('2026-11-20T10:00:00Z') };
    expect(await changeTicket(t.ctx, 1, ticketId, { priority: 3, comment: 'Raised in Jira' }, jira)).toBe('applied');
    expect(await changeTicket(t.ctx, 1, ticketId, { priority: 4 }, jira)).toBe('duplicate');
    expect(await ticket()).toMatchObject({ priority: 3, version: 2 });
    expect((await events()).at(-1)).toMatchObject({ kind: 'sync_in', source: 'jira', external_id: '10001', comment: 'Raised in Jira' });
  });

  it("keeps Bulwark's newer edit of a field over a tracker's older change of it; other fields of that change apply", async () => {
    now = at('2026-11-20T11:00:00Z');
    expect(await changeTicket(t.ctx, 1, ticketId, { title: 'Ours' }, { userId: 1 })).toBe('applied');
    // Made in Jira at 10:30, before our 11:00 edit, arriving afterwards.
    const late = { userId: null, source: 'jira', externalId: '10002', externalAt: at('2026-11-20T10:30:00Z') };
    expect(await changeTicket(t.ctx, 1, ticketId, { title: 'Theirs', priority: 2 }, late)).toBe('applied');
    expect(await ticket()).toMatchObject({ title: 'Ours', priority: 2 });
    const stale = { userId: null, source: 'jira', externalId: '10003', externalAt: at('2026-11-20T10:45:00Z') };
    expect(await changeTicket(t.ctx, 1, ticketId, { title: 'Theirs again' }, stale)).toBe('unchanged');
    // A change made after our edit wins.
    const fresh = { userId: null, source: 'jira', externalId: '10004', externalAt: at('2026-11-20T11:30:00Z') };
    now = at('2026-11-20T11:31:00Z');
    expect(await changeTicket(t.ctx, 1, ticketId, { title: 'Theirs, later' }, fresh)).toBe('applied');
    expect((await ticket()).title).toBe('Theirs, later');
  });

  it("holds people to the transition rules but not a tracker; closing sets closed_at; another customer's ticket is not found", async () => {
    expect(await changeTicket(t.ctx, 1, ticketId, { status: 3 }, { userId: 1 })).toBe('applied');
    expect((await ticket()).closed_at).not.toBeNull();
    await expect(changeTicket(t.ctx, 1, ticketId, { status: 2 }, { userId: 1 })).rejects.toMatchObject({
      statusCode: 400,
      body: { status: ['A ticket cannot go from Will not fix to Fixed.'] },
    });
    const servicenow = { userId: null, source: 'servicenow', externalId: '7', externalAt: now };
    expect(await changeTicket(t.ctx, 1, ticketId, { status: 2 }, servicenow)).toBe('applied');
    expect(await changeTicket(t.ctx, 1, ticketId, { status: 2 }, { userId: 1 })).toBe('unchanged');
    expect(await changeTicket(t.ctx, 2, ticketId, { title: 'x' }, { userId: 1 })).toBe('not_found');
    await expect(changeTicket(t.ctx, 1, ticketId, { assignee_user: 999_999 }, { userId: 1 })).rejects.toMatchObject({
      body: { assignee_user: ['Invalid pk "999999" - object does not exist.'] },
    });
  });

  it('tells the tracker sync of a change when the ticket is linked to a tracker other than the one it came from', async () => {
    const pushes = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            t.ctx.db,
            sql`select count(*)::int as n from pgboss.job where name = 'tracker-push' and (data->>'ticketId')::int = ${ticketId}`,
          )
        )[0]!.n,
      );
    expect(await changeTicket(t.ctx, 1, ticketId, { priority: 1 }, { userId: 1 })).toBe('applied');
    expect(await pushes()).toBe(0); // not linked: nobody to tell
    await t.ctx.db.execute(
      sql`insert into ticket_links (customer_id, ticket_id, tracker, sync_state) values (1, ${ticketId}, 'jira', 'in_sync')`,
    );
    const jira = { userId: null, source: 'jira', externalId: '20001', externalAt: now };
    expect(await changeTicket(t.ctx, 1, ticketId, { priority: 2 }, jira)).toBe('applied');
    expect(await pushes()).toBe(0); // never echoed back to Jira
    expect(await changeTicket(t.ctx, 1, ticketId, { priority: 3 }, { userId: 1 })).toBe('applied');
    expect(await pushes()).toBe(1);
    await t.ctx.db.execute(sql`delete from ticket_links where ticket_id = ${ticketId}`);
  });

  it('asks for a re-test on Solution applied and records why none started', async () => {
    expect(await changeTicket(t.ctx, 1, ticketId, { status: 0 }, { userId: 1 })).toBe('applied');
    expect(await changeTicket(t.ctx, 1, ticketId, { status: 1 }, { userId: 1 })).toBe('applied');
    const last = (await events()).at(-1)!;
    // The seeded finding came from no scan run, so there is nothing to re-run.
    expect(last).toMatchObject({ kind: 'retest_result', source: 'retest' });
    expect(last.comment).toMatch(/^Re-test not started: /);
  });
});
