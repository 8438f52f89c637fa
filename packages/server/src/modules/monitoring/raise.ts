// Writes a round's alert actions: raise once per change (insert, or on the open alert of the same change update last
// seen, count and what it is now), update the open alerts of changes that persist, resolve the ones undone.
import { sql } from 'drizzle-orm';
import type { AlertSource } from '@bulwark/core';
import type { Tx } from '../../db/client.ts';
import { intArray, jsonRows, queryRows } from '../../db/rows.ts';
import type { AlertActions, AlertKey } from './detect.ts';

export interface AppliedAlerts {
  /** Alerts inserted by this round (to notify). */
  raised: number[];
  updated: number;
  resolved: number;
}

export interface ApplyScope {
  customerId: number;
  profileId: number;
  /** The triggers the profile enables: only these raise (open alerts of others still update and resolve). */
  triggers: readonly string[];
  source: AlertSource;
  runId?: number | null;
  now: Date;
}

/** How a state subject reads on an alert (core's "tcp/5432", "certificate tcp/443"); other subjects are kept. */
const SUBJECT_WORDS: Record<string, string> = { port: '', cert: 'certificate ', tls: 'TLS ', service: 'service ' };
export function alertSubject(subject: string): string {
  const m = /^(port|cert|tls|service):((?:tcp|udp)\/\d+)$/.exec(subject);
  return m ? `${SUBJECT_WORDS[m[1]!]}${m[2]}` : subject;
}

/** The alert's own subject on each key. */
const worded = <T extends AlertKey>(xs: T[]): T[] => xs.map((x) => ({ ...x, subject: alertSubject(x.subject) }));

const keyOf = (k: AlertKey) => `${k.asset_id} ${k.trigger} ${k.subject}`;

/** Keeps the last of each key: one statement may not touch the same alert twice. */
function unique<T extends AlertKey>(xs: T[]): T[] {
  return [...new Map(xs.map((x) => [keyOf(x), x])).values()];
}

export async function applyAlerts(db: Tx, scope: ApplyScope, actions: AlertActions): Promise<AppliedAlerts> {
  const out: AppliedAlerts = { raised: [], updated: 0, resolved: 0 };
  const at = scope.now.toISOString();
  const raise = unique(worded(actions.raise.filter((r) => scope.triggers.includes(r.trigger))));
  const raisedKeys = new Set(raise.map(keyOf));
  if (raise.length) {
    const rows = await queryRows<{ id: number; inserted: boolean }>(
      db,
      sql`
      insert into monitoring_alerts (customer_id, profile_id, asset_id, trigger, subject, title, before, after, severity, source,
        run_id, finding_id, first_seen, last_seen, count)
      select ${scope.customerId}, ${scope.profileId}, r.asset_id, r.trigger, r.subject, r.title, r.before, r.after, r.severity,
        ${scope.source}, ${scope.runId ?? null}::int, r.finding_id, ${at}::timestamptz, ${at}::timestamptz, 1
      from jsonb_to_recordset(${jsonRows(raise)}) as r(asset_id int, trigger text, subject text, title text, before jsonb,
        after jsonb, severity int, finding_id int)
      join assets a on a.id = r.asset_id and a.customer_id = ${scope.customerId}
      on conflict (profile_id, asset_id, trigger, subject) where resolved_at is null
      do update set last_seen = excluded.last_seen, count = monitoring_alerts.count + 1, after = excluded.after,
        title = excluded.title, run_id = coalesce(excluded.run_id, monitoring_alerts.run_id)
      returning id, (xmax = 0) as inserted`,
    );
    for (const r of rows) {
      if (r.inserted) out.raised.push(Number(r.id));
      else out.updated += 1;
    }
  }
  const persist = unique(worded(actions.persist).filter((k) => !raisedKeys.has(keyOf(k))));
  if (persist.length) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`
      update monitoring_alerts a set last_seen = ${at}::timestamptz, count = a.count + 1,
        run_id = coalesce(${scope.runId ?? null}::int, a.run_id)
      from jsonb_to_recordset(${jsonRows(persist)}) as r(asset_id int, trigger text, subject text)
      where a.profile_id = ${scope.profileId} and a.resolved_at is null
        and a.asset_id = r.asset_id and a.trigger = r.trigger and a.subject = r.subject
      returning a.id`,
    );
    out.updated += rows.length;
  }
  const resolve = unique(worded(actions.resolve).filter((k) => !raisedKeys.has(keyOf(k))));
  if (resolve.length) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`
      update monitoring_alerts a set resolved_at = ${at}::timestamptz
      from jsonb_to_recordset(${jsonRows(resolve)}) as r(asset_id int, trigger text, subject text)
      where a.profile_id = ${scope.profileId} and a.resolved_at is null
        and a.asset_id = r.asset_id and a.trigger = r.trigger and a.subject = r.subject
      returning a.id`,
    );
    out.resolved += rows.length;
  }
  return out;
}

/** Resolves the open unexpected-port alerts of ports the profile now expects (its port list changed). */
export async function resolveNowExpected(db: Tx, profileId: number, expected: (port: number) => boolean, now: Date): Promise<number> {
  const open = await queryRows<{ id: number; subject: string }>(
    db,
    sql`select id, subject from monitoring_alerts where profile_id = ${profileId} and trigger = 'unexpected_port' and resolved_at is null`,
  );
  const ids = open.filter((a) => a.subject.startsWith('tcp/') && expected(Number(a.subject.slice(4)))).map((a) => Number(a.id));
  if (!ids.length) return 0;
  await db.execute(sql`update monitoring_alerts set resolved_at = ${now.toISOString()}::timestamptz where id = any(${intArray(ids)})`);
  return ids.length;
}
