// Payloads of phishing assessment results beyond fra-assessments.ts's recipientResult and trackingEvent: the filters of the result
// lists, an assessment's timeline (for its chart) and a recipient's timeline across assessments.
import { z } from 'zod';
import { TRACKING_EVENTS } from './fra.ts';
import { recipientResult, trackingEvent } from './fra-assessments.ts';

/** The keys the result lists order by (`-` for descending). */
export const RECIPIENT_RESULT_ORDERING = [
  'email',
  'name',
  'department',
  'severity',
  'send_at',
  'sent_at',
  'opened_at',
  'clicked_at',
  'submitted_at',
  'reported_at',
  'training_completed_at',
] as const;
export type RecipientResultOrdering = (typeof RECIPIENT_RESULT_ORDERING)[number];

/** One bucket (an hour or a day) of an assessment's timeline: people's first times per kind, and machine requests. */
export const timelinePoint = z.object({
  at: z.string(),
  human: z.record(z.enum(TRACKING_EVENTS), z.number().int()),
  bots: z.number().int(),
});
export type TimelinePoint = z.output<typeof timelinePoint>;

export const assessmentTimeline = z.object({
  bucket: z.enum(['hour', 'day']),
  points: z.array(timelinePoint),
  /** Totals over the whole assessment: people per kind (first times), machine requests per kind. */
  totals: z.object({
    human: z.record(z.enum(TRACKING_EVENTS), z.number().int()),
    bots: z.record(z.enum(TRACKING_EVENTS), z.number().int()),
  }),
});
export type AssessmentTimeline = z.output<typeof assessmentTimeline>;

/** A recipient's assessments, newest first, each with its result and every tracking request (bots included, marked). */
export const recipientTimeline = z.object({
  recipient: z.object({ id: z.number().int(), email: z.string(), name: z.string(), severity: z.number().int() }),
  assessments: z.array(z.object({ result: recipientResult, events: z.array(trackingEvent) })),
});
export type RecipientTimeline = z.output<typeof recipientTimeline>;
