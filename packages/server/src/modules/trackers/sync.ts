// The two-way sync of a ticket with its trackers. Outbound (the outbox): a ticket whose version is ahead of what a
// link last pushed gets its issue created, its fields updated, its new comments added and its status moved by
// category — each call logged in tracker_deliveries and retried by the job queue. Inbound: a tracker's change (from a
// webhook or a poll) is applied once, through the tickets' one change path, keyed by the tracker's change id.
// Never an echo: what came from a tracker is not pushed back to it; a remote change made after Bulwark's own edit is
// applied, not overwritten (the push reads the issue first and applies what changed there before moving its status).
import { and, asc, eq, gt, isNotNull, isNull, lt, lte, ne, notExists, or, sql } from 'drizzle-orm';
import {
  DEFAULT_STATUS_MAP,
  TICKET_STATUS,
  type StatusCategoryName,
  type TicketStatus,
  type Tracker,
  type TrackerStatusKey,
} from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { ticketEvents, ticketLinks, tickets, trackerDeliveries, trackerSyncs, users } from '../../db/schema/index.ts';
import { changeTicket, recordTicketEvent, TRACKER_PUSH_QUEUE } from '../tickets/index.ts';
import { TrackerError, type OpenTrackerSettings, type RemoteIssue, type TrackerAdapter, type TrackerIssueInput } from './adapter.ts';
import { adapterFor } from './adapters/index.ts';
import { logged, type CallScope } from './deliveries.ts';
import { openTrackerSettings } from './settings.ts';

type Link = typeof ticketLinks.$inferSelect;
type Ticket = typeof tickets.$inferSelect;

/** Ticket status code → its key in the status mapping. */
const STATUS_KEY: Record<TicketStatus, TrackerStatusKey> = {
  [TICKET_STATUS.open]: 'open',
  [TICKET_STATUS.solution_applied]: 'solution_applied',
  [TICKET_STATUS.fixed]: 'fixed',
  [TICKET_STATUS.will_not_fix]: 'will_not_fix',
  [TICKET_STATUS.in_progress]: 'in_progress',
};

/** Where a ticket's status puts its issue. */
export function categoryOf(settings: Pick<OpenTrackerSettings, 'status_map'>, status: number): StatusCategoryName {
  const key = STATUS_KEY[status as TicketStatus] ?? 'open';
  return settings.status_map[key] ?? DEFAULT_STATUS_MAP[key];
}

/**
 * The ticket status an issue's category asks for, or null when the ticket already stands there. Done asks for
 * Solution applied, never Fixed: Bulwark verifies a fix by its re-test.
 */
export function statusForCategory(
  settings: Pick<OpenTrackerSettings, 'status_map'>,
  current: number,
  category: StatusCategoryName,
): TicketStatus | null {
  if (categoryOf(settings, current) === category) return null;
  if (category === 'done') return TICKET_STATUS.solution_applied;
  if (category === 'in_progress') return TICKET_STATUS.in_progress;
  return TICKET_STATUS.open;
}

/** Bulwark's address of a ticket, kept on its issue. */
const ticketUrl = (ctx: AppContext, uuid: string) => `${ctx.config.publicUrl.replace(/\/+$/, '')}/remediation/unified-tickets/view/${uuid}`;

function issueInput(ctx: AppContext, t: Ticket): TrackerIssueInput {
  return {
    title: t.title,
    description: t.description,
    priority: t.priority,
    due_date: t.dueDate,
    reference: { number: t.number, uuid: t.uuid, url: ticketUrl(ctx, t.uuid) },
  };
}

async function adapterOf(ctx: AppContext, customerId: number, tracker: Tracker, fetchImpl?: typeof fetch) {
  const settings = await openTrackerSettings(ctx.db, ctx.secrets, customerId, tracker);
  if (!settings?.enabled) return null;
  return { settings, adapter: adapterFor(tracker, settings, fetchImpl) };
}

/** The fields a tracker's issue carries: a change of one of them is sent as an update. */
const ISSUE_FIELDS = ['title', 'description', 'priority', 'due_date'];

export interface PushOptions {
  /** The job's last attempt: a failure ends the delivery `failed` and the link in Error. */
  lastAttempt?: boolean;
  fetchImpl?: typeof fetch;
}

export type PushOutcome = 'pushed' | 'nothing' | 'inactive' | 'not_found';

/** Pushes a ticket to every tracker it is linked to (the TRACKER_PUSH_QUEUE job). */
export async function pushTicket(ctx: AppContext, ticketId: number, o: PushOptions = {}): Promise<PushOutcome[]> {
  const links = await ctx.db.select().from(ticketLinks).where(eq(ticketLinks.ticketId, ticketId));
  const out: PushOutcome[] = [];
  for (const link of links) out.push(await pushLink(ctx, link, o));
  return out;
}

async function pushLink(ctx: AppContext, link: Link, o: PushOptions): Promise<PushOutcome> {
  const tracker = link.tracker as Tracker;
  const found = await adapterOf(ctx, link.customerId, tracker, o.fetchImpl);
  if (!found) {
    await ctx.db.update(ticketLinks).set({ syncState: 'inactive' }).where(eq(ticketLinks.id, link.id));
    return 'inactive';
  }
  const { settings, adapter } = found;
  // The ticket first, then what happened since the last push up to its version: the push carries exactly that.
  const [ticket] = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, link.ticketId), eq(tickets.customerId, link.customerId)));
  if (!ticket) return 'not_found';
  const events = await ctx.db
    .select({ e: ticketEvents, email: users.email })
    .from(ticketEvents)
    .leftJoin(users, eq(users.id, ticketEvents.userId))
    .where(
      and(
        eq(ticketEvents.ticketId, link.ticketId),
        gt(ticketEvents.version, link.pushedVersion),
        lte(ticketEvents.version, ticket.version),
      ),
    )
    .orderBy(asc(ticketEvents.version));
  const ours = events.filter((r) => r.e.source !== tracker);
  if (link.externalId && ours.length === 0) {
    await settle(ctx, link, ticket.version);
    return 'nothing';
  }
  const scope: CallScope = {
    db: ctx.db,
    customerId: link.customerId,
    ticketId: link.ticketId,
    tracker,
    lastAttempt: o.lastAttempt ?? false,
    now: ctx.clock,
  };
  try {
    let remote: RemoteIssue;
    let current = ticket;
    const created = !link.externalId;
    if (!link.externalId) {
      remote = await logged(scope, 'create', ticket.version, { title: ticket.title }, () => adapter.createIssue(issueInput(ctx, ticket)));
      await ctx.db
        .update(ticketLinks)
        .set({
          externalId: remote.id,
          externalKey: remote.key,
          externalUrl: remote.url,
          remoteChangeId: remote.change_id,
          remoteUpdatedAt: remote.updated_at,
        })
        .where(eq(ticketLinks.id, link.id));
    } else {
      // The issue may have changed there since we last looked: that change is applied here first (once, and only
      // where it is newer than our own edit), so the status we send next is never older than the tracker's.
      remote = await adapter.getIssue(link.externalId);
      if (remote.change_id !== link.remoteChangeId) {
        await applyRemote(ctx, link, settings, remote);
        [current = ticket] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      }
    }
    // The status first, right after reading the issue: the shorter the time between, the smaller the chance that a
    // change there lands in between (Jira orders the two; what we read after tells whether theirs came last).
    const wanted = categoryOf(settings, current.status);
    if (remote.category !== wanted)
      await logged(scope, 'transition', current.version, { to: wanted }, () => adapter.transition(remote.id, wanted));
    if (!created && ours.some((r) => r.e.kind === 'created' || Object.keys(r.e.changes).some((k) => ISSUE_FIELDS.includes(k))))
      await logged(scope, 'update', current.version, { fields: ISSUE_FIELDS }, () =>
        adapter.updateIssue(remote.id, issueInput(ctx, current)),
      );
    // A comment already sent (an earlier attempt of this push got that far) is not sent twice.
    const sent = new Set(
      (
        await ctx.db
          .select({ version: trackerDeliveries.version })
          .from(trackerDeliveries)
          .where(
            and(
              eq(trackerDeliveries.ticketId, link.ticketId),
              eq(trackerDeliveries.tracker, tracker),
              eq(trackerDeliveries.operation, 'comment'),
              eq(trackerDeliveries.state, 'sent'),
            ),
          )
      ).map((r) => r.version),
    );
    for (const { e, email } of ours) {
      if (!e.comment || e.kind === 'created' || sent.has(e.version)) continue;
      const author = email ?? e.source ?? 'Bulwark';
      const posted = await logged(scope, 'comment', e.version, { event: e.id }, () =>
        adapter.addComment(remote.id, `${author} (Bulwark): ${e.comment}`),
      );
      // Our own comment comes back in the tracker's webhooks and polls: known by its id, it is never copied here.
      await recordTicketEvent(ctx.db, {
        customerId: link.customerId,
        ticketId: link.ticketId,
        at: ctx.clock(),
        kind: 'sync_out',
        source: tracker,
        externalId: `comment:${posted.id}`,
      });
    }
    // What our calls changed there is ours: its change id is recorded, so its webhook is not taken for theirs. Unless
    // the status is not where we put it: then someone moved it meanwhile, and that change is left for the webhook or
    // the poll to apply (it is newer than ours).
    const after = await adapter.getIssue(remote.id);
    if (after.category === wanted)
      await ctx.db
        .update(ticketLinks)
        .set({ remoteChangeId: after.change_id, remoteUpdatedAt: after.updated_at })
        .where(eq(ticketLinks.id, link.id));
    await settle(ctx, link, ticket.version);
    return 'pushed';
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const waiting = err instanceof TrackerError && err.retryAfterSeconds !== null;
    await ctx.db
      .update(ticketLinks)
      .set({ syncState: o.lastAttempt && !waiting ? 'error' : 'syncing', lastError: message })
      .where(eq(ticketLinks.id, link.id));
    if (o.lastAttempt && !waiting) await markIntegration(ctx, link.customerId, tracker, 'error', message);
    throw err;
  }
}

/**
 * Records how far the link is pushed: the ticket's version the push read, and past it the tracker's own changes made
 * meanwhile (a change made here while this push ran is pushed next time, never skipped).
 */
async function settle(ctx: AppContext, link: Link, readVersion: number): Promise<void> {
  const rows = await ctx.db
    .select({ version: ticketEvents.version, source: ticketEvents.source })
    .from(ticketEvents)
    .where(and(eq(ticketEvents.ticketId, link.ticketId), gt(ticketEvents.version, readVersion)))
    .orderBy(asc(ticketEvents.version));
  let pushed = Math.max(link.pushedVersion, readVersion);
  for (const r of rows) {
    if (r.source !== link.tracker) break;
    pushed = r.version;
  }
  const [t] = await ctx.db.select({ version: tickets.version }).from(tickets).where(eq(tickets.id, link.ticketId));
  const behind = (t?.version ?? 0) > pushed;
  await ctx.db
    .update(ticketLinks)
    .set({ pushedVersion: pushed, syncState: behind ? 'syncing' : 'in_sync', lastError: null, lastSyncedAt: ctx.clock() })
    .where(eq(ticketLinks.id, link.id));
  await markIntegration(ctx, link.customerId, link.tracker as Tracker, 'in_sync', null);
}

/** The integration's own state (tracker_syncs): in sync after a call that worked, error with the reason after one that failed. */
export async function markIntegration(
  ctx: AppContext,
  customerId: number,
  tracker: Tracker,
  state: 'in_sync' | 'error' | 'inactive',
  error: string | null,
  extra: { lastPolledAt?: Date; cursor?: Date | null } = {},
): Promise<void> {
  const now = ctx.clock();
  const set = {
    state,
    lastError: error,
    updatedAt: now,
    ...(extra.lastPolledAt ? { lastPolledAt: extra.lastPolledAt } : {}),
    ...(extra.cursor ? { cursor: extra.cursor } : {}),
  };
  await ctx.db
    .insert(trackerSyncs)
    .values({ customerId, tracker, ...set })
    .onConflictDoUpdate({ target: [trackerSyncs.customerId, trackerSyncs.tracker], set });
}

/**
 * Applies an issue's state here: a new status change (a change id not seen before) moves the ticket by category,
 * and comments not seen before are copied, each once (keyed by the tracker's change or comment id). The tickets'
 * change path keeps Bulwark's own newer edit of the status over an older change of the tracker.
 */
export async function applyRemote(ctx: AppContext, link: Link, settings: OpenTrackerSettings, remote: RemoteIssue): Promise<number> {
  const tracker = link.tracker as Tracker;
  let applied = 0;
  const [ticket] = await ctx.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, link.ticketId));
  if (!ticket) return 0;
  if (remote.change_id !== link.remoteChangeId) {
    const status = statusForCategory(settings, ticket.status, remote.category);
    if (status !== null) {
      const outcome = await changeTicket(
        ctx,
        link.customerId,
        link.ticketId,
        { status },
        {
          userId: null,
          source: tracker,
          externalId: remote.change_id,
          externalAt: remote.updated_at,
        },
      );
      if (outcome === 'applied') applied++;
    }
    await ctx.db
      .update(ticketLinks)
      .set({ remoteChangeId: remote.change_id, remoteUpdatedAt: remote.updated_at, lastSyncedAt: ctx.clock() })
      .where(eq(ticketLinks.id, link.id));
  }
  if (remote.comments.length) {
    const seen = new Set(
      (
        await ctx.db
          .select({ id: ticketEvents.externalId })
          .from(ticketEvents)
          .where(and(eq(ticketEvents.ticketId, link.ticketId), eq(ticketEvents.source, tracker), isNotNull(ticketEvents.externalId)))
      ).map((r) => r.id),
    );
    for (const c of remote.comments) {
      const key = `comment:${c.id}`;
      if (seen.has(key) || !c.body.trim()) continue;
      const outcome = await changeTicket(
        ctx,
        link.customerId,
        link.ticketId,
        { comment: `${c.author ?? tracker}: ${c.body}` },
        {
          userId: null,
          source: tracker,
          externalId: key,
          externalAt: c.created_at,
        },
      );
      if (outcome === 'applied') applied++;
    }
  }
  return applied;
}

/**
 * After a tracker's change is applied, the ticket's push is queued: what the change set off here (a re-test's note, the
 * ticket's other trackers) goes out now, and the link is marked in sync; the tracker's own change is not sent back.
 */
async function followUp(ctx: AppContext, ticketId: number): Promise<void> {
  try {
    await ctx.jobs?.send(TRACKER_PUSH_QUEUE, { ticketId });
  } catch (err) {
    ctx.log.warn({ err, ticketId }, 'tracker push not queued');
  }
}

/** The links of a tracker's issue (webhooks and polls name the issue, not the ticket). */
export async function linkOfIssue(ctx: AppContext, customerId: number, tracker: Tracker, issueId: string): Promise<Link | null> {
  const [link] = await ctx.db
    .select()
    .from(ticketLinks)
    .where(and(eq(ticketLinks.customerId, customerId), eq(ticketLinks.tracker, tracker), eq(ticketLinks.externalId, issueId)));
  return link ?? null;
}

/** Applies the issues a webhook announced (after its signature was checked). Answers how many changes were applied. */
export async function receiveWebhook(
  ctx: AppContext,
  customerId: number,
  tracker: Tracker,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
  fetchImpl?: typeof fetch,
): Promise<number | null> {
  const found = await adapterOf(ctx, customerId, tracker, fetchImpl);
  if (!found) return null;
  const changes = found.adapter.parseWebhook(headers, rawBody);
  let applied = 0;
  for (const change of changes) {
    const link = await linkOfIssue(ctx, customerId, tracker, change.issue_id);
    if (!link) continue;
    // The webhook says that something changed; the issue itself says what (and its change id is the one the poll sees).
    const remote = await found.adapter.getIssue(change.issue_id);
    const n = await applyRemote(ctx, link, found.settings, remote);
    if (n > 0) await followUp(ctx, link.ticketId);
    applied += n;
  }
  return applied;
}

/** How far back a poll looks before its cursor, for changes stamped a little before the newest one it saw. */
export const POLL_OVERLAP_MS = 5 * 60_000;

/** The polling fallback: every issue changed since the cursor (minus the overlap) is applied; the cursor moves on. */
export async function pollTracker(ctx: AppContext, customerId: number, tracker: Tracker, fetchImpl?: typeof fetch): Promise<number> {
  const found = await adapterOf(ctx, customerId, tracker, fetchImpl);
  if (!found) {
    await markIntegration(ctx, customerId, tracker, 'inactive', null);
    return 0;
  }
  const [sync] = await ctx.db
    .select()
    .from(trackerSyncs)
    .where(and(eq(trackerSyncs.customerId, customerId), eq(trackerSyncs.tracker, tracker)));
  const [first] = await ctx.db
    .select({ at: sql<Date>`min(${ticketLinks.createdAt})`.mapWith((v: string | Date) => new Date(v)) })
    .from(ticketLinks)
    .where(and(eq(ticketLinks.customerId, customerId), eq(ticketLinks.tracker, tracker)));
  const now = ctx.clock();
  if (!first?.at || Number.isNaN(first.at.getTime())) {
    await markIntegration(ctx, customerId, tracker, 'in_sync', null, { lastPolledAt: now });
    return 0;
  }
  const since = new Date((sync?.cursor ?? first.at).getTime() - POLL_OVERLAP_MS);
  let cursor = sync?.cursor ?? null;
  let applied = 0;
  try {
    for await (const remote of found.adapter.changedSince(since)) {
      if (!cursor || remote.updated_at > cursor) cursor = remote.updated_at;
      const link = await linkOfIssue(ctx, customerId, tracker, remote.id);
      if (!link) continue;
      const n = await applyRemote(ctx, link, found.settings, remote);
      if (n > 0) await followUp(ctx, link.ticketId);
      applied += n;
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await markIntegration(ctx, customerId, tracker, 'error', message, { lastPolledAt: now, cursor });
    throw err;
  }
  await markIntegration(ctx, customerId, tracker, 'in_sync', null, { lastPolledAt: now, cursor });
  return applied;
}

/**
 * Links behind their ticket (never created there, or pushed before the latest change): what the sweep queues again.
 * Not a link in Error (its push gave up: the ticket's next change tries again) nor one whose call is still pending
 * (its job is retrying or waiting out a rate limit), so the sweep never piles jobs on a tracker that is struggling.
 */
export async function linksBehind(ctx: AppContext, limit = 500): Promise<number[]> {
  const rows = await ctx.db
    .selectDistinct({ ticketId: ticketLinks.ticketId })
    .from(ticketLinks)
    .innerJoin(tickets, eq(tickets.id, ticketLinks.ticketId))
    .where(
      and(
        or(isNull(ticketLinks.externalId), lt(ticketLinks.pushedVersion, tickets.version)),
        ne(ticketLinks.syncState, 'error'),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(trackerDeliveries)
            .where(
              and(
                eq(trackerDeliveries.ticketId, ticketLinks.ticketId),
                eq(trackerDeliveries.tracker, ticketLinks.tracker),
                eq(trackerDeliveries.state, 'pending'),
                // A call pending for an hour lost its job (a worker that died): the sweep takes the ticket up again.
                gt(trackerDeliveries.createdAt, new Date(ctx.clock().getTime() - 3600_000)),
              ),
            ),
        ),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.ticketId);
}

/** Links a ticket to a tracker (once); the push creates its issue. Answers whether the link is new. */
export async function linkTicket(ctx: AppContext, customerId: number, ticketId: number, tracker: Tracker): Promise<boolean> {
  const [row] = await ctx.db
    .insert(ticketLinks)
    .values({ customerId, ticketId, tracker, syncState: 'syncing', createdAt: ctx.clock() })
    .onConflictDoNothing()
    .returning({ id: ticketLinks.id });
  return Boolean(row);
}

export type { TrackerAdapter };
