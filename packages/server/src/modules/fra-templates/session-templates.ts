// The rules of web training templates (session_type website, section training, with steps) and training e-mail
// templates (session_type email, section content, components by subkind), fra/session-templates/: always within one
// customer; steps written in one transaction with their template; an update replaces the steps, and a step sent with
// its own id keeps it (so answers recorded against a step id stay meaningful); a no_content step stores no options
// (§5 "skipped"); a copy strips every id (§3); an import copies a shipped library entry once.
import { and, asc, desc, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { sessionTemplateInput, type ImportableTemplate, type SessionTemplate, type TrainingStep } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern, queryRows } from '../../db/rows.ts';
import { fraSessionTemplates, fraTrainingSteps } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { SESSION_LIBRARY, sessionLibraryEntry } from './library/index.ts';
import { isId, UNKNOWN_ENTRY } from './phishing-templates.ts';

export type SessionTemplateValues = z.output<typeof sessionTemplateInput>;
type StepValues = SessionTemplateValues['training_steps'][number];
type OptionValues = StepValues['question_options'][number];
type StepRow = typeof fraTrainingSteps.$inferSelect;
type TemplateRow = typeof fraSessionTemplates.$inferSelect;

export const SESSION_TEMPLATE_ORDERING = ['name', 'created', 'modified', 'language'] as const;
export type SessionTemplateOrdering = (typeof SESSION_TEMPLATE_ORDERING)[number];

export function stepOf(s: StepRow): TrainingStep {
  return {
    id: s.id,
    position: s.position,
    title: s.title,
    description: s.description,
    media: s.media ?? null,
    question_type: s.questionType,
    question_options: s.questionType === 'no_content' ? [] : s.questionOptions,
    correct_message: s.correctMessage,
    correct_media: s.correctMedia ?? null,
    incorrect_message: s.incorrectMessage,
    incorrect_media: s.incorrectMedia ?? null,
  };
}

function templateOf(t: TemplateRow, steps: StepRow[]): SessionTemplate {
  return {
    id: t.id,
    name: t.name,
    accent_color: t.accentColor,
    color_scheme: t.colorScheme,
    logo_url: t.logoUrl,
    session_type: t.sessionType,
    section: t.section,
    language: t.language as SessionTemplate['language'],
    training_steps: steps.map(stepOf),
    components: t.components as SessionTemplate['components'],
    library_key: t.libraryKey,
    created: t.createdAt.toISOString(),
    modified: t.modifiedAt.toISOString(),
  };
}

/** The input of a stored template with every id stripped (a copy, §3). */
export function sessionInputOf(t: SessionTemplate, keepIds = false): Record<string, unknown> {
  const { id: _id, library_key: _l, created: _c, modified: _m, training_steps, ...rest } = t;
  return {
    ...rest,
    training_steps: training_steps.map(({ id, position: _p, question_options, ...s }) => ({
      ...(keepIds ? { id } : {}),
      ...s,
      question_options: question_options.map((o) => (keepIds ? o : { text: o.text, correct: o.correct })),
    })),
  };
}

/** Options with ids unique within the step: a given id is kept unless it repeats; the others count on from the largest. */
function numberOptions(step: StepValues): { id: number; text: string; correct: boolean }[] {
  if (step.question_type === 'no_content') return [];
  const seen = new Set<number>();
  const kept = step.question_options.map((o: OptionValues) => {
    const id = o.id !== undefined && !seen.has(o.id) ? o.id : undefined;
    if (id !== undefined) seen.add(id);
    return { id, text: o.text, correct: o.correct };
  });
  let next = Math.max(0, ...seen) + 1;
  return kept.map((o) => ({ id: o.id ?? next++, text: o.text, correct: o.correct }));
}

const stepColumns = (s: StepValues, position: number) => ({
  position,
  title: s.title,
  description: s.description,
  media: s.media,
  questionType: s.question_type,
  questionOptions: numberOptions(s),
  correctMessage: s.correct_message,
  correctMedia: s.correct_media,
  incorrectMessage: s.incorrect_message,
  incorrectMedia: s.incorrect_media,
});

const templateColumns = (v: SessionTemplateValues) => ({
  name: v.name,
  accentColor: v.accent_color,
  colorScheme: v.color_scheme,
  logoUrl: v.logo_url === '' ? null : v.logo_url,
  sessionType: v.session_type,
  section: v.section,
  language: v.language,
  // An e-mail template's components only; a training's steps only (the other part is dropped, not kept unseen).
  components: v.session_type === 'email' ? v.components : {},
});

async function stepsOf(db: Db | Tx, templateIds: number[]): Promise<StepRow[]> {
  if (templateIds.length === 0) return [];
  return db
    .select()
    .from(fraTrainingSteps)
    .where(inArray(fraTrainingSteps.templateId, templateIds))
    .orderBy(asc(fraTrainingSteps.position), asc(fraTrainingSteps.id));
}

export async function getSessionTemplate(db: Db | Tx, customerId: number, id: number): Promise<SessionTemplate | null> {
  if (!isId(id)) return null;
  const [row] = await db
    .select()
    .from(fraSessionTemplates)
    .where(and(eq(fraSessionTemplates.id, id), eq(fraSessionTemplates.customerId, customerId)));
  return row ? templateOf(row, await stepsOf(db, [row.id])) : null;
}

export interface SessionTemplateQuery {
  page: number;
  pageSize: number;
  search?: string;
  sessionType?: 'website' | 'email';
  language?: string;
  ordering: SessionTemplateOrdering;
  descending: boolean;
}

const ORDER = {
  name: sql`lower(${fraSessionTemplates.name})`,
  created: fraSessionTemplates.createdAt,
  modified: fraSessionTemplates.modifiedAt,
  language: fraSessionTemplates.language,
} as const;

export async function listSessionTemplates(
  db: Db,
  customerId: number,
  q: SessionTemplateQuery,
): Promise<{ count: number; results: SessionTemplate[] }> {
  const conditions: (SQL | undefined)[] = [eq(fraSessionTemplates.customerId, customerId)];
  if (q.sessionType) conditions.push(eq(fraSessionTemplates.sessionType, q.sessionType));
  if (q.language) conditions.push(eq(fraSessionTemplates.language, q.language));
  if (q.search) conditions.push(ilike(fraSessionTemplates.name, containsPattern(q.search)));
  const where = and(...conditions);
  const by = ORDER[q.ordering];
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(fraSessionTemplates)
      .where(where)
      .orderBy(q.descending ? desc(by) : asc(by), asc(fraSessionTemplates.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.$count(fraSessionTemplates, where),
  ]);
  const steps = await stepsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    count,
    results: rows.map((r) =>
      templateOf(
        r,
        steps.filter((s) => s.templateId === r.id),
      ),
    ),
  };
}

/** Writes the steps of a template: steps named by their own id are updated in place, the rest inserted, the unnamed removed. */
async function writeSteps(tx: Tx, templateId: number, steps: StepValues[]): Promise<void> {
  const existing = await tx.select({ id: fraTrainingSteps.id }).from(fraTrainingSteps).where(eq(fraTrainingSteps.templateId, templateId));
  const own = new Set(existing.map((s) => s.id));
  const errors = steps.flatMap((s, i) =>
    s.id !== undefined && !own.has(s.id) ? [`Step ${i + 1}: no step with id ${s.id} in this template.`] : [],
  );
  const ids = steps.map((s) => s.id).filter((x): x is number => x !== undefined);
  if (new Set(ids).size !== ids.length) errors.push('A step id appears twice.');
  if (errors.length) throw badRequest({ training_steps: errors });
  await tx
    .delete(fraTrainingSteps)
    .where(and(eq(fraTrainingSteps.templateId, templateId), ids.length ? notInArray(fraTrainingSteps.id, ids) : undefined));
  for (const [i, s] of steps.entries()) {
    if (s.id !== undefined)
      await tx
        .update(fraTrainingSteps)
        .set(stepColumns(s, i + 1))
        .where(eq(fraTrainingSteps.id, s.id));
    else await tx.insert(fraTrainingSteps).values({ templateId, ...stepColumns(s, i + 1) });
  }
}

/** Creates (no id) or replaces a template with its steps, in one transaction. */
export async function saveSessionTemplate(
  db: Db,
  customerId: number,
  v: SessionTemplateValues,
  userId: number | null,
  now: Date,
  id?: number,
  libraryKey: string | null = null,
): Promise<SessionTemplate> {
  return db.transaction(async (tx) => saveIn(tx, customerId, v, userId, now, id, libraryKey));
}

async function saveIn(
  tx: Tx,
  customerId: number,
  v: SessionTemplateValues,
  userId: number | null,
  now: Date,
  id: number | undefined,
  libraryKey: string | null,
): Promise<SessionTemplate> {
  let templateId = id;
  if (id === undefined) {
    const [row] = await tx
      .insert(fraSessionTemplates)
      .values({ customerId, ...templateColumns(v), libraryKey, createdBy: userId, createdAt: now, modifiedAt: now })
      .returning({ id: fraSessionTemplates.id });
    templateId = row!.id;
    // A new template has no steps of its own yet: ids sent with its steps (e.g. from a copy that kept them) are dropped.
    await writeSteps(tx, templateId, v.session_type === 'website' ? v.training_steps.map((s) => ({ ...s, id: undefined })) : []);
  } else {
    if (!isId(id)) throw notFound();
    const rows = await tx
      .update(fraSessionTemplates)
      .set({ ...templateColumns(v), modifiedAt: now })
      .where(and(eq(fraSessionTemplates.id, id), eq(fraSessionTemplates.customerId, customerId)))
      .returning({ id: fraSessionTemplates.id });
    if (rows.length === 0) throw notFound();
    await writeSteps(tx, id, v.session_type === 'website' ? v.training_steps : []);
  }
  return (await getSessionTemplate(tx, customerId, templateId!))!;
}

export const TRAINING_IN_USE = (names: string[]) =>
  `This training follows clicks in ${names.map((n) => `“${n}”`).join(', ')}: choose another training there, or wait until they finish, before deleting it.`;

/** Deletes a template with its steps; refused while an unfinished assessment or an active schedule trains with it. */
export async function deleteSessionTemplate(db: Db, customerId: number, id: number): Promise<void> {
  if (!isId(id)) throw notFound();
  const using = await queryRows<{ name: string }>(
    db,
    sql`select name from fra_assessments where customer_id = ${customerId} and training_template_id = ${id}
          and state in ('scheduled', 'sending', 'running')
        union all
        select name from fra_schedules where customer_id = ${customerId} and training_template_id = ${id} and active
        order by name limit 5`,
  );
  if (using.length) throw conflict({ non_field_errors: [TRAINING_IN_USE(using.map((u) => u.name))] });
  const rows = await db
    .delete(fraSessionTemplates)
    .where(and(eq(fraSessionTemplates.id, id), eq(fraSessionTemplates.customerId, customerId)))
    .returning({ id: fraSessionTemplates.id });
  if (rows.length === 0) throw notFound();
}

export async function copySessionTemplate(db: Db, customerId: number, id: number, userId: number, now: Date): Promise<SessionTemplate> {
  const current = await getSessionTemplate(db, customerId, id);
  if (!current) throw notFound();
  const values = sessionTemplateInput.parse({ ...sessionInputOf(current), name: `Copy of ${current.name}`.slice(0, 200) });
  return saveSessionTemplate(db, customerId, values, userId, now);
}

async function importedKeys(db: Db | Tx, customerId: number): Promise<Map<string, { id: number; name: string }>> {
  const rows = await db
    .select({ id: fraSessionTemplates.id, name: fraSessionTemplates.name, key: fraSessionTemplates.libraryKey })
    .from(fraSessionTemplates)
    .where(and(eq(fraSessionTemplates.customerId, customerId), sql`${fraSessionTemplates.libraryKey} is not null`))
    .orderBy(asc(fraSessionTemplates.id));
  const out = new Map<string, { id: number; name: string }>();
  for (const r of rows) if (!out.has(r.key!)) out.set(r.key!, { id: r.id, name: r.name });
  return out;
}

export async function sessionImportables(db: Db, customerId: number, sessionType?: string): Promise<ImportableTemplate[]> {
  const imported = await importedKeys(db, customerId);
  return SESSION_LIBRARY.filter((e) => !sessionType || e.template.session_type === sessionType).map((e) => ({
    pk: e.pk,
    name: e.template.name,
    language: e.template.language ?? 'english',
    kind: e.template.session_type,
    description: e.description,
    imported: imported.has(e.pk),
  }));
}

export async function importSessionTemplate(db: Db, customerId: number, pk: string, userId: number, now: Date): Promise<SessionTemplate> {
  const entry = sessionLibraryEntry(pk);
  if (!entry) throw badRequest({ pk: [UNKNOWN_ENTRY] });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(31002, ${customerId})`);
    const have = (await importedKeys(tx, customerId)).get(pk);
    if (have) throw conflict({ pk: [`Already imported as “${have.name}” (id ${have.id}): copy it to have another.`] });
    return saveIn(tx, customerId, sessionTemplateInput.parse(entry.template), userId, now, undefined, pk);
  });
}

/** The step `stepId` of the customer's template `templateId`, or null. */
export async function getStep(db: Db | Tx, customerId: number, templateId: number, stepId: number): Promise<TrainingStep | null> {
  if (!isId(templateId) || !isId(stepId)) return null;
  const [row] = await db
    .select({ step: fraTrainingSteps })
    .from(fraTrainingSteps)
    .innerJoin(fraSessionTemplates, eq(fraSessionTemplates.id, fraTrainingSteps.templateId))
    .where(
      and(eq(fraTrainingSteps.id, stepId), eq(fraTrainingSteps.templateId, templateId), eq(fraSessionTemplates.customerId, customerId)),
    );
  return row ? stepOf(row.step) : null;
}

/** Sets a step's question (no_content stores no options); answers the step's question as GET does. */
export async function saveQuestion(
  db: Db,
  customerId: number,
  templateId: number,
  stepId: number,
  q: Pick<StepValues, 'question_type' | 'question_options'>,
  now: Date,
): Promise<Pick<TrainingStep, 'question_type' | 'question_options'>> {
  return db.transaction(async (tx) => {
    const step = await getStep(tx, customerId, templateId, stepId);
    if (!step) throw notFound();
    const options = numberOptions({ question_type: q.question_type, question_options: q.question_options } as StepValues);
    await tx
      .update(fraTrainingSteps)
      .set({ questionType: q.question_type, questionOptions: options })
      .where(eq(fraTrainingSteps.id, stepId));
    await tx.update(fraSessionTemplates).set({ modifiedAt: now }).where(eq(fraSessionTemplates.id, templateId));
    return { question_type: q.question_type, question_options: options };
  });
}
