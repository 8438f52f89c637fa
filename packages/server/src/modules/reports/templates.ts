// Report templates (the spec shows no fields; Bulwark's design): a name, the title and description on the cover, a
// logo, the sections in their order and how many rows the top-N sections list. Names are unique per customer (409).
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { DEFAULT_REPORT_TEMPLATE, type reportTemplateInput, type ReportSection, type ReportTemplate } from '@bulwark/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { reportTemplates } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { ReportLayout } from './data.ts';

type TemplateRow = typeof reportTemplates.$inferSelect;
type TemplateValues = z.output<typeof reportTemplateInput>;
const DUPLICATE = 'A report template with this name already exists.';

export function toTemplate(r: TemplateRow): ReportTemplate {
  return {
    id: r.id,
    name: r.name,
    title: r.title,
    description: r.description,
    logo: r.logo,
    sections: r.sections as ReportSection[],
    top_n: r.topN,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** What a report made from the template (or from none) looks like. */
export function layoutOf(t: ReportTemplate | null, reportName: string): ReportLayout {
  if (!t)
    return {
      title: reportName || DEFAULT_REPORT_TEMPLATE.title,
      description: '',
      logo: null,
      sections: [...DEFAULT_REPORT_TEMPLATE.sections],
      topN: DEFAULT_REPORT_TEMPLATE.top_n,
    };
  return { title: t.title || reportName || t.name, description: t.description, logo: t.logo, sections: t.sections, topN: t.top_n };
}

export async function listTemplates(db: Db, customerId: number, page: number, pageSize: number) {
  const where = eq(reportTemplates.customerId, customerId);
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(reportTemplates).where(where),
    db
      .select()
      .from(reportTemplates)
      .where(where)
      .orderBy(sql`lower(${reportTemplates.name})`, desc(reportTemplates.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { count: Number(total?.n ?? 0), rows: rows.map(toTemplate) };
}

export async function getTemplate(db: Db, customerId: number, id: number): Promise<ReportTemplate> {
  const [row] = await db
    .select()
    .from(reportTemplates)
    .where(and(eq(reportTemplates.customerId, customerId), eq(reportTemplates.id, id)));
  if (!row) throw notFound();
  return toTemplate(row);
}

const values = (v: TemplateValues) => ({
  name: v.name,
  title: v.title,
  description: v.description,
  logo: v.logo,
  sections: v.sections,
  topN: v.top_n,
});

export async function createTemplate(db: Db, customerId: number, userId: number, v: TemplateValues): Promise<ReportTemplate> {
  try {
    const [row] = await db
      .insert(reportTemplates)
      .values({ customerId, createdBy: userId, ...values(v) })
      .returning();
    return toTemplate(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict({ name: [DUPLICATE] });
    throw error;
  }
}

export async function updateTemplate(db: Db, customerId: number, id: number, v: TemplateValues): Promise<ReportTemplate> {
  try {
    const [row] = await db
      .update(reportTemplates)
      .set({ ...values(v), updatedAt: new Date() })
      .where(and(eq(reportTemplates.customerId, customerId), eq(reportTemplates.id, id)))
      .returning();
    if (!row) throw notFound();
    return toTemplate(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict({ name: [DUPLICATE] });
    throw error;
  }
}

export async function deleteTemplate(db: Db, customerId: number, id: number): Promise<void> {
  const gone = await db
    .delete(reportTemplates)
    .where(and(eq(reportTemplates.customerId, customerId), eq(reportTemplates.id, id)))
    .returning({ id: reportTemplates.id });
  if (gone.length === 0) throw notFound();
}
