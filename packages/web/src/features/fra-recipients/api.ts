// Calls of the recipients, domains and results screens (pinned fra/ API): recipients (paged list, one, create, change,
// delete, departments, CSV import with a dry-run preview, Azure AD sync), domains and their categories with the DNS
// check, and the results (recipient-results, a recipient's timeline across assessments).
import {
  directorySyncResult,
  domain,
  domainCategory,
  recipient,
  recipientImportResult,
  recipientResult,
  tagBasic,
  recipientTimeline,
  type DirectorySyncResult,
  type Domain,
  type DomainInput,
  type Recipient,
  type RecipientImportResult,
  type RecipientInput,
  type RecipientResult,
  type TagBasic,
  type TrackingEventRow,
} from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../components/paged-answer.ts';

export type DomainCategory = ReturnType<typeof domainCategory.parse>;
export interface BulkChanges {
  active?: boolean;
  department?: string;
  add_tags?: number[];
  remove_tags?: number[];
}
export type RecipientChange = Partial<Omit<RecipientInput, 'email'>> & { email?: string };

const recipientPage = pagedAnswer(recipient);
const resultPage = pagedAnswer(recipientResult);
const domainPage = pagedAnswer(domain);
const categoryList = listAnswer(domainCategory);

export interface DepartmentCount {
  department: string;
  recipients: number;
  active: number;
}
const department = {
  parse(data: unknown): DepartmentCount {
    const d = (data ?? {}) as Record<string, unknown>;
    return { department: String(d.department ?? ''), recipients: Number(d.recipients ?? 0), active: Number(d.active ?? 0) };
  },
};

/** One assessment in a recipient's timeline: what the recipient did there, and every request (bots included, marked). */
export interface TimelineEntry {
  assessment: RecipientResult['assessment'];
  training_score: number | null;
  severity: number;
  events: TrackingEventRow[];
}
const timelineAnswer = {
  parse(data: unknown): TimelineEntry[] {
    return recipientTimeline.parse(data).assessments.map(({ result, events }) => ({
      assessment: result.assessment,
      training_score: result.training_score,
      severity: result.severity,
      events,
    }));
  },
};

const R = 'fra/recipients/';
const D = 'fra/domains/';
const C = 'fra/domain-categories/';

export const FRA_KEYS = {
  recipients: ['fra-recipients'] as const,
  recipientList: (query: QueryParams) => ['fra-recipients', 'list', query] as const,
  recipient: (id: number) => ['fra-recipients', 'one', id] as const,
  departments: ['fra-recipients', 'departments'] as const,
  timeline: (id: number) => ['fra-recipients', 'timeline', id] as const,
  results: (query: QueryParams) => ['fra-recipient-results', query] as const,
  domains: ['fra-domains'] as const,
  domainList: (query: QueryParams) => ['fra-domains', 'list', query] as const,
  categories: ['fra-domains', 'categories'] as const,
  tags: ['tags', 'basics'] as const,
};

/** Every tag of the customer (id, name, colour), for the tag filter and pickers. */
export const fetchTagBasics = (signal?: AbortSignal): Promise<TagBasic[]> =>
  api.get('tags_basics/', { signal, schema: listAnswer(tagBasic) });

export const recipients = {
  list: (query: QueryParams, signal?: AbortSignal): Promise<Paged<Recipient>> => api.get(R, { query, signal, schema: recipientPage }),
  one: (id: number, signal?: AbortSignal): Promise<Recipient> => api.get(`${R}${id}/`, { signal, schema: recipient }),
  create: (input: RecipientInput): Promise<Recipient> => api.post(R, input, { schema: recipient }),
  update: (id: number, change: RecipientChange): Promise<Recipient> => api.patch(`${R}${id}/`, change, { schema: recipient }),
  /** Changes many at once (one transaction): active, department, language, tags added or removed. */
  bulk: (ids: number[], changes: BulkChanges): Promise<{ updated: number }> => api.patch(R, { ids, changes }),
  remove: (id: number): Promise<void> => api.delete(`${R}${id}/`),
  departments: (signal?: AbortSignal): Promise<DepartmentCount[]> =>
    api.get(`${R}departments/`, { signal, schema: listAnswer(department) }),
  /** A dry run answers the preview and the errors per row; nothing is written. */
  importCsv(file: File, dryRun: boolean): Promise<RecipientImportResult> {
    const body = new FormData();
    body.append('csv_file', file);
    body.append('dry_run', String(dryRun));
    return api.post(`${R}import/`, body, { schema: recipientImportResult, timeoutMs: 120_000 });
  },
  syncAzure: (): Promise<DirectorySyncResult> => api.post(`${R}sync/azure_ad/`, {}, { schema: directorySyncResult, timeoutMs: 300_000 }),
  timeline: (id: number, signal?: AbortSignal): Promise<TimelineEntry[]> =>
    api.get(`${R}${id}/timeline/`, { signal, schema: timelineAnswer }),
};

export const recipientResults = {
  list: (query: QueryParams, signal?: AbortSignal): Promise<Paged<RecipientResult>> =>
    api.get('fra/recipient-results/', { query, signal, schema: resultPage }),
};

export const domains = {
  list: (query: QueryParams, signal?: AbortSignal): Promise<Paged<Domain>> => api.get(D, { query, signal, schema: domainPage }),
  create: (input: DomainInput): Promise<Domain> => api.post(D, input, { schema: domain }),
  update: (id: number, input: DomainInput): Promise<Domain> => api.put(`${D}${id}/`, input, { schema: domain }),
  remove: (id: number): Promise<void> => api.delete(`${D}${id}/`),
  /** Looks the domain's SPF, DKIM, DMARC and MX up now; answers the domain with its new check. */
  check: (id: number): Promise<Domain> => api.post(`${D}${id}/check/`, {}, { schema: domain, timeoutMs: 60_000 }),
  categories: (signal?: AbortSignal): Promise<DomainCategory[]> => api.get(C, { signal, query: { page_size: 100 }, schema: categoryList }),
  createCategory: (name: string): Promise<DomainCategory> => api.post(C, { name }, { schema: domainCategory }),
  renameCategory: (id: number, name: string): Promise<DomainCategory> => api.patch(`${C}${id}/`, { name }, { schema: domainCategory }),
  removeCategory: (id: number): Promise<void> => api.delete(`${C}${id}/`),
};
