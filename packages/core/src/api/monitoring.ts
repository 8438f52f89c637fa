// Payload schemas of continuous monitoring (feature-areas §3 Monitoring profile, §7 `cm/profiles/` and `cm/alerts/`):
// a profile watches assets and tags (minus tags) with an expected port list and the triggers it alerts on; alerts say
// what changed (before and after) on which asset, raised once per change and updated while it persists. Alert fields
// and triggers are not in the spec: they are Bulwark's design (docs/monitoring.md). Shared by server and web app.
import { z } from 'zod';
import { validatePortString } from '../validators/ports.ts';
import { phoneNumber as phone } from './auth.ts';
import { ID_MAX, name } from './fields.ts';

/** What a profile alerts on: each is a `profileTriggering` value of `/policies/alerts/show/{profileId}/{profileTriggering}`. */
export const MONITORING_TRIGGERS = [
  'unexpected_port',
  'new_host',
  'service_changed',
  'new_vulnerability',
  'new_kev',
  'cert_expiring',
  'cert_expired',
  'cert_replaced',
  'tls_weakened',
] as const;
export type MonitoringTrigger = (typeof MONITORING_TRIGGERS)[number];

export const MONITORING_TRIGGER_LABELS: Record<MonitoringTrigger, string> = {
  unexpected_port: 'Unexpected open port',
  new_host: 'New host in a watched network',
  service_changed: 'Service or version changed',
  new_vulnerability: 'New vulnerability',
  new_kev: 'New known-exploited vulnerability',
  cert_expiring: 'Certificate expiring soon',
  cert_expired: 'Certificate expired',
  cert_replaced: 'Certificate replaced',
  tls_weakened: 'TLS weakened',
};

/** The severity an alert of each trigger carries when the change itself has none (a finding's alert has the finding's). */
export const MONITORING_TRIGGER_SEVERITY: Record<MonitoringTrigger, number> = {
  unexpected_port: 3,
  new_host: 2,
  service_changed: 1,
  new_vulnerability: 3,
  new_kev: 4,
  cert_expiring: 2,
  cert_expired: 3,
  cert_replaced: 1,
  tls_weakened: 3,
};

export const ALERT_STATES = ['open', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];
/** Where the change was seen: a scan of the asset, or the profile's own recurring check. */
export const ALERT_SOURCES = ['scan', 'check'] as const;
export type AlertSource = (typeof ALERT_SOURCES)[number];

/** Minutes between a profile's own checks: 0 means none (scans only); otherwise 5 minutes to 30 days. */
export const CHECK_INTERVAL_MIN = 5;
export const CHECK_INTERVAL_MAX = 43_200;

const ids = (what: string) =>
  z
    .array(
      z
        .number({ error: `${what}: give ids.` })
        .int(`${what}: give ids.`)
        .positive(`${what}: give ids.`)
        .max(ID_MAX, `${what}: no such id.`),
      {
        error: `${what}: give a list of ids.`,
      },
    )
    .max(10_000, `${what}: at most 10,000.`);

/** A comma string of ports and ranges ("22, 80, 443, 8000-8080"), §5's port rules. */
export const monitoredPorts = z
  .string({ error: 'Enter the expected ports as a comma-separated list.' })
  .max(10_000, 'Ensure this field has no more than 10000 characters.')
  .superRefine((v, c) => {
    const err = validatePortString(v, 'ports');
    if (err) c.addIssue({ code: 'custom', message: err });
  })
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .join(','),
  );

export const monitoringProfileInput = z
  .object({
    name,
    /** The owner (feature-areas: "owner sent as user"); null or absent: the caller. */
    user: z.number().int().positive().max(ID_MAX).nullable().optional(),
    /** Expected open ports: any other open port on a watched asset is unexpected. */
    ports: monitoredPorts.default(''),
    /** Network assets and web applications together (the reply splits them). */
    assets: ids('Assets').default([]),
    tags: ids('Tags').default([]),
    minus_tags: ids('Minus tags').default([]),
    triggers: z
      .array(z.enum(MONITORING_TRIGGERS, { error: `Triggers: choose from ${MONITORING_TRIGGERS.join(', ')}.` }))
      .min(1, 'Choose at least one trigger.')
      .max(MONITORING_TRIGGERS.length * 2)
      .default([...MONITORING_TRIGGERS]),
    /** Lowest severity of a new vulnerability that alerts (0 Info … 4 Critical). */
    min_severity: z
      .number()
      .int()
      .min(0, 'Choose a severity from 0 (Info) to 4 (Critical).')
      .max(4, 'Choose a severity from 0 (Info) to 4 (Critical).')
      .default(3),
    /** A certificate expiring within this many days alerts. */
    cert_days: z.number().int().min(1, 'Enter 1 to 365 days.').max(365, 'Enter 1 to 365 days.').default(30),
    /** Minutes between the profile's own checks (0: none, scans only). */
    check_interval: z
      .number()
      .int()
      .refine(
        (v) => v === 0 || (v >= CHECK_INTERVAL_MIN && v <= CHECK_INTERVAL_MAX),
        `Enter 0 (no own check) or ${CHECK_INTERVAL_MIN} to ${CHECK_INTERVAL_MAX} minutes.`,
      )
      .default(60),
    active: z.boolean().default(true),
    /** The owner gets the alerts by e-mail. */
    notify_owner: z.boolean().default(true),
    notif_cc: z.array(z.email('Enter a valid email address.')).max(50, 'At most 50 addresses.').default([]),
    notif_sms_recipients: z.array(phone).max(20, 'At most 20 phone numbers.').default([]),
    /** The customer's Slack, Teams and webhook integrations. */
    slack: z.boolean().default(false),
    teams: z.boolean().default(false),
    webhooks: z.boolean().default(false),
  })
  .strict();
export type MonitoringProfileInput = z.input<typeof monitoringProfileInput>;

const assetRef = z.object({ id: z.number().int(), name: z.string(), type: z.number().int() });
const tagRef = z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() });

export const monitoringProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  user: z.object({ id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  ports: z.string(),
  network_assets: z.array(assetRef),
  web_applications: z.array(assetRef),
  tags: z.array(tagRef),
  minus_tags: z.array(tagRef),
  triggers: z.array(z.enum(MONITORING_TRIGGERS)),
  min_severity: z.number().int(),
  cert_days: z.number().int(),
  check_interval: z.number().int(),
  active: z.boolean(),
  notify_owner: z.boolean(),
  notif_cc: z.array(z.string()),
  notif_sms_recipients: z.array(z.string()),
  slack: z.boolean(),
  teams: z.boolean(),
  webhooks: z.boolean(),
  /** Assets the profile watches now (its assets, the hosts inside its networks, its tags' assets, minus tags' assets). */
  watched_assets: z.number().int(),
  open_alerts: z.number().int(),
  last_check: z.string().nullable(),
  next_check: z.string().nullable(),
  created: z.string(),
  modified: z.string(),
});
export type MonitoringProfile = z.infer<typeof monitoringProfile>;

/** What the "check now" action answers: the round's counts. */
export const monitoringCheckResult = z.object({
  assets: z.number().int(),
  ports_checked: z.number().int(),
  changes: z.number().int(),
  alerts_raised: z.number().int(),
  alerts_updated: z.number().int(),
  alerts_resolved: z.number().int(),
});
export type MonitoringCheckResult = z.infer<typeof monitoringCheckResult>;

export const monitoringAlert = z.object({
  id: z.number().int(),
  profile: z.object({ id: z.number().int(), name: z.string() }),
  trigger: z.enum(MONITORING_TRIGGERS),
  asset: assetRef.extend({ address: z.string().nullable() }),
  /** What changed, e.g. "tcp/5432", "certificate tcp/443", a finding's issue name. */
  subject: z.string(),
  title: z.string(),
  /** The state before and after the change (a port's state, a service, a certificate …); null where there was none. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  severity: z.number().int(),
  state: z.enum(ALERT_STATES),
  source: z.enum(ALERT_SOURCES),
  first_seen: z.string(),
  last_seen: z.string(),
  /** Looks (checks or scans) that saw the change while it persisted. */
  count: z.number().int(),
  resolved_at: z.string().nullable(),
  run: z.number().int().nullable(),
  finding: z.number().int().nullable(),
});
export type MonitoringAlert = z.infer<typeof monitoringAlert>;
