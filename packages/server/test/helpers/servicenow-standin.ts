// A local stand-in for a ServiceNow instance's REST Table API, for the ServiceNow adapter's tests. It follows
// ServiceNow's published documentation for what the adapter uses:
// - "Table API" (REST API reference): GET /api/now/table/{tableName} (sysparm_query, sysparm_limit, sysparm_offset,
//   sysparm_fields, sysparm_display_value=false|true|all, sysparm_exclude_reference_link) answering {"result":[…]} with
//   X-Total-Count and a Link header (first, prev, next, last); GET/PATCH/PUT /api/now/table/{tableName}/{sys_id} and
//   POST /api/now/table/{tableName} (201) answering {"result":{…}}; every value a string; errors
//   {"error":{"message","detail"},"status":"failure"} (401 User Not Authenticated, 404 No Record found, 400 Invalid table).
// - "Encoded query strings": field=value, !=, >, >=, <, <=, IN, STARTSWITH, ^ (and), ^OR, ^NQ (a new query ORed with
//   the ones before), ORDERBY / ORDERBYDESC. Unlike an instance (which ignores a condition on an unknown field), the
//   stand-in refuses one with 400, so an adapter's mistake shows in its tests.
// - Journal fields (work_notes, comments): written through the record, kept as sys_journal_field rows (element,
//   element_id, name, value, sys_created_on, sys_created_by); read through the record they answer "" as a value and the
//   entries ("<time> - <user> (Work notes)\n<text>\n\n") as a display value.
// - The incident table's states (sys_choice incident.state: 1 New, 2 In Progress, 3 On Hold, 6 Resolved, 7 Closed,
//   8 Canceled) and the data policy that makes close_code and close_notes mandatory when an incident is resolved or
//   closed (403 "Data Policy Exception"); sc_task with the task states it inherits (-5 Pending, 1 Open, 2 Work in
//   Progress, 3 Closed Complete, 4 Closed Incomplete, 7 Closed Skipped).
// - "Inbound REST API rate limiting": 429 with Retry-After (scripted here with failNext).
// Sign-in: Basic (user name and password) or an OAuth bearer token. Times are UTC ("YYYY-MM-DD HH:mm:ss") from `now`,
// which a test may set. `remoteUpdate` / `remoteWorkNote` change a record as a person in ServiceNow would.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SnRow = Record<string, string>;

export interface SnFault {
  status: number;
  retryAfter?: string;
  /** Only requests whose path (without query) matches; any when absent. */
  path?: RegExp;
}

export interface SnLoggedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  status: number;
}

const CHOICE_FIELDS: Record<string, string> = {
  impact: '1=1 - High;2=2 - Medium;3=3 - Low',
  urgency: '1=1 - High;2=2 - Medium;3=3 - Low',
  priority: '1=1 - Critical;2=2 - High;3=3 - Moderate;4=4 - Low;5=5 - Planning',
};
const JOURNAL = new Set(['work_notes', 'comments']);
const DATES = new Set(['sys_created_on', 'sys_updated_on', 'due_date', 'resolved_at', 'closed_at']);
const PLAIN_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const NUMERIC = new Set(['sys_mod_count', 'state', 'impact', 'urgency', 'priority', 'sequence']);
/** The fields each table has (a record answers all of them). */
const TASK_FIELDS = [
  'sys_id',
  'number',
  'short_description',
  'description',
  'state',
  'impact',
  'urgency',
  'priority',
  'due_date',
  'assignment_group',
  'assigned_to',
  'correlation_id',
  'correlation_display',
  'close_code',
  'close_notes',
  'closed_at',
  'work_notes',
  'comments',
  'sys_created_on',
  'sys_created_by',
  'sys_updated_on',
  'sys_updated_by',
  'sys_mod_count',
];
const TABLE_FIELDS: Record<string, string[]> = {
  incident: [...TASK_FIELDS, 'caller_id', 'category', 'resolved_at'],
  sc_task: [...TASK_FIELDS, 'request_item'],
  sys_journal_field: ['sys_id', 'element', 'element_id', 'name', 'value', 'sys_created_on', 'sys_created_by'],
  sys_choice: ['sys_id', 'name', 'element', 'value', 'label', 'sequence', 'inactive', 'language'],
};
const PREFIX: Record<string, string> = { incident: 'INC', sc_task: 'SCTASK' };

const snTime = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
const sysId = () => randomBytes(16).toString('hex');

function choiceRows(): SnRow[] {
  const rows: [string, string, string, number][] = [
    ['incident', '1', 'New', 1],
    ['incident', '2', 'In Progress', 2],
    ['incident', '3', 'On Hold', 3],
    ['incident', '6', 'Resolved', 4],
    ['incident', '7', 'Closed', 5],
    ['incident', '8', 'Canceled', 6],
    ['task', '-5', 'Pending', 1],
    ['task', '1', 'Open', 2],
    ['task', '2', 'Work in Progress', 3],
    ['task', '3', 'Closed Complete', 4],
    ['task', '4', 'Closed Incomplete', 5],
    ['task', '7', 'Closed Skipped', 6],
  ];
  return rows.map(([name, value, label, seq]) => ({
    sys_id: sysId(),
    name,
    element: 'state',
    value,
    label,
    sequence: String(seq),
    inactive: 'false',
    language: 'en',
  }));
}

interface Condition {
  field: string;
  op: string;
  value: string;
}

export class ServiceNowStandin {
  readonly log: SnLoggedRequest[] = [];
  /** Records per table (sys_journal_field and sys_choice are tables too). */
  readonly tables = new Map<string, Map<string, SnRow>>();
  /** Basic sign-ins (user name → password) and OAuth bearer tokens. */
  readonly users = new Map<string, string>([['bulwark.integration', 'sn-password']]);
  readonly bearerTokens = new Set<string>(['sn-oauth-token']);
  /**
   * The signed-in user's time zone, in minutes east of UTC: date fields' display values are shown in it and the date
   * literals of an encoded query are read in it (values stay UTC), as ServiceNow does with a user's time zone.
   */
  userOffsetMinutes = 0;
  /** The instance's clock; a test sets it to make times known. */
  now: () => Date = () => new Date();
  url = '';
  private readonly faults: SnFault[] = [];
  private readonly counters = new Map<string, number>();
  private server!: Server;

  constructor() {
    for (const t of Object.keys(TABLE_FIELDS)) this.tables.set(t, new Map());
    for (const row of choiceRows()) this.tables.get('sys_choice')!.set(row.sys_id!, row);
  }

  async start(host = '127.0.0.1'): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: String(err), detail: null }, status: 'failure' }));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, host, resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://${host}:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next request (matching `path` when given) is answered with this status, once. */
  failNext(fault: SnFault): void {
    this.faults.push(fault);
  }

  record(table: string, id: string): SnRow | undefined {
    return this.tables.get(table)?.get(id);
  }

  /** The journal entries of a record, oldest first. */
  journal(id: string): SnRow[] {
    return [...this.tables.get('sys_journal_field')!.values()]
      .filter((j) => j.element_id === id)
      .sort((a, b) => a.sys_created_on!.localeCompare(b.sys_created_on!) || a.sys_id!.localeCompare(b.sys_id!));
  }

  /** A person changes a record in ServiceNow (a state, a field, a work note …), as the form would save it. */
  remoteUpdate(table: string, id: string, fields: Record<string, string>, by = 'jane.analyst'): SnRow {
    const row = this.record(table, id);
    if (!row) throw new Error(`no ${table} ${id}`);
    this.write(table, row, fields, by);
    return row;
  }

  remoteWorkNote(table: string, id: string, text: string, by = 'jane.analyst'): SnRow {
    return this.remoteUpdate(table, id, { work_notes: text }, by);
  }

  /** A record created directly (a test's seed), as a person would create it. */
  seed(table: string, fields: Record<string, string>, by = 'jane.analyst'): SnRow {
    const { row } = this.insert(table, fields, by);
    return row;
  }

  // ---------------------------------------------------------------------------------------------------------------

  private insert(table: string, body: Record<string, unknown>, by: string): { row: SnRow; error?: string } {
    const now = snTime(this.now());
    const row: SnRow = Object.fromEntries(TABLE_FIELDS[table]!.map((f) => [f, '']));
    row.sys_id = sysId();
    const n = (this.counters.get(table) ?? 10000) + 1;
    this.counters.set(table, n);
    if ('number' in row) row.number = `${PREFIX[table] ?? 'TASK'}${String(n).padStart(7, '0')}`;
    row.state = '1';
    row.impact = '3';
    row.urgency = '3';
    row.sys_created_on = now;
    row.sys_created_by = by;
    row.sys_updated_on = now;
    row.sys_updated_by = by;
    row.sys_mod_count = '0';
    const error = this.apply(table, row, body, by, now);
    if (error) return { row, error };
    this.tables.get(table)!.set(row.sys_id, row);
    return { row };
  }

  private write(table: string, row: SnRow, body: Record<string, unknown>, by: string): string | undefined {
    const now = snTime(this.now());
    const copy = { ...row };
    const error = this.apply(table, copy, body, by, now);
    if (error) return error;
    copy.sys_mod_count = String(Number(row.sys_mod_count) + 1);
    copy.sys_updated_on = now;
    copy.sys_updated_by = by;
    Object.assign(row, copy);
    return undefined;
  }

  /** Sets fields as the instance would; answers a data policy refusal. Unknown fields are ignored, as ServiceNow does. */
  private apply(table: string, row: SnRow, body: Record<string, unknown>, by: string, now: string): string | undefined {
    const notes: [string, string][] = [];
    const was = row.state;
    for (const [k, v] of Object.entries(body)) {
      if (!(k in row) || k.startsWith('sys_') || k === 'number') continue;
      const value = v === null || v === undefined ? '' : String(v);
      if (JOURNAL.has(k)) {
        if (value.trim()) notes.push([k, value]);
        continue;
      }
      row[k] = value;
    }
    // The instance's business rules stamp when a record was resolved and closed, and clear it when it reopens.
    const closed = table === 'incident' ? ['7', '8'] : ['3', '4', '7'];
    if (row.state !== was) {
      if (table === 'incident') row.resolved_at = row.state === '6' || row.state === '7' ? row.resolved_at || now : '';
      row.closed_at = closed.includes(row.state!) ? row.closed_at || now : '';
    }
    if (table === 'incident') {
      row.priority = this.priorityOf(row.impact!, row.urgency!);
      if ((row.state === '6' || row.state === '7') && (!row.close_code || !row.close_notes)) {
        return 'Data Policy Exception: \n  The following fields are mandatory: Resolution code, Resolution notes\n';
      }
    }
    for (const [element, value] of notes) {
      const j: SnRow = { sys_id: sysId(), element, element_id: row.sys_id!, name: table, value, sys_created_on: now, sys_created_by: by };
      this.tables.get('sys_journal_field')!.set(j.sys_id!, j);
    }
    return undefined;
  }

  /** The incident priority lookup (impact × urgency). */
  private priorityOf(impact: string, urgency: string): string {
    const s = Number(impact) + Number(urgency);
    return String(Math.min(5, Math.max(1, s - 1)));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    const entry: SnLoggedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body: null, status: 0 };
    this.log.push(entry);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
      res.end(payload === undefined ? '' : JSON.stringify(payload));
    };
    const fail = (status: number, message: string, detail: string | null = null, headers: Record<string, string> = {}) =>
      send(status, { error: { message, detail }, status: 'failure' }, headers);

    const faultAt = this.faults.findIndex((f) => !f.path || f.path.test(url.pathname));
    if (faultAt >= 0) {
      const [f] = this.faults.splice(faultAt, 1);
      const wait: Record<string, string> = f!.retryAfter ? { 'retry-after': f!.retryAfter } : {};
      if (f!.status === 429) {
        // A rate limit rule's answer carries its limit and when it resets beside Retry-After.
        const reset = String(Math.floor(this.now().getTime() / 1000) + Number(f!.retryAfter ?? 60));
        return fail(429, 'Rate limit exceeded', 'Too many requests for this user', {
          ...wait,
          'x-ratelimit-limit': '100',
          'x-ratelimit-reset': reset,
        });
      }
      if (f!.status === 403) return fail(403, 'Insufficient rights to query records', 'ACL restricts the record retrieval', wait);
      return fail(f!.status, 'Internal server error', null, wait);
    }

    const user = this.authenticate(req.headers.authorization);
    if (!user) return fail(401, 'User Not Authenticated', 'Required to provide Auth information');

    const m = /^\/api\/now(?:\/v[12])?\/table\/([^/]+)(?:\/([^/]+))?\/?$/.exec(url.pathname);
    if (!m) return fail(400, 'Requested URI does not represent any resource', null);
    const table = decodeURIComponent(m[1]!);
    const id = m[2] ? decodeURIComponent(m[2]) : null;
    const rows = this.tables.get(table);
    if (!rows) return fail(400, `Invalid table ${table}`, null);
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return fail(400, 'Exception while reading request', 'The payload is not valid JSON.');
      }
    }
    entry.body = body;
    const q = url.searchParams;
    const display = q.get('sysparm_display_value') ?? 'false';
    const fields = q.get('sysparm_fields')?.split(',').filter(Boolean) ?? null;
    const render = (row: SnRow) => this.render(table, row, display, fields);
    const method = req.method ?? 'GET';

    if (method === 'GET' && !id) {
      let conditions: { groups: Condition[][][]; order: [string, boolean][] };
      try {
        conditions = this.parseQuery(table, q.get('sysparm_query') ?? '');
      } catch (err) {
        return fail(400, 'Invalid query', (err as Error).message);
      }
      const matched = [...rows.values()].filter((r) => this.matches(r, conditions.groups));
      matched.sort((a, b) => {
        for (const [f, desc] of conditions.order) {
          const c = this.compare(f, a[f] ?? '', b[f] ?? '');
          if (c) return desc ? -c : c;
        }
        return 0;
      });
      const limit = Math.max(1, Number(q.get('sysparm_limit') ?? 10000) || 10000);
      const offset = Math.max(0, Number(q.get('sysparm_offset') ?? 0) || 0);
      const page = matched.slice(offset, offset + limit);
      const link = (o: number, rel: string) => {
        const p = new URLSearchParams(q);
        p.set('sysparm_limit', String(limit));
        p.set('sysparm_offset', String(o));
        return `<${this.url}${url.pathname}?${p.toString()}>;rel="${rel}"`;
      };
      const links = [link(0, 'first')];
      if (offset > 0) links.push(link(Math.max(0, offset - limit), 'prev'));
      if (offset + limit < matched.length) links.push(link(offset + limit, 'next'));
      links.push(link(Math.max(0, Math.floor((matched.length - 1) / limit) * limit), 'last'));
      return send(200, { result: page.map(render) }, { 'x-total-count': String(matched.length), link: links.join(',') });
    }

    if (method === 'POST' && !id) {
      if (!body || typeof body !== 'object' || Array.isArray(body)) return fail(400, 'Exception while reading request', 'No body');
      if (table === 'sys_journal_field' || table === 'sys_choice') return fail(403, 'Operation Failed', 'ACL restricts the record insert');
      const { row, error } = this.insert(table, body as Record<string, unknown>, user);
      if (error) return fail(403, 'Operation Failed', error);
      return send(201, { result: render(row) }, { location: `${this.url}/api/now/table/${table}/${row.sys_id}` });
    }

    const row = id ? rows.get(id) : undefined;
    if (!row) return fail(404, 'No Record found', "Record doesn't exist or ACL restricts the record retrieval");
    if (method === 'GET') return send(200, { result: render(row) });
    if (method === 'PATCH' || method === 'PUT') {
      if (!body || typeof body !== 'object' || Array.isArray(body)) return fail(400, 'Exception while reading request', 'No body');
      const error = this.write(table, row, body as Record<string, unknown>, user);
      if (error) return fail(403, 'Operation Failed', error);
      return send(200, { result: render(row) });
    }
    if (method === 'DELETE') {
      rows.delete(row.sys_id!);
      entry.status = 204;
      res.writeHead(204);
      res.end();
      return;
    }
    return fail(405, 'Method not Supported', null);
  }

  private authenticate(header: string | undefined): string | null {
    if (!header) return null;
    const [kind, value] = header.split(' ', 2);
    if (kind === 'Bearer' && value && this.bearerTokens.has(value)) return 'oauth.integration';
    if (kind === 'Basic' && value) {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const i = decoded.indexOf(':');
      const name = decoded.slice(0, i);
      if (i > 0 && this.users.get(name) === decoded.slice(i + 1)) return name;
    }
    return null;
  }

  private render(table: string, row: SnRow, display: string, fields: string[] | null): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const f of fields ?? TABLE_FIELDS[table]!) {
      if (!(f in row)) continue;
      const value = JOURNAL.has(f) ? '' : row[f]!;
      const shown = JOURNAL.has(f) ? this.journalText(row.sys_id!, f) : this.displayValue(table, f, row[f]!);
      out[f] = display === 'all' ? { display_value: shown, value } : display === 'true' ? shown : value;
    }
    return out;
  }

  private journalText(id: string, element: string): string {
    return this.journal(id)
      .filter((j) => j.element === element)
      .reverse()
      .map(
        (j) =>
          `${j.sys_created_on} - ${j.sys_created_by} (${element === 'work_notes' ? 'Work notes' : 'Additional comments'})\n${j.value}\n\n`,
      )
      .join('');
  }

  /** A UTC value as the user's time zone shows it, or (back = true) a literal in it read as UTC. */
  private shift(value: string, back = false): string {
    if (!PLAIN_TIME.test(value) || !this.userOffsetMinutes) return value;
    const ms = Date.parse(`${value.replace(' ', 'T')}Z`) + (back ? -1 : 1) * this.userOffsetMinutes * 60_000;
    return snTime(new Date(ms));
  }

  private displayValue(table: string, field: string, value: string): string {
    if (DATES.has(field)) return this.shift(value);
    if (field === 'state') {
      const own = [...this.tables.get('sys_choice')!.values()].filter((c) => c.element === 'state' && c.value === value);
      return (own.find((c) => c.name === table) ?? own.find((c) => c.name === 'task'))?.label ?? value;
    }
    const list = CHOICE_FIELDS[field];
    if (list) {
      const hit = list.split(';').find((p) => p.startsWith(`${value}=`));
      return hit ? hit.slice(value.length + 1) : value;
    }
    return value;
  }

  private parseQuery(table: string, query: string): { groups: Condition[][][]; order: [string, boolean][] } {
    const order: [string, boolean][] = [];
    const groups: Condition[][][] = [];
    if (!query) return { groups: [], order };
    for (const nq of query.split('^NQ')) {
      // A group is an AND of terms, each an OR of conditions (a ^OR joins the condition before it).
      const group: Condition[][] = [];
      for (const part of nq.split('^')) {
        if (!part) continue;
        const ob = /^ORDERBY(DESC)?([a-z_0-9]+)$/.exec(part);
        if (ob) {
          order.push([ob[2]!, Boolean(ob[1])]);
          continue;
        }
        const isOr = part.startsWith('OR') && group.length > 0;
        const cond = this.parseCondition(table, isOr ? part.slice(2) : part);
        if (isOr) group.at(-1)!.push(cond);
        else group.push([cond]);
      }
      if (group.length) groups.push(group);
    }
    return { groups, order };
  }

  private parseCondition(table: string, text: string): Condition {
    const m = /^([a-z_0-9]+)(>=|<=|!=|>|<|=|IN|STARTSWITH|ISEMPTY|ISNOTEMPTY)(.*)$/.exec(text);
    if (!m) throw new Error(`unreadable condition "${text}"`);
    if (!TABLE_FIELDS[table]!.includes(m[1]!)) throw new Error(`no field ${m[1]} on ${table}`);
    return { field: m[1]!, op: m[2]!, value: DATES.has(m[1]!) ? this.shift(m[3]!, true) : m[3]! };
  }

  private compare(field: string, a: string, b: string): number {
    if (NUMERIC.has(field) && a !== '' && b !== '') return Number(a) - Number(b);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  private matches(row: SnRow, groups: Condition[][][]): boolean {
    if (!groups.length) return true;
    return groups.some((group) =>
      group.every((anyOf) =>
        anyOf.some(({ field, op, value }) => {
          const v = row[field] ?? '';
          const c = this.compare(field, v, value);
          switch (op) {
            case '=':
              return c === 0;
            case '!=':
              return c !== 0;
            case '>':
              return c > 0;
            case '>=':
              return c >= 0;
            case '<':
              return c < 0;
            case '<=':
              return c <= 0;
            case 'IN':
              return value.split(',').includes(v);
            case 'STARTSWITH':
              return v.startsWith(value);
            case 'ISEMPTY':
              return v === '';
            case 'ISNOTEMPTY':
              return v !== '';
            default:
              return false;
          }
        }),
      ),
    );
  }
}
