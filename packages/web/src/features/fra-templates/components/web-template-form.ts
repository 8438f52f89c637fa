// The web training template form's values and their translation to the API's input. The values keep the API's field
// names, so the server's schema (core) checks them with the same words and its paths ("training_steps.0.title") are
// the form's own. A media link left empty is sent as no media.
import {
  sessionTemplateInput,
  type ColorScheme,
  type Language,
  type QuestionType,
  type SessionTemplate,
  type SessionTemplateInput,
  type TrainingStep,
} from '@bulwark/core';
import type { MediaValue } from '../../../components/forms/MediaInput.tsx';

export interface OptionValues {
  key: string;
  id?: number;
  text: string;
  correct: boolean;
}

export interface StepValues {
  /** React's key for the step: steps are reordered, so the index will not do. */
  key: string;
  id?: number;
  title: string;
  description: string;
  media: MediaValue | null;
  question_type: QuestionType;
  question_options: OptionValues[];
  correct_message: string;
  correct_media: MediaValue | null;
  incorrect_message: string;
  incorrect_media: MediaValue | null;
}

export interface WebTemplateValues {
  name: string;
  accent_color: string;
  color_scheme: ColorScheme;
  logo_url: MediaValue | null;
  language: Language;
  training_steps: StepValues[];
}

let counter = 0;
export const newKey = () => `k${++counter}`;

export function newOption(text = '', correct = false): OptionValues {
  return { key: newKey(), text, correct };
}

export function newStep(): StepValues {
  return {
    key: newKey(),
    title: '',
    description: '',
    media: null,
    question_type: 'no_content',
    question_options: [],
    correct_message: '',
    correct_media: null,
    incorrect_message: '',
    incorrect_media: null,
  };
}

function stepValues(s: TrainingStep): StepValues {
  return {
    key: newKey(),
    id: s.id,
    title: s.title,
    description: s.description,
    media: s.media,
    question_type: s.question_type,
    question_options: s.question_options.map((o) => ({ key: newKey(), id: o.id, text: o.text, correct: o.correct })),
    correct_message: s.correct_message,
    correct_media: s.correct_media,
    incorrect_message: s.incorrect_message,
    incorrect_media: s.incorrect_media,
  };
}

export function webTemplateValues(t: SessionTemplate | null): WebTemplateValues {
  return {
    name: t?.name ?? '',
    accent_color: t?.accent_color ?? '#1c7ed6',
    color_scheme: t?.color_scheme ?? 'light',
    logo_url: t?.logo_url ? { type: 'image', url: t.logo_url } : null,
    language: t?.language ?? 'english',
    training_steps: t ? t.training_steps.map(stepValues) : [newStep()],
  };
}

const mediaOut = (m: MediaValue | null) => (m && m.url.trim() !== '' ? { type: m.type, url: m.url.trim() } : null);

export function webTemplateInput(v: WebTemplateValues): SessionTemplateInput {
  return {
    name: v.name,
    accent_color: v.accent_color,
    color_scheme: v.color_scheme,
    logo_url: mediaOut(v.logo_url)?.url ?? null,
    session_type: 'website',
    section: 'training',
    language: v.language,
    training_steps: v.training_steps.map((s) => ({
      ...(s.id !== undefined ? { id: s.id } : {}),
      title: s.title,
      description: s.description,
      media: mediaOut(s.media),
      question_type: s.question_type,
      // A no_content step has no question: its options are not sent (§5 "skipped").
      question_options:
        s.question_type === 'no_content'
          ? []
          : s.question_options.map((o) => ({ ...(o.id !== undefined ? { id: o.id } : {}), text: o.text, correct: o.correct })),
      correct_message: s.correct_message,
      correct_media: mediaOut(s.correct_media),
      incorrect_message: s.incorrect_message,
      incorrect_media: mediaOut(s.incorrect_media),
    })),
    components: {},
  };
}

/** The server's checks, each message on the field its path names (a media's message on the media, not its url). */
export function validateWebTemplate(v: WebTemplateValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = sessionTemplateInput.safeParse(webTemplateInput(v));
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.map(String);
    if (path.at(-1) === 'url') path.pop();
    errors[path.join('.')] ??= issue.message;
  }
  return errors;
}
