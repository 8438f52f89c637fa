// Fills a phishing or training template's {{placeholders}} (core's TEMPLATE_PLACEHOLDERS) for one recipient: the
// server when it sends and serves pages, the web app's previews with sample inputs. Values are HTML-escaped where the
// text is HTML, so a recipient's name cannot inject markup into a landing page; unknown placeholders stay as written.
import { TEMPLATE_PLACEHOLDERS, type TemplatePlaceholder } from './api/fra.ts';

export type TemplateVars = Partial<Record<TemplatePlaceholder, string>>;

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** The text with each known placeholder replaced by its value ('' when the value is not given). */
export function fillPlaceholders(text: string, vars: TemplateVars, html: boolean): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => {
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(key)) return whole;
    const value = vars[key as TemplatePlaceholder] ?? '';
    return html ? escapeHtml(value) : value;
  });
}

/** The placeholders a text uses (known ones only), in order of first use. */
export function placeholdersIn(text: string): TemplatePlaceholder[] {
  const out: TemplatePlaceholder[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) {
    const key = m[1] as TemplatePlaceholder;
    if ((TEMPLATE_PLACEHOLDERS as readonly string[]).includes(key) && !out.includes(key)) out.push(key);
  }
  return out;
}

/** Sample inputs for previews (query parameters of /fra-previews/… override them). */
export const SAMPLE_TEMPLATE_VARS: Required<TemplateVars> = {
  first_name: 'Alex',
  last_name: 'Morgan',
  full_name: 'Alex Morgan',
  email: 'alex.morgan@example.com',
  department: 'Finance',
  job_title: 'Accountant',
  link: '#',
  sender_name: 'IT Service Desk',
  date: '2026-11-29',
};
