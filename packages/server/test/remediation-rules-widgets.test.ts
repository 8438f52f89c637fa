// The ticket dashboard widgets through the widget preview (the same data a saved widget answers): open tickets by status
// with the links the chart opens, overdue tickets (the ticket list's rule at the injected clock, the most overdue first)
// and the median days to fix by severity within the window; a LIMITED team member counts only the tickets it sees;
// the widgets can be saved on a dashboard with their display types.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WidgetData } from '@bulwark/core';
import { assets, assetTags, findings, tags, teamMembers, teams, teamTags, tickets, ticketSubtasks } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setFlags, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

const NOW = new Date('2026-03-10T09:00:00Z');
const at = (iso: string) => new Date(iso);

describe.each(BACKENDS)('ticket widgets on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let limited: Client;

  beforeAll(async () => {
    t = await startTestApp(backend);
    t.ctx.clock = () => NOW;
    await setFlags(t.ctx, 1, ['unified-remediation']);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const member = await t.user({ email: 'member@example.com' });
    limited = await signedIn(t, 'member@example.com');
    const db = t.ctx.db;
    const [prod] = await db.insert(tags).values({ customerId: 1, name: 'Production' }).returning();
    const [team] = await db.insert(teams).values({ customerId: 1, name: 'Ops', assetPermissions: 'LIMITED' }).returning();
    await db.insert(teamMembers).values({ teamId: team!.id, userId: member.id });
    await db.insert(teamTags).values({ teamId: team!.id, tagId: prod!.id, role: 'permission' });
    const [a, b] = await db
      .insert(assets)
      .values([
        { customerId: 1, kind: 'host', type: 2, value: '10.2.0.1', name: 'prod01' },
        { customerId: 1, kind: 'host', type: 2, value: '10.2.0.2', name: 'lab01' },
      ])
      .returning();
    await db.insert(assetTags).values({ customerId: 1, assetId: a!.id, tagId: prod!.id });

    // One finding (and one ticket) per row: status, priority, due date, created, closed, host.
    const plan: [number, number, string | null, string, string | null, number][] = [
      [0, 4, '2026-03-01', '2026-02-20T10:00:00Z', null, a!.id], // open, 9 days late, seen by the member
      [4, 3, '2026-03-20', '2026-03-01T10:00:00Z', null, b!.id], // in progress, not yet due
      [1, 2, '2026-03-05', '2026-03-01T10:00:00Z', null, b!.id], // solution applied, 5 days late
      [0, 1, null, '2026-03-01T10:00:00Z', null, b!.id], // open, no due date
      [2, 4, '2026-03-08', '2026-03-01T00:00:00Z', '2026-03-05T00:00:00Z', b!.id], // fixed in 4 days
      [2, 4, '2026-03-08', '2026-03-01T00:00:00Z', '2026-03-09T00:00:00Z', b!.id], // fixed in 8 days
      [2, 4, '2026-03-08', '2026-02-20T00:00:00Z', '2026-03-08T00:00:00Z', b!.id], // fixed in 16 days
      [2, 3, null, '2026-03-02T00:00:00Z', '2026-03-04T00:00:00Z', b!.id], // fixed in 2 days
      [2, 3, null, '2025-01-02T00:00:00Z', '2025-02-04T00:00:00Z', b!.id], // fixed outside the window
      [3, 4, '2026-01-01', '2025-12-01T00:00:00Z', '2025-12-02T00:00:00Z', b!.id], // will not fix: neither open nor late
    ];
    for (const [i, [status, priority, due, created, closed, hostId]] of plan.entries()) {
      const [f] = await db
        .insert(findings)
        .values({
          customerId: 1,
          hostId,
          key: `check:w${i}@80/tcp`,
          name: `Finding ${i}`,
          severity: priority,
          confidence: 'confirmed',
          state: closed ? 3 : 1,
          firstSeen: at(created),
          lastSeen: NOW,
        })
        .returning();
      const [tk] = await db
        .insert(tickets)
        .values({
          customerId: 1,
          number: i + 1,
          type: 1,
          title: `Ticket ${i + 1}`,
          status,
          priority,
          dueDate: due,
          createdAt: at(created),
          closedAt: closed ? at(closed) : null,
        })
        .returning();
      await db
        .insert(ticketSubtasks)
        .values({ customerId: 1, ticketId: tk!.id, findingId: f!.id, status, open: status !== 2 && status !== 3 });
    }
  });
  afterAll(() => t.close());

  const preview = async (c: Client, kind: string, config: Record<string, unknown> = {}) => {
    const r = await c.post<WidgetData>('/api/dashboard/widgets/preview/', { kind, config });
    expect(r.status).toBe(200);
    return r.body;
  };

  it('counts open tickets by status, each segment opening its list', async () => {
    expect(await preview(admin, 'tickets_by_status')).toEqual({
      kind: 'tickets_by_status',
      segments: [
        { status: 0, label: 'Open', count: 2, link: '/remediation/unified-tickets?status=0' },
        { status: 4, label: 'In progress', count: 1, link: '/remediation/unified-tickets?status=4' },
        { status: 1, label: 'Solution applied', count: 1, link: '/remediation/unified-tickets?status=1' },
      ],
      total: 4,
      link: '/remediation/unified-tickets?status=0&status=4&status=1',
    });
  });

  it('lists overdue tickets, the most overdue first, as the ticket list counts them', async () => {
    const data = await preview(admin, 'overdue_tickets');
    expect(data).toMatchObject({ kind: 'overdue_tickets', count: 2, with_due_date: 3, link: '/remediation/unified-tickets?overdue=true' });
    const items = (data as Extract<WidgetData, { kind: 'overdue_tickets' }>).items;
    expect(items.map((i) => [i.number, i.due_date, i.days_overdue])).toEqual([
      [1, '2026-03-01', 9],
      [3, '2026-03-05', 5],
    ]);
    expect(items[0]!.link).toMatch(/^\/remediation\/unified-tickets\/view\/[0-9a-f-]{36}$/);
    // The same count as the ticket list's overdue filter.
    const list = await admin.get<{ count: number }>('/api/remediation/tickets/?overdue=true');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
  });

  it('gives the median days to fix by severity within the window', async () => {
    expect(await preview(admin, 'ticket_time_to_fix', { days: 90 })).toEqual({
      kind: 'ticket_time_to_fix',
      by_severity: [
        { severity: 4, days: 8, fixed: 3 },
        { severity: 3, days: 2, fixed: 1 },
        { severity: 2, days: null, fixed: 0 },
        { severity: 1, days: null, fixed: 0 },
      ],
      days: 90,
    });
  });

  it('shows a LIMITED member only the tickets on assets it sees', async () => {
    expect(await preview(limited, 'tickets_by_status')).toMatchObject({ total: 1 });
    expect(await preview(limited, 'overdue_tickets')).toMatchObject({ count: 1, with_due_date: 1 });
    expect((await preview(limited, 'ticket_time_to_fix')).kind).toBe('ticket_time_to_fix');
  });

  it('saves them on a dashboard with their display types; signed-out callers get 401', async () => {
    const dash = await admin.post<{ id: number }>('/api/dashboard/dashboards/', { name: 'Remediation' });
    expect(dash.status).toBe(201);
    for (const [kind, display_type] of [
      ['tickets_by_status', 1],
      ['overdue_tickets', 3],
      ['ticket_time_to_fix', 8],
    ] as const) {
      const w = await admin.post<{ id: number; kind: string }>('/api/dashboard/widgets/', { dashboard: dash.body.id, kind, display_type });
      expect(w.status, kind).toBe(201);
      const got = await admin.get<{ data: WidgetData }>(`/api/dashboard/widgets/${w.body.id}/`);
      expect(got.body.data.kind).toBe(kind);
    }
    const wrong = await admin.post('/api/dashboard/widgets/', { dashboard: dash.body.id, kind: 'overdue_tickets', display_type: 2 });
    expect(wrong.body).toEqual({ display_type: ['This kind cannot be drawn that way.'] });
    expect((await (await anonymous(t)).post('/api/dashboard/widgets/preview/', { kind: 'overdue_tickets' })).status).toBe(401);
  });
});
