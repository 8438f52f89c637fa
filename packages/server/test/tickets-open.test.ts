// Opening tickets set-based (modules/tickets/open.ts), on every test database: each grouping makes its own set of
// tickets with a subtask per finding; numbers run on per customer; findings already on an open ticket are skipped
// (a rule run twice opens nothing the second time); priority, due date by severity, scores and the 'created' history.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { openTicketsForFindings } from '../src/modules/tickets/open.ts';
import { BACKENDS } from './helpers/backends.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { seedTicketInventory, type TicketInventory } from './helpers/tickets.ts';

const AT = new Date('2026-11-10T12:00:00Z');

describe.each(BACKENDS)('opening tickets for findings on %s', (backend) => {
  let t: TestApp;
  let inv: TicketInventory;
  let other: { customerId: number };
  let otherInv: TicketInventory;

  const ticketsOf = (customerId: number) =>
    queryRows<{
      id: number;
      number: number;
      type: number;
      grouping: string;
      title: string;
      priority: number;
      due_date: string | null;
      asset_id: number | null;
      issue_id: number | null;
      open_findings: number;
      asset_risk_score: number;
      issue_threat_score: number;
      subtasks: number;
      events: number;
      rule_id: number | null;
    }>(
      t.ctx.db,
      sql`select t.id, t.number, t.type, t.grouping, t.title, t.priority, t.due_date::text as due_date, t.asset_id, t.issue_id,
                 t.open_findings, t.asset_risk_score, t.issue_threat_score, t.rule_id,
                 (select count(*)::int from ticket_subtasks s where s.ticket_id = t.id) as subtasks,
                 (select count(*)::int from ticket_events e where e.ticket_id = t.id and e.kind = 'created') as events
          from tickets t where t.customer_id = ${customerId} order by t.number`,
    );

  beforeAll(async () => {
    t = await startTestApp(backend);
    inv = await seedTicketInventory(t, 1, 4);
    other = await t.otherCustomer();
    otherInv = await seedTicketInventory(t, other.customerId, 2);
  });
  afterAll(() => t.close());

  it('groups by vulnerability: one ticket per issue, a subtask per finding, priority and due date from the worst severity', async () => {
    const ids = await t.ctx.db.transaction((tx) =>
      openTicketsForFindings(tx, {
        customerId: 1,
        findings: sql`select id from findings where customer_id = 1`,
        grouping: 'by_vulnerability',
        dueDaysBySeverity: { 4: 7, 2: 90 },
        ruleId: 5,
        at: AT,
      }),
    );
    expect(ids).toHaveLength(2);
    const rows = await ticketsOf(1);
    // The riskier issue first: OpenSSL (2 hosts), then Terrapin (4 hosts).
    expect(rows.map((r) => [r.number, r.type, r.title, r.priority, r.due_date, r.subtasks, r.open_findings, r.events])).toEqual([
      [1, 1, 'OpenSSL 3.0.x vulnerabilities', 4, '2026-11-17', 2, 2, 1],
      [2, 1, 'SSH Terrapin', 2, '2027-02-08', 4, 4, 1],
    ]);
    expect(rows[0]).toMatchObject({
      issue_id: inv.issues.openssl,
      asset_id: null,
      issue_threat_score: 90,
      asset_risk_score: 20,
      rule_id: 5,
    });
  });

  it('is idempotent: findings on an open ticket are skipped, so a second run opens nothing', async () => {
    const again = await t.ctx.db.transaction((tx) =>
      openTicketsForFindings(tx, { customerId: 1, findings: sql`select id from findings`, grouping: 'individual', at: AT }),
    );
    expect(again).toEqual([]);
  });

  it('groups by asset and individually once the earlier tickets are closed; numbers go on; another customer is untouched', async () => {
    await t.ctx.db.execute(sql`update ticket_subtasks set open = false where customer_id = 1`);
    await t.ctx.db.execute(sql`update tickets set status = 2 where customer_id = 1`);
    const byAsset = await t.ctx.db.transaction((tx) =>
      openTicketsForFindings(tx, {
        customerId: 1,
        // Another customer's finding in the subquery is never ticketed for this one.
        findings: sql`select id from findings where id <> ${inv.findings['3:terrapin']!}`,
        grouping: 'by_asset',
        title: 'Patch me',
        dueDate: '2026-12-01',
        priority: 3,
        at: AT,
      }),
    );
    expect(byAsset).toHaveLength(3);
    const rows = (await ticketsOf(1)).slice(2);
    expect(rows.map((r) => [r.number, r.type, r.title, r.priority, r.due_date, r.subtasks, r.asset_id, r.issue_id])).toEqual([
      [3, 2, 'Patch me', 3, '2026-12-01', 2, inv.hosts[0], null],
      [4, 2, 'Patch me', 3, '2026-12-01', 2, inv.hosts[1], null],
      [5, 2, 'Patch me', 3, '2026-12-01', 1, inv.hosts[2], inv.issues.terrapin],
    ]);
    const single = await t.ctx.db.transaction((tx) =>
      openTicketsForFindings(tx, {
        customerId: 1,
        findings: sql`select id from findings`,
        grouping: 'individual',
        at: AT,
        createdBy: null,
      }),
    );
    expect(single).toHaveLength(1);
    expect((await ticketsOf(1)).at(-1)).toMatchObject({ number: 6, title: 'SSH Terrapin on 10.77.1.4', subtasks: 1, type: 1 });
    expect(await ticketsOf(other.customerId)).toEqual([]);
    const theirs = await t.ctx.db.transaction((tx) =>
      openTicketsForFindings(tx, {
        customerId: other.customerId,
        findings: sql`select id from findings where id = ${otherInv.findings['0:terrapin']!}`,
        grouping: 'individual',
        at: AT,
      }),
    );
    expect(theirs).toHaveLength(1);
    expect((await ticketsOf(other.customerId))[0]).toMatchObject({ number: 1 });
  });
});
