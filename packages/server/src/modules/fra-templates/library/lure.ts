// One shipped phishing lure in one language, as compact parts, and how it becomes a library entry (a phishing template
// input that core's phishingTemplateInput accepts): the e-mail, and for a website lure its landing and response pages.
import type { PhishingTemplateInput, SessionTemplateInput } from '@bulwark/core';
import { formPage, mailHtml, responsePage, type MailParts, type PageParts } from './html.ts';

export interface PhishingLibraryEntry {
  pk: string;
  description: string;
  template: PhishingTemplateInput & { language: NonNullable<PhishingTemplateInput['language']> };
}

export interface SessionLibraryEntry {
  pk: string;
  description: string;
  template: SessionTemplateInput;
}

export interface Lure {
  /** The scenario (same in every language): password-expiry, shared-document, … */
  key: string;
  type: 'website' | 'email';
  difficulty: 1 | 2 | 3;
  name: string;
  description: string;
  senderName: string;
  senderLocalPart: string;
  subject: string;
  brand: string;
  accent: string;
  mail: Omit<MailParts, 'brand' | 'accent'>;
  page?: Omit<PageParts, 'brand' | 'accent' | 'lang'>;
  response?: { title: string; text: string };
}

const CODES = { english: 'en', swedish: 'sv', german: 'de' } as const;
export type LibraryLanguage = keyof typeof CODES;

export function lureEntry(language: LibraryLanguage, l: Lure): PhishingLibraryEntry {
  const lang = CODES[language];
  const website = l.type === 'website' && l.page && l.response;
  return {
    pk: `${l.key}-${lang}`,
    description: l.description,
    template: {
      name: l.name,
      template_type: l.type,
      language,
      difficulty: l.difficulty,
      sender_name: l.senderName,
      sender_local_part: l.senderLocalPart,
      email_subject: l.subject,
      email_body: mailHtml({ brand: l.brand, accent: l.accent, ...l.mail }),
      website_main_template: website ? formPage({ brand: l.brand, accent: l.accent, lang, ...l.page! }) : '-',
      website_response_template: website ? responsePage({ brand: l.brand, accent: l.accent, lang, ...l.response! }) : '-',
    },
  };
}
