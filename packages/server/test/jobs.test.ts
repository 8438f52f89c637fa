// Background work: housekeeping removes only what is spent, and pg-boss really runs the job on every test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { oneTimeTokens, rateLimits, sessions } from '../src/db/schema/index.ts';
import type { HousekeepingResult } from '../src/jobs/housekeeping.ts';
import { HOUSEKEEPING_QUEUE, startJobs, type Jobs } from '../src/jobs/jobs.ts';
import { jobQueue } from '../src/jobs/declare.ts';
import { housekeeping, MODULE_JOBS } from '../src/module-jobs.ts';
import { sha256 } from '../src/lib/secrets.ts';
import { BACKENDS } from './helpers/backends.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(BACKENDS)('background jobs on %s', (backend) => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    userId = (await t.user({ email: 'jobs@example.com' })).id;
  });
  afterAll(() => t.close());

  /** Rows that housekeeping must delete (`gone-*`) and keep (`kept-*`), relative to now. */
  async function seed(tag: string) {
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms);
    await t.ctx.db.insert(sessions).values([
      { id: sha256(`${tag}-gone-session-1`), userId, expiresAt: at(-MINUTE) },
      { id: sha256(`${tag}-gone-session-2`), userId, expiresAt: at(-30 * DAY) },
      { id: sha256(`${tag}-kept-session-1`), userId, expiresAt: at(HOUR) },
      { id: sha256(`${tag}-kept-session-2`), userId, expiresAt: at(30 * DAY), keepLoggedIn: true },
    ]);
    const token = (name: string, expiresAt: Date, usedAt: Date | null = null) => ({
      kind: 'password_reset' as const,
      userId,
      tokenHash: sha256(`${tag}-${name}`),
      expiresAt,
      usedAt,
    });
    await t.ctx.db.insert(oneTimeTokens).values([
      token('gone-token-expired-long-ago', at(-2 * DAY)),
      token('gone-token-used-long-ago', at(5 * DAY), at(-2 * DAY)),
      token('kept-token-live', at(HOUR)),
      // Spent tokens stay a day, for the "link already used" questions.
      token('kept-token-just-expired', at(-MINUTE)),
      token('kept-token-just-used', at(HOUR), at(-MINUTE)),
    ]);
    await t.ctx.db.insert(rateLimits).values([
      { key: `${tag}:gone:1`, count: 9, resetAt: at(-MINUTE) },
      { key: `${tag}:gone:2`, count: 1, resetAt: at(-DAY) },
      { key: `${tag}:kept:1`, count: 3, resetAt: at(10 * MINUTE) },
    ]);
  }

  async function left(tag: string) {
    const s = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
    const sessionIds = new Map(
      ['gone-session-1', 'gone-session-2', 'kept-session-1', 'kept-session-2'].map((n) => [sha256(`${tag}-${n}`), n]),
    );
    const tokenNames = [
      'gone-token-expired-long-ago',
      'gone-token-used-long-ago',
      'kept-token-live',
      'kept-token-just-expired',
      'kept-token-just-used',
    ];
    const tk = await t.ctx.db
      .select()
      .from(oneTimeTokens)
      .where(
        inArray(
          oneTimeTokens.tokenHash,
          tokenNames.map((n) => sha256(`${tag}-${n}`)),
        ),
      );
    const tokenByHash = new Map(tokenNames.map((n) => [sha256(`${tag}-${n}`), n]));
    const rl = await t.ctx.db.select().from(rateLimits);
    return {
      sessions: s
        .map((r) => sessionIds.get(r.id))
        .filter(Boolean)
        .sort(),
      tokens: tk.map((r) => tokenByHash.get(r.tokenHash)).sort(),
      rateLimits: rl
        .map((r) => r.key)
        .filter((k) => k.startsWith(`${tag}:`))
        .sort(),
    };
  }

  const KEPT = (tag: string) => ({
    sessions: ['kept-session-1', 'kept-session-2'],
    tokens: ['kept-token-just-expired', 'kept-token-just-used', 'kept-token-live'],
    rateLimits: [`${tag}:kept:1`],
  });

  it('housekeeping deletes expired sessions, long-spent tokens and stale rate limits, and keeps live ones', async () => {
    await seed('direct');
    const result = await housekeeping(t.ctx);
    expect(result).toEqual({
      sessions: 2,
      tokens: 2,
      rateLimits: 2,
      assetsArchived: 0,
      findingsClosed: 0,
      ignoresExpired: 0,
      kevNews: 0,
      snapshots: 1,
      filesExpired: 0,
      discoveryRunsAbandoned: 0,
    });
    expect(await left('direct')).toEqual(KEPT('direct'));
    // Running again finds nothing more to do.
    expect(await housekeeping(t.ctx)).toEqual({
      sessions: 0,
      tokens: 0,
      rateLimits: 0,
      assetsArchived: 0,
      findingsClosed: 0,
      ignoresExpired: 0,
      kevNews: 0,
      snapshots: 1,
      filesExpired: 0,
      discoveryRunsAbandoned: 0,
    });
    expect(await left('direct')).toEqual(KEPT('direct'));
  });

  it('keeps a session that is still signed in: its user stays signed in after housekeeping', async () => {
    const c = t.client();
    expect((await c.login('jobs@example.com', 'Battery-Staple-77')).status).toBe(200);
    await housekeeping(t.ctx);
    expect((await c.get('/api/check-authentication/')).body.isAuthenticated).toBe(true);
  });

  describe('pg-boss', () => {
    let jobs: Jobs;
    beforeAll(async () => {
      // Start from a clean slate of the earlier test's rows.
      await housekeeping(t.ctx, new Date(Date.now() + 400 * DAY));
      jobs = await startJobs(t.ctx, MODULE_JOBS);
    });
    afterAll(async () => {
      await jobs?.stop();
    });

    async function pendingHousekeeping(): Promise<number> {
      const rows = await t.testDb.database.sql.executeSql(
        "select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')",
        [HOUSEKEEPING_QUEUE],
      );
      return (rows.rows[0] as { n: number }).n;
    }

    it('schedules housekeeping every 15 minutes', async () => {
      const schedules = await jobs.boss.getSchedules();
      const mine = schedules.find((s) => s.name === HOUSEKEEPING_QUEUE);
      expect(mine?.cron).toBe('*/15 * * * *');
    });

    it('runs a housekeeping job sent to the queue and stores its result', { timeout: 120_000 }, async () => {
      // The 15-minute schedule must not run first and take this test's rows: stop it, and let a run it already
      // queued finish, before seeding.
      await jobs.boss.unschedule(HOUSEKEEPING_QUEUE);
      const drainBy = Date.now() + 90_000;
      while ((await pendingHousekeeping()) > 0 && Date.now() < drainBy) await new Promise((r) => setTimeout(r, 500));
      expect(await pendingHousekeeping()).toBe(0);
      await seed('boss');
      const id = await jobs.boss.send(HOUSEKEEPING_QUEUE, {});
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      // The worker polls every 30 s: wait up to 90 s for it to finish.
      const deadline = Date.now() + 90_000;
      let job = await jobs.boss.getJobById<object>(HOUSEKEEPING_QUEUE, id!);
      while (job?.state !== 'completed' && job?.state !== 'failed' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 500));
        job = await jobs.boss.getJobById<object>(HOUSEKEEPING_QUEUE, id!);
      }
      expect(job?.state).toBe('completed');
      const output = job!.output as HousekeepingResult;
      expect(output).toEqual({
        sessions: 2,
        tokens: 2,
        rateLimits: 2,
        assetsArchived: 0,
        findingsClosed: 0,
        ignoresExpired: 0,
        kevNews: 0,
        snapshots: 1,
        filesExpired: 0,
        discoveryRunsAbandoned: 0,
      });
      expect(await left('boss')).toEqual(KEPT('boss'));
    });
  });

  it(
    'stops only after a job that outlived the grace has ended, so its completion never meets a closed database',
    { timeout: 120_000 },
    async () => {
      const order: string[] = [];
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let started!: () => void;
      const running = new Promise<void>((r) => (started = r));
      const slow = jobQueue<{ n: number }>({
        name: 'test-slow-job',
        polling: 'fast',
        work: async () => {
          started();
          await released;
          // The job still writes after pg-boss gave up waiting: the database must be open for it.
          await t.ctx.database.sql.executeSql('SELECT 1');
          order.push('job ended');
          return null;
        },
      });
      const jobs = await startJobs(t.ctx, [{ module: 'test', queues: [slow] }], { work: true, stopGraceSeconds: 0.2 });
      const id = await jobs.send('test-slow-job', { n: 1 });
      await running;
      const stopping = jobs.stop().then(() => order.push('stopped'));
      // pg-boss fails the job once the grace is over; only then is the job let go.
      let state: string | undefined;
      while (state !== 'retry' && state !== 'failed') {
        await new Promise((r) => setTimeout(r, 100));
        state = (await t.ctx.database.sql.executeSql('select state from pgboss.job where id = $1', [id])).rows[0]?.state as string;
      }
      expect(order).toEqual([]);
      release();
      await stopping;
      expect(order).toEqual(['job ended', 'stopped']);
    },
  );
});
