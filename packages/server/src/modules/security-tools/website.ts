// The website kind of watched target (globalview/websites/, website-scan-log/, scan-website/): its own columns, its
// reply, and its run through the scanner's checkWebsite, judged so that a changed page alerts only when the monitor
// watches content, and a certificate alerts once when it enters its warning window.
import { sql } from 'drizzle-orm';
import {
  WEBSITE_CHECKS,
  WEBSITE_NOT_FOUND,
  websiteMonitor,
  websiteMonitorInput,
  websiteScanLog,
  type MonitorCheck,
  type WebsiteCheckResult,
  type WebsiteMonitor,
  type WebsiteScanLog,
} from '@bulwark/core';
import { checkWebsite } from '@bulwark/scanner';
import type { z } from 'zod';
import { extraCaOf } from '../../lib/extra-ca.ts';
import { alertsOf, iso, isoOrNull, runStatus, type Checked, type LogRow, type MonitorKind, type MonitorRow } from './kinds.ts';

export type WebsiteValues = z.output<typeof websiteMonitorInput>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const text = (v: unknown) => String(v ?? '');
const strings = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

/** The judged result of one check of a website (what the monitor's summary and its log keep). */
function judge(row: MonitorRow, result: WebsiteCheckResult): Checked {
  const watch = Boolean(row.watch_content);
  // Without watch_content a changed page is only shown, never alerted on, whatever the engine's verdict.
  const judged = watch ? result.checks : result.checks.filter((c) => c.check !== 'content_change');
  const { alerting, details } = alertsOf(judged, result.error, {
    keyOf: (c) => c.check,
    also: (c: MonitorCheck) =>
      (c.check === 'tls_expiry' && c.status === 'warn') || (c.check === 'content_change' && result.content_changed === true),
    errorKey: 'availability',
  });
  const certDaysLeft = result.tls?.days_left ?? null;
  return {
    status: runStatus(judged, result.error),
    result,
    summary: {
      last_status_code: result.status_code,
      last_response_ms: result.response_ms,
      cert_days_left: certDaysLeft,
      // A run that read no page keeps the hash the next one compares with.
      content_hash: result.content_hash ?? row.content_hash ?? null,
    },
    log: {
      response_ms: result.response_ms,
      status_code: result.status_code,
      cert_days_left: certDaysLeft,
      content_changed: result.content_changed,
    },
    alerting,
    details,
  };
}

export const websites: MonitorKind<WebsiteValues, WebsiteMonitor, WebsiteScanLog> = {
  entity: 'website',
  label: 'Website',
  table: 'website_monitors',
  logTable: 'website_scan_logs',
  logKey: 'website_id',
  paths: { monitors: 'globalview/websites', log: 'website-scan-log', logFilter: 'website', scan: 'scan-website' },
  screen: '/security-tools/websites/view',
  flag: ['continuous-monitoring'],
  notFound: WEBSITE_NOT_FOUND,
  event: 'website_alert',
  assetType: 3,
  assetMissing: (id) => `No web application with id ${id}.`,
  input: websiteMonitorInput,
  reply: websiteMonitor,
  logReply: websiteScanLog,
  checkLabels: WEBSITE_CHECKS,
  errorKey: 'availability',

  columns(v, _asset, current) {
    return {
      name: v.name,
      url: v.url,
      expected_status: v.expected_status,
      timeout: v.timeout,
      slow_ms: v.slow_ms,
      keywords_required: v.keywords_required,
      keywords_forbidden: v.keywords_forbidden,
      watch_content: v.watch_content,
      cert_days: v.cert_days,
      // Another address is another page: the next run starts a new baseline instead of reporting a change, and what
      // fails there is news even if it failed at the old address.
      ...(current && current.url !== v.url ? { content_hash: null, failing: [] } : {}),
    };
  },
  assetOf: (v) => v.asset,

  toReply(r: MonitorRow): WebsiteMonitor {
    return {
      id: Number(r.id),
      name: text(r.name),
      url: text(r.url),
      asset: r.asset_id === null ? null : { id: Number(r.asset_id), name: r.asset_name || text(r.asset_value) },
      interval: Number(r.interval),
      expected_status: num(r.expected_status),
      timeout: Number(r.timeout),
      slow_ms: Number(r.slow_ms),
      keywords_required: strings(r.keywords_required),
      keywords_forbidden: strings(r.keywords_forbidden),
      watch_content: Boolean(r.watch_content),
      cert_days: Number(r.cert_days),
      notification_email_recipients: JSON.stringify(strings(r.email_recipients)),
      notification_sms_recipients: JSON.stringify(strings(r.sms_recipients)),
      active: Boolean(r.active),
      last_run: isoOrNull(r.last_run),
      next_run: isoOrNull(r.next_run),
      last_status: r.last_status as WebsiteMonitor['last_status'],
      last_status_code: num(r.last_status_code),
      last_response_ms: num(r.last_response_ms),
      cert_days_left: num(r.cert_days_left),
      created: iso(r.created_at),
      modified: iso(r.modified_at),
    };
  },
  toInput: (r) => ({
    name: r.name,
    url: r.url,
    asset: r.asset_id,
    interval: r.interval,
    expected_status: r.expected_status,
    timeout: r.timeout,
    slow_ms: r.slow_ms,
    keywords_required: r.keywords_required,
    keywords_forbidden: r.keywords_forbidden,
    watch_content: r.watch_content,
    cert_days: r.cert_days,
    notification_email_recipients: r.email_recipients,
    notification_sms_recipients: r.sms_recipients,
    active: r.active,
  }),
  logToReply: (l: LogRow): WebsiteScanLog => ({
    id: Number(l.id),
    website: Number(l.monitor_id),
    started: iso(l.started_at),
    finished: isoOrNull(l.finished_at),
    status: l.status as WebsiteScanLog['status'],
    trigger: l.trigger as WebsiteScanLog['trigger'],
    response_ms: num(l.response_ms),
    status_code: num(l.status_code),
    cert_days_left: num(l.cert_days_left),
    content_changed: l.content_changed === null || l.content_changed === undefined ? null : Boolean(l.content_changed),
    newly_failing: strings(l.newly_failing),
    result: l.result as WebsiteCheckResult,
  }),

  orderings: {
    name: sql`lower(coalesce(nullif(m.name, ''), m.url))`,
    url: sql`lower(m.url)`,
    last_run: sql`m.last_run`,
    next_run: sql`m.next_run`,
    last_status: sql`m.last_status`,
    last_response_ms: sql`m.last_response_ms`,
    cert_days_left: sql`m.cert_days_left`,
    created: sql`m.created_at`,
    id: sql`m.id`,
  },
  search: (p) => sql`(m.name ilike ${p} or m.url ilike ${p} or a.name ilike ${p})`,
  title: (r) => text(r.name) || text(r.url),
  // Each request waits up to the monitor's timeout; redirects and the certificate read fit twice that, and a little.
  maxRunMs: (r) => Number(r.timeout) * 2000 + 5000,

  async check(ctx, row, now, signal) {
    const result = await checkWebsite({
      url: text(row.url),
      timeoutMs: Number(row.timeout) * 1000,
      slowMs: Number(row.slow_ms),
      expectedStatus: num(row.expected_status),
      keywordsRequired: strings(row.keywords_required),
      keywordsForbidden: strings(row.keywords_forbidden),
      watchContent: Boolean(row.watch_content),
      previousHash: (row.content_hash as string | null) ?? null,
      certDays: Number(row.cert_days),
      now,
      extraCa: extraCaOf(ctx.config),
      signal,
    });
    return judge(row, result);
  },
  failed(row, error) {
    const url = text(row.url);
    const result: WebsiteCheckResult = {
      url,
      final_url: null,
      status_code: null,
      response_ms: null,
      redirects: [],
      tls: null,
      security_headers: [],
      content_hash: null,
      content_changed: null,
      checks: [{ check: 'availability', target: url, status: 'fail', detail: `The website could not be checked: ${error}` }],
      error,
    };
    return judge(row, result);
  },
};
