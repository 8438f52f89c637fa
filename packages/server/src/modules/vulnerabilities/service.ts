// The rules of unified vulnerabilities: ignoring or disabling findings (by id, a whole issue, or a filter) in one
// transaction with their timeline, risk acceptances that another person approves when the customer asks for it,
// un-ignoring, ignores that run out by themselves, and tests a customer ignores. Each change refreshes the risk and
// counts of the issues and assets it touched. Results processing uses upsertIssues / refreshIssues from here.
import { sql } from 'drizzle-orm';
import { IGNORE_KIND, IGNORE_REASON, type IgnoreInput } from '@bulwark/core';
import type { z } from 'zod';
import type { ignoreInput } from '@bulwark/core';
import type { Db, Tx } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { badRequest } from '../../http/errors.ts';
import { fieldErrors } from '../../http/list.ts';
import type { AssetScope } from '../../tenancy/visibility.ts';
import { vulnerabilityFilterQuery } from './filters.ts';
import { afterFindingsChanged } from './derived.ts';
import { getIssue } from './issue-queries.ts';
import { findingsWithin, matchingFindingIds } from './repo.ts';

export { upsertIssues, refreshIssues, issuesOfAssets } from './issues.ts';
export type { IgnoreInput };

type IgnoreRequest = z.output<typeof ignoreInput>;

/** After findings stopped or started counting: their issues' and assets' scores and counts follow. */
async function refreshAfter(tx: Tx, customerId: number, changed: readonly { issue_id: number | null; host_id: number }[]) {
  const issues = [
    ...new Set(
      changed
        .map((r) => r.issue_id)
        .filter((x): x is number => x !== null)
        .map(Number),
    ),
  ];
  const hosts = [...new Set(changed.map((r) => Number(r.host_id)))];
  await afterFindingsChanged(tx, customerId, hosts, issues);
}

/** The findings an ignore request names, within the scope; a bad filter is a 400 keyed `filter.<field>`. */
async function targetsOf(tx: Tx, scope: AssetScope, input: IgnoreRequest, now: Date): Promise<number[]> {
  if (input.ids) return findingsWithin(tx, scope, input.ids);
  if (input.hid !== undefined) {
    const issue = await getIssue(tx, scope, input.hid);
    if (!issue) throw badRequest({ hid: ['No such vulnerability.'] });
    return matchingFindingIds(tx, scope, vulnerabilityFilterQuery.parse({ hid: input.hid, ignored: 'all', qod_min: 0 }), now);
  }
  const parsed = vulnerabilityFilterQuery.safeParse(input.filter ?? {});
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues);
    throw badRequest(Object.fromEntries(Object.entries(errors).map(([k, v]) => [`filter.${k}`, v])));
  }
  return matchingFindingIds(tx, scope, parsed.data, now);
}

/**
 * Ignores or disables findings. A risk acceptance at a customer that requires approval is recorded as requested: the
 * findings keep counting until someone else approves it.
 */
export async function ignoreFindings(
  db: Db,
  scope: AssetScope,
  userId: number,
  input: IgnoreRequest,
  now: Date,
): Promise<{ ignored: number; pending: number }> {
  const expires = input.expires_at === null ? null : new Date(input.expires_at);
  if (expires && expires.getTime() <= now.getTime()) throw badRequest({ expires_at: ['Choose a moment in the future, or no expiry.'] });
  return db.transaction(async (tx) => {
    const ids = await targetsOf(tx, scope, input, now);
    if (ids.length === 0) return { ignored: 0, pending: 0 };
    const [customer] = await queryRows<{ approval: boolean }>(
      tx,
      sql`select risk_acceptance_approval as approval from customers where id = ${scope.customerId}`,
    );
    const pending =
      Boolean(customer?.approval) && input.reason === IGNORE_REASON.risk_accepted && input.ignore_kind === IGNORE_KIND.ignored;
    const at = now.toISOString();
    const changed = await queryRows<{ id: number; issue_id: number | null; host_id: number }>(
      tx,
      sql`update findings f set ignore_kind = ${pending ? null : input.ignore_kind}, ignore_reason = ${input.reason},
                 ignore_comment = ${input.comment}, ignore_expires_at = ${expires?.toISOString() ?? null}::timestamptz,
                 ignored_by = ${userId}, ignored_at = ${at}::timestamptz, ignore_pending = ${pending}
          where f.customer_id = ${scope.customerId} and f.id = any(${intArray(ids)})
          returning f.id, f.issue_id, f.host_id`,
    );
    // Ignoring an issue on all its assets is also a rule for the findings it gets later — set only by someone who
    // sees every asset, since it reaches assets a LIMITED member cannot see.
    if (input.hid !== undefined && !pending && scope.limitedToTags === null)
      await tx.execute(sql`
        update issues set ignore_kind = ${input.ignore_kind}, ignore_reason = ${input.reason}, ignore_comment = ${input.comment},
               ignore_expires_at = ${expires?.toISOString() ?? null}::timestamptz, ignored_by = ${userId}, ignored_at = ${at}::timestamptz
        where customer_id = ${scope.customerId} and hid = ${input.hid}`);
    const event = pending ? 'requested' : input.ignore_kind === IGNORE_KIND.disabled ? 'disabled' : 'ignored';
    await tx.execute(sql`
      insert into finding_events (customer_id, finding_id, at, event, user_id, reason, comment, expires_at)
      select ${scope.customerId}, x.id, ${at}::timestamptz, ${event}, ${userId}, ${input.reason}, ${input.comment},
             ${expires?.toISOString() ?? null}::timestamptz
      from unnest(${intArray(changed.map((r) => Number(r.id)))}) as x(id)`);
    if (!pending) await refreshAfter(tx, scope.customerId, changed);
    return { ignored: pending ? 0 : changed.length, pending: pending ? changed.length : 0 };
  });
}

/** Approves requested risk acceptances; never the caller's own request. */
export async function approveRiskAcceptance(db: Db, scope: AssetScope, userId: number, ids: readonly number[], now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const within = await findingsWithin(tx, scope, ids);
    const own = await queryRows<{ id: number }>(
      tx,
      sql`select id from findings where id = any(${intArray(within)}) and ignore_pending and ignored_by = ${userId}`,
    );
    if (own.length > 0) throw badRequest({ ids: ['A risk acceptance is approved by someone other than the person who asked for it.'] });
    const changed = await queryRows<{ id: number; issue_id: number | null; host_id: number }>(
      tx,
      sql`update findings f set ignore_kind = ${IGNORE_KIND.ignored}, ignore_pending = false
          where f.customer_id = ${scope.customerId} and f.id = any(${intArray(within)}) and f.ignore_pending
          returning f.id, f.issue_id, f.host_id`,
    );
    await tx.execute(sql`
      insert into finding_events (customer_id, finding_id, at, event, user_id)
      select ${scope.customerId}, x.id, ${now.toISOString()}::timestamptz, 'approved', ${userId}
      from unnest(${intArray(changed.map((r) => Number(r.id)))}) as x(id)`);
    await refreshAfter(tx, scope.customerId, changed);
    return changed.length;
  });
}

/** Clears an ignore: the same columns on findings and on issues (whose rule has no approval state). */
const CLEARED_RULE = sql`ignore_kind = null, ignore_reason = null, ignore_comment = null, ignore_expires_at = null, ignored_by = null,
  ignored_at = null`;
const CLEARED = sql`${CLEARED_RULE}, ignore_pending = false`;

/** Makes findings count again. Answers how many were ignored, disabled or requested. */
export async function unignoreFindings(db: Db, scope: AssetScope, userId: number, ids: readonly number[], now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const within = await findingsWithin(tx, scope, ids);
    const changed = await queryRows<{ id: number; issue_id: number | null; host_id: number }>(
      tx,
      sql`update findings f set ${CLEARED}
          where f.customer_id = ${scope.customerId} and f.id = any(${intArray(within)}) and (f.ignore_kind is not null or f.ignore_pending)
          returning f.id, f.issue_id, f.host_id`,
    );
    await tx.execute(sql`
      insert into finding_events (customer_id, finding_id, at, event, user_id)
      select ${scope.customerId}, x.id, ${now.toISOString()}::timestamptz, 'unignored', ${userId}
      from unnest(${intArray(changed.map((r) => Number(r.id)))}) as x(id)`);
    await refreshAfter(tx, scope.customerId, changed);
    return changed.length;
  });
}

/**
 * Stops ignoring an issue on all its assets: its rule for later findings ends, and its findings the caller can see count
 * again. A LIMITED member cannot end the rule (it covers assets they cannot see); their findings still count again.
 */
export async function unignoreIssue(db: Db, scope: AssetScope, userId: number, hid: string, now: Date): Promise<number> {
  const ids = await db.transaction(async (tx) => {
    const issue = await getIssue(tx, scope, hid);
    if (!issue) throw badRequest({ hid: ['No such vulnerability.'] });
    if (scope.limitedToTags === null)
      await tx.execute(sql`update issues set ${CLEARED_RULE} where id = ${issue.id} and customer_id = ${scope.customerId}`);
    return matchingFindingIds(tx, scope, vulnerabilityFilterQuery.parse({ hid, ignored: 'ignored_disabled', qod_min: 0 }), now);
  });
  return ids.length ? unignoreFindings(db, scope, userId, ids, now) : 0;
}

/** Ends the ignores whose expiry has come (housekeeping, with its clock): the findings count again by themselves. */
export async function expireIgnores(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`update issues set ${CLEARED_RULE} where ignore_expires_at is not null and ignore_expires_at <= ${now.toISOString()}::timestamptz`,
    );
    const changed = await queryRows<{ id: number; issue_id: number | null; host_id: number; customer_id: number }>(
      tx,
      sql`update findings f set ${CLEARED}
          where f.ignore_expires_at is not null and f.ignore_expires_at <= ${now.toISOString()}::timestamptz
          returning f.id, f.issue_id, f.host_id, f.customer_id`,
    );
    if (changed.length === 0) return 0;
    await tx.execute(sql`
      insert into finding_events (customer_id, finding_id, at, event)
      select x.customer_id, x.id, ${now.toISOString()}::timestamptz, 'expired'
      from jsonb_to_recordset(${JSON.stringify(changed.map((r) => ({ id: Number(r.id), customer_id: Number(r.customer_id) })))}::jsonb)
        as x(id int, customer_id int)`);
    const byCustomer = new Map<number, typeof changed>();
    for (const r of changed) byCustomer.set(Number(r.customer_id), [...(byCustomer.get(Number(r.customer_id)) ?? []), r]);
    for (const [customerId, rows] of byCustomer) await refreshAfter(tx, customerId, rows);
    return changed.length;
  });
}

/** Ignores (or stops ignoring) a test for the customer: its findings stop (or start again) counting. */
export async function setTestIgnored(
  db: Db,
  customerId: number,
  userId: number,
  variant: 'n' | 'w',
  testId: string,
  ignored: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (ignored)
      await tx.execute(sql`insert into ignored_tests (customer_id, variant, test_id, user_id) values (${customerId}, ${variant}, ${testId}, ${userId})
                           on conflict do nothing`);
    else
      await tx.execute(sql`delete from ignored_tests where customer_id = ${customerId} and variant = ${variant} and test_id = ${testId}`);
    const changed = await queryRows<{ issue_id: number | null; host_id: number }>(
      tx,
      sql`update findings set test_ignored = ${ignored}
          where customer_id = ${customerId} and check_id = ${testId} and test_ignored <> ${ignored}
          returning issue_id, host_id`,
    );
    await refreshAfter(tx, customerId, changed);
  });
}

/** The tests this customer ignores, of a variant. */
export async function ignoredTestIds(db: Db, customerId: number, variant: 'n' | 'w'): Promise<Set<string>> {
  const rows = await queryRows<{ test_id: string }>(
    db,
    sql`select test_id from ignored_tests where customer_id = ${customerId} and variant = ${variant}`,
  );
  return new Set(rows.map((r) => r.test_id));
}
/** What reports and exports select findings by: the list's own filter and its SQL (one query layer for every format). */
export { matchingFindings, vulnerabilityFilterQuery, type VulnerabilityFilter } from './filters.ts';
/** The minimum quality of detection in force (the filter's qod_min, else the customer's), as SQL; and hidden counts. */
export { minQodOf } from './qod.ts';
