// Calls of the vulnerability-intelligence page: stored feed counts, feed imports (start, list) and CVE lookup.
import { feedHealth, feedImport, feedSyncStarted, intelStatus, vulnerabilityMatch, type FeedHealth, type FeedImport } from '@bulwark/core';
import { api, type AnswerSchema } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/query-string.ts';

export type IntelStatus = ReturnType<typeof intelStatus.parse>;
export type VulnerabilityMatch = ReturnType<typeof vulnerabilityMatch.parse>;

/** What a lookup searches by: a CPE 2.3 name or ECOSYSTEM/NAME@VERSION. */
export type MatchKind = 'cpe' | 'package';

export interface FeedImportPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: FeedImport[];
}

const feedImportList = feedImport.array();
const vulnerabilityMatchList = vulnerabilityMatch.array();

function nullableString(value: unknown, name: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new Error(`${name} is not a string`);
  return value;
}

/** A page of feed imports: `{count, next, previous, results}`, each result checked with core's `feedImport`. */
export const feedImportPage: AnswerSchema<FeedImportPage> = {
  parse(data: unknown): FeedImportPage {
    if (typeof data !== 'object' || data === null) throw new Error('not an object');
    const body = data as Record<string, unknown>;
    if (typeof body.count !== 'number' || !Number.isInteger(body.count)) throw new Error('count missing');
    return {
      count: body.count,
      next: nullableString(body.next, 'next'),
      previous: nullableString(body.previous, 'previous'),
      results: feedImportList.parse(body.results),
    };
  },
};

/** GET intel/health/: the feeds' problems as the signed-in customer needs them (none when all is well). */
export function fetchFeedHealth(signal?: AbortSignal): Promise<FeedHealth> {
  return api.get('intel/health/', { signal, schema: feedHealth });
}

/** GET intel/status/: how much of each feed is stored, and the newest import. */
export function fetchIntelStatus(signal?: AbortSignal): Promise<IntelStatus> {
  return api.get('intel/status/', { signal, schema: intelStatus });
}

/** GET intel/imports/ (superusers): newest first. */
export function fetchFeedImports(query: QueryParams, signal?: AbortSignal): Promise<FeedImportPage> {
  return api.get('intel/imports/', { query, signal, schema: feedImportPage });
}

/** POST intel/imports/ (superusers): paths relative to the server's feeds directory; the import starts queued. */
export function startFeedImport(sources: string[]): Promise<FeedImport> {
  return api.post('intel/imports/', { sources }, { schema: feedImport });
}

/** POST intel/sync/ (platform operators): sync every configured feed now, or the named sources. */
export function startFeedSync(sources?: string[]): Promise<{ detail: string; sources: string[] }> {
  return api.post('intel/sync/', sources ? { sources } : {}, { schema: feedSyncStarted });
}

/** GET intel/match/?cpe=… or ?package=…: the CVEs that apply. */
export function matchVulnerabilities(kind: MatchKind, value: string, signal?: AbortSignal): Promise<VulnerabilityMatch[]> {
  return api.get('intel/match/', { query: { [kind]: value }, signal, schema: vulnerabilityMatchList });
}
