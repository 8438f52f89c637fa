// Calls of background exports (feature-areas §7 Exports): a user's exports of each type (vulnerabilities, issues,
// assets), starting one, one export, marking it read, and where its file is downloaded from. Kept apart from the report
// calls: the header's exports menu loads with every page, so it brings only these.
import { EXPORT_TYPES, exportJob, type ExportInput, type ExportJob, type ExportType } from '@bulwark/core';
import { api, apiUrl } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../../components/paged-answer.ts';

const exportPage = pagedAnswer(exportJob);
const path = (type: ExportType) => `export/${type}/`;

/** How many of each type's newest exports the menu asks for. */
export const RECENT_PER_TYPE = 10;

/** GET export/{type}/: the user's exports of a type, newest first. */
export function fetchExports(type: ExportType, query: QueryParams, signal?: AbortSignal): Promise<Paged<ExportJob>> {
  return api.get(path(type), { query, signal, schema: exportPage });
}

/** POST export/{type}/: starts an export (201) of the given fields (all when none) and list filters. */
export function createExport(type: ExportType, input: ExportInput = {}): Promise<ExportJob> {
  return api.post(path(type), input, { schema: exportJob });
}

export function fetchExport(type: ExportType, id: number, signal?: AbortSignal): Promise<ExportJob> {
  return api.get(`${path(type)}${id}/`, { signal, schema: exportJob });
}

export async function markExportRead(type: ExportType, id: number): Promise<void> {
  await api.patch(`${path(type)}${id}/mark_read/`);
}

export function exportDownloadUrl(type: ExportType, id: number): string {
  return apiUrl(`${path(type)}${id}/download/`);
}

export interface RecentExports {
  /** Every type's newest exports together. */
  jobs: ExportJob[];
  /** The types whose list could not be read (e.g. no permission for assets); the others still show. */
  failed: ExportType[];
  /** Why, for the first of them. */
  error: unknown;
}

/** The newest exports of all three types; one type failing does not hide the others. */
export async function fetchRecentExports(signal?: AbortSignal): Promise<RecentExports> {
  const answers = await Promise.allSettled(EXPORT_TYPES.map((type) => fetchExports(type, { page_size: RECENT_PER_TYPE }, signal)));
  const jobs: ExportJob[] = [];
  const failed: ExportType[] = [];
  let error: unknown = null;
  answers.forEach((answer, i) => {
    if (answer.status === 'fulfilled') jobs.push(...answer.value.results);
    else {
      failed.push(EXPORT_TYPES[i]);
      error ??= answer.reason;
    }
  });
  if (failed.length === EXPORT_TYPES.length) throw error;
  return { jobs, failed, error };
}

export const EXPORT_KEYS = {
  all: ['exports'] as const,
  recent: ['exports', 'recent'] as const,
};
