// The delivery of notifications: one row per message and channel (per phone number for SMS) — the delivery log a user
// reads — handed to the job queue, which sends it and retries with back-off; a channel that keeps failing ends
// `failed` with its reason (at once when nothing is configured to carry it), and never holds up the work it is about.
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryChannel, DeliveryState, NotificationConfig, NotificationDelivery, NotificationEvent } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { notificationDeliveries } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { DeliveryError, hostOf, sendThrough, type ChannelDeps, type Message } from './channels.ts';
import { openSettings } from './settings.ts';

export const NOTIFY_QUEUE = 'notify';
/** Hands a delivery to the job queue (startJobs gives the sender). */
export type Send = (queue: string, data: object) => Promise<string | null>;

export interface DeliveryDeps extends ChannelDeps {
  db: Db;
  secrets: SecretBox;
  log: FastifyBaseLogger;
}

type Row = typeof notificationDeliveries.$inferSelect;

function toDelivery(r: Row): NotificationDelivery {
  return {
    id: r.id,
    channel: r.channel as DeliveryChannel,
    event: r.event as NotificationEvent,
    target: r.target,
    subject: r.subject,
    state: r.state as DeliveryState,
    attempts: r.attempts,
    last_error: r.lastError,
    schedule: r.scheduleId,
    run: r.runId,
    created_at: r.createdAt.toISOString(),
    delivered_at: r.deliveredAt?.toISOString() ?? null,
  };
}

/**
 * Records a message for every channel the settings name: one e-mail to its recipients (cc'd), one post each to Slack,
 * Teams and the webhooks, one SMS per phone number. Answers the delivery ids (nothing is sent yet: handOver gives them
 * to the job queue). In the caller's transaction when given one, so the messages exist exactly when its change does.
 */
export async function queueNotifications(
  db: Db | Tx,
  customerId: number,
  config: Partial<NotificationConfig> & {
    /** Phone numbers told by SMS (monitoring's recipients). */
    sms?: string[];
  },
  message: Message,
  refs: { scheduleId?: number | null; runId?: number | null } = {},
): Promise<number[]> {
  const rows: (typeof notificationDeliveries.$inferInsert)[] = [];
  const base = { customerId, event: message.event, subject: message.title, scheduleId: refs.scheduleId ?? null, runId: refs.runId ?? null };
  const to = [...new Set(config.email ?? [])];
  if (to.length)
    rows.push({ ...base, channel: 'email', target: to.join(', '), message: { ...message, to, cc: [...new Set(config.cc ?? [])] } });
  for (const channel of ['slack', 'teams', 'webhooks'] as const)
    if (config[channel]) rows.push({ ...base, channel, target: channel, message: { ...message } });
  // One delivery per number: a retry after one number failed never texts the others twice.
  for (const phone of new Set(config.sms ?? []))
    rows.push({ ...base, channel: 'sms', target: phone, message: { ...message, to: [phone] } });
  if (rows.length === 0) return [];
  return (await db.insert(notificationDeliveries).values(rows).returning({ id: notificationDeliveries.id })).map((r) => r.id);
}

/** Gives every delivery not yet queued to the job queue (right after events, and every minute for what is left). */
export async function handOver(db: Db, send: Send): Promise<number> {
  const rows = await db
    .update(notificationDeliveries)
    .set({ queuedAt: new Date() })
    .where(and(eq(notificationDeliveries.state, 'pending'), isNull(notificationDeliveries.queuedAt)))
    .returning({ id: notificationDeliveries.id });
  for (const r of rows) await send(NOTIFY_QUEUE, { deliveryId: r.id });
  return rows.length;
}

/**
 * The job: sends one delivery. A failure is written on the row and thrown so that the queue tries again later; on the
 * last attempt the delivery ends failed instead.
 */
export async function deliver(deps: DeliveryDeps, deliveryId: number, lastAttempt: boolean): Promise<DeliveryState> {
  const { db } = deps;
  const [row] = await db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, deliveryId));
  if (!row || row.state !== 'pending') return (row?.state as DeliveryState) ?? 'failed';
  const channel = row.channel as DeliveryChannel;
  try {
    // SMS has no settings: the installation's provider carries it.
    const settings = channel === 'sms' ? null : await openSettings(db, deps.secrets, row.customerId, channel);
    const outcome = await sendThrough(channel, settings, row.message as unknown as Message, deps);
    await db
      .update(notificationDeliveries)
      .set({
        state: outcome,
        attempts: row.attempts + 1,
        deliveredAt: new Date(),
        lastError: null,
        target: targetOf(channel, row.target, settings?.fields.url),
      })
      .where(eq(notificationDeliveries.id, deliveryId));
    return outcome;
  } catch (err) {
    const reason = err instanceof DeliveryError ? err.message : err instanceof Error ? err.message : String(err);
    const final = lastAttempt || (err instanceof DeliveryError && err.final);
    await db
      .update(notificationDeliveries)
      .set({ attempts: row.attempts + 1, lastError: reason, state: final ? 'failed' : 'pending' })
      .where(eq(notificationDeliveries.id, deliveryId));
    deps.log.warn({ deliveryId, channel, reason, lastAttempt: final }, 'notification not delivered');
    if (final) return 'failed';
    throw err;
  }
}

/** Writes a test message's outcome to the log (tests are sent at once, not through the queue). */
export async function recordTest(
  db: Db,
  customerId: number,
  channel: DeliveryChannel,
  target: string,
  error: string | null,
  outcome: 'sent' | 'stored' = 'sent',
): Promise<void> {
  const now = new Date();
  await db.insert(notificationDeliveries).values({
    customerId,
    channel,
    event: 'test',
    target,
    subject: 'Bulwark test message',
    message: {},
    state: error === null ? outcome : 'failed',
    attempts: 1,
    lastError: error,
    queuedAt: now,
    deliveredAt: error === null ? now : null,
  });
}

/** The log shows where a post went: the receiver's host. */
const targetOf = (channel: DeliveryChannel, target: string, url: unknown) =>
  channel !== 'email' && channel !== 'sms' && typeof url === 'string' && url ? hostOf(url) : target;

export async function listDeliveries(
  db: Db,
  customerId: number,
  q: { page: number; pageSize: number; state?: DeliveryState[]; channel?: DeliveryChannel[] },
) {
  const where = and(
    eq(notificationDeliveries.customerId, customerId),
    q.state?.length ? inArray(notificationDeliveries.state, q.state) : undefined,
    q.channel?.length ? inArray(notificationDeliveries.channel, q.channel) : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(notificationDeliveries).where(where),
    db
      .select()
      .from(notificationDeliveries)
      .where(where)
      .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  return { count: Number(total?.n ?? 0), rows: rows.map(toDelivery) };
}
