// How a ticket's history reads: who made each event (a person, a rule, a re-test, a scan or a tracker), what it was,
// and each changed field as "before → after" in the product's words.
import { TRACKERS, type TicketEvent } from '@bulwark/core';
import { displayName } from '../../components/display-name.ts';
import { PRIORITY_LABELS, statusLabel } from './ticket-format.ts';

const SOURCE_NAMES: Record<string, string> = {
  rule: 'A remediation rule',
  retest: 'Re-test',
  scan: 'A scan',
  jira: 'Jira',
  servicenow: 'ServiceNow',
  topdesk: 'TOPdesk',
};

/** 'Ada Lovelace', 'Jira', 'The re-test', or 'Bulwark' when neither a person nor a source is known. */
export function actorOf(event: Pick<TicketEvent, 'user' | 'source'>): string {
  if (event.user) return displayName(event.user);
  if (event.source) return SOURCE_NAMES[event.source] ?? event.source;
  return 'Bulwark';
}

const KIND_TEXTS: Record<string, string> = {
  created: 'created the ticket',
  changed: 'changed the ticket',
  comment: 'commented',
  status: 'changed the status',
  retest_started: 'started',
  retest_result: 'finished',
  reopened: 'reopened the ticket',
  overdue: 'marked the ticket overdue',
  sync_in: 'sent a change',
  sync_out: 'was updated',
};

export function eventText(event: Pick<TicketEvent, 'kind' | 'source' | 'changes'>): string {
  // A re-test result that changed nothing is the note of a re-test that could not start (its comment says why).
  if (event.kind === 'retest_result' && Object.keys(event.changes).length === 0) return 'did not start';
  // "Re-test started" when the re-test is the actor; "Ada Lovelace started a re-test" when a person is.
  if (event.kind === 'retest_started' && event.source !== 'retest') return 'started a re-test';
  if (event.kind === 'retest_result' && event.source !== 'retest') return 'reported the re-test result';
  if (event.kind === 'sync_out' && event.source && (TRACKERS as readonly string[]).includes(event.source)) return 'was updated';
  return KIND_TEXTS[event.kind] ?? event.kind.replace(/_/g, ' ');
}

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  status: 'Status',
  priority: 'Priority',
  assignee_user: 'Assignee',
  assignee_team: 'Team',
  due_date: 'Due date',
  custom_fields: 'Custom fields',
  subtasks: 'Subtasks',
  retest_run_id: 'Re-test run',
  retest_run: 'Re-test run',
  result: 'Result',
};

/** Words of the values the server keeps as codes. */
const VALUE_WORDS: Record<string, string> = { still_seen: 'still seen', fixed: 'fixed' };

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (field === 'status' && typeof value === 'number') return statusLabel(value);
  if (field === 'priority' && typeof value === 'number') return PRIORITY_LABELS[value] ?? String(value);
  if (typeof value === 'object') {
    const named = value as { name?: unknown; email?: unknown; first_name?: unknown; last_name?: unknown };
    if (typeof named.name === 'string') return named.name;
    if (typeof named.email === 'string') return displayName(named as { first_name: string; last_name: string; email: string });
    return JSON.stringify(value);
  }
  if (field === 'retest_run' || field === 'retest_run_id') return `run ${String(value)}`;
  const text = typeof value === 'string' ? (VALUE_WORDS[value] ?? value) : String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** 'Status: Open → In progress', one line per changed field. */
export function changeLines(changes: TicketEvent['changes']): string[] {
  return Object.entries(changes).map(
    ([field, [before, after]]) =>
      `${FIELD_LABELS[field] ?? field.replace(/_/g, ' ')}: ${valueText(field, before)} → ${valueText(field, after)}`,
  );
}
