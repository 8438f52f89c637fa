// Pure rules of the exports menu: the newest exports of every type in one list, which are ready and not yet
// downloaded (the count on the button), when to poll, and the words for an export.
import { EXPORT_TYPE_LABELS, type ExportJob } from '@bulwark/core';
import { REPORT_POLL_MS, isMoving, sizeText } from './report-format.ts';

/** How many exports the menu lists. */
export const MENU_SIZE = 10;

/** Newest first, at most `limit`. */
export function newestExports(jobs: readonly ExportJob[], limit = MENU_SIZE): ExportJob[] {
  return [...jobs].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id).slice(0, limit);
}

/** Finished exports with a file that the user has not downloaded (or marked read) yet. */
export function unreadReady(jobs: readonly ExportJob[]): number {
  return jobs.filter((j) => isReady(j) && !j.is_read).length;
}

export function isReady(job: Pick<ExportJob, 'state' | 'file_name'>): boolean {
  return job.state === 'finished' && job.file_name !== null;
}

/** Poll while an export is pending or running. */
export function exportsPollInterval(jobs: readonly ExportJob[] | undefined): number | false {
  return jobs?.some((j) => isMoving(j.state)) ? REPORT_POLL_MS : false;
}

/** The accessible name of the menu's button: 'Exports' or 'Exports, 2 ready to download'. */
export function exportsButtonLabel(ready: number): string {
  return ready === 0 ? 'Exports' : `Exports, ${ready} ready to download`;
}

/** 'Vulnerabilities export'. */
export function exportTitle(job: Pick<ExportJob, 'type'>): string {
  return `${EXPORT_TYPE_LABELS[job.type]} export`;
}

/** '1,204 rows · 88 KB' for a finished export; '' otherwise. */
export function exportDetails(job: Pick<ExportJob, 'state' | 'rows' | 'file_size'>): string {
  if (job.state !== 'finished') return '';
  const rows = job.rows === null ? null : `${job.rows.toLocaleString('en-US')} ${job.rows === 1 ? 'row' : 'rows'}`;
  return [rows, job.file_size === null ? null : sizeText(job.file_size)].filter(Boolean).join(' · ');
}
