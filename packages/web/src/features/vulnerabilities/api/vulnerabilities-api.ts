// Calls of the unified vulnerability screens (feature-areas §7 Unified assets, Vulnerabilities and tests): issues and
// findings lists with their counts and CSV export, one issue and its parts, one finding with its timeline, ignoring,
// un-ignoring and approving, the ignored summary, saved filters, and the tags the filter offers.
import {
  commonAppVersion,
  ignoredDetails,
  ignoreResult,
  issue,
  issueDetails,
  qodHidden,
  relatedIssue,
  savedFilter,
  tagBasic,
  vulnerability,
  vulnerabilityDetail,
  vulnerabilitySummary,
  type IgnoreInput,
  type Issue,
  type IssueDetails,
  type QodHidden,
  type SavedFilter,
  type SavedFilterInput,
  type TagBasic,
  type Vulnerability,
  type VulnerabilityDetail,
  type VulnerabilitySummary,
} from '@bulwark/core';
import { api, apiUrl } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/query-string.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../../components/paged-answer.ts';

export type IgnoredDetails = ReturnType<typeof ignoredDetails.parse>;
export type RelatedIssue = ReturnType<typeof relatedIssue.parse>;
export type CommonAppVersion = ReturnType<typeof commonAppVersion.parse>;
export type IgnoreAnswer = ReturnType<typeof ignoreResult.parse>;
export interface ListCount {
  count: number;
  exact: boolean;
}

/** A page of a vulnerability list, with how many findings the minimum quality of detection hid (null if not said). */
export type QodPaged<T> = Paged<T> & { qod: QodHidden | null };

function qodPagedAnswer<T>(item: { parse(data: unknown): T }) {
  const page = pagedAnswer(item);
  return {
    parse(data: unknown): QodPaged<T> {
      const said = qodHidden.safeParse((data as { qod?: unknown } | null)?.qod);
      return { ...page.parse(data), qod: said.success ? said.data : null };
    },
  };
}

const issuePage = qodPagedAnswer(issue);
const findingPage = qodPagedAnswer(vulnerability);
const countAnswer = {
  parse(data: unknown): ListCount {
    const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    if (typeof body.count !== 'number') throw new Error('count missing');
    return { count: body.count, exact: body.exact !== false };
  },
};

const ISSUES = 'unified-assets/issues/';
const FINDINGS = 'remediation/vulnerability-simple/';
const SAVED = 'remediation/vm-filter-collection/';
const hidPath = (hid: string) => `${ISSUES}${encodeURIComponent(hid)}/`;

/** GET unified-assets/issues/: one row per issue the filter matches. */
export function fetchIssues(query: QueryParams, signal?: AbortSignal): Promise<QodPaged<Issue>> {
  return api.get(ISSUES, { query, signal, schema: issuePage });
}

/** GET remediation/vulnerability-simple/: one row per finding (issue × asset × port). */
export function fetchFindings(query: QueryParams, signal?: AbortSignal): Promise<QodPaged<Vulnerability>> {
  return api.get(FINDINGS, { query, signal, schema: findingPage });
}

/** OPTIONS on either list: how many findings the filter matches (estimated on large sets). */
export function fetchFindingCount(group: 'issue' | 'asset', query: QueryParams, signal?: AbortSignal): Promise<ListCount> {
  return api.options(group === 'issue' ? ISSUES : FINDINGS, { query, signal, schema: countAnswer });
}

/** Where the CSV of the findings a filter matches is downloaded from. */
export function exportUrl(query: QueryParams): string {
  return apiUrl(`${FINDINGS}export/`, query);
}

export function fetchIssueDetails(hid: string, signal?: AbortSignal): Promise<IssueDetails> {
  return api.get(`${hidPath(hid)}details/`, { signal, schema: issueDetails });
}

/** The issue's findings, one per asset and port, with the list's filters. */
export function fetchIssueFindings(hid: string, query: QueryParams, signal?: AbortSignal): Promise<QodPaged<Vulnerability>> {
  // An issue's page shows every finding of it, whatever its quality of detection (each says its own).
  return api.get(`${hidPath(hid)}assets/`, { query: { qod_min: '0', ...query }, signal, schema: findingPage });
}

export function fetchRelatedIssues(hid: string, signal?: AbortSignal): Promise<RelatedIssue[]> {
  return api.get(`${hidPath(hid)}related-issues/`, { signal, schema: listAnswer(relatedIssue) });
}

export function fetchCommonAppVersions(hid: string, signal?: AbortSignal): Promise<CommonAppVersion[]> {
  return api.get(`${hidPath(hid)}common_app_versions/`, { signal, schema: listAnswer(commonAppVersion) });
}

export function fetchSummary(signal?: AbortSignal): Promise<VulnerabilitySummary> {
  return api.get('unified-assets/issues-summary/', { signal, schema: vulnerabilitySummary });
}

export function fetchIgnoredDetails(signal?: AbortSignal): Promise<IgnoredDetails> {
  return api.get('unified-assets/issues-ignored-details/', { signal, schema: ignoredDetails });
}

/** One finding with its evidence and timeline. */
export function fetchFinding(id: number, signal?: AbortSignal): Promise<VulnerabilityDetail> {
  return api.get(`remediation/vulnerability/${id}/`, { signal, schema: vulnerabilityDetail });
}

/** POST remediation/vulnerability/ignore/: by ids, an issue on all its assets (hid), or a filter. */
export function ignoreFindings(input: IgnoreInput): Promise<IgnoreAnswer> {
  return api.post('remediation/vulnerability/ignore/', input, { schema: ignoreResult });
}

export async function unignoreFindings(ids: readonly number[]): Promise<number> {
  if (ids.length === 1) {
    await api.post(`remediation/vulnerability/unignore/${ids[0]}/`);
    return 1;
  }
  const answer = await api.post<{ unignored?: number }>('remediation/vulnerability/unignore/', { ids: [...ids] });
  return answer?.unignored ?? ids.length;
}

/** Approves risk acceptances someone else asked for. */
export async function approveFindings(ids: readonly number[]): Promise<number> {
  const answer = await api.post<{ approved?: number }>('remediation/vulnerability/approve/', { ids: [...ids] });
  return answer?.approved ?? ids.length;
}

/** The ids of an issue's ignored or disabled findings (to un-ignore a whole issue from the issue list). */
export async function ignoredFindingIds(hid: string): Promise<number[]> {
  const found = await fetchIssueFindings(hid, { state: 'ignored', finding_state: ['0', '1', '2', '3'], page_size: 1000 });
  return found.results.filter((f) => f.ignored !== null).map((f) => f.id);
}

// Saved filters.

export function fetchSavedFilters(signal?: AbortSignal): Promise<SavedFilter[]> {
  return api.get(SAVED, { signal, schema: listAnswer(savedFilter) });
}

export function createSavedFilter(input: SavedFilterInput): Promise<SavedFilter> {
  return api.post(SAVED, input, { schema: savedFilter });
}

export function deleteSavedFilter(id: number): Promise<void> {
  return api.delete(`${SAVED}${id}/`);
}

export function setDefaultSavedFilter(id: number, isDefault: boolean): Promise<SavedFilter> {
  return api.post(`${SAVED}${id}/${isDefault ? 'set-default' : 'remove-default'}/`, undefined, { schema: savedFilter });
}

export function fetchTags(signal?: AbortSignal): Promise<TagBasic[]> {
  return api.get('tags_basics/', { signal, schema: listAnswer(tagBasic) });
}

export const VULN_KEYS = {
  all: ['vulnerabilities'] as const,
  issues: (query: QueryParams) => ['vulnerabilities', 'issues', query] as const,
  findings: (query: QueryParams) => ['vulnerabilities', 'findings', query] as const,
  count: (group: string, query: QueryParams) => ['vulnerabilities', 'count', group, query] as const,
  issue: (hid: string) => ['vulnerabilities', 'issue', hid] as const,
  issueFindings: (hid: string, query: QueryParams) => ['vulnerabilities', 'issue', hid, 'findings', query] as const,
  related: (hid: string) => ['vulnerabilities', 'issue', hid, 'related'] as const,
  versions: (hid: string) => ['vulnerabilities', 'issue', hid, 'versions'] as const,
  finding: (id: number) => ['vulnerabilities', 'finding', id] as const,
  ignored: ['vulnerabilities', 'ignored-details'] as const,
  summary: ['vulnerabilities', 'summary'] as const,
  saved: ['vulnerabilities', 'saved-filters'] as const,
  tags: ['vulnerabilities', 'tags'] as const,
};

/** Stops ignoring an issue on all its assets: its rule for later findings ends, and its findings count again. */
export async function unignoreIssue(hid: string): Promise<number> {
  const answer = await api.post<{ unignored?: number }>('remediation/vulnerability/unignore/', { hid });
  return answer?.unignored ?? 0;
}
