// A ticket's links to trackers as the API answers them (GET/POST remediation/tickets/{id}/sync/), each integration's
// sync state (GET /api/trackers/), and linking a ticket so that the push creates its issue.
import { and, count, eq } from 'drizzle-orm';
import { TRACKERS, type TicketSyncLink, type Tracker, type TrackerSyncState, type TrackerSyncStateAnswer } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { integrationSettings, ticketLinks, tickets, trackerSyncs } from '../../db/schema/index.ts';
import { TRACKER_PUSH_QUEUE } from '../tickets/index.ts';
import { linkTicket } from './sync.ts';

export async function ticketLinksOf(db: Db, customerId: number, ticketId: number): Promise<TicketSyncLink[]> {
  const rows = await db
    .select({ l: ticketLinks, version: tickets.version })
    .from(ticketLinks)
    .innerJoin(tickets, eq(tickets.id, ticketLinks.ticketId))
    .where(and(eq(ticketLinks.customerId, customerId), eq(ticketLinks.ticketId, ticketId)))
    .orderBy(ticketLinks.tracker);
  return rows.map(({ l, version }) => ({
    tracker: l.tracker as Tracker,
    external_key: l.externalKey,
    external_url: l.externalUrl,
    sync_state: l.syncState as TrackerSyncState,
    last_error: l.lastError,
    last_synced_at: l.lastSyncedAt?.toISOString() ?? null,
    pushed_version: l.pushedVersion,
    ticket_version: version,
  }));
}

/** Links the ticket (once) and queues its push. */
export async function linkAndPush(ctx: AppContext, customerId: number, ticketId: number, tracker: Tracker): Promise<void> {
  await linkTicket(ctx, customerId, ticketId, tracker);
  await ctx.jobs?.send(TRACKER_PUSH_QUEUE, { ticketId });
}

/**
 * Each integration's state: Inactive when not enabled; Error when its last call or poll failed (or a ticket's push
 * gave up); Syncing while a ticket waits to be pushed; In sync otherwise.
 */
export async function integrationStates(ctx: AppContext, customerId: number): Promise<TrackerSyncStateAnswer[]> {
  const [settings, syncs, counts] = await Promise.all([
    ctx.db
      .select({ type: integrationSettings.type, enabled: integrationSettings.enabled })
      .from(integrationSettings)
      .where(eq(integrationSettings.customerId, customerId)),
    ctx.db.select().from(trackerSyncs).where(eq(trackerSyncs.customerId, customerId)),
    ctx.db
      .select({ tracker: ticketLinks.tracker, state: ticketLinks.syncState, n: count() })
      .from(ticketLinks)
      .where(eq(ticketLinks.customerId, customerId))
      .groupBy(ticketLinks.tracker, ticketLinks.syncState),
  ]);
  return TRACKERS.map((tracker) => {
    const enabled = settings.find((s) => s.type === tracker)?.enabled ?? false;
    const sync = syncs.find((s) => s.tracker === tracker);
    const mine = counts.filter((c) => c.tracker === tracker);
    const n = (state?: string) => mine.filter((c) => state === undefined || c.state === state).reduce((sum, c) => sum + Number(c.n), 0);
    const state: TrackerSyncState = !enabled
      ? 'inactive'
      : sync?.state === 'error' || n('error') > 0
        ? 'error'
        : n('syncing') > 0
          ? 'syncing'
          : 'in_sync';
    return {
      tracker,
      enabled,
      state,
      last_error: sync?.lastError ?? null,
      last_polled_at: sync?.lastPolledAt?.toISOString() ?? null,
      linked_tickets: n(),
      tickets_in_error: n('error'),
    };
  });
}
