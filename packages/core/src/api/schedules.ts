// Schemas of scan schedules (platform-core §3 Schedule, §7 `scan/schedules/`, §9): a network, policy, web or cloud
// scan started on a calendar in a time zone — once, or every N days, weeks (on chosen weekdays) or months (on a day of
// the month or an nth weekday) — from a start date and time until an end date or a number of runs; its targets by
// asset, address or tag (resolved when each run starts), its probe, owner, the teams it is shared with, and who hears
// about its runs.
import { z } from 'zod';
import { INTERVAL_UNITS, REPEAT_FREQUENCIES, SCAN_TYPES, SCHEDULE_END_TYPES } from '../codes/scans.ts';
import { scheduleNeedsTargets } from '../scan-kinds/index.ts';
import { tagSetPreviewInput } from './tag-set.ts';
import { timeOfDay, timeZoneName } from './fields.ts';
import { probeRef, profileListItem, userRef } from './scans.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = z
  .string()
  .regex(DATE, 'Enter a date as YYYY-MM-DD.')
  .refine((d) => {
    const at = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === d;
  }, 'Enter a real date as YYYY-MM-DD.');

/** How a monthly schedule picks its day: the start date's day of the month, or its nth weekday ("first Monday"). */
export const MONTHLY_MODES = ['day_of_month', 'weekday_of_month'] as const;
export type MonthlyMode = (typeof MONTHLY_MODES)[number];

/** Who hears about a schedule's runs, by channel (the integrations of feature-areas §7). */
export const notificationConfig = z
  .object({
    email: z.array(z.email('Enter a valid email address.')).max(50).default([]),
    cc: z.array(z.email('Enter a valid email address.')).max(50).default([]),
    slack: z.boolean().default(false),
    teams: z.boolean().default(false),
    webhooks: z.boolean().default(false),
  })
  .strict();
export type NotificationConfig = z.output<typeof notificationConfig>;

/** Reminders before a scheduled start: the same channels, and how long before (kept in minutes, shown by §9's units). */
export const reminderConfig = notificationConfig.extend({
  notify_before_time: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 30)
    .default(0),
  notify_before_unit: z.enum(INTERVAL_UNITS).default('hours'),
});
export type ReminderConfig = z.output<typeof reminderConfig>;

/** The timing of a schedule (what the next runs are worked out from). */
export const scheduleTiming = z.object({
  start_date: date,
  /** HH:mm; the next full hour when not given (the form fills it in). */
  time: timeOfDay,
  time_zone: timeZoneName.default('UTC'),
  end_date: date.nullable().default(null),
  repeat: z.enum(REPEAT_FREQUENCIES, { error: `Choose one of: ${REPEAT_FREQUENCIES.join(', ')}.` }).default('never'),
  /** Every N days, weeks or months. */
  interval: z.number().int().min(1, 'Enter a number from 1 to 365.').max(365, 'Enter a number from 1 to 365.').default(1),
  /** Weekly: ISO weekdays 1 (Monday) to 7 (Sunday); empty means the start date's weekday. */
  weekdays: z
    .array(z.number().int().min(1, 'Weekdays are 1 (Monday) to 7 (Sunday).').max(7, 'Weekdays are 1 (Monday) to 7 (Sunday).'))
    .max(7)
    .default([]),
  monthly_mode: z.enum(MONTHLY_MODES).default('day_of_month'),
  /** 0: no limit. */
  max_run_cnt: z.number().int().min(0, 'Enter 0 (no limit) or more.').max(100_000).default(0),
});
export type ScheduleTiming = z.output<typeof scheduleTiming>;

const timingRules = (v: { start_date: string; end_date: string | null }, ctx: z.RefinementCtx) => {
  if (v.end_date !== null && v.end_date < v.start_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date must not be before the start date.' });
};

export const scheduleInput = scheduleTiming
  .extend({
    name: z.string({ error: 'This field is required.' }).trim().min(1, 'This field may not be blank.').max(100),
    profile: z.number({ error: 'This field is required.' }).int().positive('This field is required.'),
    /**
     * The kind of scan the schedule runs (its descriptor's `schedule` says whether it names targets: a cloud schedule's
     * profile names the account, so it has none); the server checks the profile is of that kind. Not given: the kind
     * follows from the profile.
     */
    scan_type: z.enum(SCAN_TYPES, { error: `Choose one of: ${SCAN_TYPES.join(', ')}.` }).optional(),
    schedule_is_active: z.boolean().default(true),
    /** Ids of scan targets (hosts, networks, ranges). */
    assets: z.array(z.number().int().positive()).max(10_000).default([]),
    targets: z.array(z.string().trim().min(1).max(253)).max(10_000).default([]),
    exclude: z.array(z.string().trim().min(1).max(253)).max(10_000).default([]),
    unified_tags_set: tagSetPreviewInput.nullable().default(null),
    /** §3's data-layer names for the tag set's inclusion and exclusion tags (ids); used when unified_tags_set is not sent. */
    tags: z.array(z.number().int().positive()).max(100).optional(),
    minus_tags: z.array(z.number().int().positive()).max(100).optional(),
    /** §3 vhosts (JSON): virtual host names for web scans; kept as given. */
    vhosts: z.array(z.string().trim().min(1).max(253)).max(1000).default([]),
    /** §3: 1 = a probe (node), 2 = a probe group. */
    source: z.union([z.literal(1), z.literal(2)]).default(1),
    /** A probe id; -1 or null: the built-in (external) probe. */
    node: z.number().int().nullable().default(null),
    probe_group: z.number().int().positive().nullable().default(null),
    /** The owner (sent as user); the caller when not given. */
    user: z.number().int().positive().nullable().default(null),
    shared_access_teams: z.array(z.number().int().positive()).max(100).default([]),
    notification_config: notificationConfig.default({ email: [], cc: [], slack: false, teams: false, webhooks: false }),
    reminder_config: reminderConfig.default({
      email: [],
      cc: [],
      slack: false,
      teams: false,
      webhooks: false,
      notify_before_time: 0,
      notify_before_unit: 'hours',
    }),
    is_was_discovery: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    timingRules(v, ctx);
    if (
      scheduleNeedsTargets(v.scan_type) &&
      v.assets.length === 0 &&
      v.targets.length === 0 &&
      !v.unified_tags_set?.inclusion_tags.length &&
      !v.tags?.length
    )
      ctx.addIssue({ code: 'custom', path: ['assets'], message: 'Choose at least one target.' });
    if (v.source === 2 && v.probe_group === null) ctx.addIssue({ code: 'custom', path: ['probe_group'], message: 'Choose a probe group.' });
  });
export type ScheduleInput = z.input<typeof scheduleInput>;

export const schedulePreviewInput = scheduleTiming.superRefine(timingRules);

export const schedule = z.object({
  id: z.number().int(),
  /** The scan it starts (view/{scanId}). */
  scan: z.number().int(),
  name: z.string(),
  profile: profileListItem.nullable(),
  start_date: z.string(),
  time: z.string(),
  time_zone: z.string(),
  end_date: z.string().nullable(),
  repeat: z.enum(REPEAT_FREQUENCIES),
  interval: z.number().int(),
  weekdays: z.array(z.number().int()),
  monthly_mode: z.enum(MONTHLY_MODES),
  max_run_cnt: z.number().int(),
  schedule_is_active: z.boolean(),
  end_type: z.enum(SCHEDULE_END_TYPES),
  assets: z.array(z.number().int()),
  targets: z.array(z.string()),
  exclude: z.array(z.string()),
  unified_tags_set: tagSetPreviewInput.nullable(),
  source: z.number().int(),
  node: probeRef,
  probe_group: probeRef.nullable(),
  user: userRef,
  shared_access_teams: z.array(z.number().int()),
  notification_config: notificationConfig,
  reminder_config: reminderConfig,
  is_was_discovery: z.boolean(),
  vhosts: z.array(z.string()),
  run_count: z.number().int(),
  next_run_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  /** The last scheduled run: its id and §4 status label, or why it could not start. */
  last_run: z.object({ id: z.number().int(), status: z.string() }).nullable(),
  last_error: z.string().nullable(),
  /** The next five starts. */
  upcoming: z.array(z.string()),
  /** Those of them inside the customer's blackout window: their runs wait until it ends. */
  blackout_starts: z.array(z.string()),
  created: z.string(),
});
export type Schedule = z.infer<typeof schedule>;
