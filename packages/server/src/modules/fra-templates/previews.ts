// Previews of templates with sample inputs (fra/previews/…; query parameters override core's SAMPLE_TEMPLATE_VARS), and
// the one renderer of a training invitation e-mail that sending uses too. Placeholder values are HTML-escaped where
// the text is HTML. The template's own HTML (message body, landing pages) is the customer's and comes back as written:
// the web app shows it in a sandboxed iframe (srcdoc, no allow-scripts), so scripts in it never run there.
import { z } from 'zod';
import {
  fillPlaceholders,
  parseVideoLink,
  SAMPLE_TEMPLATE_VARS,
  sessionTemplate,
  TEMPLATE_PLACEHOLDERS,
  trainingStep,
  type PhishingTemplate,
  type SessionTemplate,
  type TemplatePlaceholder,
  type TemplateVars,
  type TrainingStep,
} from '@bulwark/core';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The sample inputs of a preview: the query's placeholder values over the samples. The link always stays "#". */
export function previewVars(query: Record<string, unknown>): TemplateVars {
  const vars: TemplateVars = { ...SAMPLE_TEMPLATE_VARS };
  for (const key of TEMPLATE_PLACEHOLDERS) {
    const v = query[key];
    if (key !== 'link' && typeof v === 'string') vars[key as TemplatePlaceholder] = v.slice(0, 500);
  }
  return vars;
}

export const phishingPreview = z.object({
  subject: z.string(),
  /** Raw HTML of the message (placeholders filled, escaped). */
  html: z.string(),
  /** Raw HTML of the landing pages; null for an e-mail-only template. */
  website_main: z.string().nullable(),
  website_response: z.string().nullable(),
});
export type PhishingPreview = z.output<typeof phishingPreview>;

export function previewPhishing(t: PhishingTemplate, vars: TemplateVars): PhishingPreview {
  const page = (html: string) => (t.template_type === 'website' ? fillPlaceholders(html, vars, true) : null);
  return {
    subject: fillPlaceholders(t.email_subject, vars, false),
    html: fillPlaceholders(t.email_body, vars, true),
    website_main: page(t.website_main_template),
    website_response: page(t.website_response_template),
  };
}

export const invitationPreview = z.object({ subject: z.string(), html: z.string() });
export type InvitationEmail = z.output<typeof invitationPreview>;

/** Components are plain text: escaped, placeholders filled, line breaks kept; the button links to {{link}}. */
export function invitationEmail(t: SessionTemplate, vars: TemplateVars): InvitationEmail {
  const c = t.components;
  const text = (s: string | undefined) => fillPlaceholders(esc(s ?? ''), vars, true).replace(/\r?\n/g, '<br>');
  const link = esc(vars.link ?? '#');
  const dark = t.color_scheme === 'dark';
  const [bg, fg, card] = dark ? ['#1a1b1e', '#e9ecef', '#25262b'] : ['#f3f4f6', '#1f2937', '#ffffff'];
  const logo = t.logo_url ? `<img src="${esc(t.logo_url)}" alt="" style="max-height:40px;margin-bottom:16px">` : '';
  const button = c.button?.trim()
    ? `<p style="margin:24px 0"><a href="${link}" style="background:${t.accent_color};color:#ffffff;padding:12px 22px;border-radius:4px;text-decoration:none;font-weight:bold;display:inline-block">${text(c.button)}</a></p>`
    : '';
  const html = `<!DOCTYPE html>
<html><body style="margin:0;padding:24px 0;background:${bg};font-family:Segoe UI,Helvetica,Arial,sans-serif;color:${fg}">
<div style="max-width:600px;margin:0 auto;background:${card};border-top:4px solid ${t.accent_color};border-radius:6px;padding:24px">
${logo}
${c.heading?.trim() ? `<h1 style="font-size:20px;margin:0 0 16px">${text(c.heading)}</h1>` : ''}
<div style="font-size:15px;line-height:1.5">${text(c.body)}</div>
${button}
${c.footer?.trim() ? `<p style="font-size:12px;opacity:.7;margin:24px 0 0">${text(c.footer)}</p>` : ''}
</div></body></html>`;
  return { subject: fillPlaceholders(c.subject ?? '', vars, false), html };
}

/** Where a video link plays in an iframe: the providers' own embed players (privacy-enhanced for YouTube). */
export function embedUrl(url: string): string | null {
  const v = parseVideoLink(url);
  if (!v) return null;
  return v.provider === 'youtube' ? `https://www.youtube-nocookie.com/embed/${v.id}` : `https://player.vimeo.com/video/${v.id}`;
}

const previewStep = trainingStep.extend({
  /** The embed player of the step's video, if it has one. */
  media_embed_url: z.string().nullable(),
});
export const trainingPreview = sessionTemplate.extend({ training_steps: z.array(previewStep) });
export type TrainingPreview = z.output<typeof trainingPreview>;

/** The training as the preview page shows it: texts with placeholders filled (plain text), each video's embed player. */
export function previewTraining(t: SessionTemplate, vars: TemplateVars): TrainingPreview {
  const fill = (s: string) => fillPlaceholders(s, vars, false);
  const step = (s: TrainingStep) => ({
    ...s,
    title: fill(s.title),
    description: fill(s.description),
    correct_message: fill(s.correct_message),
    incorrect_message: fill(s.incorrect_message),
    media_embed_url: s.media?.type === 'video' ? embedUrl(s.media.url) : null,
  });
  return { ...t, training_steps: t.training_steps.map(step) };
}
