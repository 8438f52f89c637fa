// Phishing and training codes of feature-areas §3: severity, languages, session and question types, media.

/** Phishing severity: neutral 0 to critical 4. */
export const PHISHING_SEVERITY = { neutral: 0, low: 1, medium: 2, high: 3, critical: 4 } as const;
export type PhishingSeverity = (typeof PHISHING_SEVERITY)[keyof typeof PHISHING_SEVERITY];
export const PHISHING_SEVERITY_LABELS: Record<PhishingSeverity, string> = {
  0: 'Neutral',
  1: 'Low',
  2: 'Medium',
  3: 'High',
  4: 'Critical',
};

export const LANGUAGES = [
  'danish',
  'dutch',
  'english',
  'finnish',
  'french',
  'german',
  'norwegian',
  'polish',
  'portuguese',
  'spanish',
  'swedish',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = {
  danish: 'Danish',
  dutch: 'Dutch',
  english: 'English',
  finnish: 'Finnish',
  french: 'French',
  german: 'German',
  norwegian: 'Norwegian',
  polish: 'Polish',
  portuguese: 'Portuguese',
  spanish: 'Spanish',
  swedish: 'Swedish',
};

export const SESSION_TYPES = ['website', 'email'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

export const TEMPLATE_SECTIONS = ['training', 'content'] as const;
export type TemplateSection = (typeof TEMPLATE_SECTIONS)[number];

/** Training step question types; a no_content step has no question. */
export const QUESTION_TYPES = ['no_content', 'multiple_choice', 'single_choice'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MEDIA_TYPE_LABELS: Record<MediaType, string> = { image: 'Image', video: 'Video' };

/** Email phishing templates send this for website_main_template and website_response_template. */
export const EMAIL_TEMPLATE_WEBSITE_PLACEHOLDER = '-';
