// The ServiceNow adapter against a local stand-in of an instance's Table API (helpers/servicenow-standin.ts, which
// follows ServiceNow's "Table API", "Encoded query strings" and "Inbound REST API rate limiting" documentation):
// sign-in by Basic and OAuth bearer, create / update / comment / transition / get, the incident states and a chosen
// table's sys_choice states, polling what changed across pages (a record changed while the pages are read and records
// of the same second lose nothing), errors as TrackerError with the status, 429 with Retry-After, and the business
// rule's webhook call with a good and a bad secret. Real HTTP on loopback; the instance's clock is set by the test.
import { eq } from 'drizzle-orm';
import { DEFAULT_SERVICENOW_STATE_MAP, DEFAULT_STATUS_MAP, TICKET_STATUS } from '@bulwark/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ticketEvents, ticketLinks, tickets, users } from '../src/db/schema/index.ts';
import { changeTicket } from '../src/modules/tickets/index.ts';
import { TrackerError, type RemoteIssue, type TrackerIssueInput } from '../src/modules/trackers/adapter.ts';
import {
  linkOf,
  servicenowAdapter,
  SERVICENOW_SECRET_HEADER,
  type ServiceNowSettings,
} from '../src/modules/trackers/adapters/servicenow.ts';
import { linkTicket, pollTracker, pushTicket } from '../src/modules/trackers/sync.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { ServiceNowStandin } from './helpers/servicenow-standin.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

let sn: ServiceNowStandin;
let t = Date.parse('2026-03-02T09:00:00Z');

function settings(over: Partial<ServiceNowSettings> = {}): ServiceNowSettings {
  return {
    tracker: 'servicenow',
    enabled: true,
    url: sn.url,
    username: 'bulwark.integration',
    token: 'sn-password',
    webhook_secret: 'bw-sn-secret',
    status_map: { ...DEFAULT_STATUS_MAP },
    priority_map: {},
    updated_at: null,
    table: 'incident',
    assignment_group: null,
    impact_map: {},
    urgency_map: {},
    state_map: {},
    close_code: null,
    ...over,
  };
}

function input(over: Partial<TrackerIssueInput> = {}): TrackerIssueInput {
  return {
    title: 'OpenSSH regreSSHion (CVE-2024-6387) on 10.0.0.5',
    description: 'Upgrade openssh-server to 1:9.6p1-3ubuntu13.3.\nFindings: 1',
    priority: 4,
    due_date: '2026-03-09',
    reference: { number: 42, uuid: '1f0c3b7e-3a5e-4c39-9a55-0c2f2b0e8d11', url: 'https://bulwark.test/remediation/tickets/42' },
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
  sn = await new ServiceNowStandin().start('127.0.0.61');
  // The instance's clock moves one second per reading unless a test holds it.
  sn.now = () => new Date((t += 1000));
});
afterAll(async () => {
  await sn.stop();
});
beforeEach(() => {
  sn.log.length = 0;
});

describe('ServiceNow adapter: connection and sign-in', () => {
  it('connects with Basic (user and password) and with an OAuth bearer token; a wrong password is a failure', async () => {
    const basic = await servicenowAdapter(settings()).testConnection();
    expect(basic).toMatchObject({ ok: true });
    expect(basic.ok && basic.detail).toContain('table incident');

    const bearer = await servicenowAdapter(settings({ username: null, token: 'sn-oauth-token' })).testConnection();
    expect(bearer.ok).toBe(true);

    const wrong = await servicenowAdapter(settings({ token: 'nope' })).testConnection();
    expect(wrong).toEqual({ ok: false, error: 'ServiceNow: User Not Authenticated: Required to provide Auth information' });
  });

  it('an unknown table is the instance’s 400', async () => {
    const result = await servicenowAdapter(settings({ table: 'incidentx' })).testConnection();
    expect(result).toEqual({ ok: false, error: 'ServiceNow: Invalid table incidentx' });
  });
});

describe('ServiceNow adapter: an incident’s life', () => {
  it('creates the incident with impact and urgency, due date and correlation, and reads it back', async () => {
    const a = servicenowAdapter(settings());
    const issue = await a.createIssue(input());
    expect(issue).toMatchObject({ key: expect.stringMatching(/^INC\d{7}$/), status: 'New', category: 'todo', change_id: '0' });
    expect(issue.url).toBe(`${sn.url}/nav_to.do?uri=${encodeURIComponent(`incident.do?sys_id=${issue.id}`)}`);
    const row = sn.record('incident', issue.id)!;
    expect(row).toMatchObject({
      short_description: 'OpenSSH regreSSHion (CVE-2024-6387) on 10.0.0.5',
      impact: '1',
      urgency: '1',
      priority: '1',
      due_date: '2026-03-09 23:59:59',
      correlation_id: '1f0c3b7e-3a5e-4c39-9a55-0c2f2b0e8d11',
      correlation_display: 'Bulwark #42',
      sys_created_by: 'bulwark.integration',
    });
    expect(row.description).toContain('https://bulwark.test/remediation/tickets/42');

    const got = await a.getIssue(issue.id);
    expect(got).toMatchObject({ id: issue.id, key: issue.key, category: 'todo', change_id: '0', comments: [] });
    expect(got.updated_at.toISOString()).toBe(new Date(`${row.sys_updated_on!.replace(' ', 'T')}Z`).toISOString());
  });

  it('updates fields (a lower priority, no due date) and each update moves sys_mod_count', async () => {
    const a = servicenowAdapter(settings({ impact_map: { '2': '3' }, assignment_group: 'a7f0c1d2e3' }));
    const issue = await a.createIssue(input());
    await a.updateIssue(issue.id, input({ title: 'Renamed', priority: 2, due_date: null }));
    const row = sn.record('incident', issue.id)!;
    expect(row).toMatchObject({ short_description: 'Renamed', impact: '3', urgency: '3', due_date: '', sys_mod_count: '1' });
    expect(row.assignment_group).toBe('a7f0c1d2e3');
    expect(sn.log.find((r) => r.method === 'PATCH')).toBeDefined();
    expect((await a.getIssue(issue.id)).change_id).toBe('1');
  });

  it('comments as work notes, answered with the journal entry; a person’s work note and comment come back too', async () => {
    const a = servicenowAdapter(settings());
    const issue = await a.createIssue(input());
    const mine = await a.addComment(issue.id, 'Re-test started in Bulwark.');
    const entry = sn.journal(issue.id).find((j) => j.value === 'Re-test started in Bulwark.')!;
    expect(mine).toEqual({
      id: entry.sys_id,
      body: 'Re-test started in Bulwark.',
      author: 'bulwark.integration',
      created_at: new Date(`${entry.sys_created_on!.replace(' ', 'T')}Z`),
    });

    sn.remoteWorkNote('incident', issue.id, 'Patched on Tuesday.', 'jane.analyst');
    sn.remoteUpdate('incident', issue.id, { comments: 'Caller says it is fine now.' }, 'bob.caller');
    const got = await a.getIssue(issue.id);
    expect(got.comments.map((c) => [c.body, c.author])).toEqual([
      ['Re-test started in Bulwark.', 'bulwark.integration'],
      ['Patched on Tuesday.', 'jane.analyst'],
      ['Caller says it is fine now.', 'bob.caller'],
    ]);
    expect(got.change_id).toBe('3');
  });

  it('transitions by category: done resolves with close code and notes (the data policy), todo and in_progress reopen', async () => {
    const a = servicenowAdapter(settings({ close_code: 'Resolved by change' }));
    const issue = await a.createIssue(input());
    await a.transition(issue.id, 'in_progress');
    expect(sn.record('incident', issue.id)!.state).toBe('2');
    await a.transition(issue.id, 'done');
    expect(sn.record('incident', issue.id)).toMatchObject({
      state: '6',
      close_code: 'Resolved by change',
      close_notes: 'Resolved in Bulwark.',
    });
    const resolved = await a.getIssue(issue.id);
    expect(resolved.category).toBe('done');
    // When it was resolved, not when it was last touched: a later work note moves updated_at only.
    const resolvedAt = sn.record('incident', issue.id)!.resolved_at!;
    expect(resolved.status_changed_at).toEqual(new Date(`${resolvedAt.replace(' ', 'T')}Z`));
    sn.remoteWorkNote('incident', issue.id, 'Verified by the owner.');
    const noted = await a.getIssue(issue.id);
    expect(noted.status_changed_at).toEqual(resolved.status_changed_at);
    expect(noted.updated_at.getTime()).toBeGreaterThan(resolved.updated_at.getTime());

    // Closed by a person: already done, so Bulwark's "done" writes nothing (it would move Closed back to Resolved).
    sn.remoteUpdate('incident', issue.id, { state: '7' });
    sn.log.length = 0;
    await a.transition(issue.id, 'done');
    expect(sn.log.filter((r) => r.method === 'PATCH')).toEqual([]);
    expect(sn.record('incident', issue.id)!.state).toBe('7');

    await a.transition(issue.id, 'todo');
    expect(sn.record('incident', issue.id)).toMatchObject({ state: '1', resolved_at: '', closed_at: '' });
    expect((await a.getIssue(issue.id)).status_changed_at).toBeNull();
  });

  it('On Hold is in progress and Canceled is done; the state_map chooses the state a category moves to', async () => {
    const a = servicenowAdapter(settings({ state_map: { in_progress: '3' } }));
    const issue = await a.createIssue(input());
    await a.transition(issue.id, 'in_progress');
    expect(sn.record('incident', issue.id)!.state).toBe('3');
    expect(await a.getIssue(issue.id)).toMatchObject({ status: 'On Hold', category: 'in_progress' });
    sn.remoteUpdate('incident', issue.id, { state: '8' });
    expect(await a.getIssue(issue.id)).toMatchObject({ status: 'Canceled', category: 'done' });
  });
});

describe('ServiceNow adapter: a chosen table', () => {
  it('sc_task: its states come from sys_choice (inherited from task), done is Closed Complete', async () => {
    const a = servicenowAdapter(settings({ table: 'sc_task' }));
    const issue = await a.createIssue(input());
    expect(issue).toMatchObject({ key: expect.stringMatching(/^SCTASK\d{7}$/), status: 'Open', category: 'todo' });
    await a.transition(issue.id, 'in_progress');
    expect(sn.record('sc_task', issue.id)!.state).toBe('2');
    await a.transition(issue.id, 'done');
    expect(sn.record('sc_task', issue.id)!.state).toBe('3');
    sn.remoteUpdate('sc_task', issue.id, { state: '4' });
    expect(await a.getIssue(issue.id)).toMatchObject({ status: 'Closed Incomplete', category: 'done' });
    sn.remoteUpdate('sc_task', issue.id, { state: '-5' });
    expect(await a.getIssue(issue.id)).toMatchObject({ status: 'Pending', category: 'in_progress' });
  });

  it('the incident’s default state map does not send a state sc_task lacks (6): its own done state is used', async () => {
    const a = servicenowAdapter(settings({ table: 'sc_task', state_map: { ...DEFAULT_SERVICENOW_STATE_MAP } }));
    const issue = await a.createIssue(input());
    await a.transition(issue.id, 'done');
    expect(sn.record('sc_task', issue.id)!.state).toBe('3');
    await a.transition(issue.id, 'in_progress');
    expect(sn.record('sc_task', issue.id)!.state).toBe('2');
  });

  it('without read access to sys_choice, the state_map names the states', async () => {
    const a = servicenowAdapter(settings({ table: 'sc_task', state_map: { todo: '-5', in_progress: '2', done: '3' } }));
    sn.failNext({ status: 403, path: /sys_choice/ });
    const issue = await a.createIssue(input());
    expect(sn.log.find((r) => r.path.endsWith('/sys_choice'))?.status).toBe(403);
    await a.transition(issue.id, 'done');
    expect(sn.record('sc_task', issue.id)!.state).toBe('3');
    expect((await a.getIssue(issue.id)).category).toBe('done');
    await a.transition(issue.id, 'todo');
    expect(await a.getIssue(issue.id)).toMatchObject({ status: 'Pending', category: 'todo' });
  });

  it('the state_map wins over the labels', async () => {
    const a = servicenowAdapter(settings({ table: 'sc_task', state_map: { done: '7', todo: '-5' } }));
    const issue = await a.createIssue(input());
    await a.transition(issue.id, 'done');
    expect(sn.record('sc_task', issue.id)!.state).toBe('7');
    await a.transition(issue.id, 'todo');
    expect(sn.record('sc_task', issue.id)!.state).toBe('-5');
    expect((await a.getIssue(issue.id)).category).toBe('todo');
  });
});

describe('ServiceNow adapter: polling what changed', () => {
  it('reads every page oldest first from the given time (inclusive), with each record’s journal', async () => {
    const a = servicenowAdapter(settings({ table: 'sc_task' }), fetch, { pageSize: 2 });
    const before = sn.seed('sc_task', { short_description: 'before' });
    const since = new Date(t + 1000);
    const made = [1, 2, 3, 4, 5].map((n) => sn.seed('sc_task', { short_description: `task ${n}` }));
    sn.remoteWorkNote('sc_task', made[1]!.sys_id!, 'a note');
    sn.log.length = 0;
    const seen = await collect(a.changedSince(since));
    expect(seen.map((i) => i.title)).toEqual(['task 1', 'task 3', 'task 4', 'task 5', 'task 2']);
    expect(seen.find((i) => i.title === 'task 2')!.comments.map((c) => c.body)).toEqual(['a note']);
    expect(seen.some((i) => i.id === before.sys_id)).toBe(false);
    const pages = sn.log.filter((r) => r.path === '/api/now/table/sc_task' && r.query.get('sysparm_limit') === '2');
    expect(pages).toHaveLength(3);
    expect(pages.every((r) => r.query.get('sysparm_limit') === '2')).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.updated_at >= seen[i - 1]!.updated_at).toBe(true);
  });

  it('records of the same second across a page boundary are each read once', async () => {
    const held = t + 60_000;
    t = held;
    sn.now = () => new Date(held);
    try {
      const ids = [1, 2, 3, 4, 5].map((n) => sn.seed('incident', { short_description: `same second ${n}` }).sys_id!);
      const a = servicenowAdapter(settings(), fetch, { pageSize: 2 });
      const seen = await collect(a.changedSince(new Date(held)));
      expect(seen.map((i) => i.id).sort()).toEqual([...ids].sort());
    } finally {
      sn.now = () => new Date((t += 1000));
    }
  });

  it('a record a person changes while the pages are read shifts nothing past the reader', async () => {
    const since = new Date(t + 1000);
    const made = [1, 2, 3, 4, 5, 6].map((n) => sn.seed('incident', { short_description: `moving ${n}` }));
    let pagesRead = 0;
    // After the first page, the first record is edited: with offset paging the rest would move up one place.
    const racing: typeof fetch = async (url, init) => {
      const res = await fetch(url, init);
      if (String(url).includes('/api/now/table/incident?sysparm_display_value=all&sysparm_exclude') && ++pagesRead === 1) {
        sn.remoteUpdate('incident', made[0]!.sys_id!, { short_description: 'moving 1 (edited)' });
      }
      return res;
    };
    const seen = await collect(servicenowAdapter(settings(), racing, { pageSize: 2 }).changedSince(since));
    const titles = seen.map((i) => i.title);
    for (const n of [2, 3, 4, 5, 6]) expect(titles).toContain(`moving ${n}`);
    expect(titles.at(-1)).toBe('moving 1 (edited)');
  });

  for (const [zone, minutes] of [
    ['two hours east of UTC', 120],
    ['five hours west of UTC', -300],
  ] as const) {
    it(`the integration user's time zone ${zone}: its query dates are read in it, and nothing is lost or repeated`, async () => {
      const since = new Date(t + 1000);
      const made = [1, 2, 3, 4, 5].map((n) => sn.seed('incident', { short_description: `zoned ${minutes} ${n}` }).sys_id!);
      sn.userOffsetMinutes = minutes;
      try {
        const seen = await collect(servicenowAdapter(settings(), fetch, { pageSize: 2 }).changedSince(since));
        expect(seen.map((i) => i.id)).toEqual(made);
      } finally {
        sn.userOffsetMinutes = 0;
      }
    });
  }

  it('reads the next relation of a Link header', () => {
    const header =
      '<https://x.service-now.com/api/now/table/incident?sysparm_limit=2&sysparm_offset=0>;rel="first",' +
      '<https://x.service-now.com/api/now/table/incident?sysparm_limit=2&sysparm_offset=2>;rel="next",' +
      '<https://x.service-now.com/api/now/table/incident?sysparm_limit=2&sysparm_offset=8>;rel="last"';
    expect(linkOf(header, 'next')).toBe('https://x.service-now.com/api/now/table/incident?sysparm_limit=2&sysparm_offset=2');
    expect(linkOf(header, 'prev')).toBeNull();
  });
});

describe('ServiceNow adapter: errors', () => {
  it('a missing record is TrackerError 404 with ServiceNow’s message', async () => {
    const err = await refusal(servicenowAdapter(settings()).getIssue('0123456789abcdef0123456789abcdef'));
    expect(err.status).toBe(404);
    expect(err.message).toBe("ServiceNow: No Record found: Record doesn't exist or ACL restricts the record retrieval");
  });

  it('429 carries Retry-After; the next call goes through', async () => {
    const a = servicenowAdapter(settings());
    sn.failNext({ status: 429, retryAfter: '7' });
    const err = await refusal(a.createIssue(input()));
    expect(err).toMatchObject({ status: 429, retryAfterSeconds: 7 });
    expect(err.message).toBe('ServiceNow: Rate limit exceeded: Too many requests for this user');
    expect((await a.createIssue(input())).key).toMatch(/^INC/);
  });

  it('a 500 once is TrackerError 500 without a wait; a refused write (data policy) is 403', async () => {
    const a = servicenowAdapter(settings());
    const issue = await a.createIssue(input());
    sn.failNext({ status: 500 });
    expect(await refusal(a.updateIssue(issue.id, input()))).toMatchObject({ status: 500, retryAfterSeconds: null });
    // The data policy, as an instance has it: resolving without a close code and notes is refused (403); the adapter
    // always sends them.
    const raw = await fetch(`${sn.url}/api/now/table/incident/${issue.id}`, {
      method: 'PATCH',
      headers: {
        authorization: `Basic ${Buffer.from('bulwark.integration:sn-password').toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ state: '6' }),
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toMatchObject({ error: { message: 'Operation Failed' }, status: 'failure' });
  });

  it('no answer is TrackerError without a status', async () => {
    const err = await refusal(servicenowAdapter(settings({ url: 'http://127.0.0.61:1' })).getIssue('x'));
    expect(err.status).toBeNull();
  });
});

describe('ServiceNow adapter: the business rule’s webhook call', () => {
  const body = (o: unknown) => Buffer.from(JSON.stringify(o));
  const record = {
    table: 'incident',
    sys_id: '46d44a5fa9fe198101f0f6a9f2a1dc1b',
    number: 'INC0010042',
    state: '6',
    sys_mod_count: '4',
    sys_updated_on: '2026-03-02 10:15:00',
  };

  it('a good secret answers the change with its mod count and time', () => {
    const a = servicenowAdapter(settings());
    expect(a.parseWebhook({ [SERVICENOW_SECRET_HEADER]: 'bw-sn-secret' }, body(record))).toEqual([
      { issue_id: record.sys_id, change_id: '4', at: new Date('2026-03-02T10:15:00Z') },
    ]);
    expect(
      a.parseWebhook({ [SERVICENOW_SECRET_HEADER]: 'bw-sn-secret' }, body([record, { ...record, sys_id: 'b', sys_mod_count: 1 }])),
    ).toHaveLength(2);
    expect(a.parseWebhook({ [SERVICENOW_SECRET_HEADER]: 'bw-sn-secret' }, body({ records: [record] }))).toHaveLength(1);
  });

  it('a wrong or missing secret is 401; a record of another table is not followed; a body that is not JSON is 400', () => {
    const a = servicenowAdapter(settings());
    for (const headers of [{ [SERVICENOW_SECRET_HEADER]: 'bw-sn-secreT' }, {}, { [SERVICENOW_SECRET_HEADER]: '' }]) {
      let err: unknown = null;
      try {
        a.parseWebhook(headers, body(record));
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(TrackerError);
      expect((err as TrackerError).status).toBe(401);
    }
    expect(
      servicenowAdapter(settings({ webhook_secret: null })).parseWebhook.bind(null, { [SERVICENOW_SECRET_HEADER]: 'x' }, body(record)),
    ).toThrow(TrackerError);
    expect(a.parseWebhook({ [SERVICENOW_SECRET_HEADER]: 'bw-sn-secret' }, body({ ...record, table: 'problem' }))).toEqual([]);
    expect(() => a.parseWebhook({ [SERVICENOW_SECRET_HEADER]: 'bw-sn-secret' }, Buffer.from('state=6'))).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });
});

// The engine end to end with ServiceNow (PGlite; jobs off, so the test runs the pushes itself, in order): settings
// through the routes with the connection test and a test ticket, a ticket pushed as an incident, a person resolving
// it in ServiceNow announced by the business rule's call (the ticket becomes Solution applied, once; a bad secret is
// 401), and Bulwark's own Will not fix resolving the incident.
describe('ServiceNow two-way sync through the engine', () => {
  let app: TestApp;
  let admin: Client;
  let web: Client;
  let number = 0;
  const hookUrl = '/api/trackers/servicenow/webhook/1/';

  async function ticket(title: string): Promise<number> {
    const [row] = await app.ctx.db
      .insert(tickets)
      .values({ customerId: 1, number: ++number, type: 1, title, description: 'Upgrade openssh-server.', priority: 3 })
      .returning({ id: tickets.id });
    return row!.id;
  }
  const row = async (id: number) => (await app.ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
  const link = async (id: number) => (await app.ctx.db.select().from(ticketLinks).where(eq(ticketLinks.ticketId, id)))[0]!;
  /** The business rule's call for a record, as the documented script sends it. */
  const hook = (sysId: string, secret = 'bw-sn-secret') => {
    const r = sn.record('incident', sysId)!;
    return web.post<{ applied: number }>(
      hookUrl,
      {
        table: 'incident',
        sys_id: r.sys_id,
        number: r.number,
        state: r.state,
        sys_mod_count: r.sys_mod_count,
        sys_updated_on: r.sys_updated_on,
      },
      { [SERVICENOW_SECRET_HEADER]: secret },
    );
  };

  beforeAll(async () => {
    app = await startTestApp('pglite', { BULWARK_JOBS: 'off' });
    // Bulwark's clock reads the instance's time, so both sides agree which change came last.
    app.ctx.clock = () => new Date(t);
    admin = await signedIn(app, ADMIN_EMAIL, ADMIN_PASSWORD);
    web = await anonymous(app);
    const saved = await admin.request<ServiceNowSettings>('PUT', '/api/app1/customer/1/servicenow/', {
      enabled: true,
      url: sn.url,
      username: 'bulwark.integration',
      token: 'sn-password',
      webhook_secret: 'bw-sn-secret',
      table: 'incident',
      close_code: 'Solution provided',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ enabled: true, token: '********', webhook_secret: '********', table: 'incident' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('passes the connection test and creates a test ticket with the saved settings', async () => {
    expect((await admin.post('/api/app1/customer/1/servicenow/test-connection/', {})).status).toBe(200);
    const test = await admin.post<{ key: string; url: string }>('/api/app1/customer/1/servicenow/test-ticket/', {});
    expect(test.status, JSON.stringify(test.body)).toBe(201);
    expect(test.body.key).toMatch(/^INC\d{7}$/);
  });

  it('a ticket becomes an incident; resolved in ServiceNow, the business rule’s call makes it Solution applied once', async () => {
    const id = await ticket('OpenSSH regreSSHion on 10.0.0.5');
    await linkTicket(app.ctx, 1, id, 'servicenow');
    expect(await pushTicket(app.ctx, id)).toEqual(['pushed']);
    const l = await link(id);
    const incident = sn.record('incident', l.externalId!)!;
    expect(incident).toMatchObject({
      short_description: 'OpenSSH regreSSHion on 10.0.0.5',
      state: '1',
      correlation_id: (await row(id)).uuid,
    });
    expect(l).toMatchObject({ externalKey: incident.number, syncState: 'in_sync', remoteChangeId: incident.sys_mod_count });

    // Our own call's announcement changes nothing.
    expect((await hook(incident.sys_id!)).body).toEqual({ applied: 0 });

    sn.remoteUpdate('incident', incident.sys_id!, {
      state: '6',
      close_code: 'Solution provided',
      close_notes: 'Upgraded to 9.6p1.',
      work_notes: 'Upgraded on all web hosts.',
    });
    expect((await hook(incident.sys_id!, 'wrong')).status).toBe(401);
    const first = await hook(incident.sys_id!);
    expect(first.status).toBe(200);
    expect(first.body.applied).toBe(2);
    expect((await row(id)).status).toBe(TICKET_STATUS.solution_applied);
    const copied = await app.ctx.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, id));
    expect(copied.some((e) => e.comment === 'jane.analyst: Upgraded on all web hosts.')).toBe(true);
    // The same call again (ServiceNow retries an outbound call that timed out): nothing more.
    expect((await hook(incident.sys_id!)).body).toEqual({ applied: 0 });
  });

  it('Will not fix in Bulwark resolves the incident, with the comment as a work note', async () => {
    const id = await ticket('SSH Terrapin on 10.0.0.6');
    await linkTicket(app.ctx, 1, id, 'servicenow');
    await pushTicket(app.ctx, id);
    const sysId = (await link(id)).externalId!;
    const user = (await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL)))[0]!;
    expect(
      await changeTicket(app.ctx, 1, id, { status: TICKET_STATUS.will_not_fix, comment: 'Accepted: internal only.' }, { userId: user.id }),
    ).toBe('applied');
    expect(await pushTicket(app.ctx, id)).toEqual(['pushed']);
    expect(sn.record('incident', sysId)).toMatchObject({ state: '6', close_code: 'Solution provided' });
    expect(sn.journal(sysId).map((j) => j.value)).toEqual([`${ADMIN_EMAIL} (Bulwark): Accepted: internal only.`]);
    // The work note we wrote comes back in the next poll and is not copied back.
    const before = (await app.ctx.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, id))).length;
    await pollTracker(app.ctx, 1, 'servicenow');
    expect((await app.ctx.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, id))).length).toBe(before);
    expect((await link(id)).syncState).toBe('in_sync');
  });
});
