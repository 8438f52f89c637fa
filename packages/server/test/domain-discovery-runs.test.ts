// How a domain discovery run ends when it does not finish, on every test database and without a resolver: a failing run
// and the runs housekeeping finds abandoned end on the app's clock, each with its progress row in one transaction (a
// trigger refusing the progress row's write must leave the run as it was, not half-ended).
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { customers, domainDiscoveryRuns, jobProgress } from '../src/db/schema/index.ts';
import type { Db } from '../src/db/client.ts';
import { runDiscoveryJob } from '../src/modules/domain-discovery/jobs.ts';
import { DOMAIN_DISCOVERY_QUEUE, failAbandonedRuns, failRun, type DiscoveryJob } from '../src/modules/domain-discovery/runs.ts';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/backends.ts';

/** A time the wall clock is not: what is written at it came from the app's clock. */
const AT = new Date('2026-03-01T12:00:00Z');

describe.each(BACKENDS)('domain discovery runs that do not finish, on %s', (backend) => {
  let testDb: TestDatabase;
  let db: Db;
  let customerId: number;
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

  beforeAll(async () => {
    testDb = await openTestDatabase(backend, { migrated: true });
    await testDb.database.migrate();
    db = testDb.database.db;
    const [c] = await db.insert(customers).values({ name: 'Discovery customer', subscriptionTier: 1 }).returning();
    customerId = c!.id;
  });
  afterAll(() => testDb.drop());

  /** A run under way with its progress row, created `createdAt`. */
  async function runUnderWay(state: 'queued' | 'running', createdAt = AT): Promise<DiscoveryJob> {
    const [progress] = await db.insert(jobProgress).values({ customerId, kind: DOMAIN_DISCOVERY_QUEUE, state: 'PROGRESS' }).returning();
    const [run] = await db
      .insert(domainDiscoveryRuns)
      .values({ customerId, jobId: progress!.id, state, domains: ['corp.example'], sources: ['dns_record'], wordlist: 'none', createdAt })
      .returning();
    return { runId: run!.id, customerId, jobId: progress!.id, ctUrl: null, resolver: null };
  }
  const runOf = async (job: DiscoveryJob) => (await db.select().from(domainDiscoveryRuns).where(eq(domainDiscoveryRuns.id, job.runId)))[0]!;
  const progressOf = async (job: DiscoveryJob) => (await db.select().from(jobProgress).where(eq(jobProgress.id, job.jobId)))[0]!;

  /** Tables with a refusing trigger, dropped after each test. */
  const refused: string[] = [];
  /** Makes the database refuse one kind of write (a real failure in the middle of the work, not a stand-in). */
  async function refuse(table: string, when: string): Promise<void> {
    await db.execute(
      sql.raw(`create or replace function refuse_write() returns trigger language plpgsql
      as $$ begin raise exception 'write refused'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_write before update on ${table} for each row when (${when}) execute function refuse_write()`),
    );
    refused.push(table);
  }
  afterEach(async () => {
    for (const table of refused.splice(0)) await db.execute(sql.raw(`drop trigger refuse_write on ${table}`));
  });

  it('ends a run that fails at the app’s clock, the run and its progress together', async () => {
    const job = await runUnderWay('queued');
    // The run cannot be marked running: the job fails, and says why on the run.
    await refuse('domain_discovery_runs', `new.state = 'running'`);
    await runDiscoveryJob({ db, log, clock: () => AT }, job);
    const run = await runOf(job);
    expect(run).toMatchObject({ state: 'failed', finishedAt: AT });
    expect(run.error).toBeTruthy();
    expect(await progressOf(job)).toMatchObject({ state: 'FAILURE', message: run.error, updatedAt: AT });
  });

  it('leaves a run as it was when its progress row cannot be ended with it', async () => {
    const job = await runUnderWay('running');
    await refuse('job_progress', `new.state = 'FAILURE'`);
    await expect(failRun(db, job, 'The resolver stopped answering.', AT)).rejects.toThrow();
    expect(await runOf(job)).toMatchObject({ state: 'running', error: null, finishedAt: null });
    expect((await progressOf(job)).state).toBe('PROGRESS');
  });

  it('ends abandoned runs and their progress rows in one transaction, or neither', async () => {
    const old = new Date(AT.getTime() - 3 * 3_600_000);
    const abandoned = [await runUnderWay('queued', old), await runUnderWay('running', old)];
    const fresh = await runUnderWay('running');
    await refuse('job_progress', `new.state = 'FAILURE'`);
    await expect(failAbandonedRuns(db, AT)).rejects.toThrow();
    for (const job of abandoned) expect((await runOf(job)).state).not.toBe('failed');
    await db.execute(sql.raw('drop trigger refuse_write on job_progress'));
    refused.splice(0);

    expect(await failAbandonedRuns(db, AT)).toBe(2);
    for (const job of abandoned) {
      expect(await runOf(job)).toMatchObject({ state: 'failed', finishedAt: AT });
      expect(await progressOf(job)).toMatchObject({ state: 'FAILURE', updatedAt: AT });
    }
    expect((await runOf(fresh)).state).toBe('running');
    expect((await progressOf(fresh)).state).toBe('PROGRESS');
  });
});
