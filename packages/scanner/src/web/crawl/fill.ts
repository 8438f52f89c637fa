// Values the crawler puts into form fields the page leaves empty, chosen by type and name so a form validates and
// answers with its real next page (an e-mail field gets an address, a number field a number …).
import type { FormField } from '../types.ts';

export function fillValue(field: FormField): string {
  if (field.value !== '' || field.type === 'hidden') return field.value;
  if (field.options?.length) return field.options.find((o) => o !== '') ?? '';
  const n = field.name.toLowerCase();
  switch (field.type) {
    case 'email':
      return 'bulwark@example.com';
    case 'number':
    case 'range':
      return '1';
    case 'tel':
      return '5551234567';
    case 'url':
      return 'http://example.com/';
    case 'date':
      return '2026-01-01';
    case 'password':
      return 'Bulwark-Scan-1';
    case 'checkbox':
      return 'on';
    case 'file':
      return '';
  }
  if (/e-?mail/.test(n)) return 'bulwark@example.com';
  if (/phone|tel|mobile/.test(n)) return '5551234567';
  if (/zip|postal|post_?code/.test(n)) return '12345';
  if (/(^|_)(id|num|number|qty|quantity|age|year|count|amount)$/.test(n)) return '1';
  if (/url|website|homepage/.test(n)) return 'http://example.com/';
  if (/date/.test(n)) return '2026-01-01';
  return 'bulwark';
}

/** The form's fields as sent by a browser with the crawler's values (buttons without a name are not sent). */
export function formValues(fields: readonly FormField[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) if (f.type !== 'file') out[f.name] = fillValue(f);
  return out;
}
