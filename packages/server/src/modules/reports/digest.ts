// The digest (feature-areas §3 user profile `digestreportconfig`, §7 `reports/digest-config/`): a daily or weekly
// e-mail to one user of what changed in what they can see — findings detected and fixed since the last digest, newly
// known-exploited ones, and where the open findings stand — at their time in their time zone.
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SEVERITY_LABELS, type DigestConfig, type DigestFrequency, type Severity } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { users } from '../../db/schema/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { scopeCondition, type AssetScope } from '../../tenancy/visibility.ts';
import { minQodOf } from '../vulnerabilities/index.ts';
import { scopeOfUser } from './runs.ts';
import { upcomingRuns } from './schedules.ts';

export type DigestSettings = {
  enabled: boolean;
  frequency: DigestFrequency;
  weekday: number;
  time: string;
  time_zone: string;
};
const DEFAULTS: DigestSettings = { enabled: false, frequency: 'weekly', weekday: 1, time: '07:00', time_zone: 'UTC' };

/** The next send after `after`: a daily or weekly report schedule's timing. */
export function nextDigestAt(s: DigestSettings, after: Date): Date {
  return upcomingRuns({ frequency: s.frequency, time: s.time, weekday: s.weekday, day_of_month: 1, time_zone: s.time_zone }, after, 1)[0]!;
}

type Stored = DigestSettings & { last_sent_at?: string | null };

function toConfig(stored: Stored | null, next: Date | null): DigestConfig {
  const s = { ...DEFAULTS, ...(stored ?? {}) };
  return {
    enabled: s.enabled,
    frequency: s.frequency,
    weekday: s.weekday,
    time: s.time,
    time_zone: s.time_zone,
    last_sent_at: stored?.last_sent_at ?? null,
    next_run_at: next?.toISOString() ?? null,
  };
}

export async function getDigestConfig(db: Db, userId: number): Promise<DigestConfig> {
  const [u] = await db.select({ config: users.digestConfig, next: users.digestNextAt }).from(users).where(eq(users.id, userId));
  return toConfig((u?.config as Stored | null) ?? null, u?.next ?? null);
}

/** The profile's `digestreportconfig` from the user's row: null until the user has set a digest. */
export function digestOfProfile(u: { digestConfig: Record<string, unknown> | null; digestNextAt: Date | null }): DigestConfig | null {
  return u.digestConfig ? toConfig(u.digestConfig as Stored, u.digestNextAt) : null;
}

export async function setDigestConfig(db: Db, userId: number, input: DigestSettings, now: Date): Promise<DigestConfig> {
  const [u] = await db.select({ config: users.digestConfig }).from(users).where(eq(users.id, userId));
  const stored: Stored = { ...input, last_sent_at: (u?.config as Stored | null)?.last_sent_at ?? null };
  const next = input.enabled ? nextDigestAt(input, now) : null;
  await db.update(users).set({ digestConfig: stored, digestNextAt: next }).where(eq(users.id, userId));
  return toConfig(stored, next);
}

export interface DigestSummary {
  since: string;
  detected: number[];
  fixed: number;
  newlyExploited: { hid: string; name: string; assets: number }[];
  open: number[];
  averageRisk: number;
}

/** What changed since `since` within the scope. */
export async function digestSummary(db: Db, scope: AssetScope, since: Date): Promise<DigestSummary> {
  const s = since.toISOString();
  // Findings that count, at or above the customer's minimum quality of detection, as in every report.
  const counting = sql`f.ignore_kind is null and not f.test_ignored and f.qod >= ${minQodOf(scope.customerId, undefined)}`;
  const bySeverity = (cond: ReturnType<typeof sql>) =>
    sql.join(
      [0, 1, 2, 3, 4].map((n) => sql`count(*) filter (where ${cond} and f.severity = ${n})::int as ${sql.raw(`x${n}`)}`),
      sql`, `,
    );
  const [[changes], [opened], kev, [risk]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select ${bySeverity(sql`f.first_seen >= ${s}::timestamptz`)},
                 count(*) filter (where f.state = 3 and f.closed_at >= ${s}::timestamptz)::int as fixed
          from findings f join assets a on a.id = f.host_id
          where f.customer_id = ${scope.customerId} and ${scopeCondition(scope, 'a')} and ${counting}
            and (f.first_seen >= ${s}::timestamptz or f.closed_at >= ${s}::timestamptz)`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select ${bySeverity(sql`true`)} from findings f join assets a on a.id = f.host_id
          where f.customer_id = ${scope.customerId} and ${scopeCondition(scope, 'a')} and ${counting} and f.state <> 3`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select i.hid, min(f.name) as name, count(distinct f.host_id)::int as assets
          from findings f join assets a on a.id = f.host_id join issues i on i.id = f.issue_id
          where f.customer_id = ${scope.customerId} and ${scopeCondition(scope, 'a')} and ${counting} and f.state <> 3
            and f.exploit_known and f.first_seen >= ${s}::timestamptz
          group by i.hid order by count(distinct f.host_id) desc, i.hid limit 10`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select coalesce(avg(a.risk_score), 0) as average from assets a
          where ${scopeCondition(scope, 'a')} and a.last_seen is not null and a.archived_at is null`,
    ),
  ]);
  return {
    since: s,
    detected: [0, 1, 2, 3, 4].map((n) => Number(changes?.[`x${n}`] ?? 0)),
    fixed: Number(changes?.fixed ?? 0),
    newlyExploited: kev.map((r) => ({ hid: String(r.hid), name: String(r.name), assets: Number(r.assets) })),
    open: [0, 1, 2, 3, 4].map((n) => Number(opened?.[`x${n}`] ?? 0)),
    averageRisk: Math.round(Number(risk?.average ?? 0) * 10) / 10,
  };
}

/** The digest as plain text (every mail client shows it). */
export function digestText(d: DigestSummary, publicUrl: string): string {
  const sev = (xs: number[]) => ([4, 3, 2, 1, 0] as Severity[]).map((n) => `${SEVERITY_LABELS[n]} ${xs[n] ?? 0}`).join(', ');
  const lines = [
    `What changed since ${d.since.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `New findings: ${d.detected.reduce((a, b) => a + b, 0)} (${sev(d.detected)})`,
    `Fixed findings: ${d.fixed}`,
    `Open findings now: ${d.open.reduce((a, b) => a + b, 0)} (${sev(d.open)})`,
    `Average asset risk score: ${d.averageRisk.toFixed(1)}`,
  ];
  if (d.newlyExploited.length) {
    lines.push('', 'Newly found and known to be exploited (CISA KEV):');
    for (const k of d.newlyExploited) lines.push(`- ${k.hid} ${k.name} on ${k.assets} asset${k.assets === 1 ? '' : 's'}`);
  }
  lines.push(
    '',
    `Open the vulnerabilities: ${publicUrl}/vm/unified-vulnerabilities`,
    '',
    'You get this digest because you turned it on in your profile.',
  );
  return lines.join('\n');
}

/** Sends every digest that is due and moves each to its next time (claimed in one statement per user). */
export async function sendDueDigests(
  deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger; config: { publicUrl: string } },
  now: Date,
): Promise<number> {
  const { db } = deps;
  const due = await db
    .select({ id: users.id, email: users.email, customerId: users.customerId, config: users.digestConfig, next: users.digestNextAt })
    .from(users)
    .where(and(isNotNull(users.digestNextAt), lte(users.digestNextAt, now), eq(users.isActive, true)));
  let sent = 0;
  for (const u of due) {
    const stored = { ...DEFAULTS, ...(u.config as Stored | null) } as Stored;
    const claimed = await db
      .update(users)
      .set({ digestNextAt: nextDigestAt(stored, now), digestConfig: { ...stored, last_sent_at: now.toISOString() } })
      .where(and(eq(users.id, u.id), eq(users.digestNextAt, u.next!)))
      .returning({ id: users.id });
    if (claimed.length === 0) continue;
    const scope = await scopeOfUser(db, u.customerId, u.id);
    if (!scope) continue;
    const period = stored.frequency === 'daily' ? 1 : 7;
    const since = stored.last_sent_at ? new Date(stored.last_sent_at) : new Date(now.getTime() - period * 86_400_000);
    const summary = await digestSummary(db, scope, since);
    await deps.mailer.send({
      to: u.email,
      subject: `Bulwark ${stored.frequency} digest: ${summary.detected.reduce((a, b) => a + b, 0)} new, ${summary.fixed} fixed`,
      text: digestText(summary, deps.config.publicUrl),
    });
    sent += 1;
  }
  return sent;
}
