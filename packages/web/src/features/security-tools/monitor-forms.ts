// The website and mail-server forms' values, read from a monitor and turned into what the server takes: the interval as
// a number and a unit, recipients as lists in the form and JSON strings on the wire, empty numbers as null. Checked with
// core's own schemas, so the form says what the server would, in the same words, on the same fields.
import {
  mailServerInput,
  minutesToInterval,
  intervalToMinutes,
  websiteMonitorInput,
  type IntervalUnit,
  type MailServerMonitor,
  type WebsiteMonitor,
} from '@bulwark/core';
import { schemaErrors } from '../../components/forms/schema-field.ts';
import type { MailServerSave, WebsiteSave } from './api.ts';
import { recipientList, recipientsForSave } from './monitor-format.ts';

interface CommonValues {
  interval_value: number | string;
  interval_unit: IntervalUnit;
  notification_email_recipients: string[];
  notification_sms_recipients: string[];
  active: boolean;
}

export interface WebsiteFormValues extends CommonValues {
  url: string;
  name: string;
  /** The web-application asset's id as the picker holds it; null for none. */
  asset: string | null;
  expected_status: number | string;
  timeout: number | string;
  slow_ms: number | string;
  keywords_required: string[];
  keywords_forbidden: string[];
  watch_content: boolean;
  cert_days: number | string;
}

export interface MailServerFormValues extends CommonValues {
  asset: string | null;
  domain: string;
  dkim_selectors: string[];
  check_relay: boolean;
}

/** Server field → form field, for the server's 400 answers (and the schema's own messages). */
export const WEBSITE_ERROR_FIELDS: Readonly<Record<string, string>> = {
  url: 'url',
  name: 'name',
  asset: 'asset',
  interval: 'interval_value',
  expected_status: 'expected_status',
  timeout: 'timeout',
  slow_ms: 'slow_ms',
  keywords_required: 'keywords_required',
  keywords_forbidden: 'keywords_forbidden',
  watch_content: 'watch_content',
  cert_days: 'cert_days',
  notification_email_recipients: 'notification_email_recipients',
  notification_sms_recipients: 'notification_sms_recipients',
  active: 'active',
};

export const MAIL_SERVER_ERROR_FIELDS: Readonly<Record<string, string>> = {
  asset: 'asset',
  domain: 'domain',
  dkim_selectors: 'dkim_selectors',
  check_relay: 'check_relay',
  interval: 'interval_value',
  notification_email_recipients: 'notification_email_recipients',
  notification_sms_recipients: 'notification_sms_recipients',
  active: 'active',
};

const numberOrNull = (v: number | string): number | null => (v === '' ? null : Number(v));
/** A required number left empty is sent as NaN, which the schema refuses with its own words. */
const number = (v: number | string): number => (v === '' ? Number.NaN : Number(v));

function intervalOf(v: CommonValues): number {
  const n = number(v.interval_value);
  return Number.isFinite(n) ? intervalToMinutes(n, v.interval_unit) : n;
}

function commonValues(m: {
  interval: number;
  notification_email_recipients: string;
  notification_sms_recipients: string;
  active: boolean;
}) {
  const { value, unit } = minutesToInterval(m.interval);
  return {
    interval_value: value,
    interval_unit: unit,
    notification_email_recipients: recipientList(m.notification_email_recipients),
    notification_sms_recipients: recipientList(m.notification_sms_recipients),
    active: m.active,
  };
}

export function websiteFormValues(m: WebsiteMonitor | null): WebsiteFormValues {
  if (!m)
    return {
      url: '',
      name: '',
      asset: null,
      interval_value: 15,
      interval_unit: 'minutes',
      expected_status: '',
      timeout: 15,
      slow_ms: 3000,
      keywords_required: [],
      keywords_forbidden: [],
      watch_content: true,
      cert_days: 30,
      notification_email_recipients: [],
      notification_sms_recipients: [],
      active: true,
    };
  return {
    ...commonValues(m),
    url: m.url,
    name: m.name,
    asset: m.asset ? String(m.asset.id) : null,
    expected_status: m.expected_status ?? '',
    timeout: m.timeout,
    slow_ms: m.slow_ms,
    keywords_required: m.keywords_required,
    keywords_forbidden: m.keywords_forbidden,
    watch_content: m.watch_content,
    cert_days: m.cert_days,
  };
}

export function websiteSave(v: WebsiteFormValues): WebsiteSave {
  return {
    url: v.url.trim(),
    name: v.name.trim(),
    asset: v.asset === null ? null : Number(v.asset),
    interval: intervalOf(v),
    expected_status: numberOrNull(v.expected_status),
    timeout: number(v.timeout),
    slow_ms: number(v.slow_ms),
    keywords_required: v.keywords_required.map((k) => k.trim()).filter(Boolean),
    keywords_forbidden: v.keywords_forbidden.map((k) => k.trim()).filter(Boolean),
    watch_content: v.watch_content,
    cert_days: number(v.cert_days),
    ...recipientsForSave(v.notification_email_recipients, v.notification_sms_recipients),
    active: v.active,
  };
}

export function mailServerFormValues(m: MailServerMonitor | null): MailServerFormValues {
  if (!m)
    return {
      asset: null,
      domain: '',
      dkim_selectors: [],
      check_relay: true,
      interval_value: 1,
      interval_unit: 'days',
      notification_email_recipients: [],
      notification_sms_recipients: [],
      active: true,
    };
  return {
    ...commonValues(m),
    asset: String(m.asset.id),
    domain: m.domain_override ?? '',
    dkim_selectors: m.dkim_selectors,
    check_relay: m.check_relay,
  };
}

export function mailServerSave(v: MailServerFormValues): MailServerSave {
  return {
    // A missing host is sent as NaN here only for the schema check, which says "Mail server is required".
    asset: v.asset === null ? Number.NaN : Number(v.asset),
    domain: v.domain.trim() === '' ? null : v.domain.trim(),
    dkim_selectors: v.dkim_selectors.map((s) => s.trim()).filter(Boolean),
    check_relay: v.check_relay,
    interval: intervalOf(v),
    ...recipientsForSave(v.notification_email_recipients, v.notification_sms_recipients),
    active: v.active,
  };
}

/** Core's messages by form field (a recipient list's message lands on its list). */
function errorsOn(schema: Parameters<typeof schemaErrors>[0], data: unknown, fields: Readonly<Record<string, string>>) {
  const byServerField = schemaErrors(schema, data);
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(byServerField)) errors[fields[field] ?? field] ??= message;
  return errors;
}

export const validateWebsite = (v: WebsiteFormValues) => errorsOn(websiteMonitorInput, websiteSave(v), WEBSITE_ERROR_FIELDS);
export const validateMailServer = (v: MailServerFormValues) => errorsOn(mailServerInput, mailServerSave(v), MAIL_SERVER_ERROR_FIELDS);
