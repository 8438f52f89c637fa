// Words and figures of the assessment screens: where each assessment's pages are, its state's colour (always beside
// its word), the funnel of people (sent → opened → clicked → submitted, reported, training completed) from its stats,
// the sentence about machine requests that were not counted, and times.
import {
  ASSESSMENT_STATE_LABELS,
  BOT_REASON_LABELS,
  PHISHING_SEVERITY_LABELS,
  TRAINING_TRIGGERS,
  formatDateTime,
  type AssessmentState,
  type AssessmentStats,
  type BotReason,
  type PhishingSeverity,
  type TrainingTrigger,
} from '@bulwark/core';

export const ASSESSMENTS_PATH = '/fra/assessments';
export const NEW_ASSESSMENT_PATH = '/fra/assessments/edit/new';
export const assessmentEditPath = (uuid: string) => `/fra/assessments/edit/${uuid}`;
export const assessmentResultsPath = (uuid: string) => `/fra/assessments/filter/${uuid}`;

export const STATE_COLORS: Record<AssessmentState, string> = {
  draft: 'gray',
  scheduled: 'indigo',
  sending: 'blue',
  running: 'teal',
  finished: 'green',
  cancelled: 'red',
};
export const stateLabel = (s: AssessmentState) => ASSESSMENT_STATE_LABELS[s];

/** A draft or scheduled assessment can still be changed and started; a sending or running one can be cancelled. */
export const canEdit = (s: AssessmentState) => s === 'draft' || s === 'scheduled';
export const canStart = (s: AssessmentState) => s === 'draft' || s === 'scheduled';
export const canCancel = (s: AssessmentState) => s === 'scheduled' || s === 'sending' || s === 'running';

export const TRIGGER_LABELS: Record<TrainingTrigger, string> = {
  none: 'No training',
  click: 'After a click',
  submit: 'After submitted data',
};
export const TRIGGER_CHOICES = TRAINING_TRIGGERS.map((t) => ({ value: t, label: TRIGGER_LABELS[t] }));

export const SEVERITY_COLORS: Record<PhishingSeverity, string> = { 0: 'gray', 1: 'blue', 2: 'yellow', 3: 'orange', 4: 'red' };
export function severityLabel(n: number): string {
  return PHISHING_SEVERITY_LABELS[n as PhishingSeverity] ?? String(n);
}
export function severityColor(n: number): string {
  return SEVERITY_COLORS[n as PhishingSeverity] ?? 'gray';
}

/** The funnel of people, in order; each step counts recipients (a person once), never machine requests. */
export const FUNNEL_STEPS = [
  { key: 'sent', label: 'Sent' },
  { key: 'opened', label: 'Opened' },
  { key: 'clicked', label: 'Clicked' },
  { key: 'submitted', label: 'Submitted data' },
  { key: 'reported', label: 'Reported' },
  { key: 'training_completed', label: 'Training completed' },
] as const satisfies readonly { key: keyof AssessmentStats; label: string }[];

export interface FunnelRow {
  label: string;
  people: number;
  /** Of those sent, rounded to a whole percent (0 when nothing was sent). */
  percent: number;
}

export function funnelRows(stats: AssessmentStats): FunnelRow[] {
  return FUNNEL_STEPS.map((s) => ({
    label: s.label,
    people: stats[s.key],
    percent: stats.sent > 0 ? Math.round((stats[s.key] / stats.sent) * 100) : 0,
  }));
}

/** 'No requests by mail scanners or other machines were counted.' / '3 requests by mail scanners … were not counted.' */
export function botText(botEvents: number): string {
  if (botEvents === 0) return 'No request was judged a machine’s: every count is a person’s.';
  return `${botEvents.toLocaleString('en')} ${botEvents === 1 ? 'request' : 'requests'} by mail scanners and other machines ${
    botEvents === 1 ? 'was' : 'were'
  } not counted.`;
}

export const botReasonLabel = (r: BotReason) => BOT_REASON_LABELS[r];

/** 'YYYY-MM-DD HH:mm', or '–' when it has not happened. */
export function whenText(at: string | null | undefined): string {
  return at ? formatDateTime(at) : '–';
}

/** 'a, b and 2 more' for the templates column. */
export function namesText(items: readonly { name: string }[], shown = 2): string {
  if (items.length === 0) return '–';
  const head = items.slice(0, shown).map((i) => i.name);
  const rest = items.length - head.length;
  return rest > 0 ? `${head.join(', ')} and ${rest} more` : head.join(', ');
}

/** An ISO instant as a datetime-local input's value (local time, minutes), and back. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export function fromLocalInput(text: string): string | null {
  if (!text) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
