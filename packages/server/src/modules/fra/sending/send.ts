// One pass of the phishing sender: claims the targets that are due (state queued, send_at ≤ now) — per assessment no
// more than its rate allows in a rolling minute, and a bounded batch in all — then sends each message outside any
// transaction and records what the mail server said: accepted → sent + delivered; refused for good (5xx) → bounced;
// refused for now (4xx, no connection) → tried again later (up to 3 more times), then failed. A claim is a lease (the
// target's send_at moves 10 minutes on), so a process that dies mid-pass leaves the messages to the next pass. Then
// assessments with nothing left queued are running (tracking open), and those past their tracking days finished.
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { intArray, queryRows } from '../../../db/rows.ts';
import { fraEvents, fraTargets } from '../../../db/schema/index.ts';
import { composeMessage } from './message.ts';
import { trackingBase } from '../tracking/links.ts';
import { isPermanent, NO_TRANSPORT, transportFor, type PhishingTransport } from './transport.ts';

/** The most messages one pass sends (the pass wakes the next one when it had more). */
export const SEND_BATCH = 200;
const LEASE_MS = 10 * 60_000;
export const MAX_TRIES = 4;
/** Waits before the 2nd, 3rd and 4th try of a message the mail server put off. */
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000];
const TRY = /\(try (\d+) of \d+\)/;

export interface SendResult {
  sent: number;
  bounced: number;
  retried: number;
  failed: number;
  running: number;
  finished: number;
  /** A full batch went out: more may be due. */
  more: boolean;
}

interface Claimed extends Record<string, unknown> {
  id: number;
  customer_id: number;
  assessment_id: number;
  uuid: string;
  token: string;
  message_id: string;
  error: string | null;
  sender_domain: string | null;
  landing_domain: string | null;
  sender_name: string | null;
  sender_local_part: string | null;
  email_subject: string | null;
  email_body: string | null;
  email: string;
  first_name: string;
  last_name: string;
  department: string;
  job_title: string;
}

/** Claims due targets (each assessment's rate counted over the last minute, leases included). */
async function claim(ctx: AppContext, now: Date, batch: number): Promise<Claimed[]> {
  const at = now.toISOString();
  const maxRate = ctx.config.phishing.maxRatePerMinute;
  return ctx.db.transaction(async (tx) => {
    // The assessment row is locked while its targets are claimed, so two passes never both spend its minute's budget.
    const due = await queryRows<{ id: number; state: string; rate: number; domain: string | null }>(
      tx,
      sql`select a.id, a.state, a.rate_per_minute as rate, sd.name as domain
          from fra_assessments a left join fra_domains sd on sd.id = a.sender_domain_id
          where a.state in ('scheduled', 'sending')
            and exists (select 1 from fra_targets t where t.assessment_id = a.id and t.state = 'queued' and t.send_at <= ${at}::timestamptz)
          order by a.id
          for update of a skip locked`,
    );
    const ids: number[] = [];
    for (const a of due) {
      if (ids.length >= batch) break;
      const [recent] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from fra_targets
            where assessment_id = ${a.id}
              and (sent_at > ${at}::timestamptz - interval '1 minute' or bounced_at > ${at}::timestamptz - interval '1 minute'
                   or (state = 'queued' and message_id is not null and send_at > ${at}::timestamptz))`,
      );
      const take = Math.min(Math.min(Number(a.rate), maxRate) - Number(recent?.n ?? 0), batch - ids.length);
      if (a.state === 'scheduled')
        await tx.execute(sql`update fra_assessments set state = 'sending', modified_at = ${at}::timestamptz where id = ${a.id}`);
      if (take <= 0) continue;
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`update fra_targets set send_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz,
              message_id = '<' || replace(gen_random_uuid()::text, '-', '') || '@' || ${a.domain ?? 'invalid'} || '>'
            where id in (select id from fra_targets
                         where assessment_id = ${a.id} and state = 'queued' and send_at <= ${at}::timestamptz
                         order by send_at, id limit ${take} for update skip locked)
            returning id`,
      );
      ids.push(...rows.map((r) => Number(r.id)));
    }
    if (ids.length === 0) return [];
    return queryRows<Claimed>(
      tx,
      sql`select t.id, t.customer_id, t.assessment_id, a.uuid, t.token, t.message_id, t.error,
                 sd.name as sender_domain, coalesce(ld.name, sd.name) as landing_domain,
                 p.sender_name, p.sender_local_part, p.email_subject, p.email_body,
                 r.email, r.first_name, r.last_name, r.department, r.job_title
          from fra_targets t
          join fra_assessments a on a.id = t.assessment_id
          join fra_recipients r on r.id = t.recipient_id
          left join fra_domains sd on sd.id = a.sender_domain_id
          left join fra_domains ld on ld.id = a.landing_domain_id
          left join fra_phishing_templates p on p.id = t.template_id
          where t.id = any(${intArray(ids)})
          order by t.customer_id, t.send_at, t.id`,
    );
  });
}

type Outcome =
  { kind: 'sent' } | { kind: 'bounced'; error: string } | { kind: 'temporary'; error: string } | { kind: 'failed'; error: string };

/** Writes a target's outcome and its events in one transaction. */
async function record(ctx: AppContext, t: Claimed, o: Outcome, now: Date): Promise<keyof SendResult> {
  const event = (kind: 'sent' | 'delivered' | 'bounced', details: Record<string, unknown>) => ({
    customerId: t.customer_id,
    assessmentId: t.assessment_id,
    targetId: t.id,
    kind,
    at: now,
    human: true,
    details,
  });
  const where = and(eq(fraTargets.id, t.id), eq(fraTargets.state, 'queued'));
  return ctx.db.transaction(async (tx) => {
    if (o.kind === 'sent') {
      await tx.update(fraTargets).set({ state: 'sent', sentAt: now, deliveredAt: now, sendAt: now, error: null }).where(where);
      await tx.insert(fraEvents).values([event('sent', { message_id: t.message_id }), event('delivered', { message_id: t.message_id })]);
      return 'sent';
    }
    if (o.kind === 'bounced') {
      await tx.update(fraTargets).set({ state: 'bounced', bouncedAt: now, sendAt: now, error: o.error }).where(where);
      await tx.insert(fraEvents).values(event('bounced', { message_id: t.message_id, error: o.error }));
      return 'bounced';
    }
    const tries = Number(TRY.exec(t.error ?? '')?.[1] ?? 0) + 1;
    if (o.kind === 'temporary' && tries < MAX_TRIES) {
      await tx
        .update(fraTargets)
        .set({
          sendAt: new Date(now.getTime() + BACKOFF_MS[tries - 1]!),
          messageId: null,
          error: `The mail server put it off (try ${tries} of ${MAX_TRIES}): ${o.error}`,
        })
        .where(where);
      return 'retried';
    }
    await tx.update(fraTargets).set({ state: 'failed', sendAt: now, error: o.error }).where(where);
    return 'failed';
  });
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

async function sendOne(ctx: AppContext, t: Claimed, transport: PhishingTransport | null, now: Date): Promise<Outcome> {
  if (!transport) return { kind: 'failed', error: NO_TRANSPORT };
  if (t.sender_domain === null) return { kind: 'failed', error: 'The sender domain no longer exists.' };
  if (t.email_body === null) return { kind: 'failed', error: 'The phishing template no longer exists.' };
  const message = composeMessage({
    token: t.token,
    messageId: t.message_id,
    assessmentUuid: t.uuid,
    base: trackingBase(ctx, t.landing_domain ?? t.sender_domain) ?? `http://${ctx.config.phishing.host}:${ctx.config.phishing.port}`,
    senderDomain: t.sender_domain,
    template: {
      senderName: t.sender_name ?? '',
      senderLocalPart: t.sender_local_part ?? 'no-reply',
      emailSubject: t.email_subject ?? '',
      emailBody: t.email_body,
    },
    recipient: { email: t.email, firstName: t.first_name, lastName: t.last_name, department: t.department, jobTitle: t.job_title },
    now,
  });
  try {
    await transport.transport.sendMail(message);
    return { kind: 'sent' };
  } catch (err) {
    return isPermanent(err) ? { kind: 'bounced', error: messageOf(err) } : { kind: 'temporary', error: messageOf(err) };
  }
}

/** Moves assessments on: nothing left queued → running; past the last message + tracking days → finished. */
async function advance(ctx: AppContext, now: Date): Promise<{ running: number; finished: number }> {
  const at = now.toISOString();
  const running = await queryRows<{ id: number }>(
    ctx.db,
    sql`update fra_assessments a set state = 'running', modified_at = ${at}::timestamptz
        where a.state = 'sending' and not exists (select 1 from fra_targets t where t.assessment_id = a.id and t.state = 'queued')
        returning a.id`,
  );
  const finished = await queryRows<{ id: number }>(
    ctx.db,
    sql`update fra_assessments a set state = 'finished', finished_at = ${at}::timestamptz, modified_at = ${at}::timestamptz
        where a.state = 'running'
          and coalesce((select max(coalesce(t.sent_at, t.bounced_at, t.send_at)) from fra_targets t where t.assessment_id = a.id), a.started_at, a.created_at)
              + make_interval(days => a.tracking_days) <= ${at}::timestamptz
        returning a.id`,
  );
  return { running: running.length, finished: finished.length };
}

/** One pass of the sender at `now` (the job passes the clock's time; tests pass their own). */
export async function runSendPass(ctx: AppContext, now: Date, batch = SEND_BATCH): Promise<SendResult> {
  const result: SendResult = { sent: 0, bounced: 0, retried: 0, failed: 0, running: 0, finished: 0, more: false };
  const claimed = await claim(ctx, now, batch);
  const transports = new Map<number, PhishingTransport | null>();
  try {
    for (const t of claimed) {
      if (!transports.has(t.customer_id)) transports.set(t.customer_id, await transportFor(ctx, t.customer_id));
      const outcome = await sendOne(ctx, t, transports.get(t.customer_id)!, now);
      const key = await record(ctx, t, outcome, now);
      (result[key] as number) += 1;
      if (outcome.kind !== 'sent') ctx.log.warn({ target: t.id, outcome: outcome.kind, error: outcome.error }, 'phishing message not sent');
    }
  } finally {
    for (const t of transports.values()) t?.transport.close();
  }
  const moved = await advance(ctx, now);
  result.running = moved.running;
  result.finished = moved.finished;
  result.more = claimed.length >= batch;
  return result;
}
