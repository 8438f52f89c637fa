// The Jira adapter against the local Jira stand-in (helpers/jira-standin.ts, which follows Atlassian's REST v3 / v2,
// rate limiting and webhook documentation), on Jira Cloud (REST v3: ADF bodies, e-mail + API token, search/jql paged
// by nextPageToken) and Data Center (REST v2: plain text, personal access token, search paged by startAt): create,
// update, comment, transitions found by status category in a custom workflow, what changed since (every page, oldest
// first), Jira's error bodies and 429 with Retry-After as TrackerError, and signed webhooks. Real HTTP on loopback.
import { createHmac } from 'node:crypto';
import { DEFAULT_JIRA_PRIORITY_MAP, DEFAULT_STATUS_MAP } from '@bulwark/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackerError, type OpenTrackerSettings, type RemoteIssue, type TrackerIssueInput } from '../src/modules/trackers/adapter.ts';
import { adapterFor } from '../src/modules/trackers/adapters/index.ts';
import { fromAdf, toAdf } from '../src/modules/trackers/adapters/jira.ts';
import { JiraStandin, type Deployment } from './helpers/jira-standin.ts';

const SECRET = 'jira-webhook-secret';
let clock = Date.parse('2026-11-20T10:00:00Z');
const tick = (ms = 60_000) => (clock += ms);

function settings(jira: JiraStandin, deployment: Deployment, over: Partial<OpenTrackerSettings<'jira'>> = {}): OpenTrackerSettings<'jira'> {
  return {
    tracker: 'jira',
    enabled: true,
    url: jira.url,
    username: deployment === 'cloud' ? 'bulwark@example.com' : null,
    token: deployment === 'cloud' ? 'cloud-api-token' : 'dc-personal-access-token',
    webhook_secret: SECRET,
    status_map: { ...DEFAULT_STATUS_MAP },
    priority_map: { ...DEFAULT_JIRA_PRIORITY_MAP },
    updated_at: null,
    deployment,
    project_key: 'SEC',
    issue_type: 'Bug',
    ...over,
  };
}

const input = (over: Partial<TrackerIssueInput> = {}): TrackerIssueInput => ({
  title: 'OpenSSL 3.0.x vulnerabilities on 10.0.0.5',
  description: 'Upgrade openssl to 3.0.13.\nFindings: 3',
  priority: 4,
  due_date: '2026-11-27',
  reference: { number: 7, uuid: '1f0c3b7e-3a5e-4c39-9a55-0c2f2b0e8d11', url: 'http://bulwark.test/remediation/unified-tickets/view/1f0c' },
  ...over,
});

async function all(it: AsyncIterable<RemoteIssue>): Promise<RemoteIssue[]> {
  const out: RemoteIssue[] = [];
  for await (const i of it) out.push(i);
  return out;
}

async function refusal(p: Promise<unknown>): Promise<TrackerError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof TrackerError) return err;
    throw err;
  }
  throw new Error('expected a TrackerError');
}

it('turns plain text into ADF and back', () => {
  const doc = toAdf('First line\nsecond line\n\nNew paragraph');
  expect(doc).toMatchObject({ type: 'doc', version: 1 });
  expect(fromAdf(doc)).toBe('First line\nsecond line\n\nNew paragraph');
});

describe.each(['cloud', 'datacenter'] as const)('Jira %s', (deployment) => {
  let jira: JiraStandin;
  beforeAll(async () => {
    jira = await JiraStandin.start({
      deployment,
      host: deployment === 'cloud' ? '127.0.60.1' : '127.0.60.2',
      email: 'bulwark@example.com',
      token: deployment === 'cloud' ? 'cloud-api-token' : 'dc-personal-access-token',
      now: () => new Date(clock),
    });
  });
  afterAll(() => jira.close());

  it('tests the connection: signed in and the project found; a wrong token or project fails with Jira’s words', async () => {
    const a = adapterFor('jira', settings(jira, deployment));
    expect(await a.testConnection()).toEqual({ ok: true, detail: 'Signed in as Bulwark Integration' });
    expect(await adapterFor('jira', settings(jira, deployment, { token: 'wrong' })).testConnection()).toEqual({
      ok: false,
      error: 'Jira answered 401: You are not authenticated. Authentication required to perform this operation.',
    });
    expect(await adapterFor('jira', settings(jira, deployment, { project_key: 'NOPE' })).testConnection()).toEqual({
      ok: false,
      error: "Jira answered 404: No project could be found with key 'NOPE'.",
    });
    // The stand-in takes only Cloud's e-mail + API token as Basic, or Data Center's personal access token as Bearer.
    expect(
      await adapterFor(
        'jira',
        settings(jira, deployment, { username: deployment === 'cloud' ? 'someone@example.com' : 'bulwark' }),
      ).testConnection(),
    ).toMatchObject({ ok: false });
  });

  it('creates an issue in the body format of its API version, with priority, due date and labels', async () => {
    const a = adapterFor('jira', settings(jira, deployment));
    const created = await a.createIssue(input());
    expect(created).toMatchObject({
      key: 'SEC-1',
      status: 'Backlog',
      category: 'todo',
      title: input().title,
      url: `${jira.url}/browse/SEC-1`,
    });
    const stored = jira.issue('SEC-1');
    expect(stored).toMatchObject({ priority: 'Highest', duedate: '2026-11-27', labels: ['bulwark', 'bulwark-7'], issuetype: 'Bug' });
    if (deployment === 'cloud') expect(stored.description).toMatchObject({ type: 'doc', version: 1 });
    else expect(typeof stored.description).toBe('string');
    expect(JiraStandin.text(stored.description)).toContain('Bulwark ticket #7: http://bulwark.test/remediation/unified-tickets/view/1f0c');
  });

  it('answers Jira’s field errors as one line', async () => {
    const a = adapterFor('jira', settings(jira, deployment, { issue_type: 'Epic' }));
    const err = await refusal(a.createIssue(input({ title: '   ' })));
    expect(err.status).toBe(400);
    expect(err.message).toBe('Jira answered 400: issuetype: Specify an issue type; summary: You must specify a summary of the issue.');
  });

  it('updates fields and adds comments; each change gets a new changelog id', async () => {
    const a = adapterFor('jira', settings(jira, deployment));
    const before = await a.getIssue(jira.issue('SEC-1').id);
    tick();
    await a.updateIssue(before.id, input({ title: 'OpenSSL on 10.0.0.5 (2 left)', priority: 2 }));
    const after = await a.getIssue(before.id);
    expect(after.title).toBe('OpenSSL on 10.0.0.5 (2 left)');
    expect(jira.issue('SEC-1').priority).toBe('Medium');
    expect(after.change_id).not.toBe(before.change_id);
    const c = await a.addComment(before.id, 'admin@example.com (Bulwark): patched web01');
    expect(c.body).toBe('admin@example.com (Bulwark): patched web01');
    expect((await a.getIssue(before.id)).comments.map((x) => x.body)).toEqual(['admin@example.com (Bulwark): patched web01']);
  });

  it('moves the issue by status category through a custom workflow (no status is called Done)', async () => {
    const a = adapterFor('jira', settings(jira, deployment));
    const id = jira.issue('SEC-1').id;
    await a.transition(id, 'in_progress');
    expect(jira.issue('SEC-1').status.name).toBe('Being fixed');
    await a.transition(id, 'done');
    expect(jira.issue('SEC-1').status.name).toBe('Resolved in prod');
    const hits = jira.hits.length;
    // Already there: nothing is sent.
    await a.transition(id, 'done');
    expect(jira.hits.slice(hits).filter((h) => h.method === 'POST')).toEqual([]);
    await a.transition(id, 'todo');
    expect(await a.getIssue(id)).toMatchObject({ status: 'Backlog', category: 'todo' });
    // The transitions were asked for with their fields, as the documentation says.
    expect(jira.hits.some((h) => h.path.endsWith('/transitions?expand=transitions.fields'))).toBe(true);
  });

  it('lists what changed since a time over every page, oldest first', async () => {
    const a = adapterFor('jira', settings(jira, deployment));
    tick(3600_000);
    const since = new Date(clock);
    for (let i = 0; i < 4; i++) {
      tick();
      await a.createIssue(input({ title: `Issue ${i}` }));
    }
    tick();
    jira.userComment('SEC-1', 'looking at it');
    const changed = await all(a.changedSince(since));
    expect(changed.map((i) => i.title)).toEqual(['Issue 0', 'Issue 1', 'Issue 2', 'Issue 3', 'OpenSSL on 10.0.0.5 (2 left)']);
    // Pages of two (the stand-in's page size): Cloud follows nextPageToken, Data Center startAt.
    const searches = jira.hits.filter((h) => h.path.includes('/search'));
    if (deployment === 'cloud') expect(searches.at(-1)!.path).toContain('/rest/api/3/search/jql?');
    else expect(searches.at(-1)!.path).toContain('/rest/api/2/search?');
    expect(searches.length).toBeGreaterThanOrEqual(3);
  });

  it('answers 429 as a TrackerError with Retry-After, and 500 with Jira’s message', async () => {
    const a = adapterFor('jira', settings(jira, deployment));
    jira.failNext({ status: 429, retryAfter: 7 });
    const limited = await refusal(a.getIssue(jira.issue('SEC-1').id));
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 7, message: 'Jira answered 429: Rate limit exceeded.' });
    jira.failNext({ status: 500 });
    expect(await refusal(a.getIssue(jira.issue('SEC-1').id))).toMatchObject({ status: 500, retryAfterSeconds: null });
  });

  it('checks the webhook signature and names the issue and change', async () => {
    const a = adapterFor('jira', settings(jira, deployment));
    jira.webhooks.length = 0;
    tick();
    const changeId = jira.userTransition('SEC-1', 'Resolved in prod');
    const commentId = jira.userComment('SEC-1', 'fixed in prod');
    const [updated, commented] = jira.webhooks;
    const sign = (body: Buffer, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    const id = jira.issue('SEC-1').id;
    expect(a.parseWebhook({ 'x-hub-signature': sign(updated!.body) }, updated!.body)).toEqual([
      { issue_id: id, change_id: changeId, at: new Date(clock) },
    ]);
    expect(a.parseWebhook({ 'x-hub-signature': sign(commented!.body) }, commented!.body)).toEqual([
      { issue_id: id, change_id: `comment:${commentId}`, at: new Date(clock) },
    ]);
    expect(() => a.parseWebhook({ 'x-hub-signature': sign(updated!.body, 'other') }, updated!.body)).toThrow(
      'The webhook signature does not match.',
    );
    expect(() => a.parseWebhook({}, updated!.body)).toThrow(TrackerError);
    // Without a secret set, webhooks are refused (polling still syncs).
    const open = adapterFor('jira', settings(jira, deployment, { webhook_secret: null }));
    expect(() => open.parseWebhook({ 'x-hub-signature': sign(updated!.body) }, updated!.body)).toThrow(/No webhook secret/);
    // Events not followed answer nothing.
    const created = Buffer.from(JSON.stringify({ webhookEvent: 'jira:issue_created', issue: { id } }));
    expect(a.parseWebhook({ 'x-hub-signature': sign(created) }, created)).toEqual([]);
  });
});
