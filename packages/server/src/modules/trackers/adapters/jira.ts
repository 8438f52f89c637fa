// The Jira adapter: Jira Cloud's REST API v3 (descriptions and comments in the Atlassian Document Format, e-mail + API
// token over Basic auth, search through /rest/api/3/search/jql paged by nextPageToken) and Jira Data Center's REST API
// v2 (plain-text bodies, a personal access token as Bearer, /rest/api/2/search paged by startAt/maxResults).
// Statuses are moved by status category (new / indeterminate / done), never by name, so custom workflows work; the
// newest changelog id is an issue's change id; webhooks are checked by their HMAC signature (X-Hub-Signature).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEFAULT_JIRA_PRIORITY_MAP } from '@bulwark/core';
import {
  TrackerError,
  type ConnectionResult,
  type OpenTrackerSettings,
  type RemoteChange,
  type RemoteComment,
  type RemoteIssue,
  type StatusCategory,
  type TrackerAdapter,
  type TrackerIssueInput,
} from '../adapter.ts';
import { retryAfterOf } from './shared.ts';

/** Jira's status category keys and ours. */
const CATEGORY_OF: Record<string, StatusCategory> = { new: 'todo', indeterminate: 'in_progress', done: 'done' };
const JIRA_CATEGORY: Record<StatusCategory, string> = { todo: 'new', in_progress: 'indeterminate', done: 'done' };
/** Fields read back from an issue (and from search results). */
const FIELDS = 'summary,status,created,updated,comment';
const PAGE_SIZE = 50;
/**
 * JQL dates are read in the Jira user's time zone, which Bulwark cannot know: a search asks from 14 hours earlier
 * (the widest offset) and keeps what really changed since (a change seen twice is applied once anyway).
 */
const JQL_ZONE_SLACK_MS = 14 * 3600_000;

interface AdfNode {
  type: string;
  version?: number;
  text?: string;
  content?: AdfNode[];
}
interface JiraComment {
  id: string;
  body: string | AdfNode;
  author?: { displayName?: string; name?: string; accountId?: string };
  created: string;
}
interface JiraIssue {
  id: string;
  key: string;
  fields: {
    summary?: string;
    created?: string;
    updated?: string;
    status?: { name: string; statusCategory?: { key: string } };
    comment?: { comments?: JiraComment[] };
  };
  changelog?: { histories?: { id: string; created: string; items?: { field?: string }[] }[] };
}
interface JiraTransition {
  id: string;
  name: string;
  to: { name: string; statusCategory?: { key: string } };
}

/** Plain text → an ADF document (a paragraph per line block). */
export function toAdf(text: string): AdfNode {
  const paragraphs = text.split(/\n{2,}/).filter((p) => p.length > 0);
  return {
    type: 'doc',
    version: 1,
    content: (paragraphs.length ? paragraphs : ['']).map((p) => ({
      type: 'paragraph',
      content: p
        .split('\n')
        .flatMap((line, i) => [...(i > 0 ? [{ type: 'hardBreak' }] : []), ...(line ? [{ type: 'text', text: line }] : [])]),
    })),
  };
}

/** An ADF document → plain text (text nodes, paragraphs on their own lines). */
export function fromAdf(node: AdfNode | string | null | undefined): string {
  if (!node) return '';
  if (typeof node === 'string') return node;
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  const inner = (node.content ?? []).map(fromAdf);
  return node.type === 'doc' ? inner.join('\n\n') : inner.join('');
}

/** Jira's error body ({errorMessages: [...], errors: {field: msg}}) as one line. */
function jiraErrorText(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as { errorMessages?: unknown; errors?: unknown; message?: unknown };
    const parts: string[] = [];
    if (Array.isArray(b.errorMessages)) parts.push(...b.errorMessages.map(String));
    if (b.errors && typeof b.errors === 'object') for (const [k, v] of Object.entries(b.errors)) parts.push(`${k}: ${String(v)}`);
    if (typeof b.message === 'string') parts.push(b.message);
    if (parts.length) return `Jira answered ${status}: ${parts.join('; ')}`;
  }
  return `Jira answered ${status}`;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export function jiraAdapter(settings: OpenTrackerSettings<'jira'>, fetchImpl: typeof fetch = fetch): TrackerAdapter {
  const cloud = settings.deployment !== 'datacenter';
  const api = `/rest/api/${cloud ? 3 : 2}`;
  const base = (settings.url ?? '').replace(/\/+$/, '');
  const priorities = { ...DEFAULT_JIRA_PRIORITY_MAP, ...settings.priority_map };

  function authorization(): string {
    if (!settings.token) throw new TrackerError('No API token or personal access token is set.', null);
    // Cloud: the account's e-mail and an API token (Basic). Data Center: a personal access token (Bearer), or Basic
    // when a user name is given with a password.
    if (cloud || settings.username) return `Basic ${Buffer.from(`${settings.username ?? ''}:${settings.token}`).toString('base64')}`;
    return `Bearer ${settings.token}`;
  }

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    if (!base) throw new TrackerError('No Jira URL is set.', null);
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          authorization: authorization(),
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (err) {
      throw new TrackerError(`Jira could not be reached: ${err instanceof Error ? err.message : String(err)}`, null);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      throw new TrackerError(
        jiraErrorText(res.status, json),
        res.status,
        res.status === 429 || res.status === 503 ? retryAfterOf(res.headers.get('retry-after')) || 60 : null,
      );
    }
    return json as T;
  }

  const browse = (key: string) => `${base}/browse/${key}`;

  function toRemote(issue: JiraIssue): RemoteIssue {
    const histories = issue.changelog?.histories ?? [];
    const newest = histories.reduce<string | null>((max, h) => (max === null || Number(h.id) > Number(max) ? h.id : max), null);
    const updated = new Date(issue.fields.updated ?? 0);
    const statusChanges = histories.filter((h) => (h.items ?? []).some((i) => i.field === 'status'));
    const lastStatus = statusChanges.reduce<{ id: string; created: string } | null>(
      (max, h) => (max === null || Number(h.id) > Number(max.id) ? h : max),
      null,
    );
    return {
      id: issue.id,
      key: issue.key,
      url: browse(issue.key),
      status: issue.fields.status?.name ?? '',
      category: CATEGORY_OF[issue.fields.status?.statusCategory?.key ?? 'new'] ?? 'todo',
      title: issue.fields.summary ?? '',
      updated_at: updated,
      // The newest changelog entry names the issue's state; an issue never changed has its creation as change.
      change_id: newest ?? `created:${issue.id}`,
      status_changed_at: lastStatus ? new Date(lastStatus.created) : issue.fields.created ? new Date(issue.fields.created) : null,
      comments: (issue.fields.comment?.comments ?? []).map(toComment),
    };
  }

  function toComment(c: JiraComment): RemoteComment {
    return {
      id: c.id,
      body: fromAdf(c.body),
      author: c.author?.displayName ?? c.author?.name ?? null,
      created_at: new Date(c.created),
    };
  }

  const text = (s: string) => (cloud ? toAdf(s) : s);

  function fields(input: TrackerIssueInput): Record<string, unknown> {
    const description = `${input.description}\n\nBulwark ticket #${input.reference.number}: ${input.reference.url}`;
    return {
      summary: input.title.slice(0, 255),
      description: text(description),
      priority: { name: priorities[String(input.priority)] ?? DEFAULT_JIRA_PRIORITY_MAP['2'] },
      duedate: input.due_date,
      labels: ['bulwark', `bulwark-${input.reference.number}`],
    };
  }

  async function getIssue(id: string): Promise<RemoteIssue> {
    return toRemote(await call<JiraIssue>('GET', `${api}/issue/${encodeURIComponent(id)}?fields=${FIELDS}&expand=changelog`));
  }

  async function* search(jql: string): AsyncIterable<JiraIssue> {
    const q = (extra: string) => `jql=${encodeURIComponent(jql)}&fields=${FIELDS}&expand=changelog&maxResults=${PAGE_SIZE}${extra}`;
    if (cloud) {
      // Cloud's enhanced search: pages follow nextPageToken until isLast (the old /search is gone there).
      let token: string | undefined;
      for (;;) {
        const page = await call<{ issues?: JiraIssue[]; nextPageToken?: string; isLast?: boolean }>(
          'GET',
          `${api}/search/jql?${q(token ? `&nextPageToken=${encodeURIComponent(token)}` : '')}`,
        );
        yield* page.issues ?? [];
        if (page.isLast !== false || !page.nextPageToken) return;
        token = page.nextPageToken;
      }
    }
    for (let startAt = 0; ;) {
      const page = await call<{ issues?: JiraIssue[]; total?: number; maxResults?: number }>(
        'GET',
        `${api}/search?${q(`&startAt=${startAt}`)}`,
      );
      const issues = page.issues ?? [];
      yield* issues;
      startAt += issues.length;
      if (issues.length === 0 || startAt >= (page.total ?? 0)) return;
    }
  }

  return {
    tracker: 'jira',

    async testConnection(): Promise<ConnectionResult> {
      try {
        const me = await call<{ displayName?: string; name?: string }>('GET', `${api}/myself`);
        if (settings.project_key) await call('GET', `${api}/project/${encodeURIComponent(settings.project_key)}`);
        return { ok: true, detail: `Signed in as ${me.displayName ?? me.name ?? 'unknown'}` };
      } catch (err) {
        return { ok: false, error: err instanceof Error ? err.message : String(err) };
      }
    },

    async createIssue(input) {
      if (!settings.project_key) throw new TrackerError('No Jira project key is set.', null);
      const created = await call<{ id: string; key: string }>('POST', `${api}/issue`, {
        fields: { project: { key: settings.project_key }, issuetype: { name: settings.issue_type || 'Task' }, ...fields(input) },
      });
      return getIssue(created.id);
    },

    async updateIssue(id, input) {
      await call('PUT', `${api}/issue/${encodeURIComponent(id)}`, { fields: fields(input) });
    },

    async addComment(id, body) {
      return toComment(await call<JiraComment>('POST', `${api}/issue/${encodeURIComponent(id)}/comment`, { body: text(body) }));
    },

    async transition(id, to) {
      const issue = await getIssue(id);
      if (issue.category === to) return;
      const { transitions } = await call<{ transitions?: JiraTransition[] }>(
        'GET',
        `${api}/issue/${encodeURIComponent(id)}/transitions?expand=transitions.fields`,
      );
      const wanted = JIRA_CATEGORY[to];
      // The workflow's own transition into the category: whatever its statuses are called.
      const t = (transitions ?? []).find((x) => x.to.statusCategory?.key === wanted);
      if (!t)
        throw new TrackerError(
          `Jira offers no transition from "${issue.status}" to a status of category ${wanted} (offered: ${(transitions ?? []).map((x) => x.name).join(', ') || 'none'}).`,
          409,
        );
      await call('POST', `${api}/issue/${encodeURIComponent(id)}/transitions`, { transition: { id: t.id } });
    },

    getIssue,

    async *changedSince(since) {
      const from = new Date(since.getTime() - JQL_ZONE_SLACK_MS);
      const stamp = from.toISOString().slice(0, 16).replace('T', ' ');
      const project = settings.project_key ? `project = "${settings.project_key}" AND ` : '';
      for await (const issue of search(`${project}labels = bulwark AND updated >= "${stamp}" ORDER BY updated ASC`)) {
        const remote = toRemote(issue);
        if (remote.updated_at.getTime() >= since.getTime()) yield remote;
      }
    },

    parseWebhook(headers, rawBody) {
      const secret = settings.webhook_secret;
      if (!secret) throw new TrackerError('No webhook secret is set: webhooks are refused (polling still syncs).', 401);
      const sent = header(headers, 'x-hub-signature') ?? '';
      const expected = `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
      const a = Buffer.from(sent);
      const b = Buffer.from(expected);
      if (a.length !== b.length || !timingSafeEqual(a, b)) throw new TrackerError('The webhook signature does not match.', 401);
      let payload: {
        webhookEvent?: string;
        timestamp?: number;
        issue?: { id?: string | number };
        changelog?: { id?: string | number };
        comment?: { id?: string | number };
      };
      try {
        payload = JSON.parse(rawBody.toString('utf8')) as typeof payload;
      } catch {
        throw new TrackerError('The webhook body is not JSON.', 400);
      }
      const event = payload.webhookEvent ?? '';
      const issueId = payload.issue?.id;
      if (issueId === undefined || !['jira:issue_updated', 'comment_created', 'comment_updated'].includes(event)) return [];
      const at = typeof payload.timestamp === 'number' ? new Date(payload.timestamp) : null;
      const changeId = event.startsWith('comment_')
        ? payload.comment?.id !== undefined
          ? `comment:${String(payload.comment.id)}`
          : null
        : payload.changelog?.id !== undefined
          ? String(payload.changelog.id)
          : null;
      const change: RemoteChange = { issue_id: String(issueId), change_id: changeId, at };
      return [change];
    },
  };
}
