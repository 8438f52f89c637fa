// Calls of phishing assessments, their schedules and results (pinned `fra/` paths): the assessment list and one
// assessment, save as draft, start, cancel and delete; schedules; per-recipient results, the events-over-time chart and
// one target's tracking events; and the choices the assessment form offers (templates, recipients, tags, departments,
// domains, training templates).
import {
  assessment,
  assessmentTimeline,
  assessmentSchedule,
  domain,
  phishingTemplate,
  recipient,
  recipientResult,
  sessionTemplate,
  tag,
  trackingEvent,
  type Assessment,
  type AssessmentInput,
  type AssessmentSchedule,
  type AssessmentTimeline,
  type AssessmentScheduleInput,
  type Domain,
  type PhishingTemplate,
  type Recipient,
  type RecipientResult,
  type SessionTemplate,
  type Tag,
  type TrackingEventRow,
} from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { pagedAnswer, type Paged } from '../../components/paged-answer.ts';

const assessmentPage = pagedAnswer(assessment);
const schedulePage = pagedAnswer(assessmentSchedule);
const resultPage = pagedAnswer(recipientResult);
const eventPage = pagedAnswer(trackingEvent);
const templatePage = pagedAnswer(phishingTemplate);
const sessionPage = pagedAnswer(sessionTemplate);
const recipientPage = pagedAnswer(recipient);
const domainPage = pagedAnswer(domain);
const tagPage = pagedAnswer(tag);

/** One bar of the events-over-time chart: its start and the people per event kind in it (bots apart). */
export interface TimelineBucket {
  at: string;
  counts: Record<string, number>;
}

/** fra/assessments/{uuid}/timeline/ points as the chart takes them: people per kind, and `bots` beside them. */
const timelineBuckets = (t: AssessmentTimeline): TimelineBucket[] =>
  t.points.map((p) => ({ at: p.at, counts: { ...p.human, bots: p.bots } }));

export interface DepartmentCount {
  department: string;
  count: number;
}
const departmentsAnswer = pagedAnswer({
  parse(data: unknown): DepartmentCount {
    // The server answers {department, recipients, active}: active ones are those an assessment reaches.
    const d = data as { department?: unknown; active?: unknown; recipients?: unknown } | null;
    if (typeof d?.department !== 'string' || typeof d.active !== 'number') throw new Error('not a department');
    return { department: d.department, count: d.active };
  },
});

/** What the assessment form sends as a draft or to start; `start` asks the server to start it at once. */
export type AssessmentSave = AssessmentInput & { start?: boolean };

export const FRA_KEYS = {
  all: ['fra-assessments'] as const,
  list: (query: QueryParams) => ['fra-assessments', 'list', query] as const,
  one: (uuid: string) => ['fra-assessments', 'one', uuid] as const,
  results: (uuid: string, query: QueryParams) => ['fra-assessments', 'results', uuid, query] as const,
  timeline: (uuid: string) => ['fra-assessments', 'timeline', uuid] as const,
  events: (target: number) => ['fra-assessments', 'events', target] as const,
  schedules: ['fra-schedules'] as const,
  scheduleList: (query: QueryParams) => ['fra-schedules', 'list', query] as const,
  choices: ['fra-choices'] as const,
  choice: (what: string, query?: QueryParams) => ['fra-choices', what, query ?? {}] as const,
};

export const assessments = {
  list: (query: QueryParams, signal?: AbortSignal): Promise<Paged<Assessment>> =>
    api.get('fra/assessments/', { query, signal, schema: assessmentPage }),
  one: (uuid: string, signal?: AbortSignal): Promise<Assessment> => api.get(`fra/assessments/${uuid}/`, { signal, schema: assessment }),
  create: (input: AssessmentSave): Promise<Assessment> => api.post('fra/assessments/', input, { schema: assessment }),
  update: (uuid: string, input: AssessmentInput): Promise<Assessment> =>
    api.patch(`fra/assessments/${uuid}/`, input, { schema: assessment }),
  remove: (uuid: string): Promise<void> => api.delete(`fra/assessments/${uuid}/`),
  start: (uuid: string): Promise<Assessment> => api.post(`fra/assessments/${uuid}/start/`, {}, { schema: assessment }),
  cancel: (uuid: string): Promise<Assessment> => api.post(`fra/assessments/${uuid}/cancel/`, {}, { schema: assessment }),
  results: (uuid: string, query: QueryParams, signal?: AbortSignal): Promise<Paged<RecipientResult>> =>
    api.get(`fra/assessments/${uuid}/results/`, { query, signal, schema: resultPage }),
  timeline: (uuid: string, signal?: AbortSignal): Promise<TimelineBucket[]> =>
    api.get(`fra/assessments/${uuid}/timeline/`, { signal, schema: assessmentTimeline }).then(timelineBuckets),
  events: (target: number, signal?: AbortSignal): Promise<TrackingEventRow[]> =>
    api.get(`fra/targets/${target}/events/`, { signal, query: { page_size: 100 }, schema: eventPage }).then((p) => p.results),
};

export const schedules = {
  list: (query: QueryParams, signal?: AbortSignal): Promise<Paged<AssessmentSchedule>> =>
    api.get('fra/schedules/', { query, signal, schema: schedulePage }),
  create: (input: AssessmentScheduleInput): Promise<AssessmentSchedule> =>
    api.post('fra/schedules/', input, { schema: assessmentSchedule }),
  update: (id: number, input: AssessmentScheduleInput): Promise<AssessmentSchedule> =>
    api.put(`fra/schedules/${id}/`, input, { schema: assessmentSchedule }),
  setActive: (id: number, active: boolean): Promise<AssessmentSchedule> =>
    api.patch(`fra/schedules/${id}/`, { active }, { schema: assessmentSchedule }),
  remove: (id: number): Promise<void> => api.delete(`fra/schedules/${id}/`),
};

/** The choices of the assessment form: a page of each, the first 100, the lists' largest page (a search narrows recipients). */
export const choices = {
  templates: (signal?: AbortSignal): Promise<PhishingTemplate[]> =>
    api
      .get('fra/phishing-templates/', { query: { page_size: 100, ordering: 'name' }, signal, schema: templatePage })
      .then((p) => p.results),
  trainings: (signal?: AbortSignal): Promise<SessionTemplate[]> =>
    api
      .get('fra/session-templates/', { query: { session_type: 'website', page_size: 100 }, signal, schema: sessionPage })
      .then((p) => p.results),
  recipients: (query: QueryParams, signal?: AbortSignal): Promise<Paged<Recipient>> =>
    api.get('fra/recipients/', { query, signal, schema: recipientPage }),
  departments: (signal?: AbortSignal): Promise<DepartmentCount[]> =>
    api.get('fra/recipients/departments/', { signal, schema: departmentsAnswer }).then((p) => p.results),
  domains: (signal?: AbortSignal): Promise<Domain[]> =>
    api.get('fra/domains/', { query: { page_size: 100, ordering: 'name' }, signal, schema: domainPage }).then((p) => p.results),
  tags: (signal?: AbortSignal): Promise<Tag[]> =>
    api.get('tags/tags/', { query: { page_size: 100 }, signal, schema: tagPage }).then((p) => p.results),
};
