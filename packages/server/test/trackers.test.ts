// The two-way Jira sync on every test database, against the Jira stand-in (helpers/jira-standin.ts: Jira Cloud REST
// v3 as Atlassian documents it, with a custom workflow whose done status is "Resolved in prod"): the settings routes
// (secrets sealed and masked, masked = unchanged, fields keyed 400s), §8's connection test and the test ticket; a
// ticket linked and pushed (created, edited, commented, moved by category) with the delivery log; Jira's own webhooks
// for those calls never echoing back; a Jira user's resolution and comment applied once (webhook twice, webhook and
// poll), "done" becoming Solution applied, not Fixed; the poll as the fallback for lost webhooks; a concurrent edit in
// both orders (a Jira change landing while Bulwark's push is in flight is applied, not overwritten); retries on 429 and
// 500 with the delivery log and the sync states; and the guards on every route (401, 403, another customer, a LIMITED
// team member). Jobs do not run here (BULWARK_JOBS=off): the test runs the push and the poll itself, in order.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JiraSettings, TicketSyncLink, TrackerDelivery, TrackerSyncStateAnswer } from '@bulwark/core';
import {
  assets,
  assetTags,
  integrationSettings,
  ticketEvents,
  ticketLinks,
  tickets,
  tags,
  teamMembers,
  teams,
  teamTags,
  users,
} from '../src/db/schema/index.ts';
import { changeTicket } from '../src/modules/tickets/index.ts';
import { trackersJobs } from '../src/modules/trackers/jobs.ts';
import { linksBehind, pollTracker, pushTicket } from '../src/modules/trackers/sync.ts';
import { TRACKER_PUSH_QUEUE } from '../src/modules/tickets/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { JiraStandin, type Webhook } from './helpers/jira-standin.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; results: T[] };
const SECRET = 'jira-webhook-secret';
const TOKEN = 'cloud-api-token';

describe.each(BACKENDS)('Jira two-way sync on %s', (backend) => {
  const host = backend === 'pglite' ? '127.0.61.1' : '127.0.62.1';
  let now = Date.parse('2026-11-20T09:00:00Z');
  const tick = (ms = 60_000) => (now += ms);
  let t: TestApp;
  let jira: JiraStandin;
  let admin: Client;
  let reader: Client;
  let nobody: Client;
  let limited: Client;
  let rival: Client;
  let rivalCustomer: number;
  const id: Record<string, number> = {};
  const settingsUrl = '/api/app1/customer/1/jira/';
  const hookUrl = '/api/trackers/jira/webhook/1/';

  /** A ticket written straight into the table (the tickets routes are tested on their own). */
  async function ticket(title: string, over: Partial<typeof tickets.$inferInsert> = {}): Promise<number> {
    const [row] = await t.ctx.db
      .insert(tickets)
      .values({ customerId: 1, number: ++id.number!, type: 1, title, description: 'Upgrade openssl to 3.0.13.', priority: 4, ...over })
      .returning({ id: tickets.id });
    return row!.id;
  }
  const row = async (ticketId: number) => (await t.ctx.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!;
  const link = async (ticketId: number) => (await t.ctx.db.select().from(ticketLinks).where(eq(ticketLinks.ticketId, ticketId)))[0]!;
  const events = (ticketId: number) =>
    t.ctx.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, ticketId)).orderBy(ticketEvents.id);
  /** Delivers a webhook the way Jira does (signed with the secret, or with the given signature). */
  const hook = (w: Webhook, signature?: string) => {
    const sig = signature ?? `sha256=${JiraStandin.sign(w.body, SECRET)}`;
    return t.app.inject({
      method: 'POST',
      url: hookUrl,
      headers: { 'content-type': 'application/json', 'x-hub-signature': sig },
      payload: w.body,
    });
  };
  const flush = async () => {
    const out: number[] = [];
    for (const w of jira.webhooks.splice(0)) {
      const res = await hook(w);
      expect(res.statusCode).toBe(200);
      out.push((JSON.parse(res.body) as { applied: number }).applied);
    }
    return out;
  };
  const posts = (from: number) => jira.hits.slice(from).filter((h) => h.method !== 'GET');

  beforeAll(async () => {
    t = await startTestApp(backend, { BULWARK_JOBS: 'off' });
    t.ctx.clock = () => new Date(now);
    id.number = 0;
    jira = await JiraStandin.start({ deployment: 'cloud', host, email: 'bulwark@example.com', token: TOKEN, now: () => new Date(now) });
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await t.user({ email: 'reader@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { tickets: ['read'] } })
      .where(eq(users.id, r.id));
    reader = await signedIn(t, 'reader@example.com');
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    const l = await t.user({ email: 'limited@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { tickets: ['read', 'update'] } })
      .where(eq(users.id, l.id));
    limited = await signedIn(t, 'limited@example.com');
    const other = await t.otherCustomer('Rival Corp');
    rivalCustomer = other.customerId;
    rival = await signedIn(t, other.adminEmail);
    // The LIMITED member sees the Production host's tickets only.
    const db = t.ctx.db;
    const [prod] = await db.insert(tags).values({ customerId: 1, name: 'Production' }).returning();
    const [team] = await db.insert(teams).values({ customerId: 1, name: 'Ops', assetPermissions: 'LIMITED' }).returning();
    await db.insert(teamMembers).values({ teamId: team!.id, userId: l.id });
    await db.insert(teamTags).values({ teamId: team!.id, tagId: prod!.id, role: 'permission' });
    const [web, dev] = await db
      .insert(assets)
      .values([
        { customerId: 1, kind: 'host', type: 2, value: '10.0.0.1', address: '10.0.0.1', name: 'web01' },
        { customerId: 1, kind: 'host', type: 2, value: '10.0.0.3', address: '10.0.0.3', name: 'dev01' },
      ])
      .returning({ id: assets.id });
    await db.insert(assetTags).values({ customerId: 1, assetId: web!.id, tagId: prod!.id });
    id.web = web!.id;
    id.dev = dev!.id;
  });
  afterAll(async () => {
    await t?.close();
    await jira?.close();
  });

  it('keeps the settings with the token and webhook secret sealed and masked; a masked value keeps the stored one', async () => {
    const empty = await admin.get<JiraSettings>(settingsUrl);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      tracker: 'jira',
      enabled: false,
      token: null,
      deployment: 'cloud',
      status_map: { open: 'todo', in_progress: 'in_progress', solution_applied: 'done', fixed: 'done', will_not_fix: 'done' },
      priority_map: { 1: 'Low', 4: 'Highest' },
    });
    const put = await admin.request<JiraSettings>('PUT', settingsUrl, {
      enabled: true,
      url: jira.url,
      username: 'bulwark@example.com',
      token: TOKEN,
      webhook_secret: SECRET,
      deployment: 'cloud',
      project_key: 'SEC',
      issue_type: 'Bug',
      priority_map: { 2: 'Low' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      enabled: true,
      token: '********',
      webhook_secret: '********',
      project_key: 'SEC',
      priority_map: { 2: 'Low', 4: 'Highest' },
    });
    const [stored] = await t.ctx.db
      .select()
      .from(integrationSettings)
      .where(and(eq(integrationSettings.customerId, 1), eq(integrationSettings.type, 'jira')));
    expect(JSON.stringify(stored!.secrets)).not.toContain(TOKEN);
    expect(t.ctx.secrets.decrypt(stored!.secrets.token!)).toBe(TOKEN);
    // PATCH with the mask: unchanged; a partial mapping changes only its keys.
    const patched = await admin.patch<JiraSettings>(settingsUrl, {
      token: '********',
      status_map: { will_not_fix: 'done' },
      issue_type: 'Task',
    });
    expect(patched.status).toBe(200);
    expect(patched.body.issue_type).toBe('Task');
    const [again] = await t.ctx.db
      .select()
      .from(integrationSettings)
      .where(and(eq(integrationSettings.customerId, 1), eq(integrationSettings.type, 'jira')));
    expect(t.ctx.secrets.decrypt(again!.secrets.token!)).toBe(TOKEN);
    // Bad input: 400 keyed by field.
    const bad = await admin.patch<Record<string, string[]>>(settingsUrl, {
      project_key: 'sec lower',
      url: 'ftp://x',
      deployment: 'server',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      project_key: ['Enter a project key such as SEC.'],
      url: ['Enter a valid URL (http:// or https://).'],
      deployment: ['Choose cloud or datacenter.'],
    });
    expect((await admin.patch(settingsUrl, { status_map: { open: 'closed' } })).status).toBe(400);
    expect((await admin.patch(settingsUrl, { colour: 'red' })).status).toBe(400);
  });

  it('tests the connection with §8’s words, and creates a test ticket', async () => {
    const ok = await admin.post(`${settingsUrl}test-connection/`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ detail: 'Connection to Jira succesful!' });
    const made = await admin.post(`${settingsUrl}test-ticket/`);
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ detail: 'Connection to Jira succesful!', key: 'SEC-1', url: `${jira.url}/browse/SEC-1` });
    expect(jira.issue('SEC-1').summary).toBe('Bulwark test ticket');
    // A wrong token: the spec's failure message, with Jira's reason beside it.
    await admin.patch(settingsUrl, { token: 'wrong' });
    const failed = await admin.post<{ non_field_errors: string[]; detail: string }>(`${settingsUrl}test-connection/`);
    expect(failed.status).toBe(400);
    expect(failed.body.non_field_errors).toEqual(['Failed to connect to Jira.']);
    expect(failed.body.detail).toContain('Jira answered 401');
    expect((await admin.post(`${settingsUrl}test-ticket/`)).status).toBe(400);
    await admin.patch(settingsUrl, { token: TOKEN });
  });

  it('pushes a linked ticket: creates its issue, then sends edits, comments and status by category, logged', async () => {
    id.a = await ticket('OpenSSL 3.0.x vulnerabilities on web01', { assetId: id.web, dueDate: '2026-11-27' });
    const linked = await admin.post<TicketSyncLink[]>(`/api/remediation/tickets/${id.a}/sync/`, { tracker: 'jira' });
    expect(linked.status).toBe(202);
    expect(linked.body).toEqual([expect.objectContaining({ tracker: 'jira', sync_state: 'syncing', external_key: null })]);
    expect(await pushTicket(t.ctx, id.a)).toEqual(['pushed']);
    const issue = jira.issue('SEC-2');
    expect(issue).toMatchObject({
      summary: 'OpenSSL 3.0.x vulnerabilities on web01',
      priority: 'Highest',
      duedate: '2026-11-27',
      labels: ['bulwark', 'bulwark-1'],
    });
    expect(JiraStandin.text(issue.description)).toContain('/remediation/unified-tickets/view/');
    const state = await admin.get<TicketSyncLink[]>(`/api/remediation/tickets/${id.a}/sync/`);
    expect(state.body).toEqual([
      expect.objectContaining({
        tracker: 'jira',
        external_key: 'SEC-2',
        external_url: `${jira.url}/browse/SEC-2`,
        sync_state: 'in_sync',
        last_error: null,
      }),
    ]);

    tick();
    const adminId = (await t.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0]!.id;
    expect(
      await changeTicket(t.ctx, 1, id.a, { title: 'OpenSSL on web01', status: 4, comment: 'Patching tonight' }, { userId: adminId }),
    ).toBe('applied');
    expect((await link(id.a)).pushedVersion).toBeLessThan((await row(id.a)).version);
    expect(await pushTicket(t.ctx, id.a)).toEqual(['pushed']);
    expect(issue.summary).toBe('OpenSSL on web01');
    expect(issue.status.name).toBe('Being fixed');
    expect(issue.comments.map((c) => JiraStandin.text(c.body))).toEqual(['admin@example.com (Bulwark): Patching tonight']);
    const l = await link(id.a);
    expect(l).toMatchObject({ syncState: 'in_sync', lastError: null });
    expect(l.pushedVersion).toBe((await row(id.a)).version);

    const log = await admin.get<Page<TrackerDelivery>>(`/api/trackers/jira/deliveries/?ticket=${id.a}`);
    expect(log.status).toBe(200);
    expect(log.body.results.map((d) => [d.operation, d.state, d.attempts])).toEqual([
      ['comment', 'sent', 1],
      ['update', 'sent', 1],
      ['transition', 'sent', 1],
      ['create', 'sent', 1],
    ]);
    expect(log.body.results[0]).toMatchObject({ tracker: 'jira', ticket: id.a, ticket_number: 1 });
  });

  it('never echoes: Jira’s webhooks for Bulwark’s own calls change nothing, and nothing is pushed back', async () => {
    const before = await row(id.a);
    const applied = await flush();
    expect(applied.every((n) => n === 0)).toBe(true);
    expect((await row(id.a)).version).toBe(before.version);
    const hits = jira.hits.length;
    expect(await pushTicket(t.ctx, id.a)).toEqual(['nothing']);
    expect(posts(hits)).toEqual([]);
  });

  it('applies a Jira user’s resolution and comment once: done becomes Solution applied (the re-test verifies), not Fixed', async () => {
    tick();
    jira.userTransition('SEC-2', 'Resolved in prod');
    jira.userComment('SEC-2', 'Deployed openssl 3.0.13 to prod');
    const hooks = [...jira.webhooks];
    // The first webhook's issue already holds both changes; the second finds nothing new.
    expect(await flush()).toEqual([2, 0]);
    const after = await row(id.a);
    expect(after.status).toBe(1);
    const history = await events(id.a);
    const fromJira = history.filter((e) => e.source === 'jira' && e.kind === 'sync_in');
    expect(fromJira.map((e) => [e.changes.status ?? null, e.comment])).toEqual([
      [[4, 1], null],
      [null, 'Dana Ops: Deployed openssl 3.0.13 to prod'],
    ]);
    // The same webhooks again, and a poll over the same changes: applied once.
    for (const w of hooks) expect(JSON.parse((await hook(w)).body)).toEqual({ applied: 0 });
    expect(await pollTracker(t.ctx, 1, 'jira')).toBe(0);
    expect((await events(id.a)).filter((e) => e.source === 'jira' && e.kind === 'sync_in')).toHaveLength(2);
    // And nothing of it goes back to Jira as a change (the issue stays in Resolved in prod).
    const hits = jira.hits.length;
    await pushTicket(t.ctx, id.a);
    expect(posts(hits).filter((h) => h.path.endsWith('/transitions'))).toEqual([]);
    expect(jira.issue('SEC-2').status.name).toBe('Resolved in prod');
    expect((await link(id.a)).syncState).toBe('in_sync');
  });

  it('refuses webhooks with a bad or missing signature, and answers 404 for a customer without Jira', async () => {
    tick();
    jira.webhooks.length = 0;
    jira.userComment('SEC-2', 'forged?');
    const [w] = jira.webhooks.splice(0);
    expect((await hook(w!, 'sha256=00')).statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: hookUrl,
      headers: { 'content-type': 'application/json' },
      payload: w!.body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await events(id.a)).some((e) => e.comment?.includes('forged?'))).toBe(false);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/trackers/jira/webhook/${rivalCustomer}/`,
      headers: { 'content-type': 'application/json', 'x-hub-signature': `sha256=${JiraStandin.sign(w!.body, SECRET)}` },
      payload: w!.body,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('polls what changed when webhooks were lost: applied once, the cursor moves on', async () => {
    // The forged-looking comment's webhook was refused above; the poll brings it.
    tick(10 * 60_000);
    expect(await pollTracker(t.ctx, 1, 'jira')).toBe(1);
    expect((await events(id.a)).filter((e) => e.comment === 'Dana Ops: forged?')).toHaveLength(1);
    expect(await pollTracker(t.ctx, 1, 'jira')).toBe(0);
    const states = await admin.get<TrackerSyncStateAnswer[]>('/api/trackers/');
    expect(states.body.find((s) => s.tracker === 'jira')).toMatchObject({
      enabled: true,
      state: 'in_sync',
      linked_tickets: 1,
      tickets_in_error: 0,
    });
    expect(states.body.find((s) => s.tracker === 'servicenow')).toMatchObject({ enabled: false, state: 'inactive' });
    expect(states.body.find((s) => s.tracker === 'jira')!.last_polled_at).toBe(new Date(now).toISOString());
  });

  it('a Jira change landing while Bulwark’s push is in flight is applied, not overwritten (both orders)', async () => {
    // 1. Bulwark's edit first (In progress), then a Jira user resolves before the push reads the issue.
    id.b = await ticket('Terrapin on web01', { assetId: id.web });
    await t.ctx.db.insert(ticketLinks).values({ customerId: 1, ticketId: id.b, tracker: 'jira', createdAt: new Date(now) });
    await pushTicket(t.ctx, id.b);
    const key = (await link(id.b)).externalKey!;
    tick();
    await changeTicket(t.ctx, 1, id.b, { status: 4 }, { userId: null });
    tick();
    const racing: typeof fetch = async (input, init) => {
      // The user's click lands just as Bulwark's push starts.
      if (jira.issue(key).status.name !== 'Resolved in prod') jira.userTransition(key, 'Resolved in prod');
      return fetch(input, init);
    };
    await pushTicket(t.ctx, id.b, { fetchImpl: racing });
    expect(jira.issue(key).status.name).toBe('Resolved in prod');
    expect((await row(id.b)).status).toBe(1);

    // 2. Bulwark moves it back to Open; while the push sends the transition, a Jira user starts fixing it: theirs is
    // the newer change, so it is left for the webhook, which applies it.
    tick();
    await changeTicket(t.ctx, 1, id.b, { status: 0 }, { userId: null, source: 'retest' });
    tick();
    jira.webhooks.length = 0;
    let posted = false;
    const after: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (!posted && init?.method === 'POST' && String(input).endsWith('/transitions')) {
        posted = true;
        tick();
        jira.userTransition(key, 'Being fixed');
      }
      return res;
    };
    await pushTicket(t.ctx, id.b, { fetchImpl: after });
    expect(jira.issue(key).status.name).toBe('Being fixed');
    await flush();
    expect((await row(id.b)).status).toBe(4);
    // And Bulwark does not push Open back over it.
    const hits = jira.hits.length;
    await pushTicket(t.ctx, id.b);
    expect(posts(hits)).toEqual([]);
    expect(jira.issue(key).status.name).toBe('Being fixed');

    // 3. A Jira change older than Bulwark's newer edit (its webhook arrives late) does not undo that edit.
    tick();
    jira.webhooks.length = 0;
    jira.userTransition(key, 'Backlog');
    tick();
    await changeTicket(t.ctx, 1, id.b, { status: 1 }, { userId: null, source: 'scan' });
    await flush();
    expect((await row(id.b)).status).toBe(1);
    await pushTicket(t.ctx, id.b);
    expect(jira.issue(key).status.name).toBe('Resolved in prod');
  });

  it('retries on 429 and 500: the delivery log counts attempts; the last failure ends in Error with the reason', async () => {
    id.c = await ticket('Weak TLS on dev01', { assetId: id.dev });
    await t.ctx.db.insert(ticketLinks).values({ customerId: 1, ticketId: id.c, tracker: 'jira', createdAt: new Date(now) });
    jira.failNext({ status: 429, retryAfter: 3, match: (h) => h.method === 'POST' && h.path.endsWith('/issue') });
    const limitedErr = await pushTicket(t.ctx, id.c).catch((e: unknown) => e);
    expect(limitedErr).toMatchObject({ status: 429, retryAfterSeconds: 3 });
    expect(await link(id.c)).toMatchObject({ syncState: 'syncing', lastError: 'Jira answered 429: Rate limit exceeded.' });
    // While its call is pending (the job waits out the limit) the sweep leaves it; a call pending for an hour lost its job.
    expect(await linksBehind(t.ctx)).not.toContain(id.c);
    tick(2 * 3600_000);
    expect(await linksBehind(t.ctx)).toContain(id.c);
    expect(await pushTicket(t.ctx, id.c)).toEqual(['pushed']);
    const log = await admin.get<Page<TrackerDelivery>>(`/api/trackers/jira/deliveries/?ticket=${id.c}`);
    expect(log.body.results.find((d) => d.operation === 'create')).toMatchObject({
      state: 'sent',
      attempts: 2,
      http_status: null,
      last_error: null,
    });
    expect([...jira.issues.values()].filter((i) => i.summary === 'Weak TLS on dev01')).toHaveLength(1);

    // 500 on every attempt: pending while retries remain, then failed; the link and the integration in Error.
    tick();
    await changeTicket(t.ctx, 1, id.c, { title: 'Weak TLS on dev01 (TLS 1.0)' }, { userId: null });
    jira.failNext({ status: 500, match: (h) => h.method === 'PUT' }, 2);
    await expect(pushTicket(t.ctx, id.c)).rejects.toMatchObject({ status: 500 });
    await expect(pushTicket(t.ctx, id.c, { lastAttempt: true })).rejects.toMatchObject({ status: 500 });
    const failed = await admin.get<Page<TrackerDelivery>>(`/api/trackers/jira/deliveries/?ticket=${id.c}&state=failed`);
    expect(failed.body.results).toEqual([
      expect.objectContaining({
        operation: 'update',
        state: 'failed',
        attempts: 2,
        http_status: 500,
        last_error: 'Jira answered 500: Internal server error',
      }),
    ]);
    expect(await link(id.c)).toMatchObject({ syncState: 'error', lastError: 'Jira answered 500: Internal server error' });
    const states = await admin.get<TrackerSyncStateAnswer[]>('/api/trackers/');
    expect(states.body.find((s) => s.tracker === 'jira')).toMatchObject({ state: 'error', tickets_in_error: 1 });
    // The sweep leaves a link in Error alone (no jobs piled on a failing tracker); the next change pushes it again.
    expect(await linksBehind(t.ctx)).not.toContain(id.c);
    expect(await pushTicket(t.ctx, id.c)).toEqual(['pushed']);
    expect(jira.issue((await link(id.c)).externalKey!).summary).toBe('Weak TLS on dev01 (TLS 1.0)');
    expect(await link(id.c)).toMatchObject({ syncState: 'in_sync', lastError: null });
  });

  it('the push job waits out a rate limit as Jira asks (a fresh job after Retry-After), and the sweep queues what is behind', async () => {
    const [push, , sweep] = trackersJobs.queues!;
    tick();
    await changeTicket(t.ctx, 1, id.c, { priority: 2 }, { userId: null });
    jira.failNext({ status: 429, retryAfter: 9 });
    const sent: [string, object, object | undefined][] = [];
    const w = { ctx: t.ctx, send: async (q: string, d: object, o?: object) => (sent.push([q, d, o]), 'job') };
    const job = { data: { ticketId: id.c }, retryCount: 0, retryLimit: 5 } as unknown as Parameters<NonNullable<typeof push.work>>[0];
    expect(await push!.work!(job, w)).toEqual({ deferred: 9 });
    expect(sent).toEqual([[TRACKER_PUSH_QUEUE, { ticketId: id.c }, { startAfter: 9 }]]);
    sent.length = 0;
    const result = (await sweep!.work!(job, w)) as { pushed: number };
    expect(result.pushed).toBeGreaterThanOrEqual(1);
    expect(sent).toContainEqual([TRACKER_PUSH_QUEUE, { ticketId: id.c }, undefined]);
    expect(await pushTicket(t.ctx, id.c)).toEqual(['pushed']);
    expect(jira.issue((await link(id.c)).externalKey!).priority).toBe('Low');
  });

  it('guards every route: 401, 403, another customer 404, a LIMITED member sees only its tickets', async () => {
    const anon = await anonymous(t);
    for (const [method, url] of [
      ['GET', settingsUrl],
      ['PUT', settingsUrl],
      ['PATCH', settingsUrl],
      ['POST', `${settingsUrl}test-connection/`],
      ['POST', `${settingsUrl}test-ticket/`],
      ['GET', '/api/trackers/jira/deliveries/'],
      ['GET', '/api/trackers/'],
      ['GET', `/api/remediation/tickets/${id.a}/sync/`],
      ['POST', `/api/remediation/tickets/${id.a}/sync/`],
    ] as const) {
      expect((await anon.request(method, url, method === 'GET' ? undefined : {})).status, `${method} ${url}`).toBe(401);
      if (url.startsWith('/api/app1') || url.includes('deliveries'))
        expect((await reader.request(method, url, method === 'GET' ? undefined : {})).status, `${method} ${url}`).toBe(403);
    }
    // Permissions: reading sync state needs tickets read, linking tickets update.
    expect((await nobody.get(`/api/remediation/tickets/${id.a}/sync/`)).status).toBe(403);
    expect((await nobody.get('/api/trackers/')).status).toBe(403);
    expect((await reader.get(`/api/remediation/tickets/${id.a}/sync/`)).status).toBe(200);
    expect((await reader.post(`/api/remediation/tickets/${id.a}/sync/`, { tracker: 'jira' })).status).toBe(403);
    // Another customer: its own id is not ours; our tickets are not its.
    expect((await admin.get(`/api/app1/customer/${rivalCustomer}/jira/`)).status).toBe(404);
    expect((await rival.get(settingsUrl)).status).toBe(404);
    expect((await rival.get(`/api/remediation/tickets/${id.a}/sync/`)).status).toBe(404);
    expect((await rival.post(`/api/remediation/tickets/${id.a}/sync/`, { tracker: 'jira' })).status).toBe(404);
    expect((await rival.get<Page<TrackerDelivery>>('/api/trackers/jira/deliveries/')).body.count).toBe(0);
    // LIMITED: the Production host's ticket yes, the Development host's no.
    expect((await limited.get(`/api/remediation/tickets/${id.a}/sync/`)).status).toBe(200);
    expect((await limited.get(`/api/remediation/tickets/${id.c}/sync/`)).status).toBe(404);
    expect((await limited.post(`/api/remediation/tickets/${id.c}/sync/`, { tracker: 'jira' })).status).toBe(404);
    // Bad input keyed by field; a tracker that is not enabled.
    expect((await admin.post(`/api/remediation/tickets/${id.a}/sync/`, { tracker: 'bugzilla' })).body).toEqual({
      tracker: ['Choose from: jira, servicenow, topdesk.'],
    });
    expect((await admin.post(`/api/remediation/tickets/${id.a}/sync/`, { tracker: 'topdesk' })).body).toEqual({
      tracker: ['TOPdesk is not enabled.'],
    });
    expect((await admin.get('/api/trackers/jira/deliveries/?state=lost')).status).toBe(400);
    expect((await admin.get(`/api/remediation/tickets/999999/sync/`)).status).toBe(404);
  });
});
