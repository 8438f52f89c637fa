// Calls of the phishing, web training and e-mail templates (feature-areas §7 fra/phishing-templates/,
// fra/session-templates/, their import, copy and restore, the previews and the video thumbnail lookup).
import {
  importableTemplate,
  phishingTemplate,
  sessionTemplate,
  type ImportableTemplate,
  type PhishingTemplate,
  type PhishingTemplateInput,
  type SessionTemplate,
  type SessionTemplateInput,
} from '@bulwark/core';
import { api, type AnswerSchema } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';

const PHISHING = 'fra/phishing-templates/';
const SESSION = 'fra/session-templates/';
const phishingPage = pagedAnswer(phishingTemplate);
const sessionPage = pagedAnswer(sessionTemplate);
const importables: AnswerSchema<ImportableTemplate[]> = {
  parse(data) {
    if (!Array.isArray(data)) throw new Error('not a list');
    return data.map((d) => importableTemplate.parse(d));
  },
};

/** What both previews answer: the filled subject and HTML. */
export interface RenderedPreview {
  subject: string;
  html: string;
}
const renderedPreview: AnswerSchema<RenderedPreview> = {
  parse(data) {
    const d = data as Partial<RenderedPreview> | null;
    if (typeof d?.subject !== 'string' || typeof d.html !== 'string') throw new Error('not a preview');
    return { subject: d.subject, html: d.html };
  },
};

export const phishingTemplates = {
  keys: {
    all: ['fra-phishing-templates'] as const,
    list: (query: QueryParams) => ['fra-phishing-templates', 'list', query] as const,
    one: (id: number) => ['fra-phishing-templates', 'one', id] as const,
    importables: ['fra-phishing-templates', 'import'] as const,
  },
  list: (query: QueryParams, signal?: AbortSignal): Promise<Paged<PhishingTemplate>> =>
    api.get(PHISHING, { query, signal, schema: phishingPage }),
  one: (id: number, signal?: AbortSignal) => api.get(`${PHISHING}${id}/`, { signal, schema: phishingTemplate }),
  create: (input: PhishingTemplateInput) => api.post(PHISHING, input, { schema: phishingTemplate }),
  update: (id: number, input: PhishingTemplateInput) => api.put(`${PHISHING}${id}/`, input, { schema: phishingTemplate }),
  /** Archives it (§4): it leaves the list and can be restored. */
  archive: (id: number) => api.delete(`${PHISHING}${id}/`),
  restore: (id: number) => api.patch(`${PHISHING}${id}/restore/`, { archived: false }, { schema: phishingTemplate }),
  copy: (id: number) => api.post(`${PHISHING}${id}/copy/`, undefined, { schema: phishingTemplate }),
  importables: (signal?: AbortSignal): Promise<ImportableTemplate[]> => api.get(`${PHISHING}import/`, { signal, schema: importables }),
  import: (pk: string) => api.post(`${PHISHING}import/`, { pk }, { schema: phishingTemplate }),
  /** The subject and HTML with the placeholders filled from `vars` (the preview's query inputs). */
  preview: (id: number, vars: Record<string, string>, signal?: AbortSignal) =>
    api.get(`fra/previews/phishing-template/`, { query: { ...vars, id }, signal, schema: renderedPreview }),
};

export const sessionTemplates = {
  keys: {
    all: ['fra-session-templates'] as const,
    list: (query: QueryParams) => ['fra-session-templates', 'list', query] as const,
    one: (id: number) => ['fra-session-templates', 'one', id] as const,
    importables: ['fra-session-templates', 'import'] as const,
  },
  /** `session_type` website lists web trainings, email the invitation e-mails. */
  list: (query: QueryParams, signal?: AbortSignal): Promise<Paged<SessionTemplate>> =>
    api.get(SESSION, { query, signal, schema: sessionPage }),
  one: (id: number, signal?: AbortSignal) => api.get(`${SESSION}${id}/`, { signal, schema: sessionTemplate }),
  create: (input: SessionTemplateInput) => api.post(SESSION, input, { schema: sessionTemplate }),
  update: (id: number, input: SessionTemplateInput) => api.put(`${SESSION}${id}/`, input, { schema: sessionTemplate }),
  remove: (id: number) => api.delete(`${SESSION}${id}/`),
  copy: (id: number) => api.post(`${SESSION}${id}/copy/`, undefined, { schema: sessionTemplate }),
  importables: (signal?: AbortSignal): Promise<ImportableTemplate[]> => api.get(`${SESSION}import/`, { signal, schema: importables }),
  import: (pk: string) => api.post(`${SESSION}import/`, { pk }, { schema: sessionTemplate }),
  /** The training invitation e-mail, filled with sample or given inputs. */
  invitationPreview: (id: number, vars: Record<string, string>, signal?: AbortSignal) =>
    api.get(`fra/previews/training-session-invitation-email/`, { query: { ...vars, id }, signal, schema: renderedPreview }),
};
