// Pure rules of the schedule editor: its values (new, or from a saved schedule), the client checks (with the contract's
// messages), the body of POST/PUT scan/schedules/, the body of the next-runs preview, the reminder lead time in §9's
// units, and where the server's field errors go.
import { TIME_ZONE_MESSAGE } from '@bulwark/core';
import {
  INTERVAL_UNIT_MINUTES,
  intervalToMinutes,
  minutesToInterval,
  notificationConfig,
  scheduleInput,
  scheduleTiming,
  validateRequired,
  type IntervalUnit,
  type MonthlyMode,
  type NotificationConfig,
  type RepeatFrequency,
  type ReminderConfig,
  type Schedule,
  type ScheduleInput,
  type ScheduleTiming,
} from '@bulwark/core';
import { schemaMessage } from '../../components/forms/schema-field.ts';
import { isTimeZone } from '../reports/report-format.ts';
import { splitTargets, validateTargetList, type RunOn } from '../scans/start-scan-form.ts';
import { endChoiceOf, endFields, isDate, nextFullHourIn, splitEmails, weekdayOfDate, type EndChoice } from './schedule-format.ts';

/** One channel set of the form: addresses as typed (one a line or separated by commas), and the three integrations. */
export interface ChannelValues {
  email: string;
  cc: string;
  slack: boolean;
  teams: boolean;
  webhooks: boolean;
}

export interface ReminderValues extends ChannelValues {
  /** How long before each start, in `unit`. */
  before: number | string;
  unit: IntervalUnit;
}

export interface ScheduleValues {
  name: string;
  profile: string | null;
  /** Ids of saved targets (the multi-select's strings). */
  assets: string[];
  /** Addresses typed: hosts, networks, ranges. */
  targets: string;
  exclude: string;
  /** The tag set: tags whose assets are scanned (any or all of them), and tags whose assets are left out. */
  include_tags: string[];
  include_all: boolean;
  exclude_tags: string[];
  exclude_all: boolean;
  runOn: RunOn;
  /** A probe id; '-1' the external (built-in) probe. */
  node: string;
  probe_group: string | null;
  start_date: string;
  time: string;
  time_zone: string;
  repeat: RepeatFrequency;
  interval: number | string;
  /** ISO weekdays '1' (Monday) to '7' (Sunday). */
  weekdays: string[];
  monthly_mode: MonthlyMode;
  end: EndChoice;
  end_date: string;
  max_runs: number | string;
  shared_access_teams: string[];
  notify: ChannelValues;
  remind: ReminderValues;
  schedule_is_active: boolean;
  /** Web schedules only (the form's web kind sets them): a discovery run, and the virtual host names it sends. */
  is_was_discovery?: boolean;
  vhosts?: string[];
}

export type ScheduleErrors = Partial<Record<string, string>>;

/** Server field → form field. A nested channel error (notification_config.cc …) lands on its set's first field. */
export const SCHEDULE_ERROR_FIELDS: Readonly<Record<string, string>> = {
  name: 'name',
  profile: 'profile',
  assets: 'assets',
  targets: 'targets',
  exclude: 'exclude',
  unified_tags_set: 'include_tags',
  source: 'node',
  node: 'node',
  probe_group: 'probe_group',
  start_date: 'start_date',
  time: 'time',
  time_zone: 'time_zone',
  repeat: 'repeat',
  interval: 'interval',
  weekdays: 'weekdays',
  monthly_mode: 'monthly_mode',
  end_date: 'end_date',
  max_run_cnt: 'max_runs',
  shared_access_teams: 'shared_access_teams',
  notification_config: 'notify.email',
  reminder_config: 'remind.email',
  schedule_is_active: 'schedule_is_active',
};

const NO_CHANNELS: ChannelValues = { email: '', cc: '', slack: false, teams: false, webhooks: false };

function channelValues(c: NotificationConfig): ChannelValues {
  return { email: c.email.join('\n'), cc: c.cc.join('\n'), slack: c.slack, teams: c.teams, webhooks: c.webhooks };
}

/** A stored lead time (minutes) in its saved unit when it divides evenly, else in §9's largest even unit. */
export function reminderLead(minutes: number, unit: IntervalUnit): { before: number; unit: IntervalUnit } {
  if (minutes === 0) return { before: 0, unit };
  if (minutes % INTERVAL_UNIT_MINUTES[unit] === 0) return { before: minutes / INTERVAL_UNIT_MINUTES[unit], unit };
  const shown = minutesToInterval(minutes);
  return { before: shown.value, unit: shown.unit };
}

/** The values of a new schedule (next full hour in the viewer's zone, weekly on that day) or of a saved one. */
export function scheduleValues(s: Schedule | undefined, timeZone: string, now: Date = new Date()): ScheduleValues {
  if (!s) {
    const start = nextFullHourIn(timeZone, now);
    const weekday = weekdayOfDate(start.start_date);
    return {
      name: '',
      profile: null,
      assets: [],
      targets: '',
      exclude: '',
      include_tags: [],
      include_all: false,
      exclude_tags: [],
      exclude_all: false,
      runOn: 'probe',
      node: '-1',
      probe_group: null,
      ...start,
      time_zone: timeZone,
      repeat: 'weekly',
      interval: 1,
      weekdays: weekday === null ? [] : [String(weekday)],
      monthly_mode: 'day_of_month',
      end: 'never',
      end_date: '',
      max_runs: 1,
      shared_access_teams: [],
      notify: { ...NO_CHANNELS },
      remind: { ...NO_CHANNELS, before: 1, unit: 'hours' },
      schedule_is_active: true,
    };
  }
  const tags = s.unified_tags_set;
  const lead = reminderLead(s.reminder_config.notify_before_time, s.reminder_config.notify_before_unit);
  return {
    name: s.name,
    profile: s.profile ? String(s.profile.id) : null,
    assets: s.assets.map(String),
    targets: s.targets.join('\n'),
    exclude: s.exclude.join('\n'),
    include_tags: (tags?.inclusion_tags ?? []).map(String),
    include_all: tags?.inclusion_tags_mode_all ?? false,
    exclude_tags: (tags?.exclusion_tags ?? []).map(String),
    exclude_all: tags?.exclusion_tags_mode_all ?? false,
    runOn: s.source === 2 ? 'group' : 'probe',
    node: String(s.node.id),
    probe_group: s.probe_group ? String(s.probe_group.id) : null,
    start_date: s.start_date,
    time: s.time.slice(0, 5),
    time_zone: s.time_zone,
    repeat: s.repeat,
    interval: s.interval,
    weekdays: s.weekdays.map(String),
    monthly_mode: s.monthly_mode,
    end: endChoiceOf(s),
    end_date: s.end_date ?? '',
    max_runs: s.max_run_cnt > 0 ? s.max_run_cnt : 1,
    shared_access_teams: s.shared_access_teams.map(String),
    notify: channelValues(s.notification_config),
    remind: { ...channelValues(s.reminder_config), ...lead },
    schedule_is_active: s.schedule_is_active,
  };
}

const toInt = (v: number | string): number => (typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v));
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The timing fields as sent: only a weekly schedule has weekdays, and one that runs once has no end. */
export function timingOf(v: ScheduleValues): ScheduleTiming {
  const once = v.repeat === 'never';
  return {
    start_date: v.start_date,
    time: v.time,
    time_zone: v.time_zone.trim(),
    ...(once ? endFields('never', '', 0) : endFields(v.end, v.end_date, toInt(v.max_runs))),
    repeat: v.repeat,
    interval: once ? 1 : toInt(v.interval),
    weekdays: v.repeat === 'weekly' ? [...new Set(v.weekdays.map(Number))].sort((a, b) => a - b) : [],
    monthly_mode: v.monthly_mode,
  };
}

/**
 * The body the next-runs preview is asked with: the timing as it is in the form. Null while it is incomplete (no date,
 * time or known zone, an interval out of range, an end date before the start), so nothing is asked for half-typed values.
 */
export function previewBody(v: ScheduleValues): ScheduleTiming | null {
  const timing = timingOf(v);
  if (!isDate(timing.start_date) || !TIME.test(timing.time) || !isTimeZone(timing.time_zone)) return null;
  if (!Number.isInteger(timing.interval) || timing.interval < 1 || timing.interval > 365) return null;
  if (timing.end_date !== null && (!isDate(timing.end_date) || timing.end_date < timing.start_date)) return null;
  return timing;
}

function channelsBody(c: ChannelValues): NotificationConfig {
  return { email: splitEmails(c.email), cc: splitEmails(c.cc), slack: c.slack, teams: c.teams, webhooks: c.webhooks };
}

function remindersBody(r: ReminderValues): ReminderConfig {
  const before = toInt(r.before);
  return {
    ...channelsBody(r),
    notify_before_time: Number.isInteger(before) && before > 0 ? intervalToMinutes(before, r.unit) : 0,
    notify_before_unit: r.unit,
  };
}

/** POST / PUT scan/schedules/: a saved schedule keeps its owner and its discovery flag (the form does not change them). */
export function scheduleBody(v: ScheduleValues, saved?: Pick<Schedule, 'user' | 'is_was_discovery' | 'vhosts'>): ScheduleInput {
  const group = v.runOn === 'group' && v.probe_group ? Number(v.probe_group) : null;
  // The tag set selects assets by its included tags; excluded ones only narrow that selection (the server keeps no set
  // without included tags).
  const tagged = v.include_tags.length > 0;
  return {
    name: v.name.trim(),
    profile: Number(v.profile),
    schedule_is_active: v.schedule_is_active,
    assets: v.assets.map(Number).filter((n) => Number.isInteger(n) && n > 0),
    targets: splitTargets(v.targets),
    exclude: splitTargets(v.exclude),
    unified_tags_set: tagged
      ? {
          inclusion_tags: v.include_tags.map(Number),
          exclusion_tags: v.exclude_tags.map(Number),
          inclusion_tags_mode_all: v.include_all,
          exclusion_tags_mode_all: v.exclude_all,
        }
      : null,
    source: v.runOn === 'group' ? 2 : 1,
    node: v.runOn === 'group' ? null : Number(v.node),
    probe_group: group,
    user: saved?.user?.id ?? null,
    shared_access_teams: v.shared_access_teams.map(Number),
    notification_config: channelsBody(v.notify),
    reminder_config: remindersBody(v.remind),
    is_was_discovery: v.is_was_discovery ?? saved?.is_was_discovery ?? false,
    // Edited only by a web schedule's form; otherwise kept as saved.
    vhosts: v.vhosts ?? saved?.vhosts ?? [],
    ...timingOf(v),
  };
}

/** The first bad address of a list, with the contract's message: 'bob@: Enter a valid email address.' */
export function validateEmails(text: string): string | null {
  const list = splitEmails(text);
  for (const address of list) {
    const message = schemaMessage(notificationConfig.shape.email, [address]);
    if (message) return `${address}: ${message}`;
  }
  return schemaMessage(notificationConfig.shape.email, list);
}

const MAX_REMINDER_MINUTES = 60 * 24 * 30;
const timing = scheduleTiming.shape;

/** Client-side checks before anything is sent; the server checks again and its errors land on the same fields. */
export function validateSchedule(v: ScheduleValues, options: { targets?: boolean } = {}): ScheduleErrors {
  const errors: ScheduleErrors = {};
  const set = (field: string, message: string | null) => {
    if (message) errors[field] = message;
  };
  set('name', schemaMessage(scheduleInput.shape.name, v.name));
  set('profile', validateRequired(v.profile, 'Profile'));
  const typed = splitTargets(v.targets);
  // A kind without targets of its own (cloud) is not asked for one.
  if (options.targets !== false && v.assets.length === 0 && typed.length === 0 && v.include_tags.length === 0)
    set('assets', 'Choose at least one target.');
  set('targets', validateTargetList(typed));
  set('exclude', validateTargetList(splitTargets(v.exclude)));
  const sharedTag = v.include_tags.find((t) => v.exclude_tags.includes(t));
  if (sharedTag !== undefined) set('exclude_tags', 'A tag cannot be both included and excluded.');
  else if (v.exclude_tags.length > 0 && v.include_tags.length === 0)
    set('exclude_tags', 'Excluded tags narrow the assets of the included tags: choose tags to include too, or clear these.');
  if (v.runOn === 'group') set('probe_group', validateRequired(v.probe_group, 'Probe group'));

  set('start_date', isDate(v.start_date) ? null : 'Enter a date as YYYY-MM-DD.');
  set('time', schemaMessage(timing.time, v.time));
  set('time_zone', isTimeZone(v.time_zone) ? null : TIME_ZONE_MESSAGE);
  if (v.repeat !== 'never') {
    set('interval', schemaMessage(timing.interval, toInt(v.interval)));
    if (v.end === 'date') {
      if (!isDate(v.end_date)) set('end_date', 'Enter the last day it runs, as YYYY-MM-DD.');
      else if (isDate(v.start_date) && v.end_date < v.start_date) set('end_date', 'The end date must not be before the start date.');
    }
    if (v.end === 'runs') {
      const runs = toInt(v.max_runs);
      if (!Number.isInteger(runs) || runs < 1 || runs > 100_000) set('max_runs', 'Enter a number of runs from 1 to 100000.');
    }
  }

  set('notify.email', validateEmails(v.notify.email));
  set('notify.cc', validateEmails(v.notify.cc));
  set('remind.email', validateEmails(v.remind.email));
  set('remind.cc', validateEmails(v.remind.cc));
  const before = toInt(v.remind.before);
  if (!Number.isInteger(before) || before < 0) set('remind.before', 'Enter a whole number, 0 or more.');
  else if (intervalToMinutes(before, v.remind.unit) > MAX_REMINDER_MINUTES) set('remind.before', 'At most 30 days before.');
  return errors;
}

/** Whether a channel set sends anything (addresses, or one of the integrations). */
export function hasChannels(c: ChannelValues | NotificationConfig): boolean {
  const typed = (x: string | readonly string[]) => (typeof x === 'string' ? splitEmails(x).length > 0 : x.length > 0);
  return typed(c.email) || typed(c.cc) || c.slack || c.teams || c.webhooks;
}
