// The outbound delivery log to trackers: each call (create, update, comment, transition) is one tracker_deliveries row
// with its attempts, HTTP status and error. A call retried by the job queue counts its attempts on the same row (same
// ticket, tracker, operation and version), so the log reads as the operator expects: one line per change sent.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Tracker, TrackerDelivery, TrackerDeliveryState, TrackerOperation } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { tickets, trackerDeliveries } from '../../db/schema/index.ts';
import { TrackerError } from './adapter.ts';

export interface CallScope {
  db: Db;
  customerId: number;
  ticketId: number | null;
  tracker: Tracker;
  /** On the last attempt a failure ends the row `failed` instead of `pending`. */
  lastAttempt: boolean;
  now: () => Date;
}

/** Runs one tracker call and writes its outcome on the log. A failure is written and thrown again. */
export async function logged<T>(
  s: CallScope,
  operation: TrackerOperation,
  version: number,
  request: Record<string, unknown>,
  call: () => Promise<T>,
): Promise<T> {
  const [open] = await s.db
    .select({ id: trackerDeliveries.id, attempts: trackerDeliveries.attempts })
    .from(trackerDeliveries)
    .where(
      and(
        eq(trackerDeliveries.customerId, s.customerId),
        s.ticketId === null ? undefined : eq(trackerDeliveries.ticketId, s.ticketId),
        eq(trackerDeliveries.tracker, s.tracker),
        eq(trackerDeliveries.operation, operation),
        eq(trackerDeliveries.version, version),
        eq(trackerDeliveries.state, 'pending'),
      ),
    )
    .limit(1);
  const row =
    open ??
    (
      await s.db
        .insert(trackerDeliveries)
        .values({ customerId: s.customerId, ticketId: s.ticketId, tracker: s.tracker, operation, version, request, createdAt: s.now() })
        .returning({ id: trackerDeliveries.id, attempts: trackerDeliveries.attempts })
    )[0]!;
  try {
    const out = await call();
    await s.db
      .update(trackerDeliveries)
      .set({ state: 'sent', attempts: row.attempts + 1, httpStatus: null, lastError: null, deliveredAt: s.now() })
      .where(eq(trackerDeliveries.id, row.id));
    return out;
  } catch (err) {
    const status = err instanceof TrackerError ? err.status : null;
    // A rate limit is waited out (the job comes back after Retry-After), never counted as the last failure.
    const rateLimited = err instanceof TrackerError && err.retryAfterSeconds !== null;
    await s.db
      .update(trackerDeliveries)
      .set({
        attempts: row.attempts + 1,
        httpStatus: status,
        lastError: err instanceof Error ? err.message : String(err),
        state: s.lastAttempt && !rateLimited ? 'failed' : 'pending',
      })
      .where(eq(trackerDeliveries.id, row.id));
    throw err;
  }
}

export async function listTrackerDeliveries(
  db: Db,
  customerId: number,
  tracker: Tracker,
  q: { page: number; pageSize: number; state?: TrackerDeliveryState[]; ticket?: number },
): Promise<{ count: number; rows: TrackerDelivery[] }> {
  const where = and(
    eq(trackerDeliveries.customerId, customerId),
    eq(trackerDeliveries.tracker, tracker),
    q.state?.length ? inArray(trackerDeliveries.state, q.state) : undefined,
    q.ticket === undefined ? undefined : eq(trackerDeliveries.ticketId, q.ticket),
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(trackerDeliveries).where(where),
    db
      .select({ d: trackerDeliveries, number: tickets.number })
      .from(trackerDeliveries)
      .leftJoin(tickets, eq(tickets.id, trackerDeliveries.ticketId))
      .where(where)
      .orderBy(desc(trackerDeliveries.createdAt), desc(trackerDeliveries.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  return {
    count: Number(total?.n ?? 0),
    rows: rows.map(({ d, number }) => ({
      id: d.id,
      tracker: d.tracker as Tracker,
      ticket: d.ticketId,
      ticket_number: number ?? null,
      operation: d.operation as TrackerOperation,
      version: d.version,
      state: d.state as TrackerDeliveryState,
      attempts: d.attempts,
      http_status: d.httpStatus,
      last_error: d.lastError,
      created_at: d.createdAt.toISOString(),
      delivered_at: d.deliveredAt?.toISOString() ?? null,
    })),
  };
}
