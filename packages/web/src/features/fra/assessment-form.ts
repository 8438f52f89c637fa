// Pure rules of the assessment and assessment-schedule forms: their values (Mantine keeps ids as strings), the checks
// of each step of the stepwise form, the body sent, and which step each server field error belongs to.
import type { Assessment, AssessmentInput, AssessmentSchedule, TrainingTrigger } from '@bulwark/core';
import { fromLocalInput, toLocalInput } from './assessment-format.ts';

/** The settings an assessment and an assessment schedule share. */
export interface SettingsValues {
  name: string;
  phishing_templates: string[];
  recipients: string[];
  tags: string[];
  departments: string[];
  sender_domain: string | null;
  landing_domain: string | null;
  training_template: string | null;
  training_trigger: TrainingTrigger;
  rate_per_minute: number | string;
  tracking_days: number | string;
}

export interface AssessmentValues extends SettingsValues {
  /** datetime-local values (local time); empty: now / at once. */
  send_start: string;
  send_end: string;
}

const ids = (xs: readonly number[]) => xs.map(String);
const idOf = (ref: { id: number } | null) => (ref ? String(ref.id) : null);

export function settingsValues(a: Assessment | AssessmentSchedule | null | undefined): SettingsValues {
  return {
    name: a?.name ?? '',
    phishing_templates: ids(a?.phishing_templates.map((t) => t.id) ?? []),
    recipients: ids(a?.recipients.recipients ?? []),
    tags: ids(a?.recipients.tags ?? []),
    departments: [...(a?.recipients.departments ?? [])],
    sender_domain: idOf(a?.sender_domain ?? null),
    landing_domain: idOf(a?.landing_domain ?? null),
    training_template: idOf(a?.training_template ?? null),
    training_trigger: a?.training_trigger ?? 'none',
    rate_per_minute: a?.rate_per_minute ?? 60,
    tracking_days: a?.tracking_days ?? 14,
  };
}

export function assessmentValues(a: Assessment | null | undefined): AssessmentValues {
  return { ...settingsValues(a), send_start: toLocalInput(a?.send_start), send_end: toLocalInput(a?.send_end) };
}

const num = (v: number | string) => (typeof v === 'number' ? v : Number(v));
const idNum = (v: string | null) => (v === null || v === '' ? null : Number(v));

export function settingsBody(v: SettingsValues) {
  return {
    name: v.name.trim(),
    phishing_templates: v.phishing_templates.map(Number),
    recipients: { recipients: v.recipients.map(Number), tags: v.tags.map(Number), departments: v.departments },
    sender_domain: idNum(v.sender_domain) as number,
    landing_domain: idNum(v.landing_domain),
    training_template: v.training_trigger === 'none' ? null : idNum(v.training_template),
    training_trigger: v.training_trigger,
    rate_per_minute: num(v.rate_per_minute),
    tracking_days: num(v.tracking_days),
  };
}

export function assessmentBody(v: AssessmentValues): AssessmentInput {
  return { ...settingsBody(v), send_start: fromLocalInput(v.send_start), send_end: fromLocalInput(v.send_end) };
}

/** The steps of the form, in order; the review is the last. */
export const STEPS = ['templates', 'recipients', 'domains', 'training', 'timing'] as const;
export type Step = (typeof STEPS)[number];

/** Which step each form field is on (server errors on a field bring the form back to its step). */
export const FIELD_STEP: Record<string, Step> = {
  name: 'templates',
  phishing_templates: 'templates',
  recipients: 'recipients',
  tags: 'recipients',
  departments: 'recipients',
  sender_domain: 'domains',
  landing_domain: 'domains',
  training_template: 'training',
  training_trigger: 'training',
  send_start: 'timing',
  send_end: 'timing',
  rate_per_minute: 'timing',
  tracking_days: 'timing',
};

/** Server field → form field ('recipients.tags' → tags …). */
export const ASSESSMENT_ERROR_FIELDS: Record<string, string> = {
  ...Object.fromEntries(Object.keys(FIELD_STEP).map((f) => [f, f])),
  'recipients.recipients': 'recipients',
  'recipients.tags': 'tags',
  'recipients.departments': 'departments',
};

type Errors = Partial<Record<keyof AssessmentValues, string>>;

/** The checks of one step (the server checks everything again). */
export function checkStep(step: Step, v: AssessmentValues | SettingsValues): Errors {
  const e: Errors = {};
  switch (step) {
    case 'templates':
      if (!v.name.trim()) e.name = 'This field may not be blank.';
      if (v.phishing_templates.length === 0) e.phishing_templates = 'Choose at least one phishing template.';
      break;
    case 'recipients':
      if (v.recipients.length + v.tags.length + v.departments.length === 0) e.recipients = 'Choose recipients, tags or departments.';
      break;
    case 'domains':
      if (!v.sender_domain) e.sender_domain = 'Choose the domain the messages come from.';
      break;
    case 'training':
      if (v.training_trigger !== 'none' && !v.training_template) e.training_template = 'Choose the training that follows.';
      break;
    case 'timing': {
      const rate = num(v.rate_per_minute);
      if (!Number.isInteger(rate) || rate < 1 || rate > 6000) e.rate_per_minute = 'Enter 1 to 6,000 messages a minute.';
      const days = num(v.tracking_days);
      if (!Number.isInteger(days) || days < 1 || days > 90) e.tracking_days = 'Enter 1 to 90 days.';
      if ('send_start' in v && v.send_start && v.send_end && new Date(v.send_end) <= new Date(v.send_start))
        e.send_end = 'The window must end after it starts.';
      break;
    }
  }
  return e;
}

/** The first step holding one of the errors, or null. */
export function firstStepWithError(errors: Record<string, unknown>): number | null {
  const steps = Object.keys(errors)
    .map((f) => FIELD_STEP[f])
    .filter((s): s is Step => s !== undefined)
    .map((s) => STEPS.indexOf(s));
  return steps.length > 0 ? Math.min(...steps) : null;
}
