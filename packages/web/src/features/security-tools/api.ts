// Calls of the watched websites and mail servers (feature-areas §7 globalview/websites/, globalview/mailservers/,
// website-scan-log/, mailserver-scan-log/, scan-website/, scan-mailserver/), written once for both kinds: a kind is a
// descriptor (paths, answer schemas, the log's monitor parameter), not a copy. Recipients go as JSON strings (§3).
import {
  mailServerMonitor,
  mailServerScanLog,
  websiteMonitor,
  websiteScanLog,
  type MailServerInput,
  type MailServerMonitor,
  type MailServerScanLog,
  type WebsiteMonitor,
  type WebsiteMonitorInput,
  type WebsiteScanLog,
} from '@bulwark/core';
import { api, type AnswerSchema } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';

interface MonitorKindPaths<Monitor, Log> {
  /** Query-key root. */
  key: string;
  base: string;
  logBase: string;
  /** The scan log's filter naming the monitor (website, mail_server). */
  logParam: string;
  scanPath: string;
  monitor: AnswerSchema<Monitor>;
  log: AnswerSchema<Log>;
}

export interface MonitorCalls<Monitor, Input, Log> {
  keys: {
    all: readonly [string];
    list(query: QueryParams): readonly unknown[];
    one(id: number): readonly unknown[];
    logs(id: number, query?: QueryParams): readonly unknown[];
  };
  list(query: QueryParams, signal?: AbortSignal): Promise<Paged<Monitor>>;
  one(id: number, signal?: AbortSignal): Promise<Monitor>;
  create(input: Input): Promise<Monitor>;
  update(id: number, input: Input): Promise<Monitor>;
  /** Changes only the fields given (on/off from the list), so an edit made meanwhile is kept. */
  patch(id: number, change: Partial<Input> | { active: boolean }): Promise<Monitor>;
  remove(id: number): Promise<void>;
  /** Runs the checks now; answers the new scan-log row. */
  scan(id: number): Promise<Log>;
  /** The monitor's scan log, newest first. */
  logs(id: number, query: QueryParams, signal?: AbortSignal): Promise<Paged<Log>>;
}

function monitorCalls<Monitor, Input, Log>(d: MonitorKindPaths<Monitor, Log>): MonitorCalls<Monitor, Input, Log> {
  const monitorPage = pagedAnswer(d.monitor);
  const logPage = pagedAnswer(d.log);
  return {
    keys: {
      all: [d.key],
      list: (query) => [d.key, 'list', query],
      one: (id) => [d.key, 'one', id],
      logs: (id, query) => (query ? [d.key, 'logs', id, query] : [d.key, 'logs', id]),
    },
    list: (query, signal) => api.get(d.base, { query, signal, schema: monitorPage }),
    one: (id, signal) => api.get(`${d.base}${id}/`, { signal, schema: d.monitor }),
    create: (input) => api.post(d.base, input, { schema: d.monitor }),
    update: (id, input) => api.put(`${d.base}${id}/`, input, { schema: d.monitor }),
    patch: (id, change) => api.patch(`${d.base}${id}/`, change, { schema: d.monitor }),
    remove: (id) => api.delete(`${d.base}${id}/`),
    // A run waits for the target (up to its timeout, and a mail domain's several servers): longer than the usual call.
    scan: (id) => api.post(d.scanPath, { id }, { schema: d.log, timeoutMs: 135_000 }),
    logs: (id, query, signal) => api.get(d.logBase, { query: { ...query, [d.logParam]: id }, signal, schema: logPage }),
  };
}

/** What the website form sends: the core input with the recipients as JSON strings. */
export type WebsiteSave = Omit<WebsiteMonitorInput, 'notification_email_recipients' | 'notification_sms_recipients'> & {
  notification_email_recipients: string;
  notification_sms_recipients: string;
};
export type MailServerSave = Omit<MailServerInput, 'notification_email_recipients' | 'notification_sms_recipients'> & {
  notification_email_recipients: string;
  notification_sms_recipients: string;
};

export const websites = monitorCalls<WebsiteMonitor, WebsiteSave, WebsiteScanLog>({
  key: 'websites',
  base: 'globalview/websites/',
  logBase: 'website-scan-log/',
  logParam: 'website',
  scanPath: 'scan-website/',
  monitor: websiteMonitor,
  log: websiteScanLog,
});

export const mailServers = monitorCalls<MailServerMonitor, MailServerSave, MailServerScanLog>({
  key: 'mail-servers',
  base: 'globalview/mailservers/',
  logBase: 'mailserver-scan-log/',
  logParam: 'mail_server',
  scanPath: 'scan-mailserver/',
  monitor: mailServerMonitor,
  log: mailServerScanLog,
});
