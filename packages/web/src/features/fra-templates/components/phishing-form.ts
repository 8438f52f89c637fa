// The phishing template form's values and their translation to the API's input: an e-mail-only template sends "-" for
// its landing pages (§5), so its website fields are neither shown nor kept.
import {
  EMAIL_TEMPLATE_WEBSITE_PLACEHOLDER,
  phishingTemplateInput,
  type Language,
  type PhishingTemplate,
  type PhishingTemplateInput,
  type PhishingTemplateType,
} from '@bulwark/core';
import { schemaErrors } from '../../../components/forms/schema-field.ts';

export interface PhishingFormValues {
  name: string;
  template_type: PhishingTemplateType;
  language: Language;
  difficulty: string;
  sender_name: string;
  sender_local_part: string;
  email_subject: string;
  email_body: string;
  website_main_template: string;
  website_response_template: string;
}

export const PHISHING_ERROR_FIELDS = [
  'name',
  'template_type',
  'language',
  'difficulty',
  'sender_name',
  'sender_local_part',
  'email_subject',
  'email_body',
  'website_main_template',
  'website_response_template',
] as const;

const noPage = (v: string) => (v === EMAIL_TEMPLATE_WEBSITE_PLACEHOLDER ? '' : v);

export function phishingFormValues(t: PhishingTemplate | null): PhishingFormValues {
  return {
    name: t?.name ?? '',
    template_type: t?.template_type ?? 'website',
    language: t?.language ?? 'english',
    difficulty: String(t?.difficulty ?? 2),
    sender_name: t?.sender_name ?? '',
    sender_local_part: t?.sender_local_part ?? 'no-reply',
    email_subject: t?.email_subject ?? '',
    email_body: t?.email_body ?? '',
    website_main_template: noPage(t?.website_main_template ?? ''),
    website_response_template: noPage(t?.website_response_template ?? ''),
  };
}

export function phishingInput(v: PhishingFormValues): PhishingTemplateInput {
  const website = v.template_type === 'website';
  return {
    name: v.name,
    template_type: v.template_type,
    language: v.language,
    difficulty: Number(v.difficulty),
    sender_name: v.sender_name,
    sender_local_part: v.sender_local_part,
    email_subject: v.email_subject,
    email_body: v.email_body,
    website_main_template: website ? v.website_main_template : EMAIL_TEMPLATE_WEBSITE_PLACEHOLDER,
    website_response_template: website ? v.website_response_template : EMAIL_TEMPLATE_WEBSITE_PLACEHOLDER,
  };
}

/** The same checks and words as the server's. */
export function validatePhishing(v: PhishingFormValues): Record<string, string> {
  return schemaErrors(phishingTemplateInput, phishingInput(v));
}
