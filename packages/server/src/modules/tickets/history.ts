// A ticket's history: every change, comment, re-test and sync is one ticket_events row, and each raises the ticket's
// version, which the tracker sync compares with what it last pushed. A tracker's change carries its own id and is
// recorded once (a webhook and a poll that bring the same change apply it once).
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ticketEvents, tickets } from '../../db/schema/index.ts';

/** The queue the tracker sync listens on: sent with { ticketId } after a change a tracker should hear of. */
export const TRACKER_PUSH_QUEUE = 'tracker-push';

export type TicketEventKind =
  'created' | 'changed' | 'comment' | 'status' | 'retest_started' | 'retest_result' | 'reopened' | 'overdue' | 'sync_in' | 'sync_out';

export interface TicketEventInput {
  customerId: number;
  ticketId: number;
  at: Date;
  kind: TicketEventKind;
  userId?: number | null;
  /** Who made it when not a user: 'rule', 'retest', 'scan', 'jira', 'servicenow', 'topdesk'. */
  source?: string | null;
  /** The tracker's change id: a change with the same source and id is recorded once. */
  externalId?: string | null;
  changes?: Record<string, [unknown, unknown]>;
  comment?: string | null;
}

/**
 * Records one event and raises the ticket's version. Answers the new version, or null when the tracker change was
 * already recorded (nothing is changed then).
 */
export async function recordTicketEvent(tx: Db | Tx, e: TicketEventInput): Promise<number | null> {
  const [row] = await tx
    .insert(ticketEvents)
    .values({
      customerId: e.customerId,
      ticketId: e.ticketId,
      at: e.at,
      kind: e.kind,
      userId: e.userId ?? null,
      source: e.source ?? null,
      externalId: e.externalId ?? null,
      changes: e.changes ?? {},
      comment: e.comment ?? null,
      version: 0,
    })
    .onConflictDoNothing()
    .returning({ id: ticketEvents.id });
  if (!row) return null;
  const [t] = await tx
    .update(tickets)
    .set({ version: sql`${tickets.version} + 1`, updatedAt: e.at })
    .where(and(eq(tickets.id, e.ticketId), eq(tickets.customerId, e.customerId)))
    .returning({ version: tickets.version });
  const version = t?.version ?? 0;
  await tx.update(ticketEvents).set({ version }).where(eq(ticketEvents.id, row.id));
  return version;
}
