// The TOPdesk adapter against a local stand-in of TOPdesk's API (helpers/topdesk-standin.ts, which follows TOPdesk's
// "Incident Management API", "General API guidelines" and "Application passwords" documentation): sign-in with an
// application password, create / update / comment (actions) / transition / get, processing statuses and the
// completed and closed flags by category, polling what changed across pages (206 Partial Content, 204 No Content; an
// incident changed while the pages are read and incidents of one second lose nothing), errors as TrackerError with the
// status and TOPdesk's messages, 429 with Retry-After, and the action sequence's webhook call with a good and a bad
// secret. Real HTTP on loopback; the stand-in's clock is set by the test.
import { eq } from 'drizzle-orm';
import { DEFAULT_STATUS_MAP, TICKET_STATUS } from '@bulwark/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ticketEvents, ticketLinks, tickets, users } from '../src/db/schema/index.ts';
import { changeTicket } from '../src/modules/tickets/index.ts';
import { TrackerError, type RemoteIssue, type TrackerIssueInput } from '../src/modules/trackers/adapter.ts';
import {
  fromTopdeskHtml,
  TOPDESK_SECRET_HEADER,
  topdeskAdapter,
  toTopdeskHtml,
  type TopdeskSettings,
} from '../src/modules/trackers/adapters/topdesk.ts';
import { linkTicket, pollTracker, pushTicket } from '../src/modules/trackers/sync.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { TopdeskStandin } from './helpers/topdesk-standin.ts';

let td: TopdeskStandin;
let t = Date.parse('2026-03-02T09:00:00Z');

function settings(over: Partial<TopdeskSettings> = {}): TopdeskSettings {
  return {
    tracker: 'topdesk',
    enabled: true,
    url: td.url,
    username: 'bulwark',
    token: 'td-app-password',
    webhook_secret: 'bw-td-secret',
    status_map: { ...DEFAULT_STATUS_MAP },
    priority_map: {},
    updated_at: null,
    operator: null,
    operator_group: null,
    category: null,
    subcategory: null,
    call_type: null,
    state_map: {},
    ...over,
  };
}

function input(over: Partial<TrackerIssueInput> = {}): TrackerIssueInput {
  return {
    title: 'Apache HTTP Server 2.4.49 path traversal (CVE-2021-41773) on web-01',
    description: 'Upgrade apache2 to 2.4.51 or later.\nFindings: 2 <critical>',
    priority: 4,
    due_date: '2026-03-09',
    reference: { number: 7, uuid: '6a1d3c52-0b9e-4a53-8d0c-2b4f8e7c9a10', url: 'https://bulwark.test/remediation/tickets/7' },
    ...over,
  };
}

async function collect(it: AsyncIterable<RemoteIssue>): Promise<RemoteIssue[]> {
  const out: RemoteIssue[] = [];
  for await (const i of it) out.push(i);
  return out;
}

async function refusal(p: Promise<unknown>): Promise<TrackerError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TrackerError);
  return err as TrackerError;
}

beforeAll(async () => {
  td = await new TopdeskStandin().start('127.0.0.62');
  // The stand-in's clock moves 250 ms per reading unless a test holds it.
  td.now = () => new Date((t += 250));
});
afterAll(async () => {
  await td.stop();
});
beforeEach(() => {
  td.log.length = 0;
});

describe('TOPdesk adapter: connection', () => {
  it('connects with the operator’s application password; a wrong one is TOPdesk’s 401', async () => {
    expect(await topdeskAdapter(settings()).testConnection()).toEqual({
      ok: true,
      detail: `Connected to ${new URL(td.url).host}: TOPdesk API 3.7.0`,
    });
    expect(await topdeskAdapter(settings({ token: 'wrong' })).testConnection()).toEqual({
      ok: false,
      error: 'TOPdesk: Authentication failed: login name or application password is not valid.',
    });
    expect(await topdeskAdapter(settings({ username: null })).testConnection()).toMatchObject({ ok: false });
  });
});

describe('TOPdesk adapter: an incident’s life', () => {
  it('creates the incident with caller, request, lookups, priority, target date and external number', async () => {
    const group = td.operatorGroups[0]!;
    const a = topdeskAdapter(
      settings({
        category: 'Security',
        subcategory: td.subcategories[0]!.id,
        call_type: 'Incident',
        operator_group: group.id,
        priority_map: { '4': 'P1 Critical' },
      }),
    );
    const issue = await a.createIssue(input());
    expect(issue).toMatchObject({ key: expect.stringMatching(/^I \d{4} \d{3}$/), status: 'Logged', category: 'todo', comments: [] });
    expect(issue.url).toBe(`${td.url}/tas/secure/incident?action=show&unid=${issue.id}`);
    const inc = td.incidents.get(issue.id)!;
    expect(inc).toMatchObject({
      caller: { dynamicName: 'Bulwark' },
      briefDescription: 'Apache HTTP Server 2.4.49 path traversal (CVE-2021-41773) on web-01',
      category: { name: 'Security' },
      subcategory: { name: 'Vulnerability' },
      callType: { name: 'Incident' },
      operatorGroup: { id: group.id },
      priority: { name: 'P1 Critical' },
      targetDate: '2026-03-09T23:59:59.000+0000',
      externalNumber: 'Bulwark #7',
      status: 'secondLine',
    });
    expect(inc.request).toContain('Findings: 2 &lt;critical&gt;<br><br>Bulwark ticket #7: https://bulwark.test/remediation/tickets/7');
    expect(issue.change_id).toBe(inc.modificationDate);
  });

  it('a title over 80 characters is cut to TOPdesk’s brief description; an unknown category is TOPdesk’s 400', async () => {
    const issue = await topdeskAdapter(settings()).createIssue(input({ title: 'x'.repeat(120) }));
    expect(td.incidents.get(issue.id)!.briefDescription).toHaveLength(80);
    const err = await refusal(topdeskAdapter(settings({ category: 'Nope' })).createIssue(input()));
    expect(err).toMatchObject({ status: 400, message: "TOPdesk: The value for the field 'category.name' cannot be found." });
  });

  it('updates the brief description, priority and target date, never the request again', async () => {
    const a = topdeskAdapter(settings({ priority_map: { '2': 'P3 Normal' } }));
    const issue = await a.createIssue(input());
    const request = td.incidents.get(issue.id)!.request;
    await a.updateIssue(issue.id, input({ title: 'Renamed', priority: 2, due_date: null }));
    expect(td.incidents.get(issue.id)).toMatchObject({
      briefDescription: 'Renamed',
      priority: { name: 'P3 Normal' },
      targetDate: null,
      request,
    });
    const got = await a.getIssue(issue.id);
    expect(got.change_id).not.toBe(issue.change_id);
    expect(got.updated_at.getTime()).toBeGreaterThan(issue.updated_at.getTime());
  });

  it('comments as an action invisible for the caller, answered with the action; an operator’s action comes back too', async () => {
    const a = topdeskAdapter(settings());
    const issue = await a.createIssue(input());
    const mine = await a.addComment(issue.id, 'Re-test started.\nEvidence: <none>');
    const stored = td.actions.get(issue.id)![0]!;
    expect(stored).toMatchObject({ memoText: 'Re-test started.<br>Evidence: &lt;none&gt;', invisibleForCaller: true });
    expect(mine).toEqual({
      id: stored.id,
      body: 'Re-test started.\nEvidence: <none>',
      author: 'Bulwark Integration',
      created_at: new Date(stored.entryDate.replace('+0000', 'Z')),
    });
    td.remoteAction(issue.id, 'Patched in the <b>maintenance</b> window', 'Jane Operator');
    const got = await a.getIssue(issue.id);
    expect(got.comments.map((c) => [c.body, c.author])).toEqual([
      ['Re-test started.\nEvidence: <none>', 'Bulwark Integration'],
      ['Patched in the maintenance window', 'Jane Operator'],
    ]);
  });

  it('reads every action across pages of the actions list', async () => {
    const a = topdeskAdapter(settings());
    const issue = await a.createIssue(input());
    for (let i = 1; i <= 105; i++) td.remoteAction(issue.id, `note ${i}`);
    td.log.length = 0;
    const got = await a.getIssue(issue.id);
    expect(got.comments).toHaveLength(105);
    expect(got.comments[0]!.body).toBe('note 1');
    expect(got.comments.at(-1)!.body).toBe('note 105');
    expect(td.log.filter((r) => r.path.endsWith('/actions')).map((r) => r.status)).toEqual([206, 200]);
  });

  it('transitions by category: done completes and closes, todo and in_progress reopen with a processing status', async () => {
    const a = topdeskAdapter(settings());
    const issue = await a.createIssue(input());
    await a.transition(issue.id, 'in_progress');
    expect(td.incidents.get(issue.id)).toMatchObject({ processingStatus: { name: 'In progress' }, completed: false, closed: false });
    expect((await a.getIssue(issue.id)).category).toBe('in_progress');
    await a.transition(issue.id, 'done');
    expect(td.incidents.get(issue.id)).toMatchObject({ processingStatus: { name: 'Closed' }, completed: true, closed: true });
    const closed = await a.getIssue(issue.id);
    expect(closed).toMatchObject({ status: 'Closed', category: 'done' });
    // When it was closed, not when it was last touched: a later action moves the modification date only.
    expect(closed.status_changed_at).toEqual(new Date(td.incidents.get(issue.id)!.closedDate!.replace('+0000', 'Z')));
    td.remoteAction(issue.id, 'Checked by the owner.');
    const acted = await a.getIssue(issue.id);
    expect(acted.status_changed_at).toEqual(closed.status_changed_at);
    expect(acted.updated_at.getTime()).toBeGreaterThan(closed.updated_at.getTime());

    // Already done: nothing is written.
    td.log.length = 0;
    await a.transition(issue.id, 'done');
    expect(td.log.filter((r) => r.method === 'PUT')).toEqual([]);

    await a.transition(issue.id, 'todo');
    expect(td.incidents.get(issue.id)).toMatchObject({
      processingStatus: { name: 'Logged' },
      completed: false,
      closed: false,
      closedDate: null,
    });
    expect((await a.getIssue(issue.id)).category).toBe('todo');
  });

  it('an on-hold status is in progress, Completed alone is done; the state_map names the statuses', async () => {
    const a = topdeskAdapter(settings({ state_map: { done: 'Completed', in_progress: 'Waiting for user' } }));
    const issue = await a.createIssue(input());
    await a.transition(issue.id, 'in_progress');
    expect(td.incidents.get(issue.id)).toMatchObject({ processingStatus: { name: 'Waiting for user' }, onHold: true });
    expect((await a.getIssue(issue.id)).category).toBe('in_progress');
    await a.transition(issue.id, 'done');
    expect(td.incidents.get(issue.id)).toMatchObject({ processingStatus: { name: 'Completed' }, completed: true, closed: false });
    expect(await a.getIssue(issue.id)).toMatchObject({ status: 'Completed', category: 'done' });
    // Closed by an operator in TOPdesk.
    const other = await a.createIssue(input());
    td.remoteUpdate(other.id, { closed: true });
    expect((await a.getIssue(other.id)).category).toBe('done');
  });
});

describe('TOPdesk adapter: polling what changed', () => {
  it('reads every page (206 until the last) oldest first from the given time, with each incident’s actions', async () => {
    const a = topdeskAdapter(settings(), fetch, { pageSize: 2 });
    // A new second, so nothing made before is in the window.
    t = Math.ceil((t + 1) / 1000) * 1000 + 1000;
    const since = new Date(t + 1);
    const made = [1, 2, 3, 4, 5].map((n) => td.seed({ briefDescription: `poll ${n}` }));
    td.remoteAction(made[1]!.id, 'an action');
    td.log.length = 0;
    const seen = await collect(a.changedSince(since));
    expect(seen.map((i) => i.title)).toEqual(['poll 1', 'poll 3', 'poll 4', 'poll 5', 'poll 2']);
    expect(seen.at(-1)!.comments.map((c) => c.body)).toEqual(['an action']);
    const lists = td.log.filter((r) => r.path === '/tas/api/incidents');
    expect(lists.every((r) => r.query.get('sort') === 'modificationDate:asc' && r.query.get('pageSize') === '2')).toBe(true);
    expect(lists[0]!.query.get('query')).toBe(`modificationDate=ge=${since.toISOString().slice(0, 19)}Z`);
    expect(lists.map((r) => r.status).at(-1)).toBe(200);
    expect(lists.some((r) => r.status === 206)).toBe(true);
  });

  it('nothing changed is TOPdesk’s 204: no incidents', async () => {
    const seen = await collect(topdeskAdapter(settings()).changedSince(new Date(t + 3_600_000)));
    expect(seen).toEqual([]);
    expect(td.log.find((r) => r.path === '/tas/api/incidents')!.status).toBe(204);
  });

  it('many incidents in one second are each read once (the page moves on within the second)', async () => {
    const held = Math.ceil(t / 1000) * 1000 + 5000;
    t = held;
    td.now = () => new Date(held + 100);
    try {
      const ids = [1, 2, 3, 4, 5].map((n) => td.seed({ briefDescription: `burst ${n}` }).id);
      const seen = await collect(topdeskAdapter(settings(), fetch, { pageSize: 2 }).changedSince(new Date(held)));
      expect(seen.map((i) => i.id).sort()).toEqual([...ids].sort());
    } finally {
      t = held + 1000;
      td.now = () => new Date((t += 250));
    }
  });

  it('an incident an operator changes while the pages are read shifts nothing past the reader', async () => {
    t = Math.ceil(t / 1000) * 1000 + 1000;
    const since = new Date(t + 1);
    // A second apart each, so every page is asked again from its last incident's time.
    const made = [1, 2, 3, 4, 5, 6].map((n) => {
      t += 1000;
      return td.seed({ briefDescription: `moving ${n}` });
    });
    let pages = 0;
    const racing: typeof fetch = async (url, init) => {
      const res = await fetch(url, init);
      if (/\/tas\/api\/incidents\?/.test(String(url)) && ++pages === 1) {
        t += 1000;
        td.remoteUpdate(made[0]!.id, { briefDescription: 'moving 1 (edited)' });
      }
      return res;
    };
    const seen = await collect(topdeskAdapter(settings(), racing, { pageSize: 2 }).changedSince(since));
    const titles = seen.map((i) => i.title);
    for (const n of [2, 3, 4, 5, 6]) expect(titles).toContain(`moving ${n}`);
    expect(titles.at(-1)).toBe('moving 1 (edited)');
  });
});

describe('TOPdesk adapter: errors', () => {
  it('a missing incident is TrackerError 404 with TOPdesk’s message', async () => {
    const err = await refusal(topdeskAdapter(settings()).getIssue('00000000-0000-4000-8000-000000000000'));
    expect(err).toMatchObject({ status: 404, message: "TOPdesk: No incident found with id '00000000-0000-4000-8000-000000000000'." });
  });

  it('429 carries Retry-After; the next call goes through; a 500 once has no wait', async () => {
    const a = topdeskAdapter(settings());
    td.failNext({ status: 429, retryAfter: '12' });
    expect(await refusal(a.createIssue(input()))).toMatchObject({
      status: 429,
      retryAfterSeconds: 12,
      message: 'TOPdesk: Too many requests',
    });
    const issue = await a.createIssue(input());
    td.failNext({ status: 500 });
    expect(await refusal(a.addComment(issue.id, 'x'))).toMatchObject({ status: 500, retryAfterSeconds: null });
    expect(td.actions.get(issue.id)).toBeUndefined();
  });

  it('no answer is TrackerError without a status', async () => {
    expect((await refusal(topdeskAdapter(settings({ url: 'http://127.0.0.62:1' })).getIssue('x'))).status).toBeNull();
  });
});

describe('TOPdesk adapter: the action sequence’s webhook call', () => {
  const body = (o: unknown) => Buffer.from(JSON.stringify(o));
  const call = { id: '9b2e6c1a-4d0f-4e8a-9f57-3c1d2e4f5a6b', number: 'I 2603 042', modificationDate: '2026-03-02T10:15:00.123+0000' };

  it('a good secret answers the change with its modification date', () => {
    const a = topdeskAdapter(settings());
    expect(a.parseWebhook({ [TOPDESK_SECRET_HEADER]: 'bw-td-secret' }, body(call))).toEqual([
      { issue_id: call.id, change_id: call.modificationDate, at: new Date('2026-03-02T10:15:00.123Z') },
    ]);
    expect(a.parseWebhook({ [TOPDESK_SECRET_HEADER]: ['bw-td-secret'] }, body([{ id: call.id }]))).toEqual([
      { issue_id: call.id, change_id: null, at: null },
    ]);
  });

  it('a wrong or missing secret is 401; a body that is not JSON is 400; one without an id is no change', () => {
    const a = topdeskAdapter(settings());
    for (const headers of [{ [TOPDESK_SECRET_HEADER]: 'bw-td-secret ' }, {}]) {
      expect(() => a.parseWebhook(headers, body(call))).toThrow(expect.objectContaining({ status: 401 }));
    }
    expect(() => topdeskAdapter(settings({ webhook_secret: null })).parseWebhook({ [TOPDESK_SECRET_HEADER]: 'x' }, body(call))).toThrow(
      expect.objectContaining({ status: 401 }),
    );
    expect(() => a.parseWebhook({ [TOPDESK_SECRET_HEADER]: 'bw-td-secret' }, Buffer.from('<xml/>'))).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect(a.parseWebhook({ [TOPDESK_SECRET_HEADER]: 'bw-td-secret' }, body({ number: 'I 2603 042' }))).toEqual([]);
  });
});

describe('TOPdesk memo text', () => {
  it('plain text goes as escaped HTML with <br> and comes back the same', () => {
    const text = 'a < b & c > d\nline two';
    expect(toTopdeskHtml(text)).toBe('a &lt; b &amp; c &gt; d<br>line two');
    expect(fromTopdeskHtml(toTopdeskHtml(text))).toBe(text);
  });
});

// The engine end to end with TOPdesk (PGlite; jobs off, so the test runs the pushes and polls itself, in order):
// settings through the routes with the connection test and a test ticket, a ticket pushed as an incident, an
// operator closing it in TOPdesk found by the poll (the ticket becomes Solution applied, once, with the operator's
// action as a comment) or announced by the action sequence's call, and Bulwark's own Will not fix closing the incident.
describe('TOPdesk two-way sync through the engine', () => {
  let app: TestApp;
  let admin: Client;
  let web: Client;
  let number = 0;

  async function ticket(title: string): Promise<number> {
    const [row] = await app.ctx.db
      .insert(tickets)
      .values({ customerId: 1, number: ++number, type: 1, title, description: 'Upgrade apache2.', priority: 4 })
      .returning({ id: tickets.id });
    return row!.id;
  }
  const row = async (id: number) => (await app.ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
  const link = async (id: number) => (await app.ctx.db.select().from(ticketLinks).where(eq(ticketLinks.ticketId, id)))[0]!;
  const events = (id: number) => app.ctx.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, id));

  beforeAll(async () => {
    app = await startTestApp('pglite', { BULWARK_JOBS: 'off' });
    // Bulwark's clock reads TOPdesk's time, so both sides agree which change came last.
    app.ctx.clock = () => new Date(t);
    admin = await signedIn(app, ADMIN_EMAIL, ADMIN_PASSWORD);
    web = await anonymous(app);
    const saved = await admin.request<TopdeskSettings>('PUT', '/api/app1/customer/1/topdesk/', {
      enabled: true,
      url: td.url,
      username: 'bulwark',
      token: 'td-app-password',
      webhook_secret: 'bw-td-secret',
      category: 'Security',
      priority_map: { '4': 'P1 Critical' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ enabled: true, token: '********', webhook_secret: '********', category: 'Security' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('passes the connection test and creates a test ticket with the saved settings', async () => {
    expect((await admin.post('/api/app1/customer/1/topdesk/test-connection/', {})).status).toBe(200);
    const test = await admin.post<{ key: string }>('/api/app1/customer/1/topdesk/test-ticket/', {});
    expect(test.status, JSON.stringify(test.body)).toBe(201);
    expect(test.body.key).toMatch(/^I \d{4} \d{3}$/);
  });

  it('a ticket becomes an incident; closed by an operator, the poll makes it Solution applied once', async () => {
    const id = await ticket('Apache path traversal on web-01');
    await linkTicket(app.ctx, 1, id, 'topdesk');
    expect(await pushTicket(app.ctx, id)).toEqual(['pushed']);
    const l = await link(id);
    const inc = td.incidents.get(l.externalId!)!;
    expect(inc).toMatchObject({
      briefDescription: 'Apache path traversal on web-01',
      category: { name: 'Security' },
      priority: { name: 'P1 Critical' },
    });
    expect(l).toMatchObject({ externalKey: inc.number, syncState: 'in_sync', remoteChangeId: inc.modificationDate });

    // Nothing changed there: the poll applies nothing.
    expect(await pollTracker(app.ctx, 1, 'topdesk')).toBe(0);

    td.remoteUpdate(inc.id, { action: 'Upgraded to 2.4.51.' });
    td.remoteUpdate(inc.id, { closed: true });
    expect(await pollTracker(app.ctx, 1, 'topdesk')).toBe(2);
    expect((await row(id)).status).toBe(TICKET_STATUS.solution_applied);
    expect((await events(id)).some((e) => e.comment === 'Jane Operator: Upgraded to 2.4.51.')).toBe(true);
    // Polled again (the overlap reads it again) and announced by the action sequence: nothing more.
    expect(await pollTracker(app.ctx, 1, 'topdesk')).toBe(0);
    const hook = await web.post<{ applied: number }>(
      '/api/trackers/topdesk/webhook/1/',
      { id: inc.id, number: inc.number, modificationDate: inc.modificationDate },
      { [TOPDESK_SECRET_HEADER]: 'bw-td-secret' },
    );
    expect(hook.status).toBe(200);
    expect(hook.body).toEqual({ applied: 0 });
  });

  it('the action sequence’s call applies an operator’s change; a wrong secret is 401', async () => {
    const id = await ticket('Apache path traversal on web-02');
    await linkTicket(app.ctx, 1, id, 'topdesk');
    await pushTicket(app.ctx, id);
    const incId = (await link(id)).externalId!;
    td.remoteUpdate(incId, { processingStatus: { name: 'In progress' } });
    const call = () => ({
      id: incId,
      number: td.incidents.get(incId)!.number,
      modificationDate: td.incidents.get(incId)!.modificationDate,
    });
    expect((await web.post('/api/trackers/topdesk/webhook/1/', call(), { [TOPDESK_SECRET_HEADER]: 'nope' })).status).toBe(401);
    const ok = await web.post<{ applied: number }>('/api/trackers/topdesk/webhook/1/', call(), { [TOPDESK_SECRET_HEADER]: 'bw-td-secret' });
    expect(ok.body).toEqual({ applied: 1 });
    expect((await row(id)).status).toBe(TICKET_STATUS.in_progress);
  });

  it('Will not fix in Bulwark closes the incident, with the comment as an action that never echoes back', async () => {
    const id = await ticket('Apache path traversal on web-03');
    await linkTicket(app.ctx, 1, id, 'topdesk');
    await pushTicket(app.ctx, id);
    const incId = (await link(id)).externalId!;
    const user = (await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL)))[0]!;
    expect(
      await changeTicket(app.ctx, 1, id, { status: TICKET_STATUS.will_not_fix, comment: 'Accepted: behind the VPN.' }, { userId: user.id }),
    ).toBe('applied');
    expect(await pushTicket(app.ctx, id)).toEqual(['pushed']);
    expect(td.incidents.get(incId)).toMatchObject({ closed: true, completed: true });
    expect(td.actions.get(incId)!.map((a) => a.plainText)).toEqual([`${ADMIN_EMAIL} (Bulwark): Accepted: behind the VPN.`]);
    const before = (await events(id)).length;
    await pollTracker(app.ctx, 1, 'topdesk');
    expect((await events(id)).length).toBe(before);
    expect((await row(id)).status).toBe(TICKET_STATUS.will_not_fix);
    expect((await link(id)).syncState).toBe('in_sync');
  });
});
