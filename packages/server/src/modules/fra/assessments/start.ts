// Starting an assessment: whom it goes to (selectRecipients), which of its phishing templates each recipient gets
// (spread evenly, in the recipient's language when one of the templates is), each recipient's own token, and when each
// message goes out (spread evenly over the sending window, never faster than the rate). All targets are written by one
// INSERT … SELECT over jsonb_to_recordset, so 10,000 recipients are queued in one statement. Cancelling stops what is
// still queued.
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { intArray, jsonRows, queryRows } from '../../../db/rows.ts';
import { fraAssessments, fraTargets } from '../../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../../http/errors.ts';
import { selectRecipients } from '../../fra-recipients/index.ts';
import { wakeSender } from '../sending/queue.ts';
import { checkReferences } from './checks.ts';
import { assessmentRow, type AssessmentRow } from './read-model.ts';

export { wakeSender };

export const ALREADY_STARTED = 'This assessment has already been started.';
export const NOT_CANCELLABLE = 'Only a scheduled, sending or running assessment can be cancelled.';
export const NO_RECIPIENTS = 'No active recipient matches this selection.';

/** A recipient's link token: 128 random bits, URL-safe (22 characters). */
export const newToken = () => randomBytes(16).toString('base64url');

type Planned = Pick<
  AssessmentRow,
  'id' | 'customerId' | 'phishingTemplateIds' | 'selection' | 'ratePerMinute' | 'sendStart' | 'sendEnd' | 'senderDomainId'
> & { landingDomainId: number | null; trainingTemplateId: number | null };

/** Fisher–Yates with crypto randomness: colleagues do not all get the message in the same minute (and warn each other). */
function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

/** The instants of n messages: evenly over [start, end], at least 60/rate seconds apart. */
export function sendTimes(n: number, start: Date, end: Date | null, ratePerMinute: number): Date[] {
  const spacing = 60_000 / Math.max(1, ratePerMinute);
  const span = end ? Math.max(0, end.getTime() - start.getTime()) : 0;
  const step = n > 1 ? Math.max(span / (n - 1), spacing) : 0;
  return Array.from({ length: n }, (_, i) => new Date(start.getTime() + Math.round(i * step)));
}

/**
 * Writes one queued target per selected recipient and moves the assessment to scheduled (its window starts later) or
 * sending. Runs inside the caller's transaction.
 */
export async function planTargets(tx: Tx, maxRate: number, a: Planned, now: Date): Promise<number> {
  const recipients = shuffle(await selectRecipients(tx, a.customerId, a.selection));
  if (recipients.length === 0) throw badRequest({ recipients: [NO_RECIPIENTS] });
  const templates = await queryRows<{ id: number; language: string }>(
    tx,
    sql`select id, language from fra_phishing_templates
        where customer_id = ${a.customerId} and id = any(${intArray(a.phishingTemplateIds)}) order by id`,
  );
  const all = templates.map((t) => ({ id: Number(t.id), language: t.language }));
  const byLanguage = new Map<string, number[]>();
  for (const t of all) byLanguage.set(t.language, [...(byLanguage.get(t.language) ?? []), t.id]);
  const turn = new Map<string, number>();
  const pick = (language: string): { id: number; language: string } => {
    // In the recipient's language when one of the templates is; otherwise any of them, in turn.
    const own = byLanguage.get(language);
    const key = own ? language : '*';
    const pool = own ?? all.map((t) => t.id);
    const n = turn.get(key) ?? 0;
    turn.set(key, n + 1);
    const id = pool[n % pool.length]!;
    return { id, language: own ? language : all.find((t) => t.id === id)!.language };
  };

  const start = a.sendStart && a.sendStart > now ? a.sendStart : now;
  const rate = Math.min(a.ratePerMinute, maxRate);
  const times = sendTimes(recipients.length, start, a.sendEnd, rate);
  const rows = recipients.map((r, i) => {
    const t = pick(r.language);
    return { r: r.id, t: t.id, l: t.language, k: newToken(), s: times[i]!.toISOString() };
  });
  await tx.execute(sql`
    insert into fra_targets (customer_id, assessment_id, recipient_id, template_id, language, token, state, send_at)
    select ${a.customerId}, ${a.id}, x.r, x.t, x.l, x.k, 'queued', x.s
    from jsonb_to_recordset(${jsonRows(rows)}) as x(r int, t int, l text, k text, s timestamptz)`);
  await tx
    .update(fraAssessments)
    .set({
      state: start > now ? 'scheduled' : 'sending',
      sendStart: start,
      sendEnd: times[times.length - 1]!,
      startedAt: now,
      finishedAt: null,
      modifiedAt: now,
    })
    .where(eq(fraAssessments.id, a.id));
  return rows.length;
}

/** Starts a draft (409 once started): checks what it points at again, then queues its targets. */
export async function startAssessment(ctx: AppContext, customerId: number, uuid: string): Promise<void> {
  const now = ctx.clock();
  await ctx.db.transaction((tx) => startIn(tx, ctx, customerId, uuid, now));
  await wakeSender(ctx);
}

/** The start in the caller's transaction (a create with `start: true` creates and starts in one). */
export async function startIn(tx: Tx, ctx: AppContext, customerId: number, uuid: string, now: Date): Promise<void> {
  const a = await assessmentRow(tx, customerId, uuid, true);
  if (!a) throw notFound();
  if (a.state !== 'draft') throw conflict({ state: [ALREADY_STARTED] });
  if (a.senderDomainId === null) throw badRequest({ sender_domain: ['This domain no longer exists: choose another.'] });
  await checkReferences(tx, customerId, {
    phishing_templates: a.phishingTemplateIds,
    sender_domain: a.senderDomainId,
    landing_domain: a.landingDomainId,
    training_template: a.trainingTemplateId,
    recipients: a.selection,
  });
  if (a.trainingTrigger !== 'none' && a.trainingTemplateId === null)
    throw badRequest({ training_template: ['Choose the training that follows.'] });
  await planTargets(tx, ctx.config.phishing.maxRatePerMinute, a, now);
}

/** Cancels a scheduled, sending or running assessment: what is still queued is not sent; tracking stops. */
export async function cancelAssessment(ctx: AppContext, customerId: number, uuid: string): Promise<void> {
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const a = await assessmentRow(tx, customerId, uuid, true);
    if (!a) throw notFound();
    if (!['scheduled', 'sending', 'running'].includes(a.state)) throw conflict({ state: [NOT_CANCELLABLE] });
    await tx
      .update(fraTargets)
      .set({ state: 'cancelled' })
      .where(and(eq(fraTargets.assessmentId, a.id), eq(fraTargets.state, 'queued')));
    await tx.update(fraAssessments).set({ state: 'cancelled', finishedAt: now, modifiedAt: now }).where(eq(fraAssessments.id, a.id));
  });
}
