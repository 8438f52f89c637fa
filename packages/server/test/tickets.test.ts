// Tickets through the API (remediation/tickets/ and its sub-calls) on every test database: creating from finding ids,
// an issue, an asset, a vulnerability-list filter and one finding (create-ticket-from-vuln), grouping and numbering,
// the list's filters and paging, one ticket by id or uuid, changes through the transition rules with their history,
// comments, watchers, subtasks (bulk update and delete), assets, vulnerabilities, related tickets, fixes grouped, the
// validity check, delete; and the guards: 401, 403, read-only, another customer (404), a LIMITED team member.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket, TicketEvent, TicketFix, TicketSubtask } from '@bulwark/core';
import { assetTags, tags, teamMembers, teams, teamTags, users } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { seedTicketInventory, type TicketInventory } from './helpers/tickets.ts';

type Page<T> = { count: number; next: string | null; results: T[] };
type Created = { created: Ticket[]; skipped: number };
const BASE = '/api/remediation/tickets/';
const NOW = new Date('2026-11-20T09:00:00Z');

describe.each(BACKENDS)('tickets API on %s', (backend) => {
  let t: TestApp;
  let inv: TicketInventory;
  let admin: Client;
  let worker: Client;
  let reader: Client;
  let nobody: Client;
  let member: Client;
  let rival: Client;
  let workerId: number;
  let rivalId: number;
  let rivalFinding: number;

  async function userWith(email: string, permissions: Record<string, string[]> = {}) {
    const u = await t.user({ email });
    await t.ctx.db.update(users).set({ permissions }).where(eq(users.id, u.id));
    return u;
  }
  const closeAll = () =>
    t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`update ticket_subtasks set open = false where customer_id = 1`);
      await tx.execute(sql`update tickets set status = 3 where customer_id = 1`);
    });

  beforeAll(async () => {
    t = await startTestApp(backend);
    t.ctx.clock = () => NOW;
    inv = await seedTicketInventory(t, 1, 4);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const all = ['read', 'create', 'update', 'delete'];
    workerId = (await userWith('worker@example.com', { tickets: all, unified_vulnerabilities: ['read'] })).id;
    worker = await signedIn(t, 'worker@example.com');
    await userWith('reader@example.com', { tickets: ['read'] });
    reader = await signedIn(t, 'reader@example.com');
    await userWith('nobody@example.com');
    nobody = await signedIn(t, 'nobody@example.com');
    const m = await userWith('member@example.com', { tickets: all });
    member = await signedIn(t, 'member@example.com');
    // The LIMITED member sees the first host only.
    const [tag] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'First host' }).returning();
    await t.ctx.db.insert(assetTags).values({ tagId: tag!.id, assetId: inv.hosts[0]!, customerId: 1 });
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Limited', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: m.id });
    await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId: tag!.id, role: 'permission' });
    const o = await t.otherCustomer('Rival');
    rivalId = o.adminId;
    rival = await signedIn(t, o.adminEmail);
    rivalFinding = (await seedTicketInventory(t, o.customerId, 1)).findings['0:terrapin']!;
  });
  afterAll(() => t.close());

  it('creates tickets from finding ids (individually by default), numbered per customer, and skips what is already ticketed', async () => {
    const ids = [inv.findings['0:terrapin']!, inv.findings['1:terrapin']!];
    const r = await worker.post<Created>(BASE, { finding_ids: ids, assignee_user: workerId, due_date: '2026-12-01' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.skipped).toBe(0);
    expect(r.body.created.map((x) => [x.number, x.title, x.type_label, x.grouping, x.status_key, x.simple_status, x.priority])).toEqual([
      [1, 'SSH Terrapin on 10.77.1.1', 'Vulnerability ticket', 'individual', 'OPEN', 'open', 2],
      [2, 'SSH Terrapin on 10.77.1.2', 'Vulnerability ticket', 'individual', 'OPEN', 'open', 2],
    ]);
    expect(r.body.created[0]).toMatchObject({
      assignee_user: { id: workerId, email: 'worker@example.com' },
      due_date: '2026-12-01',
      overdue: false,
      open_findings: 1,
      subtasks_count: 1,
      legacy_status: 0,
      created_by: { id: workerId },
    });
    const again = await worker.post<Created>(BASE, { finding_ids: ids });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ created: [], skipped: 2 });
    await closeAll();
  });

  it('creates by issue (by vulnerability), by asset and by a vulnerability-list filter, with a grouping of choice', async () => {
    const byIssue = await worker.post<Created>(BASE, { issue_id: inv.issues.terrapin });
    expect(byIssue.body.created.map((x) => [x.type, x.grouping, x.issue?.hid, x.asset, x.open_findings])).toEqual([
      [1, 'by_vulnerability', 'nvt-ssh-terrapin', null, 4],
    ]);
    const byAsset = await worker.post<Created>(BASE, { asset_id: inv.hosts[0] });
    // Terrapin on the host is on the issue ticket already: the asset ticket takes the OpenSSL finding only.
    expect(byAsset.body).toMatchObject({
      skipped: 1,
      created: [{ type: 2, grouping: 'by_asset', asset: { id: inv.hosts[0] }, open_findings: 1 }],
    });
    await closeAll();
    const byFilter = await worker.post<Created>(BASE, { filter: { severity: '4' }, grouping: 'by_asset', priority: 1 });
    expect(byFilter.status, JSON.stringify(byFilter.body)).toBe(201);
    expect(byFilter.body.created.map((x) => [x.asset?.name, x.priority, x.open_findings])).toEqual([
      ['10.77.1.1', 1, 1],
      ['10.77.1.2', 1, 1],
    ]);
    await closeAll();
  });

  it('answers 400 keyed by field for bad input', async () => {
    const none = await worker.post(BASE, {});
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ non_field_errors: ['Give exactly one of finding_ids, issue_id, asset_id or filter.'] });
    const bad = await worker.post(BASE, { finding_ids: [], grouping: 'by_team', due_date: '2026-02-30', priority: 9 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['due_date', 'finding_ids', 'grouping', 'priority']);
    expect(bad.body).toMatchObject({ finding_ids: ['Choose at least one finding.'], due_date: ['Enter a real date as YYYY-MM-DD.'] });
    const filter = await worker.post(BASE, { filter: { severity: 'nine' } });
    expect(filter.status).toBe(400);
    expect(Object.keys(filter.body)).toEqual(['filter.severity']);
    const missing = await worker.post(BASE, { issue_id: 999_999 });
    expect(missing.body).toEqual({ issue_id: ['Invalid pk "999999" - object does not exist.'] });
    const theirs = await worker.post(BASE, { finding_ids: [rivalFinding] });
    expect(theirs.body).toEqual({ finding_ids: ['None of these findings exist.'] });
    const assignee = await worker.post(BASE, { finding_ids: [inv.findings['2:terrapin']], assignee_user: rivalId });
    expect(assignee.body).toEqual({ assignee_user: [`Invalid pk "${rivalId}" - object does not exist.`] });
  });

  it('creates a ticket for one finding (create-ticket-from-vuln) and refuses a second while the first is open', async () => {
    const finding = inv.findings['2:terrapin']!;
    const r = await worker.post<Ticket>(`${BASE}create-ticket-from-vuln/${finding}/`, { due_date: '2026-11-01' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ title: 'SSH Terrapin on 10.77.1.3', overdue: true, asset: { name: '10.77.1.3' } });
    const again = await worker.post(`${BASE}create-ticket-from-vuln/${finding}/`, {});
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ finding: [`This finding is already on open ticket #${r.body.number}.`] });
    expect((await worker.post(`${BASE}create-ticket-from-vuln/${rivalFinding}/`, {})).status).toBe(404);
  });

  it('lists with filters, ordering and paging; reads one by id or uuid', async () => {
    const all = await worker.get<Page<Ticket>>(`${BASE}?page_size=2`);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(7);
    expect(all.body.results.map((x) => x.number)).toEqual([7, 6]);
    expect(all.body.next).toContain('page=2');
    const numbers = async (q: string) => (await worker.get<Page<Ticket>>(`${BASE}?page_size=100&${q}`)).body.results.map((x) => x.number);
    expect(await numbers('simple_status=open')).toEqual([7]);
    expect(await numbers('status=3&ordering=number')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await numbers('overdue=true')).toEqual([7]);
    expect(await numbers('type=2&status=0&status=3')).toEqual([6, 5, 4]);
    expect(await numbers(`asset=${inv.hosts[2]}`)).toEqual([7, 3]);
    expect(await numbers(`issue=${inv.issues.openssl}`)).toEqual([6, 5, 4]);
    expect(await numbers('search=10.77.1.2')).toEqual([6, 2]);
    expect(await numbers('search=%233')).toEqual([3]);
    expect(await numbers('number=2')).toEqual([2]);
    expect(await numbers(`assignee_user=${workerId}`)).toEqual([2, 1]);
    expect(await numbers('assigned_to_me=true')).toEqual([2, 1]);
    expect(await numbers('issue_threat_score_min=80&ordering=-asset_risk_score')).toEqual([6, 5, 4]);
    expect(await numbers('due_before=2026-11-30')).toEqual([7]);
    const bad = await worker.get(`${BASE}?status=9&ordering=nope&overdue=maybe`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['ordering', 'overdue', 'status']);

    const one = all.body.results[0]!;
    expect((await worker.get<Ticket>(`${BASE}${one.id}/`)).body.number).toBe(7);
    expect((await worker.get<Ticket>(`${BASE}${one.uuid}/`)).body.id).toBe(one.id);
    expect((await worker.get(`${BASE}not-a-ticket/`)).status).toBe(404);
  });

  it('changes a ticket through the transition rules, records who changed what, and keeps subtasks in step', async () => {
    const [ticket] = (await worker.get<Page<Ticket>>(`${BASE}?number=7`)).body.results;
    const url = `${BASE}${ticket!.id}/`;
    const changed = await worker.patch<Ticket>(url, { status: 4, priority: 4, due_date: '2026-12-24', comment: 'On it.' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ status: 4, status_label: 'In progress', priority: 4, due_date: '2026-12-24', overdue: false });
    const wrong = await worker.request('PUT', url, { status: 9, title: '' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body).sort()).toEqual(['status', 'title']);
    const fixed = await worker.patch<Ticket>(url, { status: 2 });
    expect(fixed.body).toMatchObject({ status_key: 'FIXED', simple_status: 'fixed', legacy_status: 1, open_findings: 0 });
    expect(fixed.body.closed_at).toBe(NOW.toISOString());
    const impossible = await worker.patch(url, { status: 3 });
    expect(impossible.status).toBe(400);
    expect(impossible.body).toEqual({ status: ['A ticket cannot go from Fixed to Will not fix.'] });
    // Closed: its finding may be ticketed again; reopening takes it back.
    const reopened = await worker.patch<Ticket>(url, { status: 0 });
    expect(reopened.body).toMatchObject({ status: 0, closed_at: null, open_findings: 1 });
    const history = await worker.get<Page<TicketEvent>>(`${url}history/`);
    expect(history.body.results.map((e) => [e.kind, Object.keys(e.changes).sort().join(), e.user?.id ?? null, e.comment])).toEqual([
      ['status', 'status', workerId, null],
      ['status', 'status', workerId, null],
      ['status', 'due_date,priority,status', workerId, 'On it.'],
      ['created', '', workerId, null],
    ]);
    expect(history.body.results[2]!.changes.status).toEqual([0, 4]);
    expect((await worker.get<Ticket>(url)).body.version).toBe(4);
  });

  it('takes comments and watchers', async () => {
    const [ticket] = (await worker.get<Page<Ticket>>(`${BASE}?number=7`)).body.results;
    const url = `${BASE}${ticket!.id}/`;
    const c = await worker.post<TicketEvent>(`${url}comments/`, { comment: '  Patched on Tuesday. ' });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ kind: 'comment', comment: 'Patched on Tuesday.', user: { id: workerId } });
    expect((await worker.post(`${url}comments/`, { comment: ' ' })).body).toEqual({ comment: ['This field may not be blank.'] });
    const comments = await reader.get<Page<TicketEvent>>(`${url}comments/`);
    expect(comments.body.results.map((e) => e.comment)).toEqual(['Patched on Tuesday.', 'On it.']);
    // Watching yourself needs read only; naming someone else needs update.
    const self = await reader.post<{ watchers: { email: string }[] }>(`${url}watchers/`);
    expect(self.status, JSON.stringify(self.body)).toBe(200);
    expect(self.body.watchers.map((w) => w.email)).toEqual(['reader@example.com']);
    expect((await reader.post(`${url}watchers/`, { user: workerId })).status).toBe(403);
    const both = await worker.post<{ watchers: { email: string }[] }>(`${url}watchers/`, { user: workerId });
    expect(both.body.watchers.map((w) => w.email)).toEqual(['reader@example.com', 'worker@example.com']);
    expect((await worker.post(`${url}watchers/`, { user: rivalId })).status).toBe(400);
    const left = await reader.request<{ watchers: { email: string }[] }>('DELETE', `${url}watchers/`);
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body.watchers.map((w) => w.email)).toEqual(['worker@example.com']);
  });

  it('lists subtasks, assets and vulnerabilities; updates and deletes subtasks in bulk; groups the fixes', async () => {
    const [ticket] = (await worker.get<Page<Ticket>>(`${BASE}?number=3`)).body.results; // the Terrapin issue ticket, closed
    await worker.patch(`${BASE}${ticket!.id}/`, { status: 0 });
    const url = `${BASE}${ticket!.id}/`;
    const subs = await worker.get<Page<TicketSubtask>>(`${url}subtasks/`);
    expect(subs.body.count).toBe(4);
    expect(subs.body.results.every((s) => s.name === 'SSH Terrapin' && s.hid === 'nvt-ssh-terrapin')).toBe(true);
    // Finding 2:terrapin is on open ticket 7, so reopening left its subtask closed here.
    expect(subs.body.results.filter((s) => s.open)).toHaveLength(3);
    expect((await worker.get<unknown[]>(`${url}asset/`)).body).toHaveLength(4);
    expect((await worker.get<{ hid: string; findings: number }[]>(`${url}vulnerability/`)).body).toEqual([
      expect.objectContaining({ hid: 'nvt-ssh-terrapin', findings: 4, open_findings: 3 }),
    ]);
    const open = subs.body.results.filter((s) => s.open).map((s) => s.id);
    const upd = await worker.post(`${url}subtask-update/`, { ids: open.slice(0, 2), status: 2 });
    expect(upd.body).toEqual({ count: 2 });
    expect((await worker.get<Ticket>(url)).body.open_findings).toBe(1);
    expect((await worker.post(`${url}subtask-update/`, { ids: [], status: 7 })).status).toBe(400);
    const del = await worker.post(`${url}subtask-delete/`, { ids: [open[2]!, 999_999] });
    expect(del.body).toEqual({ count: 1 });
    expect((await worker.get<Page<TicketSubtask>>(`${url}subtasks/`)).body.count).toBe(3);
    expect((await worker.get<Page<TicketEvent>>(`${url}history/?page_size=2`)).body.results.map((e) => e.comment)).toEqual([
      '1 subtask removed.',
      '2 subtasks set to Fixed.',
    ]);

    // Fixes grouped on an asset ticket: the openssl upgrade (three CVEs) first, then the OpenSSH solution.
    await closeAll();
    const asset = await worker.post<Created>(BASE, { asset_id: inv.hosts[0] });
    const fixes = await worker.get<{ results: TicketFix[] }>(`${BASE}${asset.body.created[0]!.id}/fixes/`);
    expect(fixes.body.results.map((f) => [f.fix, f.findings, f.cves.length, f.max_severity])).toEqual([
      ['Upgrade openssl to 3.0.13-1', 1, 3, 4],
      ['Upgrade OpenSSH to 9.6 or later.', 1, 1, 2],
    ]);
    const related = await worker.get<Ticket[]>(`${BASE}${asset.body.created[0]!.id}/related/`);
    expect(related.body.length).toBeGreaterThan(0);
  });

  it('checks a ticket number: valid, not valid, or not a number', async () => {
    const [open] = (await worker.get<Page<Ticket>>(`${BASE}?simple_status=open`)).body.results;
    expect((await reader.get(`${BASE}validity/${open!.number}/`)).body).toEqual({
      number: String(open!.number),
      validity: 'valid',
      message: 'Ticket is valid.',
    });
    expect((await reader.get(`${BASE}validity/1/`)).body).toMatchObject({ validity: 'not_valid', message: 'Ticket is not valid.' });
    const bad = await reader.get(`${BASE}validity/12a/`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ number: ['12a is not a valid ticket number.'] });
  });

  it('guards every call: 401, 403, read-only, another customer, a LIMITED member', async () => {
    const [one] = (await worker.get<Page<Ticket>>(`${BASE}?number=2`)).body.results;
    const url = `${BASE}${one!.id}/`;
    const anon = await anonymous(t);
    expect((await anon.get(BASE)).status).toBe(401);
    expect((await anon.get(url)).status).toBe(401);
    expect((await nobody.get(BASE)).status).toBe(403);
    expect((await nobody.get(url)).status).toBe(403);
    expect((await reader.get(url)).status).toBe(200);
    expect((await reader.patch(url, { title: 'Mine' })).status).toBe(403);
    expect((await reader.post(BASE, { finding_ids: [1] })).status).toBe(403);
    expect((await reader.post(`${url}subtask-update/`, { ids: [1], status: 2 })).status).toBe(403);
    expect((await reader.request('DELETE', url)).status).toBe(403);
    for (const path of ['', 'subtasks/', 'history/', 'comments/', 'fixes/', 'asset/', 'vulnerability/', 'related/', 'watchers/'])
      expect((await rival.get(`${url}${path}`)).status, path).toBe(404);
    expect((await rival.patch(url, { title: 'Theirs' })).status).toBe(404);
    expect((await rival.request('DELETE', url)).status).toBe(404);
    expect((await rival.get<Page<Ticket>>(BASE)).body.count).toBe(0);
    expect((await rival.get(`${BASE}validity/2/`)).body).toMatchObject({ validity: 'not_valid' });

    // The LIMITED member sees tickets with a finding on the first host (10.77.1.1) only, and only those subtasks.
    const seen = await member.get<Page<Ticket>>(`${BASE}?page_size=100`);
    const everything = await worker.get<Page<Ticket>>(`${BASE}?page_size=100`);
    expect(seen.body.count).toBeLessThan(everything.body.count);
    expect((await admin.get<Page<Ticket>>(`${BASE}?page_size=100`)).body.count).toBe(everything.body.count);
    for (const x of seen.body.results) {
      const subs = await member.get<Page<TicketSubtask>>(`${BASE}${x.id}/subtasks/`);
      expect(subs.body.results.every((s) => s.asset.name === '10.77.1.1')).toBe(true);
    }
    const hidden = everything.body.results.find((x) => !seen.body.results.some((y) => y.id === x.id))!;
    expect((await member.get(`${BASE}${hidden.id}/`)).status).toBe(404);
    expect((await member.patch(`${BASE}${hidden.id}/`, { title: 'x' })).status).toBe(404);
    const notMine = await member.post(BASE, { finding_ids: [inv.findings['3:terrapin']] });
    expect(notMine.body).toEqual({ finding_ids: ['None of these findings exist.'] });
  });

  it('deletes a ticket (204); its findings may be ticketed again', async () => {
    const [seven] = (await worker.get<Page<Ticket>>(`${BASE}?number=7`)).body.results;
    const r = await worker.request('DELETE', `${BASE}${seven!.id}/`);
    expect(r.status).toBe(204);
    expect((await worker.get(`${BASE}${seven!.id}/`)).status).toBe(404);
    const again = await worker.post<Ticket>(`${BASE}create-ticket-from-vuln/${inv.findings['2:terrapin']}/`, {});
    expect(again.status).toBe(201);
    // Every write is in the audit log.
    const audited = await t.ctx.db.execute(
      sql`select distinct action from audit_events where route like ${'/api/remediation/tickets/%'} and resource = 'tickets' order by action`,
    );
    expect((audited as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual(['create', 'delete', 'update']);
  });
});
