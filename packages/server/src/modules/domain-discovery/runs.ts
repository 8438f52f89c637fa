// Discovery runs and the host names they found, always within one customer: starting a run (one under way at a time,
// queued as a job with a progress row), reading runs and their hosts (with whether each name is already a host
// asset), the certificate names the customer's scans have seen, and writing a run's outcome.
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  DOMAIN_SOURCES,
  type DomainDiscoveryHost,
  type DomainDiscoveryRun,
  type DomainHostStatus,
  type DomainRunNote,
  type DomainSource,
} from '@bulwark/core';
import type { DiscoveredHost } from '@bulwark/scanner';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { domainDiscoveryRuns, jobProgress, users } from '../../db/schema/index.ts';
import { containsPattern, intArray, jsonRows, queryRows } from '../../db/rows.ts';
import { conflict, nonField } from '../../http/errors.ts';
import { getDiscoverySettings } from './settings.ts';

export const DOMAIN_DISCOVERY_QUEUE = 'domain-discovery';
/** A run older than this is not "under way" any more, whatever its row says (its job has expired). */
const UNDER_WAY_HOURS = 2;

/** What the worker needs beyond the run's row. */
export interface DiscoveryJob {
  runId: number;
  customerId: number;
  jobId: string;
  ctUrl: string | null;
  resolver: { address: string; port: number } | null;
}

type RunRow = typeof domainDiscoveryRuns.$inferSelect;

async function runsWithDetails(db: Db, rows: RunRow[]): Promise<DomainDiscoveryRun[]> {
  if (rows.length === 0) return [];
  const jobIds = rows.map((r) => r.jobId).filter((j): j is string => j !== null);
  const progress = jobIds.length
    ? await db
        .select({ id: jobProgress.id, current: jobProgress.current, total: jobProgress.total })
        .from(jobProgress)
        .where(inArray(jobProgress.id, jobIds))
    : [];
  const byJob = new Map(progress.map((p) => [p.id, p]));
  const userIds = rows.map((r) => r.startedBy).filter((u): u is number => u !== null);
  const people = userIds.length ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds)) : [];
  const byUser = new Map(people.map((p) => [p.id, p.email]));
  return rows.map((r) => {
    const p = r.jobId ? byJob.get(r.jobId) : undefined;
    return {
      id: r.id,
      state: r.state as DomainDiscoveryRun['state'],
      job_id: r.jobId,
      domains: r.domains,
      sources: r.sources,
      wordlist: r.wordlist,
      progress: { current: p?.current ?? 0, total: p?.total ?? 0 },
      hosts_found: r.hostsFound,
      notes: r.notes,
      error: r.error,
      started_by: r.startedBy ? (byUser.get(r.startedBy) ?? null) : null,
      created_at: r.createdAt.toISOString(),
      finished_at: r.finishedAt?.toISOString() ?? null,
    };
  });
}

/** Starts a run with the saved settings; 400 when discovery is off or has no domains, 409 when one is under way. */
export async function startDiscoveryRun(ctx: AppContext, customerId: number, userId: number): Promise<DomainDiscoveryRun> {
  const s = await getDiscoverySettings(ctx.db, customerId);
  if (!s.enabled) throw nonField('Domain asset discovery is turned off: enable it and save the settings first.');
  if (s.domains.length === 0) throw nonField('Add at least one domain and save the settings first.');
  if (!ctx.jobs) throw nonField('The job queue is not running: discovery runs cannot start.');
  const sources: DomainSource[] = [
    ...(s.wordlist !== 'none' ? (['common_name'] as const) : []),
    'dns_record',
    ...(s.zone_transfer ? (['zone_transfer'] as const) : []),
    ...(s.scan_certificates ? (['scan_certificate'] as const) : []),
    ...(s.url ? (['ct_log'] as const) : []),
  ];
  const run = await ctx.db.transaction(async (tx) => {
    // Holding the customer's row: two starts at once cannot both find nothing under way.
    await tx.execute(sql`select id from customers where id = ${customerId} for update`);
    const busy = await queryRows<{ id: number }>(
      tx,
      sql`select id from domain_discovery_runs where customer_id = ${customerId} and state in ('queued', 'running')
            and created_at > now() - make_interval(hours => ${UNDER_WAY_HOURS}) limit 1`,
    );
    if (busy.length) throw conflict({ non_field_errors: [`Discovery run ${busy[0]!.id} is still under way: wait for it to finish.`] });
    const [progress] = await tx.insert(jobProgress).values({ customerId, kind: DOMAIN_DISCOVERY_QUEUE }).returning({ id: jobProgress.id });
    const [created] = await tx
      .insert(domainDiscoveryRuns)
      .values({ customerId, jobId: progress!.id, domains: s.domains, sources, wordlist: s.wordlist, startedBy: userId })
      .returning();
    return created!;
  });
  const job: DiscoveryJob = {
    runId: run.id,
    customerId,
    jobId: run.jobId!,
    ctUrl: s.url,
    resolver: s.host ? { address: s.host, port: s.port ?? 53 } : null,
  };
  await ctx.jobs.send(DOMAIN_DISCOVERY_QUEUE, job);
  return (await runsWithDetails(ctx.db, [run]))[0]!;
}

export async function listRuns(db: Db, customerId: number, page: number, pageSize: number) {
  const [{ n }] = (await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from domain_discovery_runs where customer_id = ${customerId}`,
  )) as [{ n: number }];
  const rows = await db
    .select()
    .from(domainDiscoveryRuns)
    .where(eq(domainDiscoveryRuns.customerId, customerId))
    .orderBy(desc(domainDiscoveryRuns.createdAt), desc(domainDiscoveryRuns.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { count: Number(n), rows: await runsWithDetails(db, rows) };
}

export async function getRun(db: Db, customerId: number, runId: number): Promise<DomainDiscoveryRun | null> {
  const rows = await db
    .select()
    .from(domainDiscoveryRuns)
    .where(and(eq(domainDiscoveryRuns.customerId, customerId), eq(domainDiscoveryRuns.id, runId)));
  return (await runsWithDetails(db, rows))[0] ?? null;
}

export interface HostFilter {
  source?: DomainSource;
  status?: DomainHostStatus;
  domain?: string;
  search?: string;
  ordering: { key: 'name' | 'domain'; descending: boolean };
}

/** The host asset of a discovered name: its value, or one of its host names (a scan's reverse look-up). */
const ASSET_OF = sql`(select a.id from assets a
  where a.customer_id = h.customer_id and a.kind = 'host' and a.archived_at is null
    and (lower(a.value) = h.name or a.hostnames @> jsonb_build_array(h.name))
  order by a.id limit 1)`;

export async function listHosts(db: Db, customerId: number, runId: number, f: HostFilter, page: number, pageSize: number) {
  const where: SQL[] = [sql`h.customer_id = ${customerId}`, sql`h.run_id = ${runId}`];
  if (f.source) where.push(sql`h.sources @> jsonb_build_array(${f.source}::text)`);
  if (f.domain) where.push(sql`h.domain = ${f.domain.toLowerCase()}`);
  if (f.search) where.push(sql`h.name like ${containsPattern(f.search.toLowerCase())}`);
  if (f.status === 'new') where.push(sql`${ASSET_OF} is null`);
  if (f.status === 'asset') where.push(sql`${ASSET_OF} is not null`);
  const order = sql.raw(`h.${f.ordering.key} ${f.ordering.descending ? 'desc' : 'asc'}, h.id`);
  const rows = await queryRows<{
    id: number;
    name: string;
    domain: string;
    addresses: string[];
    sources: DomainSource[];
    asset: number | null;
    total: number;
  }>(
    db,
    sql`select h.id, h.name, h.domain, h.addresses, h.sources, ${ASSET_OF} as asset, count(*) over()::int as total
        from domain_discovery_hosts h where ${sql.join(where, sql` and `)}
        order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  let count = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && page > 1) {
    const [c] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from domain_discovery_hosts h where ${sql.join(where, sql` and `)}`,
    );
    count = Number(c?.n ?? 0);
  }
  const results: DomainDiscoveryHost[] = rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    domain: r.domain,
    addresses: r.addresses,
    sources: r.sources.filter((s) => (DOMAIN_SOURCES as readonly string[]).includes(s)),
    asset: r.asset === null ? null : Number(r.asset),
  }));
  return { count, results };
}

/** The names of a run's hosts of `ids`; the ids that are not the run's are answered apart. */
export async function hostNamesOf(db: Db, customerId: number, runId: number, ids: readonly number[]) {
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from domain_discovery_hosts where customer_id = ${customerId} and run_id = ${runId} and id = any(${intArray(ids)})`,
  );
  const have = new Set(rows.map((r) => Number(r.id)));
  return { names: rows.map((r) => r.name), missing: [...new Set(ids)].filter((id) => !have.has(id)) };
}

/**
 * Every name the customer's scans have seen on a TLS certificate (subject alternative names and the subject's common
 * name, as fingerprinting records them on each port of a host a task finished).
 */
export async function certificateNamesSeen(db: Db, customerId: number): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select distinct lower(c.n) as name
        from scan_task_hosts h
        cross join lateral jsonb_array_elements(case when jsonb_typeof(h.host->'ports') = 'array' then h.host->'ports' else '[]'::jsonb end) p
        cross join lateral (
          select jsonb_array_elements_text(case when jsonb_typeof(p->'service'->'extra'->'tls'->'certificate'->'subjectAltNames') = 'array'
                                                then p->'service'->'extra'->'tls'->'certificate'->'subjectAltNames' else '[]'::jsonb end) as n
          union all
          select p->'service'->'extra'->'tls'->'certificate'->'subject'->>'CN'
        ) c
        where h.customer_id = ${customerId} and h.alive and c.n is not null
        limit 100000`,
  );
  return rows.map((r) => r.name);
}

export async function markRunning(db: Db, job: DiscoveryJob, now: Date): Promise<RunRow | null> {
  await db.update(jobProgress).set({ state: 'PROGRESS', updatedAt: now }).where(eq(jobProgress.id, job.jobId));
  const [run] = await db
    .update(domainDiscoveryRuns)
    .set({ state: 'running' })
    .where(and(eq(domainDiscoveryRuns.id, job.runId), eq(domainDiscoveryRuns.customerId, job.customerId)))
    .returning();
  return run ?? null;
}

export async function recordProgress(db: Db, jobId: string, current: number, total: number, now: Date): Promise<void> {
  await db.update(jobProgress).set({ current, total, updatedAt: now }).where(eq(jobProgress.id, jobId));
}

/** The run's hosts and notes, written with its end in one transaction. */
export async function finishRun(
  db: Db,
  job: DiscoveryJob,
  hosts: readonly DiscoveredHost[],
  notes: readonly DomainRunNote[],
  total: number,
  now: Date,
) {
  await db.transaction(async (tx) => {
    for (let i = 0; i < hosts.length; i += 1000) {
      const chunk = hosts.slice(i, i + 1000).map((h) => ({ name: h.name, domain: h.domain, addresses: h.addresses, sources: h.sources }));
      await tx.execute(sql`
        insert into domain_discovery_hosts (customer_id, run_id, name, domain, addresses, sources)
        select ${job.customerId}, ${job.runId}, x.name, x.domain, x.addresses, x.sources
        from jsonb_to_recordset(${jsonRows(chunk)}) as x(name text, domain text, addresses jsonb, sources jsonb)
        on conflict (run_id, name) do nothing`);
    }
    await tx
      .update(domainDiscoveryRuns)
      .set({ state: 'finished', hostsFound: hosts.length, notes: [...notes], finishedAt: now })
      .where(eq(domainDiscoveryRuns.id, job.runId));
    await tx
      .update(jobProgress)
      .set({ state: 'SUCCESS', current: total, total, result: { run: job.runId, hosts_found: hosts.length }, updatedAt: now })
      .where(eq(jobProgress.id, job.jobId));
  });
}

/** The run's failure and its progress row's, in one transaction: the page never shows one without the other. */
export async function failRun(db: Db, job: DiscoveryJob, message: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(domainDiscoveryRuns)
      .set({ state: 'failed', error: message, finishedAt: now })
      .where(and(eq(domainDiscoveryRuns.id, job.runId), eq(domainDiscoveryRuns.customerId, job.customerId)));
    await tx.update(jobProgress).set({ state: 'FAILURE', message, updatedAt: now }).where(eq(jobProgress.id, job.jobId));
  });
}

/**
 * Housekeeping: a run still queued or running after UNDER_WAY_HOURS lost its worker (its job expired): it ends failed,
 * saying so, and its progress row with it (one transaction), so the page stops waiting and a new run may start.
 */
export async function failAbandonedRuns(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNDER_WAY_HOURS * 3_600_000);
  const message = 'The run did not finish: the process running it stopped. Start it again.';
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(domainDiscoveryRuns)
      .set({ state: 'failed', error: message, finishedAt: now })
      .where(and(inArray(domainDiscoveryRuns.state, ['queued', 'running']), lt(domainDiscoveryRuns.createdAt, cutoff)))
      .returning({ id: domainDiscoveryRuns.id, jobId: domainDiscoveryRuns.jobId });
    const jobs = rows.map((r) => r.jobId).filter((j): j is string => j !== null);
    if (jobs.length) await tx.update(jobProgress).set({ state: 'FAILURE', message, updatedAt: now }).where(inArray(jobProgress.id, jobs));
    return rows.length;
  });
}
