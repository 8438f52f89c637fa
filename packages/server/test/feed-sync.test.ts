// The feed sync against a local server that answers as each provider does: a first NVD sync pages through every CVE,
// later ones ask for what changed in windows of at most 120 days; the NVD's rate limit, 403/429/503 answers and
// Retry-After are waited out on a moved clock; KEV, EPSS, OSV and the Debian tracker download with conditional
// requests, resume a cut-off download with Range, and check OSV's published MD5; a failure halfway resumes where it
// stopped; a lease keeps two servers from syncing at once. On every test database.
import { existsSync, readdirSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config.ts';
import { intelCves, intelFeedSources } from '../src/db/schema/index.ts';
import { acquireLease, releaseLease } from '../src/jobs/leases.ts';
import { intelCounts } from '../src/modules/intel/match.ts';
import { causeOf, type SyncClock } from '../src/modules/intel/sync/http.ts';
import { FEED_SYNC_LEASE, syncFeeds, syncDir, type SyncResult } from '../src/modules/intel/sync/sync.ts';
import { sourceStates } from '../src/modules/intel/sync/state.ts';
import { retryOf } from '../src/modules/intel/sync/queue.ts';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/backends.ts';
import { FeedProviders } from './helpers/feed-providers.ts';
import { freePort } from './helpers/cli.ts';

/** A clock that moves only when told or when the code under test sleeps; every sleep is recorded. */
class FakeClock implements SyncClock {
  readonly sleeps: number[] = [];
  constructor(private t: number) {}
  now(): Date {
    return new Date(this.t);
  }
  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.t += ms;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

const NVD = '/rest/json/cves/2.0';
const KEV = '/sites/default/files/feeds/known_exploited_vulnerabilities.json';
const DAY = 86_400_000;

function outcomes(r: SyncResult) {
  if (r.locked) throw new Error(`locked by ${r.holder}`);
  return Object.fromEntries(r.outcomes.map((o) => [o.source, o]));
}

describe.each(BACKENDS)('feed sync on %s', (backend) => {
  let testDb: TestDatabase;
  let providers: FeedProviders;
  let config: Config;
  const db = () => testDb.database.db;
  const deps = () => ({ db: db(), config });

  beforeAll(async () => {
    testDb = await openTestDatabase(backend, { migrated: true });
    await testDb.database.migrate();
    providers = await new FeedProviders().start('127.0.0.1');
    config = loadConfig({ BULWARK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bulwark-sync-')), ...providers.env() });
  });
  afterAll(async () => {
    await providers.stop();
    await testDb.drop();
  });
  beforeEach(() => providers.clearFaults());

  it('plans one source per feed and per OSV ecosystem, from the settings', async () => {
    const { plannedSources } = await import('../src/modules/intel/sync/sources.ts');
    expect(plannedSources(config.feedSync).map((s) => s.name)).toEqual([
      'nvd',
      'kev',
      'epss',
      'osv/AlmaLinux',
      'osv/Debian',
      'osv/Alpine',
      'debian',
      'checks',
    ]);
    const def = loadConfig({}).feedSync;
    expect(plannedSources(def).find((s) => s.name === 'osv/Rocky Linux')?.url).toBe(
      'https://osv-vulnerabilities.storage.googleapis.com/Rocky%20Linux/all.zip',
    );
  });

  it('a first NVD sync pages through every CVE; a failure halfway resumes at the page it lost', async () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 24, 3, 30));
    // The third page fails every time it is asked for in this sync (three tries).
    providers.fail((p, q) => p === NVD && q.startIndex === '20', { status: 503 }, { status: 503 }, { status: 503 });
    const waits: string[] = [];
    const first = outcomes(
      await syncFeeds(deps(), {
        only: ['nvd'],
        clock,
        nvdPageSize: 10,
        http: { attempts: 3 },
        onProgress: (_source, p) => {
          if (p.phase === 'waiting') waits.push(p.note!);
        },
      }),
    );
    // While it waits, the source says why and for how long; no wait follows the last try.
    expect(waits).toEqual([
      'The NVD answered 503 Service Unavailable; trying again in 6 s (try 2 of 3).',
      'The NVD answered 503 Service Unavailable; trying again in 12 s (try 3 of 3).',
    ]);
    expect(first.nvd).toMatchObject({ ok: false });
    expect(first.nvd!.error).toMatch(/The NVD answered 503 Service Unavailable 3 times/);
    expect(await db().$count(intelCves)).toBe(20);
    const [failed] = await sourceStates(db(), ['nvd']);
    expect(failed).toMatchObject({ running: false, lastSuccessAt: null, lastError: first.nvd!.error });
    expect(failed!.cursor.window).toEqual({ start: null, end: '2026-11-24T03:30:00.000Z', startIndex: 20 });
    // Back-off between tries: 6 s, then 12 s (doubling), and none after the last.
    expect(clock.sleeps.filter((s) => s >= 6000)).toEqual([6000, 12000]);

    const before = providers.requests(NVD).length;
    // The next sync, at the same instant (a later one would also ask for what changed meanwhile).
    const again = new FakeClock(Date.UTC(2026, 10, 24, 3, 30));
    const second = outcomes(await syncFeeds(deps(), { only: ['nvd'], clock: again, nvdPageSize: 10 }));
    expect(second.nvd).toMatchObject({ ok: true, records: 16 });
    const resumed = providers.requests(NVD).slice(before);
    expect(resumed.map((r) => r.query.startIndex)).toEqual(['20', '30']);
    // A first sync asks for everything: no lastMod dates.
    expect(resumed.every((r) => r.query.lastModStartDate === undefined && r.query.resultsPerPage === '10')).toBe(true);
    expect(await db().$count(intelCves)).toBe(36);
    const [done] = await sourceStates(db(), ['nvd']);
    expect(done).toMatchObject({ lastError: null, records: 16, running: false, progress: null });
    expect(done!.cursor).toEqual({ syncedUntil: '2026-11-24T03:30:00.000Z' });
    expect(done!.lastSuccessAt).toBeInstanceOf(Date);
    // The pages are kept (gzipped) for offline bundles.
    expect(readdirSync(syncDir(config.feedsDir, 'nvd'))).toHaveLength(4);
  });

  it('later NVD syncs ask only for what changed since, in windows of at most 120 days', async () => {
    const clock = new FakeClock(Date.UTC(2027, 4, 1));
    const cve = providers.cves.find((c) => c.id === 'CVE-2024-6387')!;
    const original = { ...cve };
    cve.lastModified = '2027-02-01T10:00:00.000';
    cve.descriptions = [{ lang: 'en', value: 'Changed at the NVD.' }];
    try {
      const before = providers.requests(NVD).length;
      const r = outcomes(await syncFeeds(deps(), { only: ['nvd'], clock, nvdPageSize: 10 }));
      expect(r.nvd).toMatchObject({ ok: true, records: 1, unchanged: false });
      const asked = providers.requests(NVD).slice(before);
      // 2026-11-24 03:30 → 2027-05-01 is 157 days: two windows, the first exactly 120 days, each answered 200.
      expect(asked.map((a) => [a.query.lastModStartDate, a.query.lastModEndDate, a.status])).toEqual([
        ['2026-11-24T03:30:00.000+00:00', '2027-03-24T03:30:00.000+00:00', 200],
        ['2027-03-24T03:30:00.000+00:00', '2027-05-01T00:00:00.000+00:00', 200],
      ]);
      const [row] = await db().select().from(intelCves).where(eq(intelCves.id, 'CVE-2024-6387'));
      expect(JSON.stringify(row!.record)).toContain('Changed at the NVD.');
      const [state] = await sourceStates(db(), ['nvd']);
      expect(state!.cursor).toEqual({ syncedUntil: '2027-05-01T00:00:00.000Z' });

      // Nothing changed since: one request, nothing imported.
      clock.advance(DAY);
      const again = outcomes(await syncFeeds(deps(), { only: ['nvd'], clock, nvdPageSize: 10 }));
      expect(again.nvd).toMatchObject({ ok: true, records: 0, unchanged: true });
    } finally {
      Object.assign(cve, original);
    }
  });

  it('keeps to the NVD rate limit, waits out 403 and 429 with Retry-After, and sends the API key', async () => {
    const clock = new FakeClock(Date.UTC(2027, 5, 1));
    await db().update(intelFeedSources).set({ cursor: {} }).where(eq(intelFeedSources.source, 'nvd'));
    providers.fail((p) => p === NVD, { status: 403 }, { status: 429, retryAfter: '17' });
    const before = providers.requests(NVD).length;
    // Pages of 4: nine pages plus the two refused tries, eleven requests; without a key only 5 may go in 30 s.
    const r = outcomes(await syncFeeds(deps(), { only: ['nvd'], clock, nvdPageSize: 4 }));
    expect(r.nvd).toMatchObject({ ok: true, records: 36 });
    const asked = providers.requests(NVD).slice(before);
    expect(asked.map((a) => a.status)).toEqual([403, 429, ...Array(9).fill(200)]);
    expect(clock.sleeps).toContain(6000); // back-off after the 403
    expect(clock.sleeps).toContain(17000); // Retry-After of the 429
    expect(asked.every((a) => a.headers.apikey === undefined)).toBe(true);
    // The rate limit made the sync wait: eleven requests at 5 per 30 s span at least 60 s of the clock.
    const waited = clock.sleeps.reduce((a, b) => a + b, 0);
    expect(waited).toBeGreaterThanOrEqual(60_000);

    const keyed = loadConfig({ BULWARK_DATA_DIR: config.dataDir, ...providers.env(), BULWARK_NVD_API_KEY: 'nvd-key-123' });
    await db().update(intelFeedSources).set({ cursor: {} }).where(eq(intelFeedSources.source, 'nvd'));
    const keyedClock = new FakeClock(Date.UTC(2027, 5, 2));
    const mark = providers.requests(NVD).length;
    await syncFeeds({ db: db(), config: keyed }, { only: ['nvd'], clock: keyedClock, nvdPageSize: 4 });
    const keyedAsked = providers.requests(NVD).slice(mark);
    expect(keyedAsked).toHaveLength(9);
    expect(keyedAsked.every((a) => a.headers.apikey === 'nvd-key-123')).toBe(true);
    // 50 requests in 30 s with a key: nine pages never wait.
    expect(keyedClock.sleeps).toEqual([]);
  });

  it('gives up on an answer that will not change (404) at once, naming it', async () => {
    const clock = new FakeClock(Date.UTC(2027, 6, 1));
    const broken = loadConfig({
      BULWARK_DATA_DIR: config.dataDir,
      ...providers.env(),
      BULWARK_FEED_KEV_URL: `${providers.url}/no/such/kev.json`,
    });
    const r = outcomes(await syncFeeds({ db: db(), config: broken }, { only: ['kev'], clock }));
    expect(r.kev!.error).toBe(`CISA Known Exploited Vulnerabilities answered 404 Not Found for ${providers.url}/no/such/kev.json.`);
    expect(clock.sleeps).toEqual([]);
  });

  it('tries a source that refuses connections again, then names it; a blocked port fails at once', async () => {
    const clock = new FakeClock(Date.UTC(2027, 6, 2));
    // A port nothing listens on.
    const port = await freePort();
    const closed = loadConfig({
      BULWARK_DATA_DIR: config.dataDir,
      ...providers.env(),
      BULWARK_FEED_KEV_URL: `http://127.0.0.1:${port}/kev.json`,
    });
    const r = outcomes(await syncFeeds({ db: db(), config: closed }, { only: ['kev'], clock, http: { attempts: 3 } }));
    expect(r.kev!.error).toBe(
      `CISA Known Exploited Vulnerabilities could not be reached (ECONNREFUSED) 3 times for http://127.0.0.1:${port}/kev.json; the next sync tries again.`,
    );
    expect(clock.sleeps).toEqual([6000, 12000]);
    // A port fetch never uses (the discard port) fails at once, saying so.
    const blocked = loadConfig({
      BULWARK_DATA_DIR: config.dataDir,
      ...providers.env(),
      BULWARK_FEED_KEV_URL: 'http://127.0.0.1:9/kev.json',
    });
    const b = outcomes(await syncFeeds({ db: db(), config: blocked }, { only: ['kev'], clock, http: { attempts: 3 } }));
    expect(b.kev!.error).toBe(
      'CISA Known Exploited Vulnerabilities: the port of http://127.0.0.1:9/kev.json is one HTTP clients refuse to use; serve the feed on another port.',
    );
    expect(clock.sleeps).toHaveLength(2);
    const unresolved = new TypeError('fetch failed', {
      cause: Object.assign(new Error('getaddrinfo ENOTFOUND nvd.invalid'), { code: 'ENOTFOUND' }),
    });
    expect(causeOf(unresolved)).toBe('ENOTFOUND');
  });

  it('downloads KEV, EPSS, OSV and the Debian tracker; a cut-off download resumes with Range; unchanged feeds cost a 304', async () => {
    const clock = new FakeClock(Date.UTC(2027, 7, 1));
    providers.fail((p) => p === KEV, { cutAfter: 300_000 });
    const first = outcomes(await syncFeeds(deps(), { only: ['kev', 'epss', 'osv', 'debian'], clock }));
    expect(first.kev).toMatchObject({ ok: false });
    expect(first.kev!.error).toMatch(/broke off the download after [\d,]+ bytes .*the next sync resumes it/);
    expect(first.epss).toMatchObject({ ok: true, records: 10 });
    expect(first['osv/AlmaLinux']).toMatchObject({ ok: true, records: 10 });
    expect(first['osv/Debian']).toMatchObject({ ok: true, records: 1 });
    expect(first['osv/Alpine']).toMatchObject({ ok: true, records: 1 });
    expect(first.debian).toMatchObject({ ok: true });
    expect(first.debian!.records).toBeGreaterThan(0);
    const [kevState] = await sourceStates(db(), ['kev']);
    const partial = kevState!.cursor.partial!;
    expect(partial.bytes).toBeGreaterThan(0);
    expect(partial.etag).toBe(providers.files.get(KEV)!.etag);
    expect(existsSync(path.join(syncDir(config.feedsDir, 'kev'), 'known_exploited_vulnerabilities.json.part'))).toBe(true);

    const mark = providers.requests(KEV).length;
    const second = outcomes(await syncFeeds(deps(), { only: ['kev'], clock }));
    expect(second.kev).toMatchObject({ ok: true, records: 1404 });
    const [resumed] = providers.requests(KEV).slice(mark);
    expect(resumed).toMatchObject({ status: 206 });
    expect(resumed!.headers.range).toBe(`bytes=${partial.bytes}-`);
    expect(resumed!.headers['if-range']).toBe(partial.etag);
    expect((await intelCounts(db())).kev).toBe(1404);

    // Nothing changed: each file answers 304 and nothing is imported again.
    const third = outcomes(await syncFeeds(deps(), { only: ['kev', 'epss', 'osv', 'debian'], clock }));
    for (const o of Object.values(third)) expect(o).toMatchObject({ ok: true, records: 0, unchanged: true });
    const last = providers.requests(KEV).at(-1)!;
    expect(last).toMatchObject({ status: 304 });
    expect(last.headers['if-none-match']).toBe(providers.files.get(KEV)!.etag);
  });

  it('refuses an OSV archive whose MD5 does not match the one published, and keeps the stored data', async () => {
    const clock = new FakeClock(Date.UTC(2027, 8, 1));
    const good = providers.files.get('/Alpine/all.zip')!;
    const { makeZip } = await import('../../intel/test/zip-writer.ts');
    const changed = makeZip([{ name: 'x.json', data: Buffer.from('{"id":"X-1","modified":"2027-01-01T00:00:00Z"}') }]);
    providers.setOsv('Alpine', changed, 'AAAAAAAAAAAAAAAAAAAAAA==');
    try {
      const r = outcomes(await syncFeeds(deps(), { only: ['osv/Alpine'], clock }));
      expect(r['osv/Alpine']!.error).toBe('OSV Alpine: the downloaded file does not match its published MD5 checksum; it was discarded.');
      expect((await intelCounts(db())).osv).toBe(12);
    } finally {
      providers.files.set('/Alpine/all.zip', good);
    }
  });

  it('tries failed sources again after 1, 2 and 4 hours, then leaves them to the daily sync', () => {
    const outcomes = [
      { source: 'nvd', ok: true },
      { source: 'osv/Debian', ok: false },
      { source: 'kev', ok: false },
    ];
    expect(retryOf({ trigger: 'schedule' }, outcomes)).toEqual({
      job: { trigger: 'retry', only: ['osv/Debian', 'kev'], attempt: 1 },
      afterSeconds: 3600,
    });
    expect(retryOf({ trigger: 'retry', only: ['kev'], attempt: 1 }, outcomes.slice(2))).toEqual({
      job: { trigger: 'retry', only: ['kev'], attempt: 2 },
      afterSeconds: 7200,
    });
    expect(retryOf({ trigger: 'retry', attempt: 2 }, outcomes)?.afterSeconds).toBe(14_400);
    expect(retryOf({ trigger: 'retry', attempt: 3 }, outcomes)).toBeNull();
    expect(retryOf({ trigger: 'manual' }, [{ source: 'nvd', ok: true }])).toBeNull();
  });

  it('never runs two syncs at once: a held lease makes the other wait its turn; an expired one is taken over', async () => {
    const clock = new FakeClock(Date.UTC(2027, 9, 1));
    expect(await acquireLease(db(), FEED_SYNC_LEASE, 'server-a', 60_000, clock.now())).not.toBeNull();
    const refused = await syncFeeds(deps(), { only: ['kev'], clock, holder: 'server-b' });
    expect(refused).toEqual({ locked: true, holder: 'server-a' });
    clock.advance(61_000);
    const taken = await syncFeeds(deps(), { only: ['kev'], clock, holder: 'server-b' });
    expect(taken.locked).toBe(false);
    // Released at the end: the first server can take it again at once.
    expect(await acquireLease(db(), FEED_SYNC_LEASE, 'server-a', 60_000, clock.now())).not.toBeNull();
    await releaseLease(db(), FEED_SYNC_LEASE, 'server-a');
  });
});
