// The ServiceNow adapter: Bulwark's tickets as records of the Table API (incident unless the settings choose another
// table), following ServiceNow's published REST reference ("Table API": GET/POST/PATCH /api/now/table/{tableName},
// sysparm_query / sysparm_limit / sysparm_offset / sysparm_display_value, the Link and X-Total-Count headers, errors as
// {"error":{"message","detail"},"status":"failure"}; "Inbound REST API rate limiting": 429 with Retry-After).
//
// - Sign-in: Basic with the integration user and its password, or, when no user name is set, the token as an OAuth
//   bearer token.
// - Priority: ServiceNow derives an incident's priority from impact and urgency, so Bulwark writes those two (the
//   settings' impact_map / urgency_map per Bulwark priority 1 low … 4 critical).
// - Comments are journal entries (work_notes); they are read back from sys_journal_field (work notes and additional
//   comments both), which gives each its own sys_id, author and time.
// - Status by category: incident states 1 New → todo; 2 In Progress, 3 On Hold → in_progress; 6 Resolved, 7 Closed,
//   8 Canceled → done. Another table's states come from its sys_choice rows (its own or those it inherits from task),
//   sorted into categories by their labels; the settings' state_map names the state each category moves to and wins.
//   Resolving an incident also sets close_code and close_notes, which the incident data policy requires.
// - Change id and time: sys_mod_count (bumped by every update) and sys_updated_on (UTC "YYYY-MM-DD HH:mm:ss" as the
//   Table API answers values).
// - Polling: sys_updated_on>=since ordered by sys_updated_on then sys_id. Dates in an encoded query are read in the
//   integration user's time zone, which the adapter learns from a record (display value minus value). Pages go by key
//   (the last record's time and sys_id, through ^NQ) rather than by sysparm_offset, so a record updated while the
//   pages are read cannot shift another one past the reader; the Link header's rel="next" says whether another page
//   exists.
//
// Webhook (ServiceNow → Bulwark): an async business rule on the table (after insert and update) sends this call with
// RESTMessageV2; the header X-Bulwark-Secret carries the integration's webhook secret (compared in constant time):
//
//   (function executeRule(current, previous) {
//     var r = new sn_ws.RESTMessageV2();
//     r.setEndpoint('https://<bulwark>/api/trackers/servicenow/webhook/<customer id>/');
//     r.setHttpMethod('POST');
//     r.setRequestHeader('Content-Type', 'application/json');
//     r.setRequestHeader('X-Bulwark-Secret', gs.getProperty('bulwark.webhook_secret'));
//     r.setRequestBody(JSON.stringify({ table: current.getTableName(), sys_id: current.getUniqueValue(),
//       number: current.getValue('number'), state: current.getValue('state'),
//       sys_mod_count: current.getValue('sys_mod_count'), sys_updated_on: current.getValue('sys_updated_on') }));
//     r.executeAsync();
//   })(current, previous);
//
// The body may also be a JSON array of such objects, or {"records": [...]}; a record of another table is ignored.
import { DEFAULT_SERVICENOW_IMPACT_MAP, DEFAULT_SERVICENOW_STATE_MAP, DEFAULT_SERVICENOW_URGENCY_MAP } from '@bulwark/core';
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
import { retryAfterOf, SHARED_SECRET_HEADER, sharedSecretBody } from './shared.ts';
import {
  categoryOfLabel,
  displayOf,
  doneAt,
  formatServiceNowTime,
  INCIDENT_STATES,
  JOURNAL_FIELDS,
  linkOf,
  offsetOf,
  parseServiceNowTime,
  SHORT_DESCRIPTION_MAX,
  valueOf,
  type ServiceNowOptions,
  type SnRecord,
  type StateChoice,
} from './servicenow-records.ts';

export { formatServiceNowTime, linkOf, parseServiceNowTime, type ServiceNowOptions };

export type ServiceNowSettings = OpenTrackerSettings<'servicenow'>;

/** The header a business rule's call carries the webhook secret in. */
export const SERVICENOW_SECRET_HEADER = SHARED_SECRET_HEADER;

const TIMEOUT_MS = 20_000;
const DEFAULT_PAGE_SIZE = 100;
export function servicenowAdapter(
  settings: ServiceNowSettings,
  fetchImpl: typeof fetch = fetch,
  options: ServiceNowOptions = {},
): TrackerAdapter {
  const base = (settings.url ?? '').replace(/\/+$/, '');
  const table = settings.table || 'incident';
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const auth = settings.username
    ? `Basic ${Buffer.from(`${settings.username}:${settings.token ?? ''}`).toString('base64')}`
    : `Bearer ${settings.token ?? ''}`;
  let choices: StateChoice[] | null = null;

  async function call(
    method: string,
    pathOrUrl: string,
    body?: Record<string, unknown>,
  ): Promise<{ status: number; headers: Headers; json: unknown }> {
    if (!base) throw new TrackerError('ServiceNow: no instance URL is set', null);
    const url = /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${base}${pathOrUrl}`;
    // A Link header's address is followed only on the instance itself: the credentials go nowhere else.
    if (!url.startsWith(`${base}/`)) throw new TrackerError(`ServiceNow: refusing to follow ${url} off the instance`, null);
    let res: Response;
    try {
      res = await fetchImpl(url, {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new TrackerError(`ServiceNow: no answer from ${base} (${err instanceof Error ? err.message : String(err)})`, null);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // An HTML page (a sign-in page, a proxy's error) is not the API: reported below by status, or as unreadable.
      json = undefined;
    }
    if (res.status >= 400) {
      const err = (json as { error?: { message?: string; detail?: string | null } } | null | undefined)?.error;
      const what = err?.message ? `${err.message}${err.detail ? `: ${err.detail}` : ''}` : `HTTP ${res.status}`;
      throw new TrackerError(`ServiceNow: ${what}`.trim(), res.status, retryAfterOf(res.headers.get('retry-after')));
    }
    if (json === undefined) throw new TrackerError(`ServiceNow: the answer to ${method} is not JSON`, res.status);
    return { status: res.status, headers: res.headers, json };
  }

  const tablePath = (id?: string) => `/api/now/table/${encodeURIComponent(table)}${id ? `/${encodeURIComponent(id)}` : ''}`;
  const READ = 'sysparm_display_value=all&sysparm_exclude_reference_link=true';

  async function stateChoices(): Promise<StateChoice[]> {
    if (choices) return choices;
    if (table === 'incident') {
      choices = Object.entries(INCIDENT_STATES).map(([value, s]) => ({ value, ...s }));
    } else {
      // A table's states: its own choices, or those of task it inherits (sc_task, problem_task …). Without read
      // access to sys_choice the record's state label is all there is: the state_map must then name the states.
      const q = `nameIN${table},task^element=state^inactive=false^ORDERBYsequence`;
      let rows: { name: string; value: string; label: string }[] = [];
      try {
        const { json } = await call(
          'GET',
          `/api/now/table/sys_choice?sysparm_query=${encodeURIComponent(q)}&sysparm_fields=name,value,label,sequence`,
        );
        rows = ((json as { result?: SnRecord[] }).result ?? []).map((r) => ({
          name: valueOf(r, 'name'),
          value: valueOf(r, 'value'),
          label: valueOf(r, 'label'),
        }));
      } catch (err) {
        if (!(err instanceof TrackerError && err.status === 403)) throw err;
      }
      const own = rows.filter((r) => r.name === table);
      choices = (own.length ? own : rows).map((r) => ({ value: r.value, label: r.label, category: categoryOfLabel(r.label) }));
    }
    // The settings' state per category is that category's state, whatever its label says.
    for (const [cat, value] of Object.entries(settings.state_map ?? {})) {
      const c = choices.find((x) => x.value === value);
      if (c) c.category = cat as StatusCategory;
    }
    return choices;
  }

  /** The state a transition to the category writes. */
  async function stateFor(to: StatusCategory): Promise<string> {
    const known = await stateChoices();
    const chosen = settings.state_map?.[to];
    // A mapped state the table does not have (the incident's 6 Resolved kept for sc_task) is not written: the
    // table's own state of the category is.
    if (chosen && (table === 'incident' || !known.length || known.some((c) => c.value === chosen))) return chosen;
    if (table === 'incident') return DEFAULT_SERVICENOW_STATE_MAP[to];
    const inCat = known.filter((c) => c.category === to);
    // The plainest state of the category first: Open before Pending, Work in Progress before On Hold, a resolved or
    // completed state before a cancelled or skipped one.
    const plain: Record<StatusCategory, (label: string) => boolean> = {
      todo: (l) => /^(new|open)\b/i.test(l),
      in_progress: (l) => /progress|work/i.test(l),
      done: (l) => /resolv|complete/i.test(l) && !/incomplete/i.test(l),
    };
    const best = inCat.find((c) => plain[to](c.label)) ?? inCat[0];
    if (!best) throw new TrackerError(`ServiceNow: table ${table} has no state in category ${to}; set one in the state mapping`, null);
    return best.value;
  }

  function fieldsOf(input: TrackerIssueInput): Record<string, string> {
    const p = String(input.priority);
    const fields: Record<string, string> = {
      short_description: input.title.slice(0, SHORT_DESCRIPTION_MAX),
      description: `${input.description}\n\nBulwark ticket #${input.reference.number}: ${input.reference.url}`,
      impact: settings.impact_map?.[p] ?? DEFAULT_SERVICENOW_IMPACT_MAP[p] ?? '2',
      urgency: settings.urgency_map?.[p] ?? DEFAULT_SERVICENOW_URGENCY_MAP[p] ?? '2',
      // A date-time field: the end of the due day (UTC); empty clears it.
      due_date: input.due_date ? `${input.due_date.slice(0, 10)} 23:59:59` : '',
    };
    if (settings.assignment_group) fields.assignment_group = settings.assignment_group;
    return fields;
  }

  async function journalOf(ids: string[]): Promise<Map<string, RemoteComment[]>> {
    const byIssue = new Map<string, RemoteComment[]>(ids.map((id) => [id, []]));
    if (!ids.length) return byIssue;
    const q = `element_idIN${ids.join(',')}^elementIN${JOURNAL_FIELDS.join(',')}^ORDERBYsys_created_on^ORDERBYsys_id`;
    let next: string | null =
      `/api/now/table/sys_journal_field?sysparm_query=${encodeURIComponent(q)}` +
      `&sysparm_fields=sys_id,element_id,element,value,sys_created_on,sys_created_by&sysparm_limit=1000`;
    while (next) {
      const { json, headers }: { json: unknown; headers: Headers } = await call('GET', next);
      for (const r of (json as { result?: SnRecord[] }).result ?? []) {
        byIssue.get(valueOf(r, 'element_id'))?.push({
          id: valueOf(r, 'sys_id'),
          body: valueOf(r, 'value'),
          author: valueOf(r, 'sys_created_by') || null,
          created_at: parseServiceNowTime(valueOf(r, 'sys_created_on')),
        });
      }
      next = linkOf(headers.get('link'), 'next');
    }
    return byIssue;
  }

  async function toIssue(rec: SnRecord, comments: RemoteComment[]): Promise<RemoteIssue> {
    const id = valueOf(rec, 'sys_id');
    const state = valueOf(rec, 'state');
    const choice = (await stateChoices()).find((c) => c.value === state);
    const mapped = Object.entries(settings.state_map ?? {}).find(([, v]) => v === state)?.[0] as StatusCategory | undefined;
    const category = choice?.category ?? mapped ?? categoryOfLabel(displayOf(rec, 'state'));
    return {
      id,
      key: valueOf(rec, 'number') || id,
      url: `${base}/nav_to.do?uri=${encodeURIComponent(`${table}.do?sys_id=${id}`)}`,
      status: choice?.label ?? (displayOf(rec, 'state') || state),
      category,
      title: valueOf(rec, 'short_description'),
      updated_at: parseServiceNowTime(valueOf(rec, 'sys_updated_on')),
      change_id: valueOf(rec, 'sys_mod_count'),
      status_changed_at: doneAt(rec, category),
      comments,
    };
  }

  async function readRecord(id: string): Promise<SnRecord> {
    const { json } = await call('GET', `${tablePath(id)}?${READ}`);
    return (json as { result: SnRecord }).result;
  }

  return {
    tracker: 'servicenow',

    async testConnection(): Promise<ConnectionResult> {
      try {
        const { headers } = await call('GET', `${tablePath()}?sysparm_limit=1&sysparm_fields=sys_id`);
        const total = headers.get('x-total-count');
        return {
          ok: true,
          detail: `Connected to ${new URL(base).host}: table ${table}${total !== null ? ` (${total} records)` : ''}`,
        };
      } catch (err) {
        return { ok: false, error: err instanceof Error ? err.message : String(err) };
      }
    },

    async createIssue(input) {
      const { json } = await call('POST', `${tablePath()}?${READ}`, {
        ...fieldsOf(input),
        // The correlation fields are ServiceNow's place for another system's id of the record.
        correlation_id: input.reference.uuid,
        correlation_display: `Bulwark #${input.reference.number}`.slice(0, 100),
      });
      return toIssue((json as { result: SnRecord }).result, []);
    },

    async updateIssue(id, input) {
      await call('PATCH', tablePath(id), fieldsOf(input));
    },

    async addComment(id, body) {
      const { json } = await call('PATCH', `${tablePath(id)}?${READ}`, { work_notes: body });
      // The new entry is the newest work note with this text; someone else's note written at the same moment
      // with other text cannot be taken for it.
      const q = `element_id=${id}^element=work_notes^ORDERBYDESCsys_created_on^ORDERBYDESCsys_id`;
      const { json: journal } = await call(
        'GET',
        `/api/now/table/sys_journal_field?sysparm_query=${encodeURIComponent(q)}` +
          `&sysparm_fields=sys_id,value,sys_created_on,sys_created_by&sysparm_limit=20`,
      );
      const mine = ((journal as { result?: SnRecord[] }).result ?? []).find((r) => valueOf(r, 'value').trim() === body.trim());
      if (mine) {
        return {
          id: valueOf(mine, 'sys_id'),
          body: valueOf(mine, 'value'),
          author: valueOf(mine, 'sys_created_by') || null,
          created_at: parseServiceNowTime(valueOf(mine, 'sys_created_on')),
        };
      }
      // No read right on sys_journal_field: the record's own change count names the entry.
      const rec = (json as { result: SnRecord }).result;
      return {
        id: `${id}:${valueOf(rec, 'sys_mod_count')}`,
        body,
        author: settings.username ?? null,
        created_at: parseServiceNowTime(valueOf(rec, 'sys_updated_on')),
      };
    },

    async transition(id, to) {
      const rec = await readRecord(id);
      const current = (await stateChoices()).find((c) => c.value === valueOf(rec, 'state'));
      // Already there (a Closed incident is done; moving it back to Resolved would reopen its workflow).
      if (current?.category === to) return;
      const state = await stateFor(to);
      const patch: Record<string, string> = { state };
      if (to === 'done') {
        patch.close_code = settings.close_code || 'Solution provided';
        patch.close_notes = 'Resolved in Bulwark.';
      }
      await call('PATCH', tablePath(id), patch);
    },

    async getIssue(id) {
      const rec = await readRecord(id);
      const journal = await journalOf([id]);
      return toIssue(rec, journal.get(id) ?? []);
    },

    async *changedSince(since) {
      // Dates in an encoded query are read in the integration user's time zone; the answers' values are UTC. The
      // user's offset is what a record shows: its sys_updated_on display value minus its value (learnt from the newest
      // record first, then from each page, so a change of summer time midway is followed).
      const newest = await call(
        'GET',
        `${tablePath()}?sysparm_display_value=all&sysparm_fields=sys_updated_on&sysparm_limit=1` +
          `&sysparm_query=${encodeURIComponent('ORDERBYDESCsys_updated_on')}`,
      );
      let offset = offsetOf(((newest.json as { result?: SnRecord[] }).result ?? [])[0]) ?? 0;
      const literal = (utc: string) => formatServiceNowTime(new Date(parseServiceNowTime(utc).getTime() + offset));
      const order = '^ORDERBYsys_updated_on^ORDERBYsys_id';
      let query = `sys_updated_on>=${literal(formatServiceNowTime(since))}${order}`;
      let cursor: [string, string] | null = null;
      for (;;) {
        const { json, headers } = await call(
          'GET',
          `${tablePath()}?${READ}&sysparm_limit=${pageSize}&sysparm_query=${encodeURIComponent(query)}`,
        );
        const page = ((json as { result?: SnRecord[] }).result ?? []).filter(
          // Only what lies after the last record read: a page asked from a wrongly read time repeats nothing.
          (r) => !cursor || [valueOf(r, 'sys_updated_on'), valueOf(r, 'sys_id')].join(' ') > cursor.join(' '),
        );
        const journal = await journalOf(page.map((r) => valueOf(r, 'sys_id')));
        for (const rec of page) yield await toIssue(rec, journal.get(valueOf(rec, 'sys_id')) ?? []);
        const last = page.at(-1);
        if (!last || !linkOf(headers.get('link'), 'next')) return;
        cursor = [valueOf(last, 'sys_updated_on'), valueOf(last, 'sys_id')];
        offset = offsetOf(last) ?? offset;
        const t = literal(cursor[0]);
        query = `sys_updated_on>${t}^NQsys_updated_on=${t}^sys_id>${cursor[1]}${order}`;
      }
    },

    parseWebhook(headers, rawBody) {
      const body = sharedSecretBody('ServiceNow', settings.webhook_secret, headers, rawBody);
      const records = Array.isArray(body) ? body : ((body as { records?: unknown[] } | null)?.records ?? [body]);
      const changes: RemoteChange[] = [];
      for (const r of records) {
        if (!r || typeof r !== 'object') continue;
        const rec = r as Record<string, unknown>;
        if (typeof rec.sys_id !== 'string' || !rec.sys_id) continue;
        if (typeof rec.table === 'string' && rec.table && rec.table !== table) continue;
        let at: Date | null = null;
        if (typeof rec.sys_updated_on === 'string' && rec.sys_updated_on) {
          try {
            at = parseServiceNowTime(rec.sys_updated_on);
          } catch {
            at = null;
          }
        }
        const mod = rec.sys_mod_count;
        changes.push({
          issue_id: rec.sys_id,
          change_id: typeof mod === 'string' || typeof mod === 'number' ? String(mod) : null,
          at,
        });
      }
      return changes;
    },
  };
}
