// Words and colours of the monitors' states (a run: OK, warning, failed; a check: passed, warning, failed, info), the
// check names of WEBSITE_CHECKS and MAIL_CHECKS, and the recipients' JSON strings read back into lists.
import { MAIL_CHECKS, WEBSITE_CHECKS, removeSpaces, type MonitorCheckStatus, type MonitorRunStatus } from '@bulwark/core';

export const RUN_STATUS_LABELS: Record<MonitorRunStatus, string> = { ok: 'OK', warning: 'Warning', failed: 'Failed' };
export const RUN_STATUS_COLORS: Record<MonitorRunStatus, string> = { ok: 'green', warning: 'yellow', failed: 'red' };
/** A monitor that has not run yet. */
export const NOT_RUN = 'Not checked yet';

export const CHECK_STATUS_LABELS: Record<MonitorCheckStatus, string> = { pass: 'Passed', warn: 'Warning', fail: 'Failed', info: 'Info' };
export const CHECK_STATUS_COLORS: Record<MonitorCheckStatus, string> = { pass: 'green', warn: 'yellow', fail: 'red', info: 'blue' };
/** A sign beside the word, so the state never rests on colour alone. */
export const CHECK_STATUS_SIGNS: Record<MonitorCheckStatus, string> = { pass: '✓', warn: '!', fail: '✕', info: 'i' };

export type MonitorKindName = 'website' | 'mail';

/** A check key's name ('tls_expiry' → 'Certificate expiry'); an unknown key is shown as it is. */
export function checkLabel(kind: MonitorKindName, check: string): string {
  const labels: Record<string, string> = kind === 'website' ? WEBSITE_CHECKS : MAIL_CHECKS;
  // A mail server's newly failing key names what was looked at too: "starttls@mx1.example.org (192.0.2.25)".
  const at = check.indexOf('@');
  if (at > 0 && labels[check.slice(0, at)]) return `${labels[check.slice(0, at)]} (${check.slice(at + 1)})`;
  return labels[check] ?? check;
}

/** '["a@example.com"]' → ['a@example.com']; anything else (empty, not a list) → []. */
export function recipientList(json: string): string[] {
  if (json.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The lists as the spec sends them: e-mail addresses trimmed, phone numbers without spaces (§5). */
export function recipientsForSave(emails: readonly string[], phones: readonly string[]) {
  return {
    notification_email_recipients: JSON.stringify(emails.map((e) => e.trim()).filter(Boolean)),
    notification_sms_recipients: JSON.stringify(phones.map(removeSpaces).filter(Boolean)),
  };
}

/** '120 ms', '1.4 s'. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '–';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** '12 days', '1 day', 'Expired 3 days ago'; '–' without a certificate. */
export function formatDaysLeft(days: number | null | undefined): string {
  if (days === null || days === undefined) return '–';
  if (days < 0) return `Expired ${-days} ${-days === 1 ? 'day' : 'days'} ago`;
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
