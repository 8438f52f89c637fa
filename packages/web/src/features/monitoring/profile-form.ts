// The profile editor's values and the rules between them and the API (pure, tested on its own): a profile's values for
// the form, the request the form sends (core's monitoringProfileInput), and the form's checks, which are core's schema
// itself so that the page and the server say the same thing about the same input.
import {
  CHECK_INTERVAL_MAX,
  CHECK_INTERVAL_MIN,
  MONITORING_TRIGGERS,
  monitoringProfileInput,
  type MonitoringCheckResult,
  type MonitoringProfile,
  type MonitoringProfileInput,
  type MonitoringTrigger,
} from '@bulwark/core';

export interface ProfileValues {
  name: string;
  /** The owner's user id; '' or null (a cleared picker) for the caller. */
  user: string | null;
  ports: string;
  /** Network assets and web applications together (ids as strings, as pickers hold them). */
  assets: string[];
  tags: string[];
  minus_tags: string[];
  triggers: MonitoringTrigger[];
  /** '0' Info … '4' Critical. */
  min_severity: string;
  cert_days: number | string;
  check_interval: number | string;
  active: boolean;
  notify_owner: boolean;
  /** E-mail addresses, one per line or separated by commas. */
  notif_cc: string;
  /** Phone numbers, one per line or separated by commas. */
  notif_sms_recipients: string;
  slack: boolean;
  teams: boolean;
  webhooks: boolean;
}

/** The form fields that receive the server's field errors. */
export const PROFILE_FIELDS = [
  'name',
  'user',
  'ports',
  'assets',
  'tags',
  'minus_tags',
  'triggers',
  'min_severity',
  'cert_days',
  'check_interval',
  'notif_cc',
  'notif_sms_recipients',
];

export const NEW_PROFILE: ProfileValues = {
  name: '',
  user: '',
  ports: '',
  assets: [],
  tags: [],
  minus_tags: [],
  triggers: [...MONITORING_TRIGGERS],
  min_severity: '3',
  cert_days: 30,
  check_interval: 60,
  active: true,
  notify_owner: true,
  notif_cc: '',
  notif_sms_recipients: '',
  slack: false,
  teams: false,
  webhooks: false,
};

const ids = (list: readonly { id: number }[]) => list.map((x) => String(x.id));

export function profileValues(p: MonitoringProfile): ProfileValues {
  return {
    name: p.name,
    user: p.user ? String(p.user.id) : '',
    ports: p.ports.split(',').join(', '),
    assets: [...ids(p.network_assets), ...ids(p.web_applications)],
    tags: ids(p.tags),
    minus_tags: ids(p.minus_tags),
    triggers: [...p.triggers],
    min_severity: String(p.min_severity),
    cert_days: p.cert_days,
    check_interval: p.check_interval,
    active: p.active,
    notify_owner: p.notify_owner,
    notif_cc: p.notif_cc.join('\n'),
    notif_sms_recipients: p.notif_sms_recipients.join('\n'),
    slack: p.slack,
    teams: p.teams,
    webhooks: p.webhooks,
  };
}

/** 'a@x.dk, b@x.dk\nc@x.dk' → ['a@x.dk', 'b@x.dk', 'c@x.dk']. */
export function splitList(text: string): string[] {
  return text
    .split(/[\n,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A number field's value, or NaN for an empty one (the schema then says what is expected). */
const numberOf = (v: number | string) => (v === '' ? Number.NaN : Number(v));

export function profileInput(v: ProfileValues): MonitoringProfileInput {
  return {
    name: v.name.trim(),
    user: v.user ? Number(v.user) : null,
    ports: v.ports.trim(),
    assets: v.assets.map(Number),
    tags: v.tags.map(Number),
    minus_tags: v.minus_tags.map(Number),
    triggers: v.triggers,
    min_severity: Number(v.min_severity),
    cert_days: numberOf(v.cert_days),
    check_interval: numberOf(v.check_interval),
    active: v.active,
    notify_owner: v.notify_owner,
    notif_cc: splitList(v.notif_cc),
    notif_sms_recipients: splitList(v.notif_sms_recipients),
    slack: v.slack,
    teams: v.teams,
    webhooks: v.webhooks,
  };
}

/** The form's errors by field: core's schema over the request the form would send (a list's first problem wins). */
export function validateProfile(v: ProfileValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const tags = new Set(v.tags);
  const both = v.minus_tags.filter((t) => tags.has(t));
  if (both.length > 0) errors.minus_tags = 'A tag cannot be both watched and left out.';
  const parsed = monitoringProfileInput.safeParse(profileInput(v));
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    const list = field === 'notif_cc' || field === 'notif_sms_recipients';
    const at =
      list && typeof issue.path[1] === 'number'
        ? splitList(field === 'notif_cc' ? v.notif_cc : v.notif_sms_recipients)[issue.path[1]]
        : null;
    errors[field] ??= at ? `${at}: ${issue.message}` : (EMPTY_NUMBER[field] && emptyNumber(v, field)) || issue.message;
  }
  return errors;
}

/** What an empty number field asks for (rather than the schema's "A valid number is required."). */
const EMPTY_NUMBER: Record<string, string> = {
  cert_days: 'Enter 1 to 365 days.',
  check_interval: `Enter 0 (no own check) or ${CHECK_INTERVAL_MIN} to ${CHECK_INTERVAL_MAX} minutes.`,
};

function emptyNumber(v: ProfileValues, field: string): string | null {
  const value = field === 'cert_days' ? v.cert_days : v.check_interval;
  return value === '' || Number.isNaN(Number(value)) ? (EMPTY_NUMBER[field] ?? null) : null;
}

/** "Every 15 minutes", "Every 2 hours", "Every day", "Scans only". */
export function intervalText(minutes: number): string {
  if (minutes <= 0) return 'Scans only';
  const units: [number, string][] = [
    [10_080, 'week'],
    [1_440, 'day'],
    [60, 'hour'],
    [1, 'minute'],
  ];
  for (const [size, unit] of units) {
    if (minutes % size === 0) {
      const n = minutes / size;
      return n === 1 ? `Every ${unit}` : `Every ${n} ${unit}s`;
    }
  }
  return `Every ${minutes} minutes`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** What "Check now" found, in words: "Checked 3 assets (42 ports): 1 new alert." */
export function checkResultText(r: MonitoringCheckResult): string {
  const looked = `Checked ${plural(r.assets, 'asset')} (${plural(r.ports_checked, 'port')})`;
  const outcomes = [
    r.alerts_raised > 0 ? plural(r.alerts_raised, 'new alert') : null,
    r.alerts_updated > 0 ? plural(r.alerts_updated, 'alert') + ' still open' : null,
    r.alerts_resolved > 0 ? plural(r.alerts_resolved, 'alert') + ' resolved' : null,
  ].filter(Boolean);
  if (outcomes.length > 0) return `${looked}: ${outcomes.join(', ')}.`;
  return r.changes > 0 ? `${looked}: ${plural(r.changes, 'change')} awaiting a second look.` : `${looked}: no change.`;
}
