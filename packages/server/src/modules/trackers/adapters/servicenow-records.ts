// Reading ServiceNow's Table API records for the adapter (servicenow.ts): values and display values of
// sysparm_display_value=all, the incident's own states, when a record was done, the integration user's clock offset,
// ServiceNow's "YYYY-MM-DD HH:mm:ss" times and the Link header's relations.
import { TrackerError, type StatusCategory } from '../adapter.ts';

/** ServiceNow's short_description is 160 characters; correlation_display 100. */
export const SHORT_DESCRIPTION_MAX = 160;
export const JOURNAL_FIELDS = ['work_notes', 'comments'];
/** The incident's own states (sys_choice of incident.state), for an instance that keeps the defaults. */
export const INCIDENT_STATES: Record<string, { label: string; category: StatusCategory }> = {
  '1': { label: 'New', category: 'todo' },
  '2': { label: 'In Progress', category: 'in_progress' },
  '3': { label: 'On Hold', category: 'in_progress' },
  '6': { label: 'Resolved', category: 'done' },
  '7': { label: 'Closed', category: 'done' },
  '8': { label: 'Canceled', category: 'done' },
};

/** A field as sysparm_display_value=all answers it. */
export interface FieldValue {
  value: string | null;
  display_value: string | null;
}
export type SnRecord = Record<string, FieldValue | string | null | undefined>;

export interface StateChoice {
  value: string;
  label: string;
  category: StatusCategory;
}

export interface ServiceNowOptions {
  /** Records per page when polling (ServiceNow's own default is 10,000; smaller pages keep each call short). */
  pageSize?: number;
}

/** A value of a record read with sysparm_display_value=all (or a plain value). */
export function valueOf(rec: SnRecord, field: string): string {
  const f = rec[field];
  if (f === null || f === undefined) return '';
  if (typeof f === 'string') return f;
  return f.value ?? '';
}
export function displayOf(rec: SnRecord, field: string): string {
  const f = rec[field];
  if (f === null || f === undefined) return '';
  if (typeof f === 'string') return f;
  return f.display_value ?? f.value ?? '';
}

/**
 * When a done record got there: resolved_at (incident) or closed_at (every task table), which ServiceNow's own
 * business rules stamp; a status weighed by this time is not mistaken for newer because a note was added after it.
 */
export function doneAt(rec: SnRecord, category: StatusCategory): Date | null {
  if (category !== 'done') return null;
  const at = valueOf(rec, 'resolved_at') || valueOf(rec, 'closed_at');
  if (!at) return null;
  try {
    return parseServiceNowTime(at);
  } catch {
    return null;
  }
}

/** How far the integration user's clock is from UTC, in ms, from a record's sys_updated_on (null: not shown plainly). */
export function offsetOf(rec: SnRecord | undefined): number | null {
  const f = rec?.sys_updated_on;
  if (!f || typeof f !== 'object' || !f.value || !f.display_value) return null;
  const plain = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
  if (!plain.test(f.value) || !plain.test(f.display_value)) return null;
  return parseServiceNowTime(f.display_value).getTime() - parseServiceNowTime(f.value).getTime();
}

/** ServiceNow's "YYYY-MM-DD HH:mm:ss" (UTC) ↔ Date. */
export function parseServiceNowTime(v: string): Date {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(v.trim());
  const d = new Date(m ? `${m[1]}T${m[2]}Z` : v);
  if (Number.isNaN(d.getTime())) throw new TrackerError(`ServiceNow: unreadable time "${v}"`, null);
  return d;
}
export function formatServiceNowTime(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** The URL a Link header names for a relation (<url>;rel="next",<url>;rel="last"). */
export function linkOf(header: string | null, rel: string): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (m && new RegExp(`rel="?${rel}"?(;|$|\\s)`).test(m[2]!.trim() + ' ')) return m[1]!;
  }
  return null;
}

/** Sorts a state into a category by its label, for tables whose states Bulwark does not know. */
export function categoryOfLabel(label: string): StatusCategory {
  const l = label.toLowerCase();
  if (/clos|resolv|complet|cancel|skip|done|fixed|retired/.test(l)) return 'done';
  if (/progress|hold|work|pending|wait|assess|review|analy/.test(l)) return 'in_progress';
  return 'todo';
}
