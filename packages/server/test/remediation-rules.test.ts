// Remediation rules through the API (remediation/rules/, "policies"): create 201 / change 200 / delete 204 with the
// field messages (conditions errors first, as §8 shows them), 409 on a taken name, ids of another customer refused;
// the preview count before saving (grouping, ignored, closed, below-QoD, archived and already-ticketed findings left
// out; a LIMITED member counts only what it sees); a run that opens tickets with due dates by severity, idempotent;
// push_to links; the evaluation after a processed run limited to that run's findings; and the guards: 401, 403
// without the permission or the flag, another customer's rule 404, a LIMITED member may not change or run rules.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemediationRule, RemediationRulePreview, RemediationRuleRun } from '@bulwark/core';
import {
  assets,
  assetTags,
  findings,
  issues,
  notificationDeliveries,
  scanRunFindings,
  scanRuns,
  scans,
  tags,
  teamMembers,
  teams,
  teamTags,
  ticketLinks,
  tickets,
  ticketSubtasks,
  users,
} from '../src/db/schema/index.ts';
import { queryRows } from '../src/db/rows.ts';
import { rulesAfterRun } from '../src/modules/remediation-rules/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setFlags, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; results: T[] };
const DAY = 86_400_000;
const NOW = new Date('2026-03-10T09:00:00Z');
const URL = '/api/remediation/rules/';

describe.each(BACKENDS)('remediation rules on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let reader: Client;
  let nobody: Client;
  let limited: Client;
  let rival: Client;
  let rivalCustomer: number;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(backend);
    t.ctx.clock = () => NOW;
    await setFlags(t.ctx, 1, ['unified-remediation']);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await t.user({ email: 'reader@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { remediation_rules: ['read'] } })
      .where(eq(users.id, r.id));
    reader = await signedIn(t, 'reader@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    const l = await t.user({ email: 'limited@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { remediation_rules: ['read', 'create', 'update', 'delete', 'execute'] } })
      .where(eq(users.id, l.id));
    id.limitedUser = l.id;
    limited = await signedIn(t, 'limited@example.com');
    const other = await t.otherCustomer('Rival Corp');
    rivalCustomer = other.customerId;
    await setFlags(t.ctx, rivalCustomer, ['unified-remediation']);
    rival = await signedIn(t, other.adminEmail);

    const db = t.ctx.db;
    const [prod, dev] = await db
      .insert(tags)
      .values([
        { customerId: 1, name: 'Production' },
        { customerId: 1, name: 'Development' },
      ])
      .returning();
    id.prod = prod!.id;
    id.dev = dev!.id;
    const [team] = await db
      .insert(teams)
      .values({ customerId: 1, name: 'Ops', assetPermissions: 'LIMITED', notificationEmail: 'ops@example.com' })
      .returning();
    id.team = team!.id;
    await db.insert(teamMembers).values({ teamId: team!.id, userId: l.id });
    await db.insert(teamTags).values({ teamId: team!.id, tagId: prod!.id, role: 'permission' });
    const [rivalTag] = await db.insert(tags).values({ customerId: rivalCustomer, name: 'Theirs' }).returning();
    id.rivalTag = rivalTag!.id;

    // web01 (Production, critical), db01 (Production), dev01 (Development), old01 (archived).
    const hosts = await db
      .insert(assets)
      .values([
        { customerId: 1, kind: 'host', type: 2, value: '10.0.0.1', address: '10.0.0.1', name: 'web01', criticality: 4 },
        { customerId: 1, kind: 'host', type: 2, value: '10.0.0.2', address: '10.0.0.2', name: 'db01' },
        { customerId: 1, kind: 'host', type: 2, value: '10.0.0.3', address: '10.0.0.3', name: 'dev01' },
        {
          customerId: 1,
          kind: 'host',
          type: 2,
          value: '10.0.0.4',
          address: '10.0.0.4',
          name: 'old01',
          archivedAt: new Date(NOW.getTime() - DAY),
        },
      ])
      .returning();
    [id.web, id.db, id.dev01, id.old] = hosts.map((h) => h.id);
    await db.insert(assetTags).values([
      { customerId: 1, assetId: id.web!, tagId: id.prod },
      { customerId: 1, assetId: id.db!, tagId: id.prod },
      { customerId: 1, assetId: id.dev01!, tagId: id.dev },
    ]);
    const seen = { firstSeen: new Date(NOW.getTime() - 40 * DAY), lastSeen: NOW };
    const [openssh, log4j] = await db
      .insert(issues)
      .values([
        { customerId: 1, hid: 'CVE-2024-6387', cve: 'CVE-2024-6387', name: 'regreSSHion', severity: 4, exploitKnown: true, ...seen },
        { customerId: 1, hid: 'CVE-2021-44228', cve: 'CVE-2021-44228', name: 'Log4Shell', severity: 4, ...seen },
      ])
      .returning();
    id.openssh = openssh!.id;
    id.log4j = log4j!.id;
    const f = (hostId: number, key: string, o: Partial<typeof findings.$inferInsert>) => ({
      customerId: 1,
      hostId,
      key,
      name: key,
      severity: 2,
      confidence: 'confirmed',
      state: 1,
      qod: 80,
      ...seen,
      ...o,
    });
    const rows = await db
      .insert(findings)
      .values([
        // Critical, KEV, on both Production hosts and the dev host: the rule's targets.
        f(id.web!, 'cve:CVE-2024-6387@22/tcp', {
          severity: 4,
          exploitKnown: true,
          riskScore: 90,
          cve: 'CVE-2024-6387',
          cves: ['CVE-2024-6387'],
          issueId: id.openssh,
          epss: 0.9,
        }),
        f(id.db!, 'cve:CVE-2024-6387@22/tcp', {
          severity: 4,
          exploitKnown: true,
          riskScore: 85,
          cve: 'CVE-2024-6387',
          cves: ['CVE-2024-6387'],
          issueId: id.openssh,
          epss: 0.9,
        }),
        f(id.dev01!, 'cve:CVE-2024-6387@22/tcp', {
          severity: 4,
          exploitKnown: true,
          riskScore: 80,
          cve: 'CVE-2024-6387',
          cves: ['CVE-2024-6387'],
          issueId: id.openssh,
          epss: 0.9,
        }),
        // High, not KEV, on web01.
        f(id.web!, 'cve:CVE-2021-44228@8080/tcp', {
          severity: 3,
          riskScore: 60,
          cve: 'CVE-2021-44228',
          cves: ['CVE-2021-44228'],
          issueId: id.log4j,
          epss: 0.97,
        }),
        // Left out by every rule: ignored, closed, below the minimum QoD, on an archived asset.
        f(id.web!, 'check:ignored@443/tcp', { severity: 4, exploitKnown: true, ignoreKind: 1, ignoreReason: 1 }),
        f(id.web!, 'check:closed@443/tcp', { severity: 4, exploitKnown: true, state: 3, closedAt: NOW }),
        f(id.web!, 'check:weak@443/tcp', { severity: 4, exploitKnown: true, qod: 30 }),
        f(id.old!, 'check:old@22/tcp', { severity: 4, exploitKnown: true }),
        // Medium, young (first seen yesterday).
        f(id.db!, 'check:young@80/tcp', { severity: 2, firstSeen: new Date(NOW.getTime() - DAY), riskScore: 20 }),
      ])
      .returning();
    [id.fWebSsh, id.fDbSsh, id.fDevSsh, id.fLog4j] = rows.map((r) => r.id);
    id.fYoung = rows[8]!.id;
  });
  afterAll(() => t.close());

  const kevRule = (extra: Record<string, unknown> = {}) => ({
    name: 'Known exploited criticals',
    conditions: { kev: true, severity_min: 4 },
    actions: { open_ticket: { grouping: 'individual', assignee_team: id.team, due_days: { 4: 7, 3: 30 } } },
    ...extra,
  });

  it('checks its fields with messages people understand, keyed by field', async () => {
    const empty = await admin.post(URL, { name: '', conditions: {}, actions: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      name: ['This field may not be blank.'],
      conditions: ['Give at least one condition (a rule without any would ticket every finding).'],
      actions: ['Choose at least one action: open a ticket or notify.'],
    });
    const bad = await admin.post(URL, {
      name: 'Bad',
      conditions: { severity_min: 7, epss_min: 2, cves: ['log4shell'], risk_score_min: 50, risk_score_max: 10, colour: 'red' },
      actions: { open_ticket: { grouping: 'by_team', due_days: { 4: 0 } }, push_to: { tracker: 'bugzilla' } },
    });
    expect(bad.status).toBe(400);
    // §8 shows the first item of the conditions error: each says which condition it is about.
    expect((bad.body as Record<string, string[]>).conditions).toEqual(
      expect.arrayContaining([
        'Lowest severity: choose a severity from 0 (Info) to 4 (Critical).',
        'Lowest EPSS: enter a probability from 0 to 1.',
        'CVE: give CVE ids such as CVE-2024-6387.',
      ]),
    );
    expect((bad.body as Record<string, string[]>).actions).toEqual(
      expect.arrayContaining([
        'Grouping: choose individual, by_asset, by_vulnerability.',
        'Due date (Critical): enter a number of days from 1 to 3650.',
        'Push to: choose jira, servicenow, topdesk.',
      ]),
    );
    const order = await admin.post(URL, {
      name: 'Order',
      conditions: { risk_score_min: 50, risk_score_max: 10 },
      actions: { notify: { email: ['a@example.com'] } },
    });
    expect(order.body).toEqual({ conditions: ['Risk score: the highest is below the lowest.'] });
    const push = await admin.post(URL, { name: 'Push', conditions: { kev: true }, actions: { notify: {}, push_to: { tracker: 'jira' } } });
    expect(push.body).toEqual({ actions: ['Push to a tracker needs the rule to open a ticket.'] });
    // Another customer's ids are unknown here.
    const foreign = await admin.post(URL, {
      name: 'Foreign',
      conditions: { tags_any: [id.rivalTag] },
      actions: { open_ticket: { assignee_user: 999_999 } },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({
      conditions: [`Tags: no tag with id ${id.rivalTag}.`],
      actions: ['Assignee: no user with id 999999.'],
    });
  });

  it('previews what it would ticket before saving: counts by grouping, leaving out what no rule tickets', async () => {
    const preview = (body: unknown, c: Client = admin) => c.post<RemediationRulePreview>(`${URL}preview/`, body);
    const kev = await preview({ conditions: { kev: true, severity_min: 4 } });
    expect(kev.status).toBe(200);
    // Ignored, closed, below-QoD and archived findings are not counted.
    expect(kev.body).toEqual({ findings: 3, tickets: 3, assets: 3, issues: 1 });
    expect((await preview({ conditions: { kev: true }, actions: { open_ticket: { grouping: 'by_vulnerability' } } })).body).toMatchObject({
      findings: 3,
      tickets: 1,
    });
    expect((await preview({ conditions: { severity_min: 3 }, actions: { open_ticket: { grouping: 'by_asset' } } })).body).toMatchObject({
      findings: 4,
      tickets: 3,
    });
    // Each condition kind narrows as it says.
    const count = async (conditions: Record<string, unknown>) => (await preview({ conditions })).body.findings;
    expect(await count({ tags_any: [id.prod] })).toBe(4);
    expect(await count({ tags_all: [id.prod, id.dev] })).toBe(0);
    expect(await count({ tags_minus: [id.prod] })).toBe(1);
    expect(await count({ asset_criticality_min: 4 })).toBe(2);
    expect(await count({ cves: ['cve-2021-44228'] })).toBe(1);
    expect(await count({ issues: [id.openssh] })).toBe(3);
    expect(await count({ epss_min: 0.95 })).toBe(1);
    expect(await count({ risk_score_min: 82, risk_score_max: 88 })).toBe(1);
    expect(await count({ severities: [2] })).toBe(1);
    expect(await count({ first_seen_days: 30 })).toBe(4);
    expect(await count({ first_seen_days: 0 })).toBe(5);
    expect(await count({ sources: ['web'] })).toBe(0);
    expect(await count({ confidence: ['confirmed'], detection: ['active-check'] })).toBe(0);
    // An exception for dev01's address keeps its finding out of the rule (deleted, it no longer does).
    const exception = await admin.post<{ id: number }>('/api/exclusions/exclusions/', { value: '10.0.0.3', reason: 'Lab host' });
    expect(exception.status).toBe(200);
    expect((await preview({ conditions: { kev: true, severity_min: 4 } })).body).toMatchObject({ findings: 2, assets: 2 });
    expect((await admin.request('DELETE', `/api/exclusions/exclusions/${exception.body.id}/`)).status).toBe(204);
    expect((await preview({ conditions: { kev: true, severity_min: 4 } })).body).toMatchObject({ findings: 3, assets: 3 });
    // A LIMITED member counts only the assets it sees (Production).
    expect((await preview({ conditions: { kev: true } }, limited)).body).toMatchObject({ findings: 2, assets: 2 });
    // Preview is a read: the reader may, someone without the permission may not.
    expect((await preview({ conditions: { kev: true } }, reader)).status).toBe(200);
    expect((await preview({ conditions: { kev: true } }, nobody)).status).toBe(403);
    expect((await preview({ conditions: {} })).body).toEqual({
      conditions: ['Give at least one condition (a rule without any would ticket every finding).'],
    });
  });

  it('creates 201, reads, changes 200 (PUT and PATCH), refuses a taken name 409, deletes 204', async () => {
    const created = await admin.post<RemediationRule>(URL, kevRule({ description: 'SLA for KEV' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Known exploited criticals',
      description: 'SLA for KEV',
      enabled: true,
      position: 0,
      open_tickets: 0,
      last_evaluated_at: null,
      conditions: { kev: true, severity_min: 4, tags_any: [] },
      actions: {
        open_ticket: {
          grouping: 'individual',
          assignee_team: id.team,
          assignee_user: null,
          due_days: { 4: 7, 3: 30 },
          remind_days_before: 2,
        },
        notify: null,
        push_to: null,
      },
    });
    id.kevRule = created.body.id;
    const second = await admin.post<RemediationRule>(URL, {
      name: 'Everything high',
      conditions: { severity_min: 3 },
      actions: { open_ticket: {} },
    });
    expect(second.body).toMatchObject({ position: 1, actions: { open_ticket: { due_days: { 4: 7, 3: 30, 2: 90, 1: 180 } } } });
    id.highRule = second.body.id;
    expect((await admin.post(URL, kevRule({ name: 'known EXPLOITED criticals' }))).status).toBe(201);
    const taken = await admin.post(URL, kevRule());
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ name: ['A rule with this name already exists.'] });

    const patched = await admin.patch<RemediationRule>(`${URL}${id.highRule}/`, { enabled: false });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ enabled: false, name: 'Everything high', position: 1 });
    const badPatch = await admin.patch(`${URL}${id.highRule}/`, { conditions: { severity_min: 9 } });
    expect(badPatch.body).toEqual({ conditions: ['Lowest severity: choose a severity from 0 (Info) to 4 (Critical).'] });
    const put = await admin.request<RemediationRule>('PUT', `${URL}${id.highRule}/`, {
      name: 'Everything high',
      enabled: false,
      conditions: { severity_min: 3 },
      actions: { open_ticket: { grouping: 'by_asset' } },
    });
    expect(put.status).toBe(200);
    expect(put.body.actions.open_ticket?.grouping).toBe('by_asset');

    const list = await admin.get<Page<RemediationRule>>(`${URL}?ordering=position`);
    expect(list.body.results.map((r) => r.name)).toEqual(['Known exploited criticals', 'Everything high', 'known EXPLOITED criticals']);
    expect((await admin.get<Page<RemediationRule>>(`${URL}?enabled=false`)).body.count).toBe(1);
    expect((await admin.get<Page<RemediationRule>>(`${URL}?search=everything`)).body.results.map((r) => r.id)).toEqual([id.highRule]);
    expect((await reader.get<RemediationRule>(`${URL}${id.kevRule}/`)).status).toBe(200);

    const dup = list.body.results[2]!.id;
    expect((await admin.request('DELETE', `${URL}${dup}/`)).status).toBe(204);
    expect((await admin.get(`${URL}${dup}/`)).status).toBe(404);
  });

  it('opens tickets when run, with due dates by severity, and never a second ticket for the same finding', async () => {
    const run = await admin.post<RemediationRuleRun>(`${URL}${id.kevRule}/run/`);
    expect(run.status).toBe(200);
    expect(run.body).toEqual({ findings: 3, tickets: 3 });
    const opened = await t.ctx.db.select().from(tickets).where(eq(tickets.ruleId, id.kevRule!));
    expect(opened).toHaveLength(3);
    for (const tk of opened)
      expect(tk).toMatchObject({ status: 0, grouping: 'individual', assigneeTeamId: id.team, dueDate: '2026-03-17', priority: 4 });
    // Idempotent: a second run, the preview and the other rule see those findings as ticketed.
    expect((await admin.post<RemediationRuleRun>(`${URL}${id.kevRule}/run/`)).body).toEqual({ findings: 0, tickets: 0 });
    expect((await admin.post<RemediationRulePreview>(`${URL}preview/`, { conditions: { kev: true } })).body.findings).toBe(0);
    const rule = await admin.get<RemediationRule>(`${URL}${id.kevRule}/`);
    expect(rule.body).toMatchObject({ open_tickets: 3, last_evaluated_at: NOW.toISOString() });
    // The high rule (by asset) tickets only what is left: log4j on web01.
    const high = await admin.post<RemediationRuleRun>(`${URL}${id.highRule}/run/`);
    expect(high.body).toEqual({ findings: 1, tickets: 1 });
    const [byAsset] = await t.ctx.db.select().from(tickets).where(eq(tickets.ruleId, id.highRule!));
    expect(byAsset).toMatchObject({ type: 2, assetId: id.web, dueDate: '2026-04-09' });
  });

  it('pushes to a tracker: a syncing link per ticket', async () => {
    const pushed = await admin.post<RemediationRule>(URL, {
      name: 'Young mediums to Jira',
      conditions: { severities: [2] },
      actions: { open_ticket: { grouping: 'by_vulnerability' }, push_to: { tracker: 'jira' }, notify: { email: ['sec@example.com'] } },
    });
    expect(pushed.status).toBe(201);
    expect((await admin.post<RemediationRuleRun>(`${URL}${pushed.body.id}/run/`)).body).toEqual({ findings: 1, tickets: 1 });
    const [tk] = await t.ctx.db.select().from(tickets).where(eq(tickets.ruleId, pushed.body.id));
    const links = await t.ctx.db.select().from(ticketLinks).where(eq(ticketLinks.ticketId, tk!.id));
    // Made 'syncing'; the tracker sync (its own module) takes it from there through the tracker-push queue.
    expect(links).toMatchObject([{ tracker: 'jira', externalId: null }]);
    const jobs = await queryRows<{ data: { ticketId: number } }>(t.ctx.db, sql`select data from pgboss.job where name = 'tracker-push'`);
    expect(jobs.map((j) => j.data.ticketId)).toContain(tk!.id);
    const mails = await t.ctx.db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.customerId, 1), eq(notificationDeliveries.event, 'tickets_opened')));
    expect(mails).toMatchObject([{ channel: 'email', target: 'sec@example.com', subject: 'Rule "Young mediums to Jira" opened 1 ticket' }]);
  });

  it('after a processed run evaluates every enabled rule over that run’s findings only', async () => {
    const db = t.ctx.db;
    // Two new criticals on db01; the run saw only the first.
    const seen = { firstSeen: NOW, lastSeen: NOW, confidence: 'confirmed', state: 0, qod: 80, customerId: 1, hostId: id.db! };
    const [a, b] = await db
      .insert(findings)
      .values([
        { ...seen, key: 'check:new-a@22/tcp', name: 'New A', severity: 4, exploitKnown: true },
        { ...seen, key: 'check:new-b@22/tcp', name: 'New B', severity: 4, exploitKnown: true },
      ])
      .returning();
    const [scan] = await db.insert(scans).values({ customerId: 1, name: 'Office' }).returning();
    const [run] = await db
      .insert(scanRuns)
      .values({ customerId: 1, scanId: scan!.id, name: 'Office', targets: ['10.0.0.2'], profile: {} as never, state: 5, status: 4 })
      .returning();
    await db.insert(scanRunFindings).values({ runId: run!.id, findingId: a!.id, customerId: 1, state: 0, severity: 4 });
    expect(await rulesAfterRun(t.ctx, run!.id)).toEqual({ findings: 1, tickets: 1 });
    const onTicket = await db.select().from(ticketSubtasks).where(eq(ticketSubtasks.findingId, a!.id));
    expect(onTicket).toHaveLength(1);
    expect(await db.select().from(ticketSubtasks).where(eq(ticketSubtasks.findingId, b!.id))).toHaveLength(0);
    // Again: nothing new.
    expect(await rulesAfterRun(t.ctx, run!.id)).toEqual({ findings: 0, tickets: 0 });
    // Without unified remediation no rule fires.
    await db.insert(scanRunFindings).values({ runId: run!.id, findingId: b!.id, customerId: 1, state: 0, severity: 4 });
    await setFlags(t.ctx, 1, []);
    expect(await rulesAfterRun(t.ctx, run!.id)).toEqual({ findings: 0, tickets: 0 });
    await setFlags(t.ctx, 1, ['unified-remediation']);
  });

  it('guards every call: 401, 403 without the permission or the flag, another customer 404, LIMITED members read only', async () => {
    const anon = await anonymous(t);
    const calls: [string, string, unknown?][] = [
      ['GET', URL],
      ['POST', URL, kevRule({ name: 'x' })],
      ['GET', `${URL}${id.kevRule}/`],
      ['PATCH', `${URL}${id.kevRule}/`, { enabled: false }],
      ['PUT', `${URL}${id.kevRule}/`, kevRule()],
      ['DELETE', `${URL}${id.kevRule}/`],
      ['POST', `${URL}preview/`, { conditions: { kev: true } }],
      ['POST', `${URL}${id.kevRule}/run/`, {}],
    ];
    for (const [method, url, body] of calls) {
      expect((await anon.request(method, url, body)).status, `${method} ${url}`).toBe(401);
      expect((await nobody.request(method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    // Read-only: may list, read and preview, not write or run.
    for (const [method, url, body] of calls.slice(3)) {
      if (url.endsWith('preview/')) continue;
      expect((await reader.request(method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    expect((await reader.request('POST', URL, kevRule({ name: 'y' }))).status).toBe(403);
    // A LIMITED member with every action may read, but not change or run what acts on every asset.
    expect((await limited.get<Page<RemediationRule>>(URL)).body.count).toBeGreaterThan(0);
    for (const [method, url, body] of [calls[1]!, calls[3]!, calls[4]!, calls[5]!, calls[7]!]) {
      const res = await limited.request(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toEqual({
        detail: 'Rules act on every asset of the organisation: a member of a team limited to some assets cannot change or run them.',
      });
    }
    // Another customer: not found, and its list is its own.
    expect((await rival.get(`${URL}${id.kevRule}/`)).status).toBe(404);
    expect((await rival.patch(`${URL}${id.kevRule}/`, { enabled: false })).status).toBe(404);
    expect((await rival.request('DELETE', `${URL}${id.kevRule}/`)).status).toBe(404);
    expect((await rival.post(`${URL}${id.kevRule}/run/`, {})).status).toBe(404);
    expect((await rival.get<Page<RemediationRule>>(URL)).body.count).toBe(0);
    // An id no integer column holds names nothing.
    expect((await admin.get(`${URL}99999999999/`)).status).toBe(404);
    expect((await admin.request('DELETE', `${URL}99999999999/`)).status).toBe(404);
    expect((await admin.post(URL, kevRule({ name: 'Huge', conditions: { tags_any: [99999999999] } }))).body).toEqual({
      conditions: ['Any of the tags: no such id.'],
    });
    // Without the flag: 403 "not enabled".
    await setFlags(t.ctx, 1, []);
    const off = await admin.get(URL);
    expect(off.status).toBe(403);
    expect(off.body).toMatchObject({ detail: 'This feature is not enabled for your organisation.' });
    await setFlags(t.ctx, 1, ['unified-remediation']);
  });
});
