// The training that follows a click or a submission: its template and steps, checking an answer against the step's
// correct options, and the score (correctly answered questions out of all questions; no_content steps need none).
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { fraSessionTemplates, fraTargets, fraTrainingSteps } from '../../../db/schema/index.ts';

export type TrainingTemplate = typeof fraSessionTemplates.$inferSelect;
export type TrainingStep = typeof fraTrainingSteps.$inferSelect;

export async function loadTraining(
  db: Db,
  customerId: number,
  templateId: number | null,
): Promise<{ template: TrainingTemplate; steps: TrainingStep[] } | undefined> {
  if (templateId === null) return undefined;
  const [template] = await db.select().from(fraSessionTemplates).where(eq(fraSessionTemplates.id, templateId)).limit(1);
  if (!template || template.customerId !== customerId) return undefined;
  const steps = await db
    .select()
    .from(fraTrainingSteps)
    .where(eq(fraTrainingSteps.templateId, templateId))
    .orderBy(asc(fraTrainingSteps.position), asc(fraTrainingSteps.id));
  return { template, steps };
}

export const isQuestion = (s: TrainingStep): boolean => s.questionType !== 'no_content' && s.questionOptions.length > 0;

/** Right when exactly the correct options were chosen (one for single choice, all of them for multiple choice). */
export function isCorrect(step: TrainingStep, chosen: readonly number[]): boolean {
  const correct = step.questionOptions.filter((o) => o.correct).map((o) => o.id);
  const set = new Set(chosen);
  return set.size === correct.length && correct.every((id) => set.has(id));
}

/** Why an answer is not acceptable (keyed by field), or null. */
export function answerProblem(step: TrainingStep | undefined, chosen: unknown): Record<string, string> | null {
  if (!step) return { step: 'No such step in this training.' };
  if (!isQuestion(step)) return { step: 'This step has no question to answer.' };
  if (!Array.isArray(chosen) || chosen.some((x) => !Number.isInteger(x))) return { options: 'Choose an answer.' };
  const ids = new Set(step.questionOptions.map((o) => o.id));
  if (chosen.length === 0) return { options: 'Choose an answer.' };
  if (chosen.some((x) => !ids.has(x as number))) return { options: 'Choose among the answers shown.' };
  if (step.questionType === 'single_choice' && chosen.length !== 1) return { options: 'Choose one answer.' };
  return null;
}

export async function saveAnswer(db: Db, targetId: number, stepId: number, chosen: number[]): Promise<void> {
  await db
    .update(fraTargets)
    .set({ trainingAnswers: sql`${fraTargets.trainingAnswers} || ${JSON.stringify({ [String(stepId)]: chosen })}::jsonb` })
    .where(eq(fraTargets.id, targetId));
}

/** The percentage of questions answered correctly (100 when the training asks none); unanswered ones listed. */
export function score(steps: TrainingStep[], answers: Record<string, number[]>): { score: number; unanswered: number[] } {
  const questions = steps.filter(isQuestion);
  const unanswered = questions.filter((s) => !answers[String(s.id)]).map((s) => s.id);
  if (questions.length === 0) return { score: 100, unanswered };
  const right = questions.filter((s) => isCorrect(s, answers[String(s.id)] ?? [])).length;
  return { score: Math.round((right / questions.length) * 100), unanswered };
}
