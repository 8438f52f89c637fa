// The listener's writes: finds a token's target and assessment, writes each request as a fra_events row with its
// evidence, sets the target's first time of a person's action (only if not set yet) and counts machine requests;
// after a person's event it has the results settle the target's severity and findings in the same transaction.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { BotReason, TrackingEvent } from '@bulwark/core';
import type { Db, Tx } from '../../../db/client.ts';
import { fraAssessments, fraEvents, fraTargets } from '../../../db/schema/index.ts';
import { settleTarget } from '../results/outcome.ts';

const DAY = 86_400_000;

export type TargetRow = typeof fraTargets.$inferSelect;
export type AssessmentRow = typeof fraAssessments.$inferSelect;

export interface Found {
  target: TargetRow;
  assessment: AssessmentRow;
  /** The assessment's tracking window is over (finished, cancelled, or tracking_days after the last message). */
  ended: boolean;
}

export async function findTarget(db: Db, token: string, now: Date): Promise<Found | undefined> {
  const rows = await db
    .select({ target: fraTargets, assessment: fraAssessments })
    .from(fraTargets)
    .innerJoin(fraAssessments, eq(fraAssessments.id, fraTargets.assessmentId))
    .where(eq(fraTargets.token, token))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return { ...row, ended: trackingEnded(row.assessment, row.target, now) };
}

export function trackingEnded(a: AssessmentRow, t: TargetRow, now: Date): boolean {
  if (a.state === 'finished' || a.state === 'cancelled') return true;
  const last = a.sendEnd ?? t.sentAt;
  return last !== null && now.getTime() > last.getTime() + a.trackingDays * DAY;
}

/** When the message reached the recipient, as far as we know: delivery report, else sending. */
export const deliveredAt = (t: TargetRow): Date | null => t.deliveredAt ?? t.sentAt;

const FIRST_TIME = {
  opened: fraTargets.openedAt,
  clicked: fraTargets.clickedAt,
  submitted: fraTargets.submittedAt,
  reported: fraTargets.reportedAt,
  training_started: fraTargets.trainingStartedAt,
  training_completed: fraTargets.trainingCompletedAt,
} as const;
type Counted = keyof typeof FIRST_TIME;

const FIRST_TIME_KEY: Record<Counted, keyof TargetRow> = {
  opened: 'openedAt',
  clicked: 'clickedAt',
  submitted: 'submittedAt',
  reported: 'reportedAt',
  training_started: 'trainingStartedAt',
  training_completed: 'trainingCompletedAt',
};

export interface EventInput {
  kind: Counted;
  at: Date;
  reasons: BotReason[];
  ip: string | undefined;
  userAgent: string | undefined;
  details?: Record<string, unknown>;
  /** Target columns set with a person's event (the training's score and answers). */
  targetSet?: Partial<Pick<TargetRow, 'trainingScore' | 'trainingAnswers'>>;
}

/** Sets the first time of a person's action (kept when already set) and settles the target. */
async function countHuman(tx: Tx, f: Found, kind: Counted, at: Date, now: Date, extra: EventInput['targetSet'] = {}): Promise<void> {
  const col = FIRST_TIME[kind];
  await tx
    .update(fraTargets)
    .set({ [FIRST_TIME_KEY[kind]]: sql`coalesce(${col}, ${at.toISOString()}::timestamptz)`, ...extra })
    .where(eq(fraTargets.id, f.target.id));
  await settleTarget(tx, f.target.customerId, f.target.id, now);
}

/** Writes one request; answers the event's id and whether it counted as a person's. */
export async function recordEvent(db: Db, f: Found, e: EventInput): Promise<{ id: number; human: boolean }> {
  return db.transaction(async (tx) => {
    const judgedHuman = e.reasons.length === 0;
    const human = judgedHuman && !f.ended;
    const details = f.ended ? { ...e.details, after_end: true, judged_human: judgedHuman } : (e.details ?? {});
    const [row] = await tx
      .insert(fraEvents)
      .values({
        customerId: f.target.customerId,
        assessmentId: f.assessment.id,
        targetId: f.target.id,
        kind: e.kind,
        at: e.at,
        human,
        botReasons: e.reasons,
        ip: e.ip ?? null,
        userAgent: e.userAgent ?? null,
        details,
      })
      .returning({ id: fraEvents.id });
    if (human) await countHuman(tx, f, e.kind, e.at, e.at, e.targetSet);
    else if (!f.ended)
      await tx
        .update(fraTargets)
        .set({ botEvents: sql`${fraTargets.botEvents} + 1` })
        .where(eq(fraTargets.id, f.target.id));
    return { id: row!.id, human };
  });
}

/** A page nonce is kept only as its hash, so the events' details never hold what a page would accept. */
export const nonceHash = (nonce: string): string => createHash('sha256').update(nonce).digest('base64url').slice(0, 32);

export async function candidateClick(db: Db | Tx, targetId: number, nonce: string) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) return undefined;
  const rows = await db
    .select()
    .from(fraEvents)
    .where(
      and(
        eq(fraEvents.targetId, targetId),
        eq(fraEvents.kind, 'clicked' satisfies TrackingEvent),
        sql`${fraEvents.details}->>'nonce_hash' = ${nonceHash(nonce)}`,
      ),
    )
    .limit(1);
  return rows[0];
}

export interface BeaconInput {
  at: Date;
  reasons: BotReason[];
  ip: string | undefined;
  userAgent: string | undefined;
  signal: string;
}

/**
 * The landing page's script ran in a browser: the candidate click loses its no_script reason and keeps the beacon's
 * evidence beside the page request's; it becomes a person's click when neither request has another reason.
 * Answers whether the click counts (undefined: no such page for this token).
 */
export async function confirmClick(db: Db, f: Found, nonce: string, b: BeaconInput): Promise<boolean | undefined> {
  return db.transaction(async (tx) => {
    const candidate = await candidateClick(tx, f.target.id, nonce);
    if (!candidate) return undefined;
    if (candidate.details.beacon) return candidate.human;
    const reasons = candidate.botReasons.filter((r) => r !== 'no_script');
    const ended = f.ended || candidate.details.after_end === true;
    const human = reasons.length === 0 && b.reasons.length === 0 && !ended;
    const beacon = { at: b.at.toISOString(), ip: b.ip ?? null, user_agent: b.userAgent ?? null, reasons: b.reasons, signal: b.signal };
    await tx
      .update(fraEvents)
      .set({ human, botReasons: [...new Set([...reasons, ...b.reasons])], details: { ...candidate.details, beacon } })
      .where(eq(fraEvents.id, candidate.id));
    if (human) {
      await tx
        .update(fraTargets)
        .set({ botEvents: sql`greatest(${fraTargets.botEvents} - 1, 0)` })
        .where(eq(fraTargets.id, f.target.id));
      await countHuman(tx, f, 'clicked', candidate.at, b.at);
    }
    return human;
  });
}
