// The rules of phishing templates (fra/phishing-templates/): always within one customer; a delete archives (§4 "active
// to archived on delete") and a restore brings the template back; a copy is a new active template named "Copy of …";
// an import copies a shipped library entry once (a second import of the same entry is refused: copy the imported one
// instead, so the importables list's `imported` flag stays true to what the customer has). Assessments keep the ids
// of their templates, so archiving one that a running assessment uses changes nothing for that assessment.
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { phishingTemplateInput, type ImportableTemplate, type PhishingTemplate } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/rows.ts';
import { fraPhishingTemplates } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { PHISHING_LIBRARY, phishingLibraryEntry } from './library/index.ts';

export type PhishingTemplateValues = z.output<typeof phishingTemplateInput>;
type Row = typeof fraPhishingTemplates.$inferSelect;

/** PostgreSQL integers: a larger id from a path names no template. */
export const isId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

export const PHISHING_TEMPLATE_ORDERING = ['name', 'created', 'modified', 'language', 'difficulty'] as const;
export type PhishingTemplateOrdering = (typeof PHISHING_TEMPLATE_ORDERING)[number];

export function phishingTemplateOf(r: Row): PhishingTemplate {
  return {
    id: r.id,
    name: r.name,
    template_type: r.templateType,
    language: r.language as PhishingTemplate['language'],
    difficulty: r.difficulty,
    sender_name: r.senderName,
    sender_local_part: r.senderLocalPart,
    email_subject: r.emailSubject,
    email_body: r.emailBody,
    website_main_template: r.websiteMainTemplate,
    website_response_template: r.websiteResponseTemplate,
    archived: r.archived,
    library_key: r.libraryKey,
    created: r.createdAt.toISOString(),
    modified: r.modifiedAt.toISOString(),
  };
}

/** The input fields of a stored template (a PATCH merges its fields into these). */
export function phishingInputOf(t: PhishingTemplate): Record<string, unknown> {
  const { id: _id, archived: _a, library_key: _l, created: _c, modified: _m, ...input } = t;
  return input;
}

const columns = (v: PhishingTemplateValues) => ({
  name: v.name,
  templateType: v.template_type,
  language: v.language,
  difficulty: v.difficulty,
  senderName: v.sender_name,
  senderLocalPart: v.sender_local_part,
  emailSubject: v.email_subject,
  emailBody: v.email_body,
  websiteMainTemplate: v.website_main_template,
  websiteResponseTemplate: v.website_response_template,
});

export interface PhishingTemplateQuery {
  page: number;
  pageSize: number;
  search?: string;
  templateType?: 'website' | 'email';
  language?: string;
  archived: boolean;
  ordering: PhishingTemplateOrdering;
  descending: boolean;
}

const ORDER = {
  name: sql`lower(${fraPhishingTemplates.name})`,
  created: fraPhishingTemplates.createdAt,
  modified: fraPhishingTemplates.modifiedAt,
  language: fraPhishingTemplates.language,
  difficulty: fraPhishingTemplates.difficulty,
} as const;

export async function listPhishingTemplates(
  db: Db,
  customerId: number,
  q: PhishingTemplateQuery,
): Promise<{ count: number; results: PhishingTemplate[] }> {
  const conditions: (SQL | undefined)[] = [eq(fraPhishingTemplates.customerId, customerId), eq(fraPhishingTemplates.archived, q.archived)];
  if (q.templateType) conditions.push(eq(fraPhishingTemplates.templateType, q.templateType));
  if (q.language) conditions.push(eq(fraPhishingTemplates.language, q.language));
  if (q.search) {
    const p = containsPattern(q.search);
    conditions.push(or(ilike(fraPhishingTemplates.name, p), ilike(fraPhishingTemplates.emailSubject, p)));
  }
  const where = and(...conditions);
  const by = ORDER[q.ordering];
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(fraPhishingTemplates)
      .where(where)
      .orderBy(q.descending ? desc(by) : asc(by), asc(fraPhishingTemplates.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.$count(fraPhishingTemplates, where),
  ]);
  return { count, results: rows.map(phishingTemplateOf) };
}

/** One template of the customer, archived or not; null for an unknown id or another customer's. */
export async function getPhishingTemplate(db: Db | Tx, customerId: number, id: number): Promise<PhishingTemplate | null> {
  if (!isId(id)) return null;
  const [row] = await db
    .select()
    .from(fraPhishingTemplates)
    .where(and(eq(fraPhishingTemplates.id, id), eq(fraPhishingTemplates.customerId, customerId)));
  return row ? phishingTemplateOf(row) : null;
}

export async function createPhishingTemplate(
  db: Db | Tx,
  customerId: number,
  v: PhishingTemplateValues,
  userId: number | null,
  now: Date,
  libraryKey: string | null = null,
): Promise<PhishingTemplate> {
  const [row] = await db
    .insert(fraPhishingTemplates)
    .values({ customerId, ...columns(v), libraryKey, createdBy: userId, createdAt: now, modifiedAt: now })
    .returning();
  return phishingTemplateOf(row!);
}

/** Changes a template's fields; `archived` when given archives or restores it. */
export async function updatePhishingTemplate(
  db: Db,
  customerId: number,
  id: number,
  v: PhishingTemplateValues,
  now: Date,
  archived?: boolean,
): Promise<PhishingTemplate> {
  if (!isId(id)) throw notFound();
  const [row] = await db
    .update(fraPhishingTemplates)
    .set({ ...columns(v), ...(archived === undefined ? {} : { archived }), modifiedAt: now })
    .where(and(eq(fraPhishingTemplates.id, id), eq(fraPhishingTemplates.customerId, customerId)))
    .returning();
  if (!row) throw notFound();
  return phishingTemplateOf(row);
}

export async function setArchived(db: Db, customerId: number, id: number, archived: boolean, now: Date): Promise<PhishingTemplate> {
  if (!isId(id)) throw notFound();
  const [row] = await db
    .update(fraPhishingTemplates)
    .set({ archived, modifiedAt: now })
    .where(and(eq(fraPhishingTemplates.id, id), eq(fraPhishingTemplates.customerId, customerId)))
    .returning();
  if (!row) throw notFound();
  return phishingTemplateOf(row);
}

/** "Copy of …" as a new active template, not tied to the library entry the original came from. */
export async function copyPhishingTemplate(db: Db, customerId: number, id: number, userId: number, now: Date): Promise<PhishingTemplate> {
  const current = await getPhishingTemplate(db, customerId, id);
  if (!current) throw notFound();
  const values = phishingTemplateInput.parse({ ...phishingInputOf(current), name: `Copy of ${current.name}`.slice(0, 200) });
  return createPhishingTemplate(db, customerId, values, userId, now);
}

/** The library keys the customer has imported (archived imports included: restore those instead). */
async function importedKeys(db: Db | Tx, customerId: number): Promise<Map<string, { id: number; name: string; archived: boolean }>> {
  const rows = await db
    .select({
      id: fraPhishingTemplates.id,
      name: fraPhishingTemplates.name,
      key: fraPhishingTemplates.libraryKey,
      archived: fraPhishingTemplates.archived,
    })
    .from(fraPhishingTemplates)
    .where(and(eq(fraPhishingTemplates.customerId, customerId), sql`${fraPhishingTemplates.libraryKey} is not null`))
    .orderBy(asc(fraPhishingTemplates.id));
  const out = new Map<string, { id: number; name: string; archived: boolean }>();
  for (const r of rows) if (!out.has(r.key!)) out.set(r.key!, { id: r.id, name: r.name, archived: r.archived });
  return out;
}

export async function phishingImportables(db: Db, customerId: number): Promise<ImportableTemplate[]> {
  const imported = await importedKeys(db, customerId);
  return PHISHING_LIBRARY.map((e) => ({
    pk: e.pk,
    name: e.template.name,
    language: e.template.language,
    kind: e.template.template_type,
    description: e.description,
    imported: imported.has(e.pk),
  }));
}

export const UNKNOWN_ENTRY = 'No template with that key in the library.';

export async function importPhishingTemplate(db: Db, customerId: number, pk: string, userId: number, now: Date): Promise<PhishingTemplate> {
  const entry = phishingLibraryEntry(pk);
  if (!entry) throw badRequest({ pk: [UNKNOWN_ENTRY] });
  return db.transaction(async (tx) => {
    // One import at a time per customer, so two clicks cannot both import the same entry.
    await tx.execute(sql`select pg_advisory_xact_lock(31001, ${customerId})`);
    const have = (await importedKeys(tx, customerId)).get(pk);
    if (have)
      throw conflict({
        pk: [
          have.archived
            ? `Already imported as “${have.name}” (id ${have.id}), now archived: restore it instead.`
            : `Already imported as “${have.name}” (id ${have.id}): copy it to have another.`,
        ],
      });
    return createPhishingTemplate(tx, customerId, phishingTemplateInput.parse(entry.template), userId, now, pk);
  });
}
