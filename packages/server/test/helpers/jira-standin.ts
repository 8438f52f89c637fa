// A local Jira that answers as Jira Cloud's REST API v3 and Jira Data Center's REST API v2 do, for the tracker sync
// tests. It follows Atlassian's published documentation:
// - "The Jira Cloud platform REST API" (developer.atlassian.com/cloud/jira/platform/rest/v3): issues (POST/PUT/GET
//   /rest/api/3/issue, `expand=changelog`), comments, transitions (`GET …/transitions?expand=transitions.fields`, each
//   with `to.statusCategory.key` new | indeterminate | done; `POST …/transitions` {transition: {id}} → 204), the
//   enhanced search `GET /rest/api/3/search/jql` paged by `nextPageToken` / `isLast` (the old /search answers 410 Gone
//   there), descriptions and comment bodies in the Atlassian Document Format (a plain string is refused with 400),
//   Basic auth with an account e-mail and API token;
// - "Jira Server / Data Center REST API" (docs.atlassian.com/software/jira/docs/api/REST/9.x): /rest/api/2, plain-text
//   bodies, `GET /rest/api/2/search` paged by startAt / maxResults / total, personal access tokens as Bearer;
// - error bodies `{errorMessages: [...], errors: {field: message}}` (400 field errors, 401, 404), and rate limiting
//   ("Rate limiting", developer.atlassian.com/cloud/jira/platform/rate-limiting): 429 with Retry-After (seconds);
// - webhooks ("Webhooks", …/cloud/jira/platform/webhooks): `jira:issue_updated` with its `changelog` {id, items},
//   `comment_created` with its `comment`, a `timestamp` in milliseconds, signed with the webhook's secret as
//   `X-Hub-Signature: sha256=<hex HMAC-SHA256 of the body>`. Jira sends them for every change, including the ones
//   Bulwark made itself through the API (which is what makes echo loops possible): the test decides when they go.
// Its workflow is a CUSTOM one whose statuses are not called To Do / Done: Backlog (new), Being fixed (indeterminate),
// Resolved in prod and Won't fix (both done), so transitions can only be found by status category.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Deployment = 'cloud' | 'datacenter';

interface Status {
  id: string;
  name: string;
  category: 'new' | 'indeterminate' | 'done';
}
export const WORKFLOW: Status[] = [
  { id: '10000', name: 'Backlog', category: 'new' },
  { id: '10001', name: 'Being fixed', category: 'indeterminate' },
  { id: '10002', name: 'Resolved in prod', category: 'done' },
  { id: '10003', name: "Won't fix", category: 'done' },
];
/** Global transitions of the workflow: each leads to one status, from any other. */
const TRANSITIONS = [
  { id: '11', name: 'Send to backlog', to: '10000' },
  { id: '21', name: 'Start fixing', to: '10001' },
  { id: '31', name: 'Ship to prod', to: '10002' },
  { id: '41', name: 'Decline', to: '10003' },
];
const CATEGORY_NAMES = { new: 'To Do', indeterminate: 'In Progress', done: 'Done' } as const;
const PRIORITIES = ['Lowest', 'Low', 'Medium', 'High', 'Highest'];
const ISSUE_TYPES = ['Task', 'Bug'];

interface HistoryItem {
  field: string;
  fromString: string | null;
  toString: string | null;
}
interface History {
  id: string;
  created: Date;
  author: string;
  items: HistoryItem[];
}
interface Comment {
  id: string;
  body: unknown;
  author: string;
  created: Date;
}
export interface StandinIssue {
  id: string;
  key: string;
  summary: string;
  description: unknown;
  priority: string;
  labels: string[];
  duedate: string | null;
  issuetype: string;
  status: Status;
  created: Date;
  updated: Date;
  comments: Comment[];
  histories: History[];
}
export interface Hit {
  method: string;
  path: string;
  body: unknown;
}
interface Failure {
  status: number;
  retryAfter?: number;
  match?: (hit: Hit) => boolean;
}
export interface Webhook {
  event: string;
  body: Buffer;
}

export interface JiraStandinOptions {
  deployment: Deployment;
  host?: string;
  /** Cloud: the account's e-mail (Basic auth with the API token). */
  email?: string;
  /** Cloud: the API token; Data Center: the personal access token. */
  token: string;
  project?: string;
  /** The instance's clock (changes are stamped with it). */
  now?: () => Date;
  /** The most a search page holds (small, so the tests page). */
  pageSize?: number;
}

/** Jira's timestamps: 2026-11-29T06:00:00.000+0000. */
const jiraTime = (d: Date) => d.toISOString().replace('Z', '+0000');

export class JiraStandin {
  readonly hits: Hit[] = [];
  readonly issues = new Map<string, StandinIssue>();
  /** Webhooks not yet delivered, oldest first (flushWebhooks sends them). */
  readonly webhooks: Webhook[] = [];
  private failures: Failure[] = [];
  private nextIssue = 10001;
  private nextChange = 10100;
  private nextComment = 20001;
  private server!: Server;
  url = '';
  now: () => Date;

  private constructor(readonly o: JiraStandinOptions) {
    this.now = o.now ?? (() => new Date());
  }

  static async start(o: JiraStandinOptions): Promise<JiraStandin> {
    const s = new JiraStandin(o);
    s.server = createServer((req, res) => void s.handle(req, res));
    await new Promise<void>((resolve) => s.server.listen(0, o.host ?? '127.0.0.1', resolve));
    s.url = `http://${o.host ?? '127.0.0.1'}:${(s.server.address() as AddressInfo).port}`;
    return s;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  get project(): string {
    return this.o.project ?? 'SEC';
  }
  private get api(): string {
    return `/rest/api/${this.o.deployment === 'cloud' ? 3 : 2}`;
  }

  /** The next calls that match answer this status (429 with Retry-After, 500 …), once each. */
  failNext(f: Failure, times = 1): void {
    for (let i = 0; i < times; i++) this.failures.push(f);
  }

  issue(keyOrId: string): StandinIssue {
    const i = this.issues.get(keyOrId) ?? [...this.issues.values()].find((x) => x.key === keyOrId);
    if (!i) throw new Error(`no issue ${keyOrId}`);
    return i;
  }

  /** A Jira user moves the issue to a status (by name), as the board would; answers the changelog id. */
  userTransition(key: string, statusName: string, author = 'Dana Ops'): string {
    const to = WORKFLOW.find((s) => s.name === statusName);
    if (!to) throw new Error(`no status ${statusName}`);
    return this.moveTo(this.issue(key), to, author);
  }

  /** A Jira user comments; answers the comment id. */
  userComment(key: string, text: string, author = 'Dana Ops'): string {
    return this.comment(this.issue(key), this.o.deployment === 'cloud' ? adf(text) : text, author).id;
  }

  /** The hex HMAC-SHA256 of a webhook body, as Jira puts it in X-Hub-Signature after `sha256=`. */
  static sign(body: Buffer, secret: string): string {
    return createHmac('sha256', secret).update(body).digest('hex');
  }

  /** The plain text of a body (ADF or string). */
  static text(body: unknown): string {
    return plain(body);
  }

  /** Sends the pending webhooks to `url`, signed with `secret`, in order; answers the HTTP statuses. */
  async flushWebhooks(url: string, secret: string | null): Promise<number[]> {
    const out: number[] = [];
    for (const w of this.webhooks.splice(0)) out.push(await this.deliver(url, secret, w));
    return out;
  }

  /** Sends one webhook body (again, or forged) to `url`. */
  async deliver(url: string, secret: string | null, w: Webhook, signature?: string): Promise<number> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Atlassian Webhook HTTP Client' };
    if (signature !== undefined) headers['x-hub-signature'] = signature;
    else if (secret) headers['x-hub-signature'] = `sha256=${JiraStandin.sign(w.body, secret)}`;
    const res = await fetch(url, { method: 'POST', headers, body: new Uint8Array(w.body) });
    await res.text();
    return res.status;
  }

  // ---------------------------------------------------------------------------------------------------------------

  private moveTo(issue: StandinIssue, to: Status, author: string): string {
    const from = issue.status;
    issue.status = to;
    return this.change(issue, author, [{ field: 'status', fromString: from.name, toString: to.name }]);
  }

  private change(issue: StandinIssue, author: string, items: HistoryItem[]): string {
    const h: History = { id: String(this.nextChange++), created: this.now(), author, items };
    issue.histories.push(h);
    issue.updated = h.created;
    this.webhook('jira:issue_updated', issue, { changelog: { id: h.id, items } });
    return h.id;
  }

  private comment(issue: StandinIssue, body: unknown, author: string): Comment {
    const c: Comment = { id: String(this.nextComment++), body, author, created: this.now() };
    issue.comments.push(c);
    issue.updated = c.created;
    this.webhook('comment_created', issue, { comment: this.commentJson(c) });
    return c;
  }

  private webhook(event: string, issue: StandinIssue, extra: Record<string, unknown>): void {
    const body = {
      timestamp: this.now().getTime(),
      webhookEvent: event,
      ...(event === 'jira:issue_updated' ? { issue_event_type_name: 'issue_generic' } : {}),
      issue: { id: issue.id, key: issue.key, self: `${this.url}${this.api}/issue/${issue.id}`, fields: this.fieldsJson(issue, false) },
      ...extra,
    };
    this.webhooks.push({ event, body: Buffer.from(JSON.stringify(body)) });
  }

  private statusJson(s: Status) {
    const catId = { new: 2, indeterminate: 4, done: 3 }[s.category];
    return {
      self: `${this.url}${this.api}/status/${s.id}`,
      id: s.id,
      name: s.name,
      statusCategory: { id: catId, key: s.category, name: CATEGORY_NAMES[s.category] },
    };
  }

  private commentJson(c: Comment) {
    return {
      id: c.id,
      author:
        this.o.deployment === 'cloud' ? { accountId: `acc-${c.author}`, displayName: c.author } : { name: c.author, displayName: c.author },
      body: c.body,
      created: jiraTime(c.created),
      updated: jiraTime(c.created),
    };
  }

  private fieldsJson(i: StandinIssue, withComments: boolean) {
    return {
      summary: i.summary,
      description: i.description,
      priority: { name: i.priority },
      labels: i.labels,
      duedate: i.duedate,
      issuetype: { name: i.issuetype },
      status: this.statusJson(i.status),
      created: jiraTime(i.created),
      updated: jiraTime(i.updated),
      ...(withComments
        ? {
            comment: {
              comments: i.comments.map((c) => this.commentJson(c)),
              maxResults: i.comments.length,
              total: i.comments.length,
              startAt: 0,
            },
          }
        : {}),
    };
  }

  private issueJson(i: StandinIssue, expandChangelog: boolean) {
    return {
      id: i.id,
      key: i.key,
      self: `${this.url}${this.api}/issue/${i.id}`,
      fields: this.fieldsJson(i, true),
      ...(expandChangelog
        ? {
            changelog: {
              startAt: 0,
              maxResults: i.histories.length,
              total: i.histories.length,
              histories: i.histories.map((h) => ({
                id: h.id,
                author: { displayName: h.author },
                created: jiraTime(h.created),
                items: h.items.map((x) => ({ ...x, fieldtype: 'jira' })),
              })),
            },
          }
        : {}),
    };
  }

  private authorised(req: IncomingMessage): boolean {
    const auth = req.headers.authorization ?? '';
    if (this.o.deployment === 'cloud') return auth === `Basic ${Buffer.from(`${this.o.email ?? ''}:${this.o.token}`).toString('base64')}`;
    return auth === `Bearer ${this.o.token}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return send(res, 400, { errorMessages: ['Unexpected character in the request body.'], errors: {} });
    }
    const url = new URL(req.url ?? '/', this.url);
    const hit: Hit = { method: req.method ?? 'GET', path: `${url.pathname}${url.search}`, body };
    this.hits.push(hit);
    if (!this.authorised(req))
      return send(res, 401, {
        errorMessages: ['You are not authenticated. Authentication required to perform this operation.'],
        errors: {},
      });
    const fi = this.failures.findIndex((f) => !f.match || f.match(hit));
    if (fi >= 0) {
      const [f] = this.failures.splice(fi, 1);
      const headers: Record<string, string> = f!.retryAfter !== undefined ? { 'retry-after': String(f!.retryAfter) } : {};
      return send(
        res,
        f!.status,
        { errorMessages: [f!.status === 429 ? 'Rate limit exceeded.' : 'Internal server error'], errors: {} },
        headers,
      );
    }
    const api = this.api;
    const path = url.pathname;
    if (!path.startsWith(`${api}/`)) {
      if (this.o.deployment === 'cloud' && path.startsWith('/rest/api/2/search'))
        return send(res, 410, {
          errorMessages: ['The requested API has been removed. Please migrate to the /rest/api/3/search/jql API.'],
          errors: {},
        });
      return send(res, 404, { errorMessages: ['Not found'], errors: {} });
    }
    const rest = path.slice(api.length);
    const m = (re: RegExp) => re.exec(rest);
    let g: RegExpExecArray | null;

    if (rest === '/myself' && req.method === 'GET')
      return send(
        res,
        200,
        this.o.deployment === 'cloud'
          ? { accountId: 'acc-bulwark', emailAddress: this.o.email, displayName: 'Bulwark Integration', active: true }
          : { name: 'bulwark', displayName: 'Bulwark Integration', active: true },
      );
    if ((g = m(/^\/project\/([^/]+)$/)) && req.method === 'GET') {
      if (decodeURIComponent(g[1]!) !== this.project)
        return send(res, 404, { errorMessages: [`No project could be found with key '${decodeURIComponent(g[1]!)}'.`], errors: {} });
      return send(res, 200, { id: '10000', key: this.project, name: 'Security' });
    }
    if (rest === '/issue' && req.method === 'POST') return this.create(res, body);
    if (rest === '/search/jql' && req.method === 'GET' && this.o.deployment === 'cloud') return this.searchCloud(res, url);
    if (rest === '/search' && req.method === 'GET') {
      if (this.o.deployment === 'cloud')
        return send(res, 410, {
          errorMessages: ['The requested API has been removed. Please migrate to the /rest/api/3/search/jql API.'],
          errors: {},
        });
      return this.searchDc(res, url);
    }
    if ((g = m(/^\/issue\/([^/]+)(\/comment|\/transitions)?$/))) {
      const issue =
        this.issues.get(decodeURIComponent(g[1]!)) ?? [...this.issues.values()].find((x) => x.key === decodeURIComponent(g![1]!));
      if (!issue) return send(res, 404, { errorMessages: ['Issue does not exist or you do not have permission to see it.'], errors: {} });
      const sub = g[2];
      if (!sub && req.method === 'GET')
        return send(res, 200, this.issueJson(issue, (url.searchParams.get('expand') ?? '').includes('changelog')));
      if (!sub && req.method === 'PUT') return this.edit(res, issue, body);
      if (sub === '/comment' && req.method === 'POST') {
        const b = (body ?? {}) as { body?: unknown };
        const bad = this.bodyError(b.body);
        if (bad) return send(res, 400, { errorMessages: [], errors: { comment: bad } });
        return send(res, 201, this.commentJson(this.comment(issue, b.body, 'Bulwark Integration')));
      }
      if (sub === '/transitions' && req.method === 'GET')
        return send(res, 200, {
          expand: 'transitions',
          transitions: TRANSITIONS.filter((t) => t.to !== issue.status.id).map((t) => ({
            id: t.id,
            name: t.name,
            to: this.statusJson(WORKFLOW.find((s) => s.id === t.to)!),
            hasScreen: false,
            isGlobal: true,
            fields: {},
          })),
        });
      if (sub === '/transitions' && req.method === 'POST') {
        const id = (body as { transition?: { id?: string } } | null)?.transition?.id;
        const t = TRANSITIONS.find((x) => x.id === id && x.to !== issue.status.id);
        if (!t) return send(res, 400, { errorMessages: [`Transition id '${id}' is not valid for this issue.`], errors: {} });
        this.moveTo(
          issue,
          WORKFLOW.find((s) => s.id === t.to)!,
          'Bulwark Integration',
        );
        return send(res, 204, null);
      }
    }
    return send(res, 404, { errorMessages: ['Not found'], errors: {} });
  }

  /** A description or comment body of the API version: ADF on v3, a string on v2. */
  private bodyError(v: unknown): string | null {
    if (v === undefined || v === null) return null;
    if (this.o.deployment === 'cloud')
      return typeof v === 'object' && (v as { type?: string }).type === 'doc'
        ? null
        : 'Operation value must be an Atlassian Document (see the Atlassian Document Format)';
    return typeof v === 'string' ? null : 'Operation value must be a string';
  }

  private fieldErrors(f: Record<string, unknown>, creating: boolean): Record<string, string> {
    const errors: Record<string, string> = {};
    if (creating && (f.project as { key?: string } | undefined)?.key !== this.project) errors.project = 'valid project is required';
    if (creating && !ISSUE_TYPES.includes((f.issuetype as { name?: string } | undefined)?.name ?? ''))
      errors.issuetype = 'Specify an issue type';
    if ((creating || f.summary !== undefined) && (typeof f.summary !== 'string' || !f.summary.trim()))
      errors.summary = 'You must specify a summary of the issue.';
    if (f.priority !== undefined && !PRIORITIES.includes((f.priority as { name?: string } | null)?.name ?? ''))
      errors.priority = 'Specify the Priority (name) in the string format';
    const bad = this.bodyError(f.description);
    if (bad) errors.description = bad;
    if (f.duedate !== undefined && f.duedate !== null && !/^\d{4}-\d{2}-\d{2}$/.test(String(f.duedate)))
      errors.duedate = "Error parsing date string: Please use the format 'yyyy-MM-dd'";
    return errors;
  }

  private create(res: ServerResponse, body: unknown): void {
    const f = ((body as { fields?: Record<string, unknown> } | null)?.fields ?? {}) as Record<string, unknown>;
    const errors = this.fieldErrors(f, true);
    if (Object.keys(errors).length) return send(res, 400, { errorMessages: [], errors });
    const id = String(this.nextIssue++);
    const now = this.now();
    const issue: StandinIssue = {
      id,
      key: `${this.project}-${this.issues.size + 1}`,
      summary: String(f.summary),
      description: f.description ?? null,
      priority: (f.priority as { name?: string } | undefined)?.name ?? 'Medium',
      labels: Array.isArray(f.labels) ? f.labels.map(String) : [],
      duedate: (f.duedate as string | null | undefined) ?? null,
      issuetype: (f.issuetype as { name: string }).name,
      status: WORKFLOW[0]!,
      created: now,
      updated: now,
      comments: [],
      histories: [],
    };
    this.issues.set(id, issue);
    this.webhook('jira:issue_created', issue, {});
    send(res, 201, { id, key: issue.key, self: `${this.url}${this.api}/issue/${id}` });
  }

  private edit(res: ServerResponse, issue: StandinIssue, body: unknown): void {
    const f = ((body as { fields?: Record<string, unknown> } | null)?.fields ?? {}) as Record<string, unknown>;
    const errors = this.fieldErrors(f, false);
    if (Object.keys(errors).length) return send(res, 400, { errorMessages: [], errors });
    const items: HistoryItem[] = [];
    const set = <K extends keyof StandinIssue>(key: K, field: string, value: StandinIssue[K]) => {
      if (JSON.stringify(issue[key]) === JSON.stringify(value)) return;
      items.push({ field, fromString: plain(issue[key]), toString: plain(value) });
      issue[key] = value;
    };
    if (f.summary !== undefined) set('summary', 'summary', String(f.summary));
    if (f.description !== undefined) set('description', 'description', f.description);
    if (f.priority !== undefined) set('priority', 'priority', (f.priority as { name: string }).name);
    if (f.duedate !== undefined) set('duedate', 'duedate', (f.duedate as string | null) ?? null);
    if (f.labels !== undefined) set('labels', 'labels', (f.labels as unknown[]).map(String));
    if (items.length) this.change(issue, 'Bulwark Integration', items);
    send(res, 204, null);
  }

  /** The JQL the sync sends: project, labels, `updated >= "yyyy-MM-dd HH:mm"` (read as UTC here), ORDER BY updated ASC. */
  private matching(jql: string): StandinIssue[] {
    const project = /project\s*=\s*"?([A-Z0-9_]+)"?/i.exec(jql)?.[1];
    const label = /labels\s*=\s*"?([\w-]+)"?/i.exec(jql)?.[1];
    const since = /updated\s*>=\s*"(\d{4}[-/]\d{2}[-/]\d{2} \d{2}:\d{2})"/i.exec(jql)?.[1];
    const from = since ? Date.parse(`${since.replace(/\//g, '-').replace(' ', 'T')}:00Z`) : -Infinity;
    return [...this.issues.values()]
      .filter((i) => (!project || this.project === project) && (!label || i.labels.includes(label)) && i.updated.getTime() >= from)
      .sort((a, b) => a.updated.getTime() - b.updated.getTime() || Number(a.id) - Number(b.id));
  }

  private pageSize(url: URL): number {
    return Math.min(Number(url.searchParams.get('maxResults') ?? 50) || 50, this.o.pageSize ?? 2);
  }

  private searchCloud(res: ServerResponse, url: URL): void {
    const all = this.matching(url.searchParams.get('jql') ?? '');
    const start = Number(
      url.searchParams.get('nextPageToken') ? Buffer.from(url.searchParams.get('nextPageToken')!, 'base64url').toString() : 0,
    );
    const size = this.pageSize(url);
    const page = all.slice(start, start + size);
    const last = start + size >= all.length;
    const expand = (url.searchParams.get('expand') ?? '').includes('changelog');
    send(res, 200, {
      issues: page.map((i) => this.issueJson(i, expand)),
      ...(last ? {} : { nextPageToken: Buffer.from(String(start + size)).toString('base64url') }),
      isLast: last,
    });
  }

  private searchDc(res: ServerResponse, url: URL): void {
    const all = this.matching(url.searchParams.get('jql') ?? '');
    const startAt = Number(url.searchParams.get('startAt') ?? 0);
    const size = this.pageSize(url);
    const expand = (url.searchParams.get('expand') ?? '').includes('changelog');
    send(res, 200, {
      expand: 'schema,names',
      startAt,
      maxResults: size,
      total: all.length,
      issues: all.slice(startAt, startAt + size).map((i) => this.issueJson(i, expand)),
    });
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (body === null) {
    res.writeHead(status, headers).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers }).end(JSON.stringify(body));
}

function adf(text: string) {
  return { type: 'doc', version: 1, content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
}

function plain(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(plain).join(' ');
  if (typeof v === 'object') {
    const n = v as { type?: string; text?: string; content?: unknown[] };
    if (n.type === 'text') return n.text ?? '';
    if (n.type === 'hardBreak') return '\n';
    if (n.content) return n.content.map(plain).join(n.type === 'doc' ? '\n\n' : '');
  }
  return String(v);
}
