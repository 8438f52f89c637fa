// Writing assessments: create (a draft, or started at once with `start: true`), change (only while a draft or
// scheduled: a scheduled one is planned again with its new settings), delete (a draft, finished or cancelled one; one
// that is scheduled, sending or running must be cancelled first).
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Assessment, assessmentInput } from '@bulwark/core';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { fraAssessments, fraTargets } from '../../../db/schema/index.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { checkReferences } from './checks.ts';
import { assessmentRow, getAssessment } from './read-model.ts';
import { planTargets, wakeSender } from './start.ts';

export type AssessmentValues = z.output<typeof assessmentInput>;

export const NOT_EDITABLE = 'Only a draft or a scheduled assessment can be changed: this one has started sending.';
export const NOT_DELETABLE = 'This assessment is under way: cancel it first, then delete it.';

/** The columns of the input values (template ids without repeats, in the order given). */
export function settingsColumns(v: Omit<AssessmentValues, 'send_start' | 'send_end'>) {
  return {
    name: v.name,
    phishingTemplateIds: [...new Set(v.phishing_templates)],
    selection: {
      recipients: [...new Set(v.recipients.recipients)],
      tags: [...new Set(v.recipients.tags)],
      departments: [...new Set(v.recipients.departments)],
    },
    senderDomainId: v.sender_domain,
    landingDomainId: v.landing_domain,
    trainingTemplateId: v.training_template,
    trainingTrigger: v.training_trigger,
    ratePerMinute: v.rate_per_minute,
    trackingDays: v.tracking_days,
  };
}

const when = (v: string | null) => (v ? new Date(v) : null);

/** Creates a draft; the caller starts it when asked. Answers the row's uuid. */
export async function createAssessment(
  tx: Tx,
  customerId: number,
  v: AssessmentValues,
  userId: number | null,
  now: Date,
  scheduleId: number | null = null,
): Promise<string> {
  await checkReferences(tx, customerId, v);
  const [row] = await tx
    .insert(fraAssessments)
    .values({
      customerId,
      ...settingsColumns(v),
      sendStart: when(v.send_start),
      sendEnd: when(v.send_end),
      scheduleId,
      createdBy: userId,
      createdAt: now,
      modifiedAt: now,
    })
    .returning({ uuid: fraAssessments.uuid });
  return row!.uuid;
}

/** Changes a draft or a scheduled assessment (409 once it sends); a scheduled one gets its targets planned again. */
export async function updateAssessment(ctx: AppContext, customerId: number, uuid: string, v: AssessmentValues): Promise<Assessment> {
  const now = ctx.clock();
  const replanned = await ctx.db.transaction(async (tx) => {
    const current = await assessmentRow(tx, customerId, uuid, true);
    if (!current) throw notFound();
    if (current.state !== 'draft' && current.state !== 'scheduled') throw conflict({ state: [NOT_EDITABLE] });
    await checkReferences(tx, customerId, v);
    await tx
      .update(fraAssessments)
      .set({ ...settingsColumns(v), sendStart: when(v.send_start), sendEnd: when(v.send_end), modifiedAt: now })
      .where(eq(fraAssessments.id, current.id));
    if (current.state !== 'scheduled') return false;
    await tx.delete(fraTargets).where(eq(fraTargets.assessmentId, current.id));
    await planTargets(
      tx,
      ctx.config.phishing.maxRatePerMinute,
      { ...current, ...settingsColumns(v), sendStart: when(v.send_start), sendEnd: when(v.send_end) },
      now,
    );
    return true;
  });
  if (replanned) await wakeSender(ctx);
  return (await getAssessment(ctx.db, customerId, uuid))!;
}

export async function deleteAssessment(ctx: AppContext, customerId: number, uuid: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await assessmentRow(tx, customerId, uuid, true);
    if (!current) throw notFound();
    if (!['draft', 'finished', 'cancelled'].includes(current.state)) throw conflict({ state: [NOT_DELETABLE] });
    await tx.delete(fraAssessments).where(and(eq(fraAssessments.id, current.id), eq(fraAssessments.customerId, customerId)));
  });
}
