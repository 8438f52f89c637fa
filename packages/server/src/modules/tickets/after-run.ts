// After a run's results are processed: a re-test's tickets become Fixed (every finding closed) or go back to Open with
// the new evidence; a regular scan that closes a ticket's last finding fixes it; a fixed finding that comes back
// reopens its ticket once. Subtasks follow their findings. Status changes go through changeTicket (the one write
// path), each with the run as its change id, so a retried job applies it once.
import { and, eq, sql } from 'drizzle-orm';
import { TICKET_STATUS, VULNERABILITY_STATE as V, type TicketStatus } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { scanRuns, tickets } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { changeTicket } from './change.ts';
import { recordTicketEvent } from './history.ts';
import { refreshTicketScores } from './open.ts';

/** A ticket's finding as this run left it. */
interface FindingOutcome {
  id: number;
  state: number;
  /** The state this run recorded for it (scan_run_findings), null when the run did not reach it. */
  runState: number | null;
  name: string;
  target: string;
  port: number | null;
  protocol: number | null;
  evidence: string | null;
}

const EVIDENCE_CHARS = 500;

/** Tickets a large run fixes are changed this many at a time (PostgreSQL: 3× faster than one by one; PGlite queues them). */
const FIX_CONCURRENCY = 8;

/** Runs `work` over the items, at most `n` at a time. */
async function inBatches<T>(items: readonly T[], n: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, lane));
}

/** "name on host:port/tcp" and, when the run recorded one, its evidence. */
function describe(f: FindingOutcome, withEvidence: boolean): string {
  const where = f.port ? `${f.target}:${f.port}/${f.protocol === 1 ? 'udp' : 'tcp'}` : f.target;
  const evidence = withEvidence && f.evidence ? `\nEvidence: ${f.evidence.slice(0, EVIDENCE_CHARS)}` : '';
  return `${f.name} on ${where}${evidence}`;
}

const outcomeColumns = sql`f.id, f.state, rf.state as run_state, f.name, coalesce(a.address, a.value) as target, f.port, f.protocol, f.evidence`;

function toOutcome(r: Record<string, unknown>): FindingOutcome {
  return {
    id: Number(r.id),
    state: Number(r.state),
    runState: r.run_state === null || r.run_state === undefined ? null : Number(r.run_state),
    name: String(r.name),
    target: String(r.target),
    port: r.port === null ? null : Number(r.port),
    protocol: r.protocol === null ? null : Number(r.protocol),
    evidence: r.evidence === null ? null : String(r.evidence),
  };
}

/** Subtasks follow their findings: a closed finding's subtask is Fixed, a finding seen again puts its subtask back to Open. */
async function followSubtasks(tx: Tx, customerId: number, findingIds: { closed: number[]; seen: number[] }, at: Date): Promise<void> {
  if (findingIds.closed.length > 0)
    await tx.execute(sql`update ticket_subtasks set status = ${TICKET_STATUS.fixed}, closed_at = ${at.toISOString()}::timestamptz,
                           updated_at = ${at.toISOString()}::timestamptz
                         where customer_id = ${customerId} and open and finding_id = any(${intArray(findingIds.closed)})
                           and status not in (${TICKET_STATUS.fixed}, ${TICKET_STATUS.will_not_fix})`);
  if (findingIds.seen.length > 0)
    await tx.execute(sql`update ticket_subtasks set status = ${TICKET_STATUS.open}, closed_at = null, updated_at = ${at.toISOString()}::timestamptz
                         where customer_id = ${customerId} and open and finding_id = any(${intArray(findingIds.seen)})
                           and status = ${TICKET_STATUS.fixed}`);
}

/** The ticket's status, or null when it is gone. */
async function statusOf(ctx: AppContext, ticketId: number): Promise<TicketStatus | null> {
  const [t] = await ctx.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, ticketId));
  return t ? (t.status as TicketStatus) : null;
}

/**
 * The tickets this run re-tests: every re-tested finding closed → Fixed; one still seen → back to Open with the new
 * evidence; a finding the run could not reach (its host did not answer) leaves the ticket at Solution applied, saying
 * so, for the next scan to settle. A ticket someone moved on since (not Solution applied any more) keeps its status.
 */
async function applyRetests(
  ctx: AppContext,
  run: { id: number; customerId: number; retest: { ticketId: number; findingIds: number[] } | null },
  at: Date,
) {
  const retested = await ctx.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.customerId, run.customerId), eq(tickets.retestRunId, run.id)));
  for (const { id: ticketId } of retested) {
    const scope = run.retest?.ticketId === ticketId ? run.retest.findingIds : null;
    const found = (
      await queryRows(
        ctx.db,
        sql`select ${outcomeColumns}
            from ticket_subtasks s
            join findings f on f.id = s.finding_id
            join assets a on a.id = f.host_id
            left join scan_run_findings rf on rf.run_id = ${run.id} and rf.finding_id = f.id
            where s.ticket_id = ${ticketId} and s.customer_id = ${run.customerId}
              and ${scope ? sql`f.id = any(${intArray(scope)})` : sql`s.status not in (${TICKET_STATUS.fixed}, ${TICKET_STATUS.will_not_fix})`}
            order by f.id`,
      )
    ).map(toOutcome);
    const closed = found.filter((f) => f.state === V.closed);
    const seen = found.filter((f) => f.state !== V.closed && f.runState !== null);
    const unreached = found.filter((f) => f.state !== V.closed && f.runState === null);
    // Open findings the re-test did not cover (web findings left out of a network re-test): not verified by it.
    const [{ n: uncovered } = { n: 0 }] = scope
      ? await queryRows<{ n: number }>(
          ctx.db,
          sql`select count(*)::int as n from ticket_subtasks s join findings f on f.id = s.finding_id
              where s.ticket_id = ${ticketId} and not (s.finding_id = any(${intArray(scope)}))
                and s.status not in (${TICKET_STATUS.fixed}, ${TICKET_STATUS.will_not_fix}) and f.state <> ${V.closed}`,
        )
      : [];
    const verdict: TicketStatus | null =
      seen.length > 0 ? TICKET_STATUS.open : unreached.length === 0 && Number(uncovered) === 0 ? TICKET_STATUS.fixed : null;
    const comment =
      verdict === TICKET_STATUS.fixed
        ? `Re-test (run ${run.id}): every finding is closed (${closed.length}). The fix is verified.`
        : verdict === TICKET_STATUS.open
          ? `Re-test (run ${run.id}): ${seen.length} of ${found.length} finding(s) still seen.\n` +
            seen.map((f) => `- ${describe(f, true)}`).join('\n')
          : unreached.length > 0
            ? `Re-test (run ${run.id}) could not reach ${unreached.map((f) => describe(f, false)).join('; ')}: the fix is not verified yet.`
            : `Re-test (run ${run.id}): every re-tested finding is closed (${closed.length}); ${Number(uncovered)} other finding(s) were not re-tested (web findings are verified by the next scan of their web application).`;
    // Subtasks first (while they still count as open), then the status, then the result: each step is safe to repeat.
    await ctx.db.transaction((tx) =>
      followSubtasks(tx, run.customerId, { closed: closed.map((f) => f.id), seen: seen.map((f) => f.id) }, at),
    );
    if (verdict !== null && (await statusOf(ctx, ticketId)) === TICKET_STATUS.solution_applied)
      await changeTicket(
        ctx,
        run.customerId,
        ticketId,
        { status: verdict, comment },
        { userId: null, source: 'retest', externalId: `run-${run.id}` },
      );
    await ctx.db.transaction(async (tx) => {
      // Claimed once: a retried job finds the ticket no longer waiting for this run.
      const [claimed] = await tx
        .update(tickets)
        .set({ retestRunId: null })
        .where(and(eq(tickets.id, ticketId), eq(tickets.retestRunId, run.id)))
        .returning({ id: tickets.id });
      if (!claimed) return;
      await recordTicketEvent(tx, {
        customerId: run.customerId,
        ticketId,
        at,
        kind: 'retest_result',
        source: 'retest',
        changes: {
          retest_run: [run.id, null],
          ...(verdict !== null ? { result: [null, verdict === TICKET_STATUS.fixed ? 'fixed' : 'still_seen'] } : {}),
        },
        comment,
      });
    });
  }
}

/**
 * What any run tells the tickets of the findings it saw or closed: subtasks follow their findings; an open ticket whose
 * last open finding this run closed becomes Fixed (source 'scan'); a finding of a Fixed ticket that this run sees again
 * (Reopened) reopens that ticket — once: not when the same finding already reopened it since its last fix, and not
 * when the finding is on another open ticket.
 */
async function followFindings(ctx: AppContext, run: { id: number; customerId: number }, at: Date) {
  const { id: runId, customerId } = run;
  const stamp = at.toISOString();
  // Set-based from the run's findings (scan_run_findings), whatever the size of the run.
  const touched = sql`select s.ticket_id from scan_run_findings rf join ticket_subtasks s on s.finding_id = rf.finding_id
                      where rf.run_id = ${runId} and s.customer_id = ${customerId} and s.open`;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`update ticket_subtasks s set status = ${TICKET_STATUS.fixed}, closed_at = ${stamp}::timestamptz,
                           updated_at = ${stamp}::timestamptz
                         from scan_run_findings rf
                         where rf.run_id = ${runId} and rf.finding_id = s.finding_id and rf.state = ${V.closed}
                           and s.customer_id = ${customerId} and s.open
                           and s.status not in (${TICKET_STATUS.fixed}, ${TICKET_STATUS.will_not_fix})`);
    await tx.execute(sql`update ticket_subtasks s set status = ${TICKET_STATUS.open}, closed_at = null, updated_at = ${stamp}::timestamptz
                         from scan_run_findings rf
                         where rf.run_id = ${runId} and rf.finding_id = s.finding_id and rf.state <> ${V.closed}
                           and s.customer_id = ${customerId} and s.open and s.status = ${TICKET_STATUS.fixed}`);
    // Open findings, asset risk and threat the ticket list sorts and filters by.
    await refreshTicketScores(tx, customerId, touched);
  });

  // Open tickets whose every finding (but those set to Will not fix) is now closed, one of them by this run.
  const done = await queryRows<{ id: number; n: number }>(
    ctx.db,
    sql`select t.id, (select count(*) from ticket_subtasks x where x.ticket_id = t.id and x.status <> ${TICKET_STATUS.will_not_fix}) as n
        from tickets t
        where t.id in (select s.ticket_id from scan_run_findings rf join ticket_subtasks s on s.finding_id = rf.finding_id
                       where rf.run_id = ${runId} and rf.state = ${V.closed} and s.open)
          and t.customer_id = ${customerId}
          and t.status in (${TICKET_STATUS.open}, ${TICKET_STATUS.solution_applied}, ${TICKET_STATUS.in_progress})
          and not exists (select 1 from ticket_subtasks s join findings f on f.id = s.finding_id
                          where s.ticket_id = t.id and s.status <> ${TICKET_STATUS.will_not_fix} and f.state <> ${V.closed})
        order by t.id`,
  );
  // Each ticket is its own change (history, tracker push): a few at a time, each on a connection of its own.
  await inBatches(done, FIX_CONCURRENCY, (t) =>
    changeTicket(
      ctx,
      customerId,
      Number(t.id),
      {
        status: TICKET_STATUS.fixed,
        comment: `Scan run ${runId} no longer sees the ticket's last open finding: all ${Number(t.n)} finding(s) are closed.`,
      },
      { userId: null, source: 'scan', externalId: `run-${runId}` },
    ),
  );

  // Fixed findings that came back (Reopened in this run): each reopens the ticket it was last fixed on.
  const back = await queryRows(
    ctx.db,
    sql`select * from (
          select distinct on (f.id) ${outcomeColumns}, t.id as ticket_id, t.status as ticket_status,
                 (select max(e.id) from ticket_events e where e.ticket_id = t.id and e.changes -> 'status' ->> 1 = ${String(TICKET_STATUS.fixed)}) as fixed_event
          from scan_run_findings rf
          join findings f on f.id = rf.finding_id
          join assets a on a.id = f.host_id
          join ticket_subtasks s on s.finding_id = f.id
          join tickets t on t.id = s.ticket_id
          where rf.run_id = ${runId} and rf.state = ${V.reopened} and f.customer_id = ${customerId}
            and not exists (select 1 from ticket_subtasks o where o.finding_id = f.id and o.open and o.ticket_id <> t.id)
          order by f.id, t.closed_at desc nulls last, t.id desc
        ) last_ticket
        where ticket_status = ${TICKET_STATUS.fixed}
          and not exists (select 1 from ticket_events e
                          where e.ticket_id = last_ticket.ticket_id and e.kind = 'reopened'
                            and e.changes -> 'finding' ->> 1 = last_ticket.id::text
                            and e.id > coalesce(last_ticket.fixed_event, 0))
        order by ticket_id, id`,
  );
  const byTicket = new Map<number, FindingOutcome[]>();
  for (const r of back) {
    const list = byTicket.get(Number(r.ticket_id)) ?? [];
    list.push(toOutcome(r));
    byTicket.set(Number(r.ticket_id), list);
  }
  for (const [ticketId, found] of byTicket) {
    const comment =
      `Scan run ${runId} sees ${found.length === 1 ? 'a fixed finding' : `${found.length} fixed findings`} again: the ticket reopens.\n` +
      found.map((f) => `- ${describe(f, true)}`).join('\n');
    const outcome = await changeTicket(
      ctx,
      customerId,
      ticketId,
      { status: TICKET_STATUS.open, comment },
      { userId: null, source: 'scan', externalId: `run-${runId}-reopen` },
    );
    // Another worker (or an earlier attempt of this job) reopened it for this run already.
    if (outcome !== 'applied') continue;
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(tickets)
        .set({ reopenCount: sql`${tickets.reopenCount} + 1`, closedAt: null })
        .where(eq(tickets.id, ticketId));
      // The ticket is open again: its subtasks count as open, but for a finding someone put on another open ticket since.
      await tx.execute(sql`update ticket_subtasks s set open = true, updated_at = ${at.toISOString()}::timestamptz
                           where s.ticket_id = ${ticketId} and not s.open
                             and not exists (select 1 from ticket_subtasks o where o.finding_id = s.finding_id and o.open)`);
      await tx.execute(sql`update ticket_subtasks set status = ${TICKET_STATUS.open}, closed_at = null
                           where ticket_id = ${ticketId} and finding_id = any(${intArray(found.map((f) => f.id))})`);
      // Reopening reopened every subtask; those whose finding is still closed stay Fixed (a subtask follows its finding).
      await tx.execute(sql`update ticket_subtasks s set status = ${TICKET_STATUS.fixed}, closed_at = coalesce(s.closed_at, f.closed_at)
                           from findings f
                           where f.id = s.finding_id and s.ticket_id = ${ticketId} and s.open and f.state = ${V.closed}
                             and s.status = ${TICKET_STATUS.open}`);
      await refreshTicketScores(tx, customerId, sql`${ticketId}`);
      for (const f of found)
        await recordTicketEvent(tx, {
          customerId,
          ticketId,
          at,
          kind: 'reopened',
          source: 'scan',
          changes: { finding: [null, f.id] },
          comment: `Reopened by scan run ${runId}: ${describe(f, true)}`,
        });
    });
  }
}

/** The run-processed hook of tickets (modules/tickets jobs.ts): re-tests first, then what any run tells the tickets. */
export async function ticketsAfterRun(ctx: AppContext, runId: number): Promise<void> {
  const [run] = await ctx.db
    .select({ id: scanRuns.id, customerId: scanRuns.customerId, retest: scanRuns.retest })
    .from(scanRuns)
    .where(eq(scanRuns.id, runId));
  if (!run) return;
  const at = ctx.clock();
  await applyRetests(ctx, run, at);
  await followFindings(ctx, run, at);
}
