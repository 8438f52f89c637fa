// The TOPdesk adapter: Bulwark's tickets as TOPdesk incidents, following TOPdesk's published API documentation
// (developers.topdesk.com, "Incident Management API": POST /tas/api/incidents, GET and PUT /tas/api/incidents/id/{id},
// GET /tas/api/incidents/id/{id}/actions; "General API guidelines": pageStart / pageSize paging answered 206 Partial
// Content while more pages exist and 204 when nothing matches, FIQL query and sort parameters, errors as
// [{"message": …}]; "Application passwords" for Basic sign-in; GET /tas/api/version).
//
// - Sign-in: Basic with the operator's login name and an application password (the settings' username and token).
// - Create: an unregistered caller "Bulwark" (the caller of record is the integration), briefDescription (80
//   characters at most), the request (HTML: line breaks as <br>), the category, subcategory and call type (names, or ids
//   when they look like ids), the operator and operator group (ids), the priority by the settings' priority_map (a
//   TOPdesk priority name per Bulwark priority 1 low … 4 critical; none when unmapped, so TOPdesk's own impact × urgency
//   matrix decides), targetDate from the due date and externalNumber "Bulwark #<number>".
// - Update: briefDescription, priority and targetDate. The request is written once, at creation: TOPdesk adds a new
//   request entry each time one is sent, so sending it again would repeat it.
// - Comments are actions (PUT with `action`, invisible for the caller) and are read back from the incident's actions.
// - Status by category: closed or completed → done; otherwise the processing status: the settings' state_map names a
//   processing status per category (and wins), an on-hold status or any other than Logged / Registered / New / Open is
//   in progress. A transition to done completes and closes the incident (or sets state_map.done); back to todo or
//   in_progress un-completes it and sets that category's processing status (Logged / In progress unless mapped).
// - Change id and time: modificationDate (every change and action moves it).
// - Polling: query modificationDate=ge=<since> sorted by modificationDate, each next page asked again from the last
//   incident's time (seconds) rather than by offset, so an incident changed while the pages are read shifts no other
//   past the reader; pageStart moves on only within one second full of incidents; each incident is answered once per
//   modificationDate.
//
// Webhook (TOPdesk → Bulwark): an action sequence on incidents (trigger: incident changed) with an HTTP request step:
//   POST https://<bulwark>/api/trackers/topdesk/webhook/<customer id>/
//   Header  X-Bulwark-Secret: <the integration's webhook secret>   (compared in constant time)
//   Header  Content-Type: application/json
//   Body    {"id": "<incident id>", "number": "<incident number>", "modificationDate": "<incident modification date>"}
// with the incident's id, number and modification date inserted from the sequence's variables; modificationDate may be
// left out (the change is then read from the incident). The body may also be a JSON array of such objects.
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

export type TopdeskSettings = OpenTrackerSettings<'topdesk'>;

/** The header an action sequence's HTTP request carries the webhook secret in. */
export const TOPDESK_SECRET_HEADER = SHARED_SECRET_HEADER;

const TIMEOUT_MS = 20_000;
const DEFAULT_PAGE_SIZE = 100;
const BRIEF_DESCRIPTION_MAX = 80;
const ACTIONS_PAGE = 100;
const DEFAULT_STATUS_NAMES: Record<Exclude<StatusCategory, 'done'>, string> = { todo: 'Logged', in_progress: 'In progress' };

interface Ref {
  id: string | null;
  name: string | null;
}
/** An incident as TOPdesk answers it (the fields the adapter reads). */
interface TdIncident {
  id: string;
  number: string;
  briefDescription: string | null;
  processingStatus: Ref | null;
  onHold?: boolean;
  completed: boolean;
  completedDate?: string | null;
  closed: boolean;
  closedDate?: string | null;
  modificationDate: string;
}
interface TdAction {
  id: string;
  memoText: string | null;
  plainText?: string | null;
  entryDate: string;
  operator: Ref | null;
  person: Ref | null;
}

export interface TopdeskOptions {
  /** Incidents per page when polling (TOPdesk's default is 10 and its maximum 10,000). */
  pageSize?: number;
}

/** TOPdesk's times ("2026-03-02T09:00:01.000+0000", or with Z) → Date. */
export function parseTopdeskTime(v: string): Date {
  const d = new Date(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isNaN(d.getTime())) throw new TrackerError(`TOPdesk: unreadable time "${v}"`, null);
  return d;
}
/** A FIQL date, to the second (the inclusive lower bound of a poll: a second early never loses an incident). */
function fiqlTime(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Plain text as TOPdesk's memo fields take it: escaped, line breaks as <br>. */
export function toTopdeskHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}
/** A memo field's HTML back to plain text. */
export function fromTopdeskHtml(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A lookup field by id when the setting is one, else by name (TOPdesk takes either for categories and call types). */
const lookup = (v: string) => (UUID.test(v) ? { id: v } : { name: v });

export function topdeskAdapter(settings: TopdeskSettings, fetchImpl: typeof fetch = fetch, options: TopdeskOptions = {}): TrackerAdapter {
  const base = (settings.url ?? '').replace(/\/+$/, '');
  const api = `${base}/tas/api`;
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const auth = `Basic ${Buffer.from(`${settings.username ?? ''}:${settings.token ?? ''}`).toString('base64')}`;

  async function call(method: string, path: string, body?: Record<string, unknown>): Promise<{ status: number; json: unknown }> {
    if (!base) throw new TrackerError('TOPdesk: no URL is set', null);
    if (!settings.username) throw new TrackerError('TOPdesk: set the operator login name and its application password', null);
    let res: Response;
    try {
      res = await fetchImpl(`${api}${path}`, {
        method,
        headers: { authorization: auth, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new TrackerError(`TOPdesk: no answer from ${base} (${err instanceof Error ? err.message : String(err)})`, null);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = undefined;
    }
    if (res.status >= 400) {
      // TOPdesk answers [{"message": …}, …]; some gateways answer {"message": …} or a page of text.
      const messages = Array.isArray(json)
        ? json.map((e: { message?: unknown }) => (typeof e?.message === 'string' ? e.message : '')).filter(Boolean)
        : typeof (json as { message?: unknown } | null)?.message === 'string'
          ? [(json as { message: string }).message]
          : [];
      const what = messages.length ? messages.join('; ') : `HTTP ${res.status}`;
      throw new TrackerError(`TOPdesk: ${what}`, res.status, retryAfterOf(res.headers.get('retry-after')));
    }
    if (json === undefined) throw new TrackerError(`TOPdesk: the answer to ${method} ${path} is not JSON`, res.status);
    return { status: res.status, json };
  }

  function categoryOf(inc: TdIncident): StatusCategory {
    if (inc.closed || inc.completed) return 'done';
    const name = inc.processingStatus?.name ?? '';
    for (const cat of ['todo', 'in_progress'] as const) {
      if (settings.state_map?.[cat] && settings.state_map[cat] === name) return cat;
    }
    if (inc.onHold) return 'in_progress';
    return !name || /^(logged|registered|new|open)\b/i.test(name) ? 'todo' : 'in_progress';
  }

  function commentOf(a: TdAction): RemoteComment {
    return {
      id: a.id,
      body: a.plainText ?? fromTopdeskHtml(a.memoText ?? ''),
      author: a.operator?.name ?? a.person?.name ?? null,
      created_at: parseTopdeskTime(a.entryDate),
    };
  }

  /** Every action of an incident, oldest first (TOPdesk answers newest first, a page at a time). */
  async function actionsOf(id: string): Promise<RemoteComment[]> {
    const all: TdAction[] = [];
    for (let start = 0; ; start += ACTIONS_PAGE) {
      const { status, json } = await call(
        'GET',
        `/incidents/id/${encodeURIComponent(id)}/actions?start=${start}&page_size=${ACTIONS_PAGE}`,
      );
      if (status === 204) break;
      const page = (json as TdAction[] | null) ?? [];
      all.push(...page);
      if (status !== 206 || !page.length) break;
    }
    return all.map(commentOf).sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  }

  function toIssue(inc: TdIncident, comments: RemoteComment[]): RemoteIssue {
    const category = categoryOf(inc);
    return {
      id: inc.id,
      key: inc.number,
      url: `${base}/tas/secure/incident?action=show&unid=${encodeURIComponent(inc.id)}`,
      status: inc.processingStatus?.name ?? (inc.closed ? 'Closed' : inc.completed ? 'Completed' : ''),
      category,
      title: inc.briefDescription ?? '',
      updated_at: parseTopdeskTime(inc.modificationDate),
      change_id: inc.modificationDate,
      // When it was closed or completed (TOPdesk stamps both): a later action does not make the status newer.
      status_changed_at:
        category === 'done' && (inc.closedDate || inc.completedDate) ? parseTopdeskTime((inc.closedDate || inc.completedDate)!) : null,
      comments,
    };
  }

  function fieldsOf(input: TrackerIssueInput): Record<string, unknown> {
    const priority = settings.priority_map?.[String(input.priority)];
    return {
      briefDescription: input.title.slice(0, BRIEF_DESCRIPTION_MAX),
      ...(priority ? { priority: lookup(priority) } : {}),
      // The end of the due day (UTC); null clears it.
      targetDate: input.due_date ? `${input.due_date.slice(0, 10)}T23:59:59.000+0000` : null,
    };
  }

  const incidentPath = (id: string) => `/incidents/id/${encodeURIComponent(id)}`;
  const readIncident = async (id: string) => (await call('GET', incidentPath(id))).json as TdIncident;

  return {
    tracker: 'topdesk',

    async testConnection(): Promise<ConnectionResult> {
      try {
        const { json } = await call('GET', '/version');
        // The version answers anyone signed in; reading incidents proves the operator's rights too.
        await call('GET', '/incidents?pageSize=1');
        const version = (json as { version?: string } | null)?.version;
        return { ok: true, detail: `Connected to ${new URL(base).host}${version ? `: TOPdesk API ${version}` : ''}` };
      } catch (err) {
        return { ok: false, error: err instanceof Error ? err.message : String(err) };
      }
    },

    async createIssue(input) {
      const body: Record<string, unknown> = {
        caller: { dynamicName: 'Bulwark' },
        ...fieldsOf(input),
        request: toTopdeskHtml(`${input.description}\n\nBulwark ticket #${input.reference.number}: ${input.reference.url}`),
        externalNumber: `Bulwark #${input.reference.number}`,
      };
      if (settings.category) body.category = lookup(settings.category);
      if (settings.subcategory) body.subcategory = lookup(settings.subcategory);
      if (settings.call_type) body.callType = lookup(settings.call_type);
      if (settings.operator) body.operator = { id: settings.operator };
      if (settings.operator_group) body.operatorGroup = { id: settings.operator_group };
      if (settings.state_map?.todo) body.processingStatus = lookup(settings.state_map.todo);
      const { json } = await call('POST', '/incidents', body);
      return toIssue(json as TdIncident, []);
    },

    async updateIssue(id, input) {
      await call('PUT', incidentPath(id), fieldsOf(input));
    },

    async addComment(id, body) {
      const { json } = await call('PUT', incidentPath(id), { action: toTopdeskHtml(body), actionInvisibleForCaller: true });
      // The new action is the newest with this text (actions come newest first).
      const { status, json: actions } = await call('GET', `${incidentPath(id)}/actions?start=0&page_size=20`);
      const mine =
        status === 204 ? undefined : ((actions as TdAction[] | null) ?? []).map(commentOf).find((c) => c.body.trim() === body.trim());
      if (mine) return mine;
      const inc = json as TdIncident;
      return {
        id: `${id}@${inc.modificationDate}`,
        body,
        author: settings.username ?? null,
        created_at: parseTopdeskTime(inc.modificationDate),
      };
    },

    async transition(id, to) {
      const inc = await readIncident(id);
      if (categoryOf(inc) === to) return;
      const mapped = settings.state_map?.[to];
      if (to === 'done') {
        await call('PUT', incidentPath(id), mapped ? { processingStatus: lookup(mapped) } : { completed: true, closed: true });
        return;
      }
      await call('PUT', incidentPath(id), {
        completed: false,
        closed: false,
        processingStatus: lookup(mapped || DEFAULT_STATUS_NAMES[to]),
      });
    },

    async getIssue(id) {
      const inc = await readIncident(id);
      return toIssue(inc, await actionsOf(id));
    },

    async *changedSince(since) {
      let from = fiqlTime(since);
      let start = 0;
      const seen = new Set<string>();
      for (;;) {
        const q = new URLSearchParams({
          query: `modificationDate=ge=${from}`,
          sort: 'modificationDate:asc',
          pageStart: String(start),
          pageSize: String(pageSize),
        });
        const { status, json } = await call('GET', `/incidents?${q.toString()}`);
        if (status === 204) return;
        const page = (json as TdIncident[] | null) ?? [];
        for (const inc of page) {
          const key = `${inc.id}@${inc.modificationDate}`;
          if (seen.has(key)) continue;
          seen.add(key);
          yield toIssue(inc, await actionsOf(inc.id));
        }
        const last = page.at(-1);
        if (status !== 206 || !last) return;
        const next = fiqlTime(parseTopdeskTime(last.modificationDate));
        // A whole page within one second: move on by offset within it; otherwise ask again from the last time.
        if (next === from) start += page.length;
        else {
          from = next;
          start = 0;
        }
      }
    },

    parseWebhook(headers, rawBody) {
      const body = sharedSecretBody('TOPdesk', settings.webhook_secret, headers, rawBody);
      const changes: RemoteChange[] = [];
      for (const r of Array.isArray(body) ? body : [body]) {
        if (!r || typeof r !== 'object') continue;
        const rec = r as Record<string, unknown>;
        if (typeof rec.id !== 'string' || !rec.id) continue;
        const mod = typeof rec.modificationDate === 'string' && rec.modificationDate ? rec.modificationDate : null;
        let at: Date | null = null;
        if (mod) {
          try {
            at = parseTopdeskTime(mod);
          } catch {
            at = null;
          }
        }
        changes.push({ issue_id: rec.id, change_id: at ? mod : null, at });
      }
      return changes;
    },
  };
}
