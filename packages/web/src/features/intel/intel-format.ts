// Words, numbers and colours of the vulnerability-intelligence page (pure, so unit tests can check them).
import {
  FEED_IMPORT_STATUS_LABELS,
  FEED_SYNC_STATE_LABELS,
  formatBytes,
  formatDateTime,
  SEVERITY_LABELS,
  type FeedImport,
  type FeedSyncSource,
  type FeedSyncStatus,
  type Severity,
} from '@bulwark/core';
import type { IntelStatus } from './api/intel-api.ts';

type ImportStatus = FeedImport['status'];

/** How often the page asks again while an import is queued or running. */
export const IMPORT_POLL_MS = 2_000;
/** Imports per page of the history table. */
export const IMPORTS_PAGE_SIZE = 10;
/** Problems of one import listed in its row (the server keeps the first ones only). */
export const SHOWN_IMPORT_ERRORS = 50;

const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** 1404 → '1,404'. */
export function formatCount(value: number): string {
  return COUNT_FORMAT.format(value);
}

/** An EPSS probability (0-1) as a percentage: 0.97123 → '97.12%'; '–' when unknown. */
export function formatEpss(epss: number | null): string {
  if (epss === null) return '–';
  return `${(epss * 100).toFixed(2)}%`;
}

/** A progress percentage as the server sends it (one decimal at most): 42.5 → '42.5%', 100 → '100%'. */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(1))}%`;
}

/** The lines of the sources field: trimmed, empty lines left out. */
export function splitSources(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function isImportActive(item: Pick<FeedImport, 'status'>): boolean {
  return item.status === 'queued' || item.status === 'running';
}

/** Poll every 2 s while any of `imports` is queued or running; otherwise not at all. */
export function importPollInterval(imports: readonly Pick<FeedImport, 'status'>[] | undefined): number | false {
  return imports?.some(isImportActive) ? IMPORT_POLL_MS : false;
}

export const IMPORT_STATUS_COLORS: Record<ImportStatus, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

export function importStatusLabel(status: ImportStatus): string {
  return FEED_IMPORT_STATUS_LABELS[status];
}

const SEVERITY_COLORS: Record<Severity, string> = { 0: 'gray', 1: 'blue', 2: 'yellow', 3: 'orange', 4: 'red' };

/** Label and colour of a severity code 0-4; null when the CVE has no score yet. */
export function severityBadge(severity: number | null): { label: string; color: string } | null {
  if (severity === null || !(severity in SEVERITY_LABELS)) return null;
  const code = severity as Severity;
  return { label: SEVERITY_LABELS[code], color: SEVERITY_COLORS[code] };
}

/** The line under the stat cards about the newest import. */
export function lastImportText(last: FeedImport | null): string {
  if (!last) return 'No import has been started from Bulwark yet.';
  switch (last.status) {
    case 'queued':
      return 'An import is waiting to start.';
    case 'running':
      return `An import is running (${formatPercent(last.percent)}).`;
    case 'done':
      return last.finished_at ? `Last import finished ${formatDateTime(last.finished_at)}.` : 'The last import finished.';
    case 'failed':
      return `The last import failed${last.finished_at ? ` at ${formatDateTime(last.finished_at)}` : ''}${last.message ? `: ${last.message}` : '.'}`;
  }
}

/** 'CPE' / 'package' in the empty-result text. */
export function matchKindNoun(kind: 'cpe' | 'package'): string {
  return kind === 'cpe' ? 'CPE' : 'package';
}

type SyncState = FeedSyncSource['state'];

export const SYNC_STATE_COLORS: Record<SyncState, string> = { never: 'gray', running: 'blue', ok: 'green', failed: 'red' };

export function syncStateLabel(state: SyncState): string {
  return FEED_SYNC_STATE_LABELS[state];
}

/** Poll every 2 s while a sync holds the lease or an import runs; otherwise not at all. */
export function statusPollInterval(status: Pick<IntelStatus, 'sync' | 'last_import'> | undefined): number | false {
  if (!status) return false;
  if (status.sync.running) return IMPORT_POLL_MS;
  return importPollInterval(status.last_import ? [status.last_import] : undefined);
}

/** When the feeds sync by themselves, in words. */
export function syncScheduleText(sync: FeedSyncStatus): string {
  if (!sync.enabled)
    return 'Automatic sync is off on this server (BULWARK_FEEDS_SYNC=off): feeds change only when someone syncs or imports them.';
  const next = sync.next_run_at ? ` Next run: ${formatDateTime(sync.next_run_at)}.` : '';
  return `The feeds sync by themselves every day at ${sync.at} (${sync.time_zone}).${next}`;
}

/** What a running source is doing: 'Downloading 2.0 MB of 8.0 MB', 'Importing 12,000 records'. */
export function syncProgressText(progress: NonNullable<FeedSyncSource['progress']>): string {
  if (progress.phase === 'waiting') return progress.note ?? 'Waiting to try again';
  const amount = (n: number) => (progress.unit === 'bytes' ? formatBytes(n) : `${formatCount(n)} records`);
  const verb = progress.phase === 'download' ? 'Downloading' : 'Importing';
  return progress.total ? `${verb} ${amount(progress.done)} of ${amount(progress.total)}` : `${verb} ${amount(progress.done)}`;
}

export { riskScoreColor as riskColor } from '../../components/risk-colors.ts';
