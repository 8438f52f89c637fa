// The rules of scan schedules: a schedule is a scan of a schedulable kind — network, policy, web, cloud — (scans row,
// `scheduled`) and its calendar, written together in one transaction; who sees one (its owner, the customer's
// administrators, and the members of the teams it is shared with); its next starts; and the scheduler's side, which
// claims each due schedule by moving its next start in the same statement (two servers never start it twice; a
// schedule missed while no server ran starts once) and starts a normal run with `scheduled` set, its tag targets
// resolved at that moment.
import { and, count, desc, eq, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  SCAN_RUN_STATUS_LABELS,
  inBlackout,
  scheduleEndType,
  type scheduleInput,
  type ReminderConfig,
  type NotificationConfig,
  type RepeatFrequency,
  type Schedule,
  type MonthlyMode,
  type ScanRunStatus,
} from '@bulwark/core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containsPattern } from '../../db/rows.ts';
import { customers, scanRuns, scans, scanSchedules, teams, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound, type FieldErrors } from '../../http/errors.ts';
import { getScan, insertScan, referenceErrors, toNetworkScans, updateScan, type ScanType } from './scan-repo.ts';
import { profileTypeOf, scheduleHasTargets, scheduleScanType, wrongKindMessage } from './schedule-kind.ts';
import { StartError, startRun } from './start.ts';
import type { ProbeClock } from '../tasks/index.ts';
import { nextStarts, type Timing } from './schedule-recurrence.ts';
import { handOver, notifyRunEvent, type Send } from '../notifications/index.ts';

type ScheduleRow = typeof scanSchedules.$inferSelect;
export type ScheduleValues = z.output<typeof scheduleInput>;
const DUPLICATE = 'A schedule with this name already exists.';

/** Who asks: a customer's administrators see every schedule; others their own and those shared with their teams. */
export interface Viewer {
  customerId: number;
  userId: number;
  admin: boolean;
}

export const timingOf = (r: ScheduleRow): Timing => ({
  start_date: r.startDate,
  time: r.time,
  time_zone: r.timeZone,
  end_date: r.endDate,
  repeat: r.repeat as RepeatFrequency,
  interval: r.interval,
  weekdays: r.weekdays,
  monthly_mode: r.monthlyMode as MonthlyMode,
  max_run_cnt: r.maxRunCnt,
});

/** The schedules a viewer may see. */
function visible(v: Viewer): SQL {
  const tenant = eq(scanSchedules.customerId, v.customerId);
  if (v.admin) return tenant;
  return and(
    tenant,
    or(
      eq(scanSchedules.ownerId, v.userId),
      sql`exists (select 1 from team_members m where m.user_id = ${v.userId}
                  and ${scanSchedules.sharedAccessTeams} @> to_jsonb(m.team_id))`,
    ),
  )!;
}

async function toSchedules(db: Db, customerId: number, rows: ScheduleRow[], now: Date): Promise<Schedule[]> {
  if (rows.length === 0) return [];
  const scanRows = await Promise.all(rows.map((r) => getScan(db, customerId, r.scanId)));
  const shaped = await toNetworkScans(
    db,
    customerId,
    scanRows.filter((s) => s !== null),
  );
  const scanOf = new Map(shaped.map((s) => [s.id, s]));
  const owners = [...new Set(rows.map((r) => r.ownerId).filter((id): id is number => id !== null))];
  const ownerRows = owners.length
    ? await db.select({ id: users.id, first_name: users.firstName, last_name: users.lastName }).from(users).where(inArray(users.id, owners))
    : [];
  const runIds = rows.map((r) => r.lastRunId).filter((id): id is number => id !== null);
  const runRows = runIds.length
    ? await db.select({ id: scanRuns.id, status: scanRuns.status }).from(scanRuns).where(inArray(scanRuns.id, runIds))
    : [];
  const [customer] = await db.select({ blackouts: customers.blackouts }).from(customers).where(eq(customers.id, customerId));
  const ownerOf = new Map(ownerRows.map((u) => [u.id, u]));
  const runOf = new Map(runRows.map((r) => [r.id, r]));
  return rows.map((r) => {
    const scan = scanOf.get(r.scanId);
    const timing = timingOf(r);
    const run = r.lastRunId === null ? undefined : runOf.get(r.lastRunId);
    const upcoming = r.isActive ? nextStarts(timing, now, 5, r.runCount) : [];
    return {
      id: r.id,
      scan: r.scanId,
      name: r.name,
      profile: scan?.profile ?? null,
      ...timing,
      schedule_is_active: r.isActive,
      end_type: scheduleEndType({ max_run_cnt: r.maxRunCnt, end_date: r.endDate }),
      assets: scan?.assets ?? [],
      targets: scan?.targets ?? [],
      exclude: scan?.exclude ?? [],
      unified_tags_set: scan?.unified_tags_set ?? null,
      source: r.source,
      node: scan?.node ?? { id: -1, name: '' },
      probe_group: scan?.probe_group ?? null,
      user: r.ownerId === null ? null : (ownerOf.get(r.ownerId) ?? null),
      shared_access_teams: r.sharedAccessTeams,
      notification_config: r.notificationConfig as NotificationConfig,
      reminder_config: r.reminderConfig as ReminderConfig,
      is_was_discovery: r.isWasDiscovery,
      vhosts: r.vhosts.map(String),
      run_count: r.runCount,
      next_run_at: r.nextRunAt?.toISOString() ?? null,
      last_run_at: r.lastRunAt?.toISOString() ?? null,
      last_run: run ? { id: run.id, status: SCAN_RUN_STATUS_LABELS[run.status as ScanRunStatus] ?? String(run.status) } : null,
      last_error: r.lastError,
      upcoming: upcoming.map((d) => d.toISOString()),
      blackout_starts: upcoming.filter((d) => inBlackout(customer?.blackouts, d)).map((d) => d.toISOString()),
      created: r.createdAt.toISOString(),
    };
  });
}

export interface ScheduleListQuery {
  page: number;
  pageSize: number;
  search?: string;
  active?: boolean;
  repeat?: RepeatFrequency[];
  /** Only the schedules whose scan is of this type (`was`: web schedules, as /was/schedules lists them). */
  scanType?: ScanType;
  ordering: { key: 'name' | 'next_run_at' | 'created'; descending: boolean };
}

export async function listSchedules(db: Db, v: Viewer, q: ScheduleListQuery, now: Date) {
  const where: SQL[] = [visible(v)];
  if (q.search) where.push(ilike(scanSchedules.name, containsPattern(q.search)));
  if (q.active !== undefined) where.push(eq(scanSchedules.isActive, q.active));
  if (q.repeat?.length) where.push(inArray(scanSchedules.repeat, q.repeat));
  if (q.scanType) where.push(sql`exists (select 1 from ${scans} s where s.id = ${scanSchedules.scanId} and s.scan_type = ${q.scanType})`);
  const column = { name: sql`lower(${scanSchedules.name})`, next_run_at: scanSchedules.nextRunAt, created: scanSchedules.createdAt }[
    q.ordering.key
  ];
  const order = q.ordering.descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  const [[total], rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(scanSchedules)
      .where(and(...where)),
    db
      .select()
      .from(scanSchedules)
      .where(and(...where))
      .orderBy(order, desc(scanSchedules.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  return { count: Number(total?.n ?? 0), rows: await toSchedules(db, v.customerId, rows, now) };
}

async function scheduleRow(db: Db | Tx, v: Viewer, where: SQL): Promise<ScheduleRow> {
  const [row] = await db
    .select()
    .from(scanSchedules)
    .where(and(visible(v), where));
  if (!row) throw notFound();
  return row;
}

export async function getSchedule(db: Db, v: Viewer, id: number, now: Date): Promise<Schedule> {
  return (await toSchedules(db, v.customerId, [await scheduleRow(db, v, eq(scanSchedules.id, id))], now))[0]!;
}

export async function scheduleOfScan(db: Db, v: Viewer, scanId: number, now: Date): Promise<Schedule> {
  return (await toSchedules(db, v.customerId, [await scheduleRow(db, v, eq(scanSchedules.scanId, scanId))], now))[0]!;
}

/** A schedule in the input's shape (what PATCH merges onto). */
export async function scheduleAsInput(db: Db, v: Viewer, id: number, now: Date): Promise<Record<string, unknown>> {
  const s = await getSchedule(db, v, id, now);
  return {
    name: s.name,
    profile: s.profile?.id ?? 0,
    // The kind stays what it is (a cloud schedule has no targets to check; a policy one keeps its policy profile).
    ...(s.profile ? { scan_type: scheduleScanType(s.profile.type) } : {}),
    start_date: s.start_date,
    time: s.time,
    time_zone: s.time_zone,
    end_date: s.end_date,
    repeat: s.repeat,
    interval: s.interval,
    weekdays: s.weekdays,
    monthly_mode: s.monthly_mode,
    max_run_cnt: s.max_run_cnt,
    schedule_is_active: s.schedule_is_active,
    assets: s.assets,
    targets: s.targets,
    exclude: s.exclude,
    unified_tags_set: s.unified_tags_set,
    source: s.source,
    node: s.node.id,
    probe_group: s.probe_group?.id ?? null,
    user: s.user?.id ?? null,
    shared_access_teams: s.shared_access_teams,
    notification_config: s.notification_config,
    reminder_config: s.reminder_config,
    is_was_discovery: s.is_was_discovery,
    vhosts: s.vhosts,
  };
}

/** What is wrong with the ids a schedule names beyond its scan's: the owner and the teams must be the customer's. */
async function ownErrors(tx: Tx, customerId: number, v: ScheduleValues): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (v.user !== null) {
    const [u] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, v.user), eq(users.customerId, customerId)));
    if (!u) errors.user = [`Invalid pk "${v.user}" - object does not exist.`];
  }
  const wanted = [...new Set(v.shared_access_teams)];
  if (wanted.length) {
    const found = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.customerId, customerId), inArray(teams.id, wanted)));
    const have = new Set(found.map((t) => t.id));
    const absent = wanted.filter((id) => !have.has(id));
    if (absent.length) errors.shared_access_teams = absent.map((id) => `Invalid pk "${id}" - object does not exist.`);
  }
  return errors;
}

/** The tag selection: unified_tags_set, or the data layer's tags / minus_tags when that is not sent. */
function tagSetOf(v: ScheduleValues): ScheduleValues['unified_tags_set'] {
  if (v.unified_tags_set !== null || (!v.tags?.length && !v.minus_tags?.length)) return v.unified_tags_set;
  return {
    inclusion_tags: v.tags ?? [],
    exclusion_tags: v.minus_tags ?? [],
    inclusion_tags_mode_all: false,
    exclusion_tags_mode_all: false,
  };
}

const scanColumns = (v: ScheduleValues, scanType: ScanType) => {
  const targets = scheduleHasTargets(scanType);
  return {
    name: v.name,
    // A schedule with a web profile runs a web scan (a discovery scan with is_was_discovery) on its web applications.
    scanType,
    isWasDiscovery: scanType === 'was' && v.is_was_discovery,
    vhosts: scanType === 'was' ? [...new Set(v.vhosts)] : [],
    profileId: v.profile,
    // A kind without targets (cloud: the scan reads its profile's account) keeps none.
    targetIds: targets ? [...new Set(v.assets)] : [],
    targets: targets ? [...new Set(v.targets)] : [],
    exclude: targets ? [...new Set(v.exclude)] : [],
    tagSet: targets && tagSetOf(v)?.inclusion_tags.length ? tagSetOf(v) : null,
    probeId: v.source === 2 || v.node === -1 ? null : v.node,
    probeGroupId: v.source === 2 ? v.probe_group : null,
    scheduled: true,
  };
};

const scheduleColumns = (v: ScheduleValues, ownerId: number, runCount: number, now: Date) => ({
  name: v.name,
  startDate: v.start_date,
  time: v.time,
  timeZone: v.time_zone,
  endDate: v.end_date,
  repeat: v.repeat,
  interval: v.interval,
  weekdays: [...new Set(v.weekdays)].sort((a, b) => a - b),
  monthlyMode: v.monthly_mode,
  maxRunCnt: v.max_run_cnt,
  isActive: v.schedule_is_active,
  source: v.source,
  ownerId,
  sharedAccessTeams: [...new Set(v.shared_access_teams)],
  notificationConfig: v.notification_config,
  reminderConfig: v.reminder_config,
  isWasDiscovery: v.is_was_discovery,
  vhosts: [...new Set(v.vhosts)],
  nextRunAt: v.schedule_is_active ? (nextStarts(v, now, 1, runCount)[0] ?? null) : null,
  updatedAt: now,
});

async function checked(tx: Tx, customerId: number, v: ScheduleValues): Promise<ScanType> {
  const scanType = scheduleScanType(await profileTypeOf(tx, customerId, v.profile));
  const targets = scheduleHasTargets(scanType);
  const errors: FieldErrors = {
    ...(await referenceErrors(
      tx,
      customerId,
      {
        assets: targets ? v.assets : [],
        unified_tags_set: targets ? tagSetOf(v) : null,
        profile: v.profile,
        node: v.source === 2 ? null : v.node,
        probe_group: v.source === 2 ? v.probe_group : null,
      },
      scanType,
    )),
    ...(await ownErrors(tx, customerId, v)),
  };
  if (v.is_was_discovery && scanType !== 'was' && !errors.profile) errors.profile = ['A discovery schedule needs a web scan profile.'];
  // A schedule that says its kind needs a profile of that kind (a cloud schedule has no targets: its profile names them).
  if (v.scan_type !== undefined && v.scan_type !== scanType && !errors.profile) errors.profile = [wrongKindMessage(v.scan_type)];
  if (Object.keys(errors).length) throw badRequest(errors);
  return scanType;
}

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict({ name: [DUPLICATE] });
  throw error;
}

export async function createSchedule(db: Db, v: Viewer, input: ScheduleValues, now: Date): Promise<Schedule> {
  const id = await db
    .transaction(async (tx) => {
      const scanType = await checked(tx, v.customerId, input);
      const scan = await insertScan(tx, v.customerId, v.userId, scanColumns(input, scanType));
      const [row] = await tx
        .insert(scanSchedules)
        .values({ customerId: v.customerId, scanId: scan.id, ...scheduleColumns(input, input.user ?? v.userId, 0, now) })
        .returning({ id: scanSchedules.id });
      return row!.id;
    })
    .catch(nameTaken);
  return getSchedule(db, { ...v, admin: true }, id, now);
}

export async function updateSchedule(db: Db, v: Viewer, id: number, input: ScheduleValues, now: Date): Promise<Schedule> {
  await db
    .transaction(async (tx) => {
      const row = await scheduleRow(tx, v, eq(scanSchedules.id, id));
      const scanType = await checked(tx, v.customerId, input);
      await updateScan(tx, v.customerId, row.scanId, scanColumns(input, scanType));
      await tx
        .update(scanSchedules)
        .set(scheduleColumns(input, input.user ?? row.ownerId ?? v.userId, row.runCount, now))
        .where(eq(scanSchedules.id, id));
    })
    .catch(nameTaken);
  return getSchedule(db, { ...v, admin: true }, id, now);
}

/** Deletes the schedule; its scan stays, unscheduled, with the runs it made and their results. */
export async function deleteSchedule(db: Db, v: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await scheduleRow(tx, v, eq(scanSchedules.id, id));
    await tx.delete(scanSchedules).where(eq(scanSchedules.id, id));
    await tx.update(scans).set({ scheduled: false }).where(eq(scans.id, row.scanId));
  });
}

/**
 * Starts every active schedule whose next start has come, each once, and moves it to its next start after `now`.
 * Answers the runs started.
 */
export async function runDueScanSchedules(
  db: Db,
  timing: ProbeClock,
  now: Date,
  log: FastifyBaseLogger,
  events?: { publicUrl: string; send: Send },
): Promise<number[]> {
  const due = await db
    .select()
    .from(scanSchedules)
    .where(and(eq(scanSchedules.isActive, true), isNotNull(scanSchedules.nextRunAt), lte(scanSchedules.nextRunAt, now)));
  const started: number[] = [];
  for (const row of due) {
    const next = nextStarts(timingOf(row), now, 1, row.runCount + 1)[0] ?? null;
    const claimed = await db
      .update(scanSchedules)
      .set({ nextRunAt: next, lastRunAt: now })
      .where(and(eq(scanSchedules.id, row.id), eq(scanSchedules.nextRunAt, row.nextRunAt!)))
      .returning({ id: scanSchedules.id });
    if (claimed.length === 0) continue;
    const scan = await getScan(db, row.customerId, row.scanId);
    try {
      if (!scan) throw new StartError('scan', 'The schedule’s scan no longer exists.');
      const run = await startRun(db, timing, scan, { userId: row.ownerId, scheduled: true });
      await db
        .update(scanSchedules)
        .set({ runCount: sql`${scanSchedules.runCount} + 1`, lastRunId: run.id, lastError: null })
        .where(eq(scanSchedules.id, row.id));
      started.push(run.id);
      if (events) await notifyRunEvent(db, run.id, 'scan_started', events.publicUrl);
    } catch (err) {
      const message = err instanceof StartError ? err.message : 'The scan could not start.';
      log.warn({ err, schedule: row.id }, 'scheduled scan could not start');
      // A start that fails does not count as a run: the next start stays where the claim put it.
      const retry = nextStarts(timingOf(row), now, 1, row.runCount)[0] ?? null;
      await db.update(scanSchedules).set({ lastError: message, nextRunAt: retry }).where(eq(scanSchedules.id, row.id));
    }
  }
  if (events && started.length) await handOver(db, events.send);
  return started;
}
