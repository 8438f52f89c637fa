// A local stand-in for TOPdesk's REST API, for the TOPdesk adapter's tests. It follows TOPdesk's published
// documentation (developers.topdesk.com) for what the adapter uses:
// - "Incident Management API": POST /tas/api/incidents (201; a caller is required: caller.dynamicName or
//   callerLookup; briefDescription at most 80 characters; lookups such as category, subcategory, callType, priority and
//   processingStatus by id or name, operator and operatorGroup by id; `action` adds an action), GET / PUT
//   /tas/api/incidents/id/{id} and GET /tas/api/incidents/number/{number}, GET /tas/api/incidents/id/{id}/actions
//   (start, page_size; newest first), incidents with processingStatus {id, name}, onHold, completed / completedDate,
//   closed / closedDate, modificationDate "YYYY-MM-DDTHH:mm:ss.SSS+0000" moved by every change and action.
// - "General API guidelines": GET /tas/api/incidents with pageStart (default 0) and pageSize (default 10, at most
//   10,000), answered 200 with the last page, 206 Partial Content while more exist and 204 No Content when nothing
//   matches; `query` in FIQL (== != =ge= =gt= =le= =lt= =in= =out=, ';' and, ',' or, parentheses) and `sort`
//   (field:asc|desc, comma separated); errors as [{"message": …}].
// - "Application passwords": Basic sign-in with an operator's login name and application password (401 otherwise).
// - GET /tas/api/version.
// Rate limits and server faults are scripted with failNext (429 with Retry-After, 500). `remoteUpdate` and
// `remoteAction` change an incident as an operator in TOPdesk would. Times come from `now`, which a test may set.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
export interface TdRef {
  id: string;
  name: string;
}
export interface TdIncidentRow {
  id: string;
  number: string;
  status: string;
  request: string | null;
  caller: { id: string | null; dynamicName: string; branch: null };
  briefDescription: string;
  externalNumber: string;
  category: TdRef | null;
  subcategory: TdRef | null;
  callType: TdRef | null;
  priority: TdRef | null;
  targetDate: string | null;
  onHold: boolean;
  operator: TdRef | null;
  operatorGroup: TdRef | null;
  processingStatus: TdRef | null;
  completed: boolean;
  completedDate: string | null;
  closed: boolean;
  closedDate: string | null;
  creator: TdRef;
  creationDate: string;
  modifier: TdRef;
  modificationDate: string;
  [more: string]: unknown;
}
export interface TdActionRow {
  id: string;
  memoText: string;
  plainText: string;
  flag: number;
  invisibleForCaller: boolean;
  entryDate: string;
  operator: TdRef | null;
  person: TdRef | null;
}

export interface TdFault {
  status: number;
  retryAfter?: string;
  path?: RegExp;
}
export interface TdLoggedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  status: number;
}

interface ProcessingStatus extends TdRef {
  onHold?: boolean;
  completed?: boolean;
  closed?: boolean;
}

export const tdTime = (d: Date) => d.toISOString().replace('Z', '+0000');
const parseTime = (v: string) => Date.parse(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
const ref = (name: string): TdRef => ({ id: randomUUID(), name });

class BadRequest extends Error {}

export class TopdeskStandin {
  readonly log: TdLoggedRequest[] = [];
  readonly incidents = new Map<string, TdIncidentRow>();
  readonly actions = new Map<string, TdActionRow[]>();
  /** Operators: login name → application password, and their names. */
  readonly appPasswords = new Map<string, string>([['bulwark', 'td-app-password']]);
  readonly operators: TdRef[] = [ref('Bulwark Integration'), ref('Jane Operator')];
  readonly operatorGroups: TdRef[] = [ref('Security Operations')];
  readonly processingStatuses: ProcessingStatus[] = [
    ref('Logged'),
    ref('In progress'),
    { ...ref('Waiting for user'), onHold: true },
    { ...ref('Completed'), completed: true },
    { ...ref('Closed'), completed: true, closed: true },
  ];
  readonly categories: TdRef[] = [ref('Security'), ref('Hardware')];
  readonly subcategories: TdRef[] = [ref('Vulnerability')];
  readonly callTypes: TdRef[] = [ref('Incident'), ref('Request')];
  readonly priorities: TdRef[] = [ref('P1 Critical'), ref('P2 High'), ref('P3 Normal'), ref('P4 Low')];
  now: () => Date = () => new Date();
  url = '';
  private readonly faults: TdFault[] = [];
  private counter = 0;
  private server!: Server;

  async start(host = '127.0.0.1'): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify([{ message: String(err) }]));
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

  failNext(fault: TdFault): void {
    this.faults.push(fault);
  }

  /** An operator changes the incident in TOPdesk (fields as the API takes them: processingStatus, closed …). */
  remoteUpdate(id: string, body: Json, by = 'Jane Operator'): TdIncidentRow {
    const inc = this.incidents.get(id);
    if (!inc) throw new Error(`no incident ${id}`);
    this.update(inc, body, this.operatorNamed(by));
    return inc;
  }

  remoteAction(id: string, text: string, by = 'Jane Operator'): TdIncidentRow {
    return this.remoteUpdate(id, { action: text }, by);
  }

  /** An incident an operator logged directly (a test's seed). */
  seed(body: Json = {}, by = 'Jane Operator'): TdIncidentRow {
    return this.create({ caller: { dynamicName: 'Someone' }, briefDescription: 'seeded', ...body }, this.operatorNamed(by));
  }

  // ---------------------------------------------------------------------------------------------------------------

  private operatorNamed(name: string): TdRef {
    const op = this.operators.find((o) => o.name === name);
    if (op) return op;
    const made = ref(name);
    this.operators.push(made);
    return made;
  }

  private find(list: TdRef[], field: string, v: unknown, byName = true): TdRef {
    const r = v as { id?: string; name?: string } | null;
    const hit = r?.id ? list.find((x) => x.id === r.id) : byName && r?.name ? list.find((x) => x.name === r.name) : undefined;
    if (!hit) throw new BadRequest(`The value for the field '${field}${r?.id || !byName ? '.id' : '.name'}' cannot be found.`);
    return { id: hit.id, name: hit.name };
  }

  private create(body: Json, by: TdRef): TdIncidentRow {
    const caller = body.caller as { dynamicName?: string } | undefined;
    if (!caller?.dynamicName && !body.callerLookup) throw new BadRequest('A caller is required: caller or callerLookup.');
    const now = tdTime(this.now());
    const n = ++this.counter;
    const d = this.now();
    const inc: TdIncidentRow = {
      id: randomUUID(),
      number: `I ${String(d.getUTCFullYear()).slice(2)}${String(d.getUTCMonth() + 1).padStart(2, '0')} ${String(n).padStart(3, '0')}`,
      status: 'firstLine',
      request: null,
      caller: { id: null, dynamicName: caller?.dynamicName ?? 'Looked up', branch: null },
      briefDescription: '',
      externalNumber: '',
      category: null,
      subcategory: null,
      callType: null,
      priority: null,
      targetDate: null,
      onHold: false,
      operator: null,
      operatorGroup: null,
      processingStatus: { id: this.processingStatuses[0]!.id, name: this.processingStatuses[0]!.name },
      completed: false,
      completedDate: null,
      closed: false,
      closedDate: null,
      creator: by,
      creationDate: now,
      modifier: by,
      modificationDate: now,
    };
    this.apply(inc, body, by, now);
    if (typeof body.request === 'string') inc.request = body.request;
    this.incidents.set(inc.id, inc);
    return inc;
  }

  private update(inc: TdIncidentRow, body: Json, by: TdRef): void {
    const copy: TdIncidentRow = { ...inc };
    const now = tdTime(this.now());
    this.apply(copy, body, by, now);
    // The request on an update is a new request entry on top of the earlier ones.
    if (typeof body.request === 'string' && body.request) copy.request = `${body.request}<br><br>${inc.request ?? ''}`;
    copy.modifier = by;
    copy.modificationDate = now;
    Object.assign(inc, copy);
  }

  /** Sets the fields an operator may set; a refused lookup or value throws BadRequest before anything changes. */
  private apply(inc: TdIncidentRow, body: Json, by: TdRef, now: string): void {
    if ('briefDescription' in body) {
      const v = String(body.briefDescription ?? '');
      if (v.length > 80) throw new BadRequest("The value for the field 'briefDescription' is too long (at most 80 characters).");
      inc.briefDescription = v;
    }
    if ('externalNumber' in body) {
      const v = String(body.externalNumber ?? '');
      if (v.length > 60) throw new BadRequest("The value for the field 'externalNumber' is too long (at most 60 characters).");
      inc.externalNumber = v;
    }
    if ('category' in body) inc.category = body.category ? this.find(this.categories, 'category', body.category) : null;
    if ('subcategory' in body) inc.subcategory = body.subcategory ? this.find(this.subcategories, 'subcategory', body.subcategory) : null;
    if ('callType' in body) inc.callType = body.callType ? this.find(this.callTypes, 'callType', body.callType) : null;
    if ('priority' in body) inc.priority = body.priority ? this.find(this.priorities, 'priority', body.priority) : null;
    if ('operator' in body) inc.operator = body.operator ? this.find(this.operators, 'operator', body.operator, false) : null;
    if ('operatorGroup' in body) {
      inc.operatorGroup = body.operatorGroup ? this.find(this.operatorGroups, 'operatorGroup', body.operatorGroup, false) : null;
      if (inc.operatorGroup) inc.status = 'secondLine';
    }
    if ('targetDate' in body) {
      const v = body.targetDate;
      if (v !== null && (typeof v !== 'string' || Number.isNaN(parseTime(v)))) {
        throw new BadRequest("The value for the field 'targetDate' is not a valid date.");
      }
      inc.targetDate = v === null ? null : tdTime(new Date(parseTime(v)));
    }
    if ('processingStatus' in body && body.processingStatus) {
      const found = this.find(this.processingStatuses, 'processingStatus', body.processingStatus);
      const ps = this.processingStatuses.find((p) => p.id === found.id)!;
      inc.processingStatus = found;
      inc.onHold = Boolean(ps.onHold);
      inc.completed = Boolean(ps.completed);
      inc.closed = Boolean(ps.closed);
    }
    // The flags: completing or closing picks the matching processing status, un-completing reopens.
    const status = (name: string) => {
      const p = this.processingStatuses.find((x) => x.name === name)!;
      return { id: p.id, name: p.name };
    };
    if (body.completed === true && !inc.completed) {
      inc.completed = true;
      if (!('processingStatus' in body)) inc.processingStatus = status('Completed');
    }
    if (body.closed === true && !inc.closed) {
      inc.closed = true;
      inc.completed = true;
      if (!('processingStatus' in body)) inc.processingStatus = status('Closed');
    }
    if (body.closed === false) inc.closed = false;
    if (body.completed === false) inc.completed = false;
    if (!inc.closed && !inc.completed && (body.closed === false || body.completed === false) && !body.processingStatus) {
      inc.processingStatus = status('In progress');
    }
    inc.completedDate = inc.completed ? (inc.completedDate ?? now) : null;
    inc.closedDate = inc.closed ? (inc.closedDate ?? now) : null;
    if (typeof body.action === 'string' && body.action.trim()) {
      const list = this.actions.get(inc.id) ?? [];
      list.unshift({
        id: randomUUID(),
        memoText: body.action,
        plainText: body.action
          .replace(/<br\s*\/?>/gi, '\n')
          .replace(/<[^>]+>/g, '')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&'),
        flag: 0,
        invisibleForCaller: body.actionInvisibleForCaller === true,
        entryDate: now,
        operator: by,
        person: null,
      });
      this.actions.set(inc.id, list);
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const entry: TdLoggedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body: null, status: 0 };
    this.log.push(entry);
    const send = (status: number, payload?: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      res.writeHead(status, payload === undefined ? headers : { 'content-type': 'application/json', ...headers });
      res.end(payload === undefined ? '' : JSON.stringify(payload));
    };
    const fail = (status: number, message: string, headers: Record<string, string> = {}) => send(status, [{ message }], headers);

    const faultAt = this.faults.findIndex((f) => !f.path || f.path.test(url.pathname));
    if (faultAt >= 0) {
      const [f] = this.faults.splice(faultAt, 1);
      const headers: Record<string, string> = f!.retryAfter ? { 'retry-after': f!.retryAfter } : {};
      return fail(f!.status, f!.status === 429 ? 'Too many requests' : 'An internal error occurred', headers);
    }

    const by = this.authenticate(req.headers.authorization);
    if (!by) return fail(401, 'Authentication failed: login name or application password is not valid.');

    let body: Json = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Json;
      } catch {
        return fail(400, 'The request body is not valid JSON.');
      }
      entry.body = body;
    }
    const method = req.method ?? 'GET';
    const p = url.pathname.replace(/\/+$/, '');
    const q = url.searchParams;
    try {
      if (p === '/tas/api/version' && method === 'GET') return send(200, { version: '3.7.0' });
      if (p === '/tas/api/incidents' && method === 'GET') return this.list(q, send, fail);
      if (p === '/tas/api/incidents' && method === 'POST') return send(201, this.create(body, by));
      const m = /^\/tas\/api\/incidents\/(id|number)\/([^/]+)(\/actions)?$/.exec(p);
      if (!m) return fail(404, 'Not found');
      const key = decodeURIComponent(m[2]!);
      const inc = m[1] === 'id' ? this.incidents.get(key) : [...this.incidents.values()].find((i) => i.number === key);
      if (!inc) return fail(404, `No incident found with ${m[1]} '${key}'.`);
      if (m[3]) {
        if (method !== 'GET') return fail(405, 'Method not allowed');
        const start = Number(q.get('start') ?? 0);
        const size = Number(q.get('page_size') ?? 10);
        if (!Number.isInteger(start) || start < 0 || !Number.isInteger(size) || size < 1 || size > 100) {
          return fail(400, 'start must be 0 or more and page_size between 1 and 100.');
        }
        const all = this.actions.get(inc.id) ?? [];
        const page = all.slice(start, start + size);
        if (!page.length) return send(204);
        return send(start + size < all.length ? 206 : 200, page);
      }
      if (method === 'GET') return send(200, inc);
      if (method === 'PUT') {
        this.update(inc, body, by);
        return send(200, inc);
      }
      return fail(405, 'Method not allowed');
    } catch (err) {
      if (err instanceof BadRequest) return fail(400, err.message);
      throw err;
    }
  }

  private list(
    q: URLSearchParams,
    send: (status: number, payload?: unknown) => void,
    fail: (status: number, message: string) => void,
  ): void {
    const start = Number(q.get('pageStart') ?? 0);
    const size = Number(q.get('pageSize') ?? 10);
    if (!Number.isInteger(start) || start < 0) return fail(400, 'pageStart must be 0 or more.');
    if (!Number.isInteger(size) || size < 1 || size > 10000) return fail(400, 'pageSize must be between 1 and 10000.');
    let rows = [...this.incidents.values()];
    const query = q.get('query');
    if (query) {
      let test: (row: TdIncidentRow) => boolean;
      try {
        test = new Fiql(query).parse();
      } catch (err) {
        return fail(400, `Invalid query: ${(err as Error).message}`);
      }
      rows = rows.filter(test);
    }
    const sort = q.get('sort');
    if (sort) {
      const keys = sort.split(',').map((s) => {
        const [field, dir = 'asc'] = s.split(':');
        if (!SORTABLE.has(field!) || (dir !== 'asc' && dir !== 'desc')) throw new BadRequest(`Cannot sort on '${s}'.`);
        return [field!, dir === 'desc' ? -1 : 1] as const;
      });
      rows.sort((a, b) => {
        for (const [f, d] of keys) {
          const c = compareField(f, fieldOf(a, f), fieldOf(b, f));
          if (c) return c * d;
        }
        return 0;
      });
    }
    const page = rows.slice(start, start + size);
    if (!page.length) return send(204);
    send(start + size < rows.length ? 206 : 200, page);
  }

  private authenticate(header: string | undefined): TdRef | null {
    const m = /^Basic (.+)$/.exec(header ?? '');
    if (!m) return null;
    const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    if (i <= 0 || this.appPasswords.get(decoded.slice(0, i)) !== decoded.slice(i + 1)) return null;
    return this.operatorNamed(decoded.slice(0, i) === 'bulwark' ? 'Bulwark Integration' : decoded.slice(0, i));
  }
}

const SORTABLE = new Set(['modificationDate', 'creationDate', 'callDate', 'number', 'targetDate', 'closedDate', 'completedDate']);
const QUERYABLE = new Set([
  'id',
  'number',
  'briefDescription',
  'externalNumber',
  'modificationDate',
  'creationDate',
  'targetDate',
  'closed',
  'completed',
  'onHold',
  'status',
  'processingStatus.name',
  'processingStatus.id',
  'category.name',
  'operatorGroup.id',
]);
const DATES = new Set(['modificationDate', 'creationDate', 'targetDate', 'closedDate', 'completedDate', 'callDate']);

function fieldOf(row: TdIncidentRow, path: string): unknown {
  let v: unknown = row;
  for (const part of path.split('.')) v = v && typeof v === 'object' ? (v as Json)[part] : undefined;
  return v;
}

function compareField(field: string, a: unknown, b: unknown): number {
  if (DATES.has(field)) return (a ? parseTime(String(a)) : 0) - (b ? parseTime(String(b)) : 0);
  const x = String(a ?? '');
  const y = String(b ?? '');
  return x < y ? -1 : x > y ? 1 : 0;
}

/** FIQL as TOPdesk reads it: or (',') of ands (';') of comparisons or parenthesised expressions. */
class Fiql {
  private i = 0;
  constructor(private readonly s: string) {}

  parse(): (row: TdIncidentRow) => boolean {
    const e = this.or();
    if (this.i !== this.s.length) throw new Error(`unexpected "${this.s.slice(this.i)}"`);
    return e;
  }

  private or(): (row: TdIncidentRow) => boolean {
    const parts = [this.and()];
    while (this.s[this.i] === ',') {
      this.i++;
      parts.push(this.and());
    }
    return (row) => parts.some((p) => p(row));
  }

  private and(): (row: TdIncidentRow) => boolean {
    const parts = [this.term()];
    while (this.s[this.i] === ';') {
      this.i++;
      parts.push(this.term());
    }
    return (row) => parts.every((p) => p(row));
  }

  private term(): (row: TdIncidentRow) => boolean {
    if (this.s[this.i] === '(') {
      this.i++;
      const e = this.or();
      if (this.s[this.i] !== ')') throw new Error('missing )');
      this.i++;
      return e;
    }
    const m = /^([A-Za-z][A-Za-z0-9.]*)(==|!=|=ge=|=gt=|=le=|=lt=|=in=|=out=)/.exec(this.s.slice(this.i));
    if (!m) throw new Error(`unreadable comparison at "${this.s.slice(this.i)}"`);
    const [, field, op] = m;
    if (!QUERYABLE.has(field!)) throw new Error(`the field '${field}' cannot be queried`);
    this.i += m[0].length;
    let args: string[];
    if (op === '=in=' || op === '=out=') {
      if (this.s[this.i] !== '(') throw new Error(`${op} takes a list in parentheses`);
      const end = this.s.indexOf(')', this.i);
      if (end < 0) throw new Error('missing )');
      args = this.s
        .slice(this.i + 1, end)
        .split(',')
        .map(unquote);
      this.i = end + 1;
    } else {
      let j = this.i;
      if (this.s[j] === '"' || this.s[j] === "'") {
        const close = this.s.indexOf(this.s[j]!, j + 1);
        if (close < 0) throw new Error('unclosed quote');
        j = close + 1;
      } else {
        while (j < this.s.length && !';,()'.includes(this.s[j]!)) j++;
      }
      args = [unquote(this.s.slice(this.i, j))];
      this.i = j;
    }
    if (DATES.has(field!) && args.some((a) => Number.isNaN(parseTime(a)))) throw new Error(`'${args[0]}' is not a date`);
    return (row) => {
      const v = fieldOf(row, field!);
      const c = compareField(field!, v, args[0]);
      switch (op) {
        case '==':
          return String(v) === args[0] || c === 0;
        case '!=':
          return !(String(v) === args[0] || c === 0);
        case '=ge=':
          return c >= 0;
        case '=gt=':
          return c > 0;
        case '=le=':
          return c <= 0;
        case '=lt=':
          return c < 0;
        case '=in=':
          return args.includes(String(v));
        default:
          return !args.includes(String(v));
      }
    };
  }
}

function unquote(v: string): string {
  const t = v.trim();
  return (t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'")) ? t.slice(1, -1) : t;
}
