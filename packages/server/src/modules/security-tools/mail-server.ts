// The mail-server kind of watched target (globalview/mailservers/, mailserver-scan-log/, scan-mailserver/): a host
// asset whose domain is the one given, else the host's DNS name, else its address; its run through the scanner's
// checkMailDomain with the installation's DNS servers, block lists and EHLO name, each check keyed by what it looked
// at (an MX host, a block-list zone), so one exchanger failing STARTTLS is told apart from another.
import { sql } from 'drizzle-orm';
import {
  MAIL_CHECKS,
  MAIL_SERVER_NOT_FOUND,
  mailServerInput,
  mailServerMonitor,
  mailServerScanLog,
  type MailCheckResult,
  type MailServerMonitor,
  type MailServerScanLog,
  type MonitorCheck,
} from '@bulwark/core';
import { checkMailDomain } from '@bulwark/scanner';
import type { z } from 'zod';
import { badRequest } from '../../http/errors.ts';
import { extraCaOf } from '../../lib/extra-ca.ts';
import { alertsOf, iso, isoOrNull, runStatus, type Checked, type LogRow, type MonitorKind, type MonitorRow } from './kinds.ts';

export type MailServerValues = z.output<typeof mailServerInput>;

/** Each DNS look-up or SMTP step waits this long; a whole run at most RUN_MS. */
const STEP_MS = 10_000;
const RUN_MS = 120_000;

const DNS_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const strings = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

/** The domain checked: the one given, else the host's DNS name (its name, else its value), else its address. */
export function domainOf(o: { domain?: unknown; asset_name: string | null; asset_value: string | null; asset_address: string | null }) {
  if (typeof o.domain === 'string' && o.domain) return o.domain;
  const named = [o.asset_name, o.asset_value].find((n) => n && DNS_NAME.test(n));
  return (named ?? o.asset_address ?? o.asset_value ?? '').toLowerCase();
}

function judge(row: MonitorRow, result: MailCheckResult): Checked {
  const domain = domainOf(row);
  const keyOf = (c: MonitorCheck) => (c.target && c.target.toLowerCase() !== domain ? `${c.check}@${c.target}` : c.check);
  const { alerting, details } = alertsOf(result.checks, result.error, {
    keyOf,
    // A certificate about to expire is told once, as it enters its warning window.
    also: (c) => c.check === 'certificate' && c.status === 'warn' && /expir/i.test(c.detail),
    errorKey: 'mx',
  });
  const count = (s: MonitorCheck['status']) => result.checks.filter((c) => c.status === s).length;
  const tally = { passed: count('pass'), warnings: count('warn'), failed: count('fail') };
  return { status: runStatus(result.checks, result.error), result, summary: tally, log: tally, alerting, details };
}

export const mailServers: MonitorKind<MailServerValues, MailServerMonitor, MailServerScanLog> = {
  entity: 'mail_server',
  label: 'Mail server',
  table: 'mail_server_monitors',
  logTable: 'mail_server_scan_logs',
  logKey: 'mail_server_id',
  paths: { monitors: 'globalview/mailservers', log: 'mailserver-scan-log', logFilter: 'mail_server', scan: 'scan-mailserver' },
  screen: '/security-tools/mail-servers/view',
  flag: ['continuous-monitoring', 'cm-mailservers'],
  notFound: MAIL_SERVER_NOT_FOUND,
  event: 'mailserver_alert',
  assetType: 2,
  assetMissing: (id) => `No host with id ${id}.`,
  input: mailServerInput,
  reply: mailServerMonitor,
  logReply: mailServerScanLog,
  checkLabels: MAIL_CHECKS,
  errorKey: 'mx',

  columns(v, asset, current) {
    const domain = asset && domainOf({ domain: v.domain, asset_name: asset.name, asset_value: asset.value, asset_address: asset.address });
    if (asset && !domain) throw badRequest({ domain: ['The host has neither a DNS name nor an address: enter the domain.'] });
    return {
      domain: v.domain,
      dkim_selectors: v.dkim_selectors,
      check_relay: v.check_relay,
      // Another domain is another target: what fails there is news even if it failed at the old one.
      ...(current && domainOf(current) !== domain ? { failing: [] } : {}),
    };
  },
  assetOf: (v) => v.asset,

  toReply: (r: MonitorRow): MailServerMonitor => ({
    id: Number(r.id),
    asset: { id: Number(r.asset_id), name: r.asset_name || String(r.asset_value ?? ''), address: r.asset_address },
    domain: domainOf(r),
    domain_override: (r.domain as string | null) ?? null,
    dkim_selectors: strings(r.dkim_selectors),
    check_relay: Boolean(r.check_relay),
    interval: Number(r.interval),
    notification_email_recipients: JSON.stringify(strings(r.email_recipients)),
    notification_sms_recipients: JSON.stringify(strings(r.sms_recipients)),
    active: Boolean(r.active),
    last_run: isoOrNull(r.last_run),
    next_run: isoOrNull(r.next_run),
    last_status: r.last_status as MailServerMonitor['last_status'],
    passed: r.passed === null ? null : Number(r.passed),
    warnings: r.warnings === null ? null : Number(r.warnings),
    failed: r.failed === null ? null : Number(r.failed),
    created: iso(r.created_at),
    modified: iso(r.modified_at),
  }),
  toInput: (r) => ({
    asset: r.asset_id,
    domain: r.domain,
    dkim_selectors: r.dkim_selectors,
    check_relay: r.check_relay,
    interval: r.interval,
    notification_email_recipients: r.email_recipients,
    notification_sms_recipients: r.sms_recipients,
    active: r.active,
  }),
  logToReply: (l: LogRow): MailServerScanLog => ({
    id: Number(l.id),
    mail_server: Number(l.monitor_id),
    started: iso(l.started_at),
    finished: isoOrNull(l.finished_at),
    status: l.status as MailServerScanLog['status'],
    trigger: l.trigger as MailServerScanLog['trigger'],
    passed: Number(l.passed ?? 0),
    warnings: Number(l.warnings ?? 0),
    failed: Number(l.failed ?? 0),
    newly_failing: strings(l.newly_failing),
    result: l.result as MailCheckResult,
  }),

  orderings: {
    domain: sql`lower(coalesce(m.domain, nullif(a.name, ''), a.address, a.value))`,
    last_run: sql`m.last_run`,
    next_run: sql`m.next_run`,
    last_status: sql`m.last_status`,
    failed: sql`m.failed`,
    created: sql`m.created_at`,
    id: sql`m.id`,
  },
  search: (p) => sql`(m.domain ilike ${p} or a.name ilike ${p} or a.address ilike ${p} or a.value ilike ${p})`,
  title: (r) => domainOf(r),
  maxRunMs: () => RUN_MS,

  async check(ctx, row, now, signal) {
    const result = await checkMailDomain({
      domain: domainOf(row),
      dkimSelectors: strings(row.dkim_selectors),
      dnsServers: ctx.config.monitoring.dnsServers,
      dnsblZones: ctx.config.monitoring.dnsblZones,
      smtpPort: ctx.config.monitoring.smtpPort,
      heloName: ctx.config.monitoring.heloName,
      checkRelay: Boolean(row.check_relay),
      timeoutMs: STEP_MS,
      now,
      extraCa: extraCaOf(ctx.config),
      signal,
    });
    return judge(row, result);
  },
  failed(row, error) {
    const domain = domainOf(row);
    return judge(row, {
      domain,
      mx: [],
      checks: [{ check: 'mx', target: domain, status: 'fail', detail: `The mail domain could not be checked: ${error}` }],
      error,
    });
  },
};
