// Pure rules of the template editor: the ordered section checklist (every section, the chosen ones in their order,
// moves up and down), the logo check (PNG or JPEG, at most 200 KB) and the form's values and body.
import {
  DEFAULT_REPORT_TEMPLATE,
  REPORT_LOGO_MAX_BYTES,
  REPORT_SECTIONS,
  reportTemplateInput,
  type ReportData,
  type ReportSection,
  type ReportTemplate,
  type ReportTemplateInput,
} from '@bulwark/core';
import { schemaMessage } from '../../components/forms/schema-field.ts';

export interface SectionItem {
  key: ReportSection;
  included: boolean;
}

/** The checklist of a template: its sections in its order (ticked), then the others in their usual order (not ticked). */
export function sectionItems(chosen: readonly ReportSection[]): SectionItem[] {
  const seen = new Set<ReportSection>();
  const items: SectionItem[] = [];
  for (const key of chosen) {
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({ key, included: true });
  }
  for (const key of REPORT_SECTIONS) if (!seen.has(key)) items.push({ key, included: false });
  return items;
}

/** The sections a template sends: the ticked ones, in the checklist's order. */
export function chosenSections(items: readonly SectionItem[]): ReportSection[] {
  return items.filter((i) => i.included).map((i) => i.key);
}

/** The checklist with the item at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

export function toggleItem(items: readonly SectionItem[], key: ReportSection, included: boolean): SectionItem[] {
  return items.map((i) => (i.key === key ? { ...i, included } : i));
}

// ---------------------------------------------------------------------------------------------------------------
// Logo.

export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export const LOGO_LIMIT_TEXT = `${REPORT_LOGO_MAX_BYTES / 1024} KB`;

/** Why a chosen file cannot be the logo (not PNG or JPEG, or over 200 KB); null when it can. */
export function logoFileError(file: { type: string; size: number }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'Upload a PNG or JPEG image.';
  if (file.size > REPORT_LOGO_MAX_BYTES) {
    return `The logo may be at most ${LOGO_LIMIT_TEXT}; this image is ${Math.ceil(file.size / 1024)} KB. Use a smaller image.`;
  }
  return null;
}

/** The bytes a base64 data URL holds (its decoded size). */
export function dataUrlBytes(dataUrl: string): number {
  const comma = dataUrl.indexOf(',');
  const payload = comma < 0 ? '' : dataUrl.slice(comma + 1);
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((payload.length * 3) / 4) - padding);
}

/** Reads a file as a data URL (what the template's logo field holds). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable file')));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'));
    reader.readAsDataURL(file);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The form.

export interface TemplateValues {
  name: string;
  title: string;
  description: string;
  logo: string | null;
  sections: SectionItem[];
  top_n: number | string;
}

export const TEMPLATE_FIELDS = ['name', 'title', 'description', 'logo', 'sections', 'top_n'] as const;

export function templateValues(t?: ReportTemplate): TemplateValues {
  return {
    name: t?.name ?? '',
    title: t?.title ?? DEFAULT_REPORT_TEMPLATE.title,
    description: t?.description ?? '',
    logo: t?.logo ?? null,
    sections: sectionItems(t?.sections ?? DEFAULT_REPORT_TEMPLATE.sections),
    top_n: t?.top_n ?? DEFAULT_REPORT_TEMPLATE.top_n,
  };
}

export function templateBody(v: TemplateValues): ReportTemplateInput {
  return {
    name: v.name.trim(),
    title: v.title.trim(),
    description: v.description.trim(),
    logo: v.logo,
    sections: chosenSections(v.sections),
    top_n: typeof v.top_n === 'number' ? v.top_n : Number(v.top_n),
  };
}

const shape = reportTemplateInput.shape;

/** The form's checks, with the core schema's own messages. */
export const validateTemplate = {
  name: (v: string) => schemaMessage(shape.name, v),
  title: (v: string) => schemaMessage(shape.title, v),
  description: (v: string) => schemaMessage(shape.description, v),
  top_n: (v: number | string) => schemaMessage(shape.top_n, typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v)),
  sections: (v: SectionItem[]) => schemaMessage(shape.sections, chosenSections(v)),
};

// ---------------------------------------------------------------------------------------------------------------
// Preview.

/**
 * The prepared data of the saved template (or the default sections) with the form's unsaved edits laid over it: title,
 * description, logo and sections as typed, and the top-N lists cut to the typed number (they cannot grow past what
 * the server prepared until the template is saved).
 */
export function withEdits(data: ReportData, edits: ReportTemplateInput): ReportData {
  const topN = Number.isInteger(edits.top_n) && (edits.top_n ?? 0) > 0 ? (edits.top_n as number) : data.top_issues.length;
  return {
    ...data,
    title: (edits.title ?? '').trim() || DEFAULT_REPORT_TEMPLATE.title,
    description: (edits.description ?? '').trim(),
    logo: edits.logo ?? null,
    sections: edits.sections.length > 0 ? [...edits.sections] : data.sections,
    top_issues: data.top_issues.slice(0, topN),
    exposed_assets: data.exposed_assets.slice(0, topN),
    kev: data.kev.slice(0, topN),
  };
}
