// Ticket service levels: a rule's due dates by severity; the SLA pass (clock injected, never slept on) reminds once per
// due date some days before it and sends one overdue notice per overdue spell, on the customer's day (the time zone it
// names), to the assignee, the assignee team's address and the rule's channels, with an 'overdue' history row; a due
// date moved later starts a new spell; fixed tickets are never late; customers without unified remediation are left out.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemediationRule } from '@bulwark/core';
import { assets, customers, findings, notificationDeliveries, teams, ticketEvents, tickets } from '../src/db/schema/index.ts';
import { ticketSlaPass } from '../src/modules/remediation-rules/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setFlags, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';

const NOW = new Date('2026-03-10T09:00:00Z');
const at = (iso: string) => new Date(iso);

describe.each(BACKENDS)('ticket service levels on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let ticketId: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    t.ctx.clock = () => NOW;
    await setFlags(t.ctx, 1, ['unified-remediation']);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const owner = await t.user({ email: 'owner@example.com' });
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Ops', notificationEmail: 'ops@example.com' }).returning();
    const [host] = await t.ctx.db
      .insert(assets)
      .values({ customerId: 1, kind: 'host', type: 2, value: '10.1.0.1', name: 'web01' })
      .returning();
    await t.ctx.db.insert(findings).values([
      {
        customerId: 1,
        hostId: host!.id,
        key: 'cve:CVE-2024-6387@22/tcp',
        name: 'regreSSHion',
        severity: 4,
        confidence: 'confirmed',
        state: 1,
        exploitKnown: true,
        firstSeen: NOW,
        lastSeen: NOW,
      },
      {
        customerId: 1,
        hostId: host!.id,
        key: 'check:low@80/tcp',
        name: 'Banner',
        severity: 1,
        confidence: 'confirmed',
        state: 1,
        firstSeen: NOW,
        lastSeen: NOW,
      },
    ]);
    const rule = await admin.post<RemediationRule>('/api/remediation/rules/', {
      name: 'KEV in a week',
      conditions: { severity_min: 4 },
      actions: {
        open_ticket: { assignee_user: owner.id, assignee_team: team!.id, due_days: { 4: 7 }, remind_days_before: 2 },
        notify: { email: ['sec@example.com'], cc: ['boss@example.com'] },
      },
    });
    expect(rule.status).toBe(201);
    expect((await admin.post(`/api/remediation/rules/${rule.body.id}/run/`)).body).toEqual({ findings: 1, tickets: 1 });
    const [tk] = await t.ctx.db.select().from(tickets).where(eq(tickets.ruleId, rule.body.id));
    expect(tk!.dueDate).toBe('2026-03-17');
    ticketId = tk!.id;
    // A hand-made ticket without a due date and the low finding's: never reminded, never late.
  });
  afterAll(() => t.close());

  const deliveries = (event: string) =>
    t.ctx.db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.customerId, 1), eq(notificationDeliveries.event, event)));

  it('reminds once, the rule’s days before the due date', async () => {
    expect(await ticketSlaPass(t.ctx, at('2026-03-14T12:00:00Z'))).toEqual({ ticketsReminded: 0, ticketsOverdue: 0 });
    expect(await ticketSlaPass(t.ctx, at('2026-03-15T00:30:00Z'))).toEqual({ ticketsReminded: 1, ticketsOverdue: 0 });
    expect(await ticketSlaPass(t.ctx, at('2026-03-16T00:30:00Z'))).toEqual({ ticketsReminded: 0, ticketsOverdue: 0 });
    const sent = await deliveries('ticket_due_soon');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', target: 'owner@example.com, ops@example.com, sec@example.com' });
    expect(sent[0]!.subject).toMatch(/^Ticket due soon: #\d+ regreSSHion on web01$/);
  });

  it('is overdue after the due date on the customer’s day, noticed once per spell with a history row', async () => {
    // On the due date itself it is not late yet (UTC).
    expect(await ticketSlaPass(t.ctx, at('2026-03-17T12:00:00Z'))).toEqual({ ticketsReminded: 0, ticketsOverdue: 0 });
    // The customer lives in Auckland: 12:00 UTC on the 17th is already the 18th there.
    await t.ctx.db
      .update(customers)
      .set({ blackouts: { enabled: false, days_of_week: '0', start_time: '22:00', end_time: '06:00', time_zone: 'Pacific/Auckland' } })
      .where(eq(customers.id, 1));
    expect(await ticketSlaPass(t.ctx, at('2026-03-17T12:00:00Z'))).toEqual({ ticketsReminded: 0, ticketsOverdue: 1 });
    expect(await ticketSlaPass(t.ctx, at('2026-03-20T12:00:00Z'))).toEqual({ ticketsReminded: 0, ticketsOverdue: 0 });
    const late = await deliveries('ticket_overdue');
    expect(late).toHaveLength(1);
    expect(late[0]).toMatchObject({ target: 'owner@example.com, ops@example.com, sec@example.com' });
    expect(late[0]!.subject).toMatch(/^Ticket overdue: #\d+ regreSSHion on web01$/);
    const events = await t.ctx.db
      .select()
      .from(ticketEvents)
      .where(and(eq(ticketEvents.ticketId, ticketId), eq(ticketEvents.kind, 'overdue')));
    expect(events).toMatchObject([{ source: 'sla', at: at('2026-03-17T12:00:00Z') }]);
  });

  it('starts a new spell when the due date moves later; fixed tickets and customers without the flag are left alone', async () => {
    await t.ctx.db.update(tickets).set({ dueDate: '2026-03-25' }).where(eq(tickets.id, ticketId));
    expect(await ticketSlaPass(t.ctx, at('2026-03-20T12:00:00Z'))).toEqual({ ticketsReminded: 0, ticketsOverdue: 0 });
    expect(await ticketSlaPass(t.ctx, at('2026-03-22T12:00:00Z'))).toEqual({ ticketsReminded: 1, ticketsOverdue: 0 });
    await setFlags(t.ctx, 1, []);
    expect(await ticketSlaPass(t.ctx, at('2026-03-27T12:00:00Z'))).toEqual({ ticketsReminded: 0, ticketsOverdue: 0 });
    await setFlags(t.ctx, 1, ['unified-remediation']);
    expect(await ticketSlaPass(t.ctx, at('2026-03-27T12:00:00Z'))).toEqual({ ticketsReminded: 0, ticketsOverdue: 1 });
    await t.ctx.db.update(tickets).set({ dueDate: '2026-04-01', status: 2 }).where(eq(tickets.id, ticketId));
    expect(await ticketSlaPass(t.ctx, at('2026-04-10T12:00:00Z'))).toEqual({ ticketsReminded: 0, ticketsOverdue: 0 });
    expect(await deliveries('ticket_overdue')).toHaveLength(2);
  });
});
