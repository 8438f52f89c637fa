// What one kind of watched target brings (a website, a mail server): its tables, paths, flags, payload schemas, its own
// columns, its engine call and how its checks are judged. The routes, the repo, a run and the schedule are written once
// over this descriptor; a new kind is a descriptor, not a copy.
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { FeatureFlag, MonitorCheck, MonitorRunStatus, NotificationEvent } from '@bulwark/core';
import type { AppContext } from '../../context.ts';

/** A monitor row as the repo reads it: its table's columns, and its asset's (null when it has none). */
export interface MonitorRow extends Record<string, unknown> {
  id: number;
  customer_id: number;
  asset_id: number | null;
  interval: number;
  email_recipients: string[];
  sms_recipients: string[];
  active: boolean;
  last_run: Date | string | null;
  next_run: Date | string | null;
  last_status: string | null;
  failing: string[];
  created_at: Date | string;
  modified_at: Date | string;
  asset_name: string | null;
  asset_value: string | null;
  asset_address: string | null;
}

/** A scan-log row: the shared columns (the monitor's id as `monitor_id`) and the kind's own. */
export interface LogRow extends Record<string, unknown> {
  id: number;
  monitor_id: number;
  started_at: Date | string;
  finished_at: Date | string | null;
  status: string;
  trigger: string;
  newly_failing: string[];
  result: Record<string, unknown>;
}

/** The asset a monitor names, as checked on a write. */
export interface AssetRef {
  id: number;
  type: number;
  name: string;
  value: string;
  address: string | null;
}

/** What a run found, judged: the log's and the monitor's columns, and the checks that alert now. */
export interface Checked {
  status: MonitorRunStatus;
  /** The engine's result, stored in the log as it is. */
  result: Record<string, unknown>;
  /** The kind's own summary columns of the monitor (e.g. last_status_code) and of the log row (e.g. response_ms). */
  summary: Record<string, unknown>;
  log: Record<string, unknown>;
  /** Keys of the checks that alert now (failing, or a change worth telling); the run notifies those that are new. */
  alerting: string[];
  /** What each alerting key says, for the message. */
  details: Record<string, string>;
}

export interface MonitorKind<Input = unknown, Reply = unknown, LogReply = unknown> {
  /** The entity of core's crud-messages, and the key of the scheduled run's counts. */
  entity: 'website' | 'mail_server';
  /** "Website", "Mail server": the start of a message's title. */
  label: string;
  table: string;
  logTable: string;
  /** The log table's column naming the monitor. */
  logKey: string;
  /** API paths under /api/ without slashes: the monitors, the scan log (and its filter parameter), the scan-now call. */
  paths: { monitors: string; log: string; logFilter: string; scan: string };
  /** The screen of one monitor, after the public URL. */
  screen: string;
  flag: readonly FeatureFlag[];
  notFound: string;
  event: NotificationEvent;
  /** The asset type a monitor may name (§3: host 2, web application 3) and the message when it is not one. */
  assetType: 2 | 3;
  assetMissing(id: number): string;
  input: z.ZodType<Input>;
  reply: z.ZodType<Reply>;
  logReply: z.ZodType<LogReply>;
  /** The labels of the kind's checks (core's WEBSITE_CHECKS, MAIL_CHECKS). */
  checkLabels: Record<string, string>;
  /** The alert key of a target that could not be checked at all. */
  errorKey: string;
  /** The kind's own columns written from an input (the shared ones are the repo's); throws 400 on what the asset forbids. */
  columns(input: Input, asset: AssetRef | null, current: MonitorRow | null): Record<string, unknown>;
  /** The asset id of an input (null: none). */
  assetOf(input: Input): number | null;
  toReply(row: MonitorRow): Reply;
  /** The stored monitor as an input, what a PATCH merges into. */
  toInput(row: MonitorRow): Record<string, unknown>;
  logToReply(row: LogRow): LogReply;
  /** Orderings of the list (key → SQL over `m` and `a`), the first the default, and the text search. */
  orderings: Record<string, SQL>;
  search(pattern: string): SQL;
  /** What the monitor is called in messages. */
  title(row: MonitorRow): string;
  /** The longest one run may take (the engine is aborted then). */
  maxRunMs(row: MonitorRow): number;
  /** Calls the engine and judges its checks. */
  check(ctx: AppContext, row: MonitorRow, now: Date, signal: AbortSignal): Promise<Checked>;
  /** The judged result of a run whose engine failed (threw, or was aborted). */
  failed(row: MonitorRow, error: string): Checked;
}

/** The run's state from its checks: failed on any failure (or no answer at all), warning on any warning, else ok. */
export function runStatus(checks: readonly MonitorCheck[], error: string | null): MonitorRunStatus {
  if (error || checks.some((c) => c.status === 'fail')) return 'failed';
  return checks.some((c) => c.status === 'warn') ? 'warning' : 'ok';
}

/**
 * The alerting keys and what they say: every failing check, plus what `also` picks (a certificate about to expire, a
 * changed page); a target that could not be checked at all alerts under `errorKey` when nothing else says so.
 */
export function alertsOf(
  checks: readonly MonitorCheck[],
  error: string | null,
  o: { keyOf: (c: MonitorCheck) => string; also?: (c: MonitorCheck) => boolean; errorKey: string },
): { alerting: string[]; details: Record<string, string> } {
  const details: Record<string, string> = {};
  for (const c of checks) if (c.status === 'fail' || o.also?.(c)) details[o.keyOf(c)] ??= c.detail;
  if (error && Object.keys(details).length === 0) details[o.errorKey] = error;
  return { alerting: Object.keys(details), details };
}

export const iso = (d: Date | string) => new Date(d).toISOString();
export const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
