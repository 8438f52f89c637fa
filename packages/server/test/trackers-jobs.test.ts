// The Jira sync through the real job queue (pg-boss, jobs on): a ticket linked by the API is pushed by the
// tracker-push worker; a change made through the tickets' change path is sent by the job it queues; a Jira user's
// resolution arriving by webhook becomes Solution applied and is not pushed back; a rate-limited create is tried again
// after Jira's Retry-After, once. Against the Jira stand-in (helpers/jira-standin.ts, Jira Cloud REST v3 as documented).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerDelivery } from '@bulwark/core';
import { ticketLinks, tickets } from '../src/db/schema/index.ts';
import { changeTicket } from '../src/modules/tickets/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { JiraStandin } from './helpers/jira-standin.ts';
import { signedIn } from './helpers/sessions.ts';

const SECRET = 'jira-webhook-secret';
const TOKEN = 'cloud-api-token';

const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`waited in vain for ${what}`);
};

describe.each(BACKENDS)('Jira sync through the job queue on %s', (backend) => {
  const host = backend === 'pglite' ? '127.0.63.1' : '127.0.64.1';
  let t: TestApp;
  let jira: JiraStandin;
  let admin: Client;
  let number = 0;

  async function ticket(title: string): Promise<number> {
    const [row] = await t.ctx.db
      .insert(tickets)
      .values({ customerId: 1, number: ++number, type: 1, title, description: 'Upgrade.', priority: 3 })
      .returning({ id: tickets.id });
    return row!.id;
  }
  const link = async (ticketId: number) => (await t.ctx.db.select().from(ticketLinks).where(eq(ticketLinks.ticketId, ticketId)))[0];
  const version = async (ticketId: number) => (await t.ctx.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!.version;

  beforeAll(async () => {
    t = await startTestApp(backend);
    jira = await JiraStandin.start({ deployment: 'cloud', host, email: 'bulwark@example.com', token: TOKEN });
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const put = await admin.request('PUT', '/api/app1/customer/1/jira/', {
      enabled: true,
      url: jira.url,
      username: 'bulwark@example.com',
      token: TOKEN,
      webhook_secret: SECRET,
      deployment: 'cloud',
      project_key: 'SEC',
      issue_type: 'Task',
    });
    expect(put.status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await jira?.close();
  });

  it('pushes a linked ticket, then each change, and takes a Jira resolution back without pushing it again', async () => {
    const id = await ticket('Exposed Redis on 10.0.0.9');
    expect((await admin.post(`/api/remediation/tickets/${id}/sync/`, { tracker: 'jira' })).status).toBe(202);
    await until(async () => (await link(id))?.syncState === 'in_sync', 'the issue to be created');
    const key = (await link(id))!.externalKey!;
    expect(jira.issue(key).summary).toBe('Exposed Redis on 10.0.0.9');

    expect(await changeTicket(t.ctx, 1, id, { status: 4, comment: 'Firewalled, upgrading next' }, { userId: null })).toBe('applied');
    await until(() => jira.issue(key).status.name === 'Being fixed' && jira.issue(key).comments.length === 1, 'the change in Jira');

    jira.webhooks.length = 0;
    jira.userTransition(key, 'Resolved in prod');
    const statuses = await jira.flushWebhooks(`${await listen()}/api/trackers/jira/webhook/1/`, SECRET);
    expect(statuses).toEqual([200]);
    expect((await t.ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0]!.status).toBe(1);
    // Whatever the queue does next (the re-test's note, the sweep), Jira's resolution is never undone from here.
    await until(async () => (await link(id))!.pushedVersion === (await version(id)), 'the link to catch up');
    expect(jira.hits.filter((h) => h.method === 'POST' && h.path.endsWith('/transitions')).length).toBe(1);
    expect(jira.issue(key).status.name).toBe('Resolved in prod');
  });

  it('tries a rate-limited create again after Retry-After, creating the issue once', async () => {
    const id = await ticket('Default credentials on 10.0.0.7');
    jira.failNext({ status: 429, retryAfter: 1, match: (h) => h.method === 'POST' && h.path === '/rest/api/3/issue' });
    expect((await admin.post(`/api/remediation/tickets/${id}/sync/`, { tracker: 'jira' })).status).toBe(202);
    await until(async () => (await link(id))?.syncState === 'in_sync', 'the issue after the rate limit');
    expect([...jira.issues.values()].filter((i) => i.summary === 'Default credentials on 10.0.0.7')).toHaveLength(1);
    const log = await admin.get<{ results: TrackerDelivery[] }>(`/api/trackers/jira/deliveries/?ticket=${id}`);
    expect(log.body.results).toEqual([expect.objectContaining({ operation: 'create', state: 'sent', attempts: 2 })]);
  });

  /** The app on a real port, so the stand-in can call its webhook over HTTP as Jira does. */
  async function listen(): Promise<string> {
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }
});
