// Calls of the ticket screens (feature-areas §7 Remediation): the ticket list and one ticket, creating tickets (from
// findings, an issue, an asset or a vulnerability-list filter), changing them, their subtasks (bulk update and delete),
// history, comments, watchers, "Fixes grouped", the ticket number validity check, the trackers' sync state (and sending
// a ticket to one), and the people and teams a ticket may be assigned to.
import {
  subtaskBulkResult,
  teamBasic,
  ticket,
  ticketCreateResult,
  ticketEvent,
  ticketFixes,
  ticketSubtask,
  ticketValidity,
  ticketSyncLink,
  ticketWatchers,
  trackerSyncState,
  userProfile,
  type Tracker,
  type TrackerSyncStateAnswer,
  type TicketSyncLink,
  type Ticket,
  type TicketCreateInput,
  type TicketCreateResult,
  type TicketEvent,
  type TicketFix,
  type TicketStatus,
  type TicketSubtask,
  type TicketUpdateInput,
  type TicketValidityResult,
} from '@bulwark/core';
import { api } from '../../../api/client.ts';
import { displayName } from '../../../components/display-name.ts';
import type { QueryParams } from '../../../api/query-string.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../../components/paged-answer.ts';

const TICKETS = 'remediation/tickets/';
/** A ticket is addressed by its numeric id or its uuid (the pages use the uuid of their URL). */
const one = (ref: string | number) => `${TICKETS}${encodeURIComponent(String(ref))}/`;

const ticketPage = pagedAnswer(ticket);
const subtaskPage = pagedAnswer(ticketSubtask);
const eventPage = pagedAnswer(ticketEvent);
const userPage = pagedAnswer(userProfile);

export type TicketWatcher = ReturnType<typeof ticketWatchers.parse>['watchers'][number];

/** GET remediation/tickets/: a page of tickets the filters match. */
export function fetchTickets(query: QueryParams, signal?: AbortSignal): Promise<Paged<Ticket>> {
  return api.get(TICKETS, { query, signal, schema: ticketPage });
}

export function fetchTicket(ref: string | number, signal?: AbortSignal): Promise<Ticket> {
  return api.get(one(ref), { signal, schema: ticket });
}

/** POST remediation/tickets/: the tickets made (findings already on an open ticket are skipped and counted). */
export function createTickets(input: TicketCreateInput): Promise<TicketCreateResult> {
  return api.post(TICKETS, input, { schema: ticketCreateResult });
}

export function updateTicket(ref: string | number, input: TicketUpdateInput): Promise<Ticket> {
  return api.patch(one(ref), input, { schema: ticket });
}

export function deleteTicket(ref: string | number): Promise<void> {
  return api.delete(one(ref));
}

export function fetchSubtasks(ref: string | number, query: QueryParams, signal?: AbortSignal): Promise<Paged<TicketSubtask>> {
  return api.get(`${one(ref)}subtasks/`, { query, signal, schema: subtaskPage });
}

/** POST …/subtask-update/: one status for the chosen subtasks; answers how many changed. */
export async function updateSubtasks(ref: string | number, ids: readonly number[], status: TicketStatus): Promise<number> {
  const answer = await api.post(`${one(ref)}subtask-update/`, { ids: [...ids], status }, { schema: subtaskBulkResult });
  return answer.count;
}

export async function deleteSubtasks(ref: string | number, ids: readonly number[]): Promise<number> {
  const answer = await api.post(`${one(ref)}subtask-delete/`, { ids: [...ids] }, { schema: subtaskBulkResult });
  return answer.count;
}

/** GET …/history/: every change, comment, re-test and sync of the ticket, newest first. */
export function fetchHistory(ref: string | number, signal?: AbortSignal): Promise<TicketEvent[]> {
  return api.get(`${one(ref)}history/`, { query: { page_size: 500 }, signal, schema: listAnswer(ticketEvent) });
}

export function addComment(ref: string | number, comment: string): Promise<TicketEvent> {
  return api.post(`${one(ref)}comments/`, { comment }, { schema: ticketEvent });
}

export function fetchComments(ref: string | number, signal?: AbortSignal): Promise<Paged<TicketEvent>> {
  return api.get(`${one(ref)}comments/`, { signal, schema: eventPage });
}

export async function fetchWatchers(ref: string | number, signal?: AbortSignal): Promise<TicketWatcher[]> {
  return (await api.get(`${one(ref)}watchers/`, { signal, schema: ticketWatchers })).watchers;
}

/** POST …/watchers/: the caller watches (or `user` when given). */
export async function watch(ref: string | number, user?: number): Promise<TicketWatcher[]> {
  return (await api.post(`${one(ref)}watchers/`, user === undefined ? {} : { user }, { schema: ticketWatchers })).watchers;
}

export async function unwatch(ref: string | number, user?: number): Promise<void> {
  await api.delete(`${one(ref)}watchers/`, { query: user === undefined ? undefined : { user } });
}

export async function fetchFixes(ref: string | number, signal?: AbortSignal): Promise<TicketFix[]> {
  return (await api.get(`${one(ref)}fixes/`, { signal, schema: ticketFixes })).results;
}

/** The §4 validity check of a ticket number: valid when the customer has such a ticket. */
export function checkTicketNumber(number: string, signal?: AbortSignal): Promise<TicketValidityResult> {
  return api.get(`${TICKETS}validity/${encodeURIComponent(number)}/`, { signal, schema: ticketValidity });
}

/** GET …/sync/: the ticket's issues in trackers (Jira, ServiceNow, TOPdesk), each with its sync state. */
export function fetchSync(ref: string | number, signal?: AbortSignal): Promise<TicketSyncLink[]> {
  return api.get(`${one(ref)}sync/`, { signal, schema: listAnswer(ticketSyncLink) });
}

/** POST …/sync/: links the ticket to a tracker and pushes it (its issue is created there). */
export function sendToTracker(ref: string | number, tracker: Tracker): Promise<TicketSyncLink[]> {
  return api.post(`${one(ref)}sync/`, { tracker }, { schema: listAnswer(ticketSyncLink) });
}

/** GET trackers/: each ticketing integration, whether it is enabled and its sync state. */
export function fetchTrackers(signal?: AbortSignal): Promise<TrackerSyncStateAnswer[]> {
  return api.get('trackers/', { signal, schema: listAnswer(trackerSyncState) });
}

/** One asset of a ticket (…/asset/) or one vulnerability (…/vulnerability/), with its findings on the ticket. */
export interface TicketScopeRow {
  id: number;
  name: string;
  /** The asset's address, or the vulnerability's hid. */
  detail: string | null;
  hid: string | null;
  severity: number | null;
  risk_score: number;
  findings: number;
  open_findings: number;
}

function parseScopeRow(data: unknown): TicketScopeRow {
  const row = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  if (typeof row.id !== 'number' || typeof row.name !== 'string') throw new Error('row without id or name');
  const hid = typeof row.hid === 'string' ? row.hid : null;
  return {
    id: row.id,
    name: row.name,
    detail: typeof row.address === 'string' ? row.address : hid,
    hid,
    severity: typeof row.severity === 'number' ? row.severity : null,
    risk_score: num(row.risk_score),
    findings: num(row.findings),
    open_findings: num(row.open_findings),
  };
}

/** GET …/asset/ or …/vulnerability/: the ticket's assets or vulnerabilities. */
export function fetchTicketScope(ref: string | number, part: 'asset' | 'vulnerability', signal?: AbortSignal): Promise<TicketScopeRow[]> {
  return api.get(`${one(ref)}${part}/`, { signal, schema: listAnswer({ parse: parseScopeRow }) });
}

/** GET …/related/: tickets sharing an asset or a vulnerability with this one. */
export function fetchRelated(ref: string | number, signal?: AbortSignal): Promise<Ticket[]> {
  return api.get(`${one(ref)}related/`, { signal, schema: listAnswer(ticket) });
}

export interface AssigneeChoices {
  users: { id: number; label: string }[];
  teams: { id: number; name: string }[];
}

/** The users (all for a superuser, else oneself) and teams a ticket may be assigned to. */
export async function fetchAssigneeChoices(signal?: AbortSignal): Promise<AssigneeChoices> {
  const [users, teams] = await Promise.all([
    api.get('user/profile/', { query: { page_size: 1000 }, signal, schema: userPage }),
    api.get('teams_basics/', { signal, schema: listAnswer(teamBasic) }),
  ]);
  return {
    users: users.results.map((u) => ({ id: u.user, label: displayName(u) })),
    teams,
  };
}

export const TICKET_KEYS = {
  all: ['tickets'] as const,
  list: (query: QueryParams) => ['tickets', 'list', query] as const,
  one: (ref: string) => ['tickets', 'one', ref] as const,
  subtasks: (ref: string, query: QueryParams) => ['tickets', 'one', ref, 'subtasks', query] as const,
  history: (ref: string) => ['tickets', 'one', ref, 'history'] as const,
  watchers: (ref: string) => ['tickets', 'one', ref, 'watchers'] as const,
  fixes: (ref: string) => ['tickets', 'one', ref, 'fixes'] as const,
  scope: (ref: string, part: string) => ['tickets', 'one', ref, 'scope', part] as const,
  related: (ref: string) => ['tickets', 'one', ref, 'related'] as const,
  sync: (ref: string) => ['tickets', 'one', ref, 'sync'] as const,
  trackers: ['tickets', 'trackers'] as const,
  assignees: ['tickets', 'assignees'] as const,
};
