// The feed sync through the product: `intel/status/` shows each source's state and the next scheduled run to every
// user; `POST intel/sync/` starts a sync on the job queue for platform operators only (400 for an unknown source,
// 409 while one runs); offline bundles carry the synced feeds to an installation without internet, refusing a
// damaged one. On every test database, against the local stand-in for the providers.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { acquireLease, releaseLease } from '../src/jobs/leases.ts';
import { intelCounts } from '../src/modules/intel/match.ts';
import { BundleError, createBundle, importBundle } from '../src/modules/intel/sync/bundle.ts';
import { sourceStates } from '../src/modules/intel/sync/state.ts';
import { FEED_SYNC_LEASE } from '../src/modules/intel/sync/sync.ts';
import { BACKENDS, openTestDatabase } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD, startTestApp, type TestApp } from './helpers/app.ts';
import { FeedProviders } from './helpers/feed-providers.ts';

type Source = { source: string; state: string; records: number; last_error: string | null; last_success_at: string | null };
type Status = {
  cves: number;
  kev: number;
  sync: { enabled: boolean; at: string; time_zone: string; next_run_at: string | null; running: boolean; sources: Source[] };
};

describe.each(BACKENDS)('feed sync API on %s', (backend) => {
  let t: TestApp;
  let providers: FeedProviders;

  beforeAll(async () => {
    providers = await new FeedProviders().start('127.0.0.1');
    t = await startTestApp(backend, {
      ...providers.env(['AlmaLinux']),
      BULWARK_FEEDS_SYNC: 'on',
      BULWARK_FEEDS_SYNC_AT: '04:15',
      BULWARK_FEEDS_SYNC_TZ: 'Europe/Copenhagen',
    });
    await t.user({ email: 'analyst@example.com' });
  });
  afterAll(async () => {
    await t.close();
    await providers.stop();
  });

  async function until<T>(fn: () => Promise<T | undefined>): Promise<T> {
    for (let i = 0; i < 300; i++) {
      const v = await fn();
      if (v !== undefined) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('timed out');
  }

  async function waitForSync(c: ReturnType<TestApp['client']>): Promise<Status> {
    for (let i = 0; i < 600; i++) {
      const s = await c.get<Status>('/api/intel/status/');
      if (!s.body.sync.running && s.body.sync.sources.every((x) => x.state !== 'never')) return s.body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the sync did not finish');
  }

  it('shows every configured source as not synced yet, and when the daily sync runs', async () => {
    const c = t.client();
    await c.login('analyst@example.com', PASSWORD);
    const s = await c.get<Status>('/api/intel/status/');
    expect(s.status).toBe(200);
    expect(s.body.sync).toMatchObject({ enabled: true, at: '04:15', time_zone: 'Europe/Copenhagen', running: false });
    expect(s.body.sync.sources.map((x) => [x.source, x.state])).toEqual([
      ['nvd', 'never'],
      ['kev', 'never'],
      ['epss', 'never'],
      ['osv/AlmaLinux', 'never'],
      ['debian', 'never'],
      ['checks', 'never'],
    ]);
    // 04:15 in Copenhagen is 03:15 UTC in winter.
    expect(s.body.sync.next_run_at).toMatch(/T03:15:00\.000Z$/);
    expect(new Date(s.body.sync.next_run_at!).getTime()).toBeGreaterThan(Date.now());
  });

  it('starts a sync for platform operators only', async () => {
    const anon = t.client();
    await anon.get('/api/check-authentication/');
    expect((await anon.post('/api/intel/sync/', {})).status).toBe(401);
    const analyst = t.client();
    await analyst.login('analyst@example.com', PASSWORD);
    expect((await analyst.post('/api/intel/sync/', {})).status).toBe(403);
    const other = await t.otherCustomer();
    const otherAdmin = t.client();
    await otherAdmin.login(other.adminEmail, PASSWORD);
    expect((await otherAdmin.post('/api/intel/sync/', {})).status).toBe(403);
  });

  it('names an unknown source and starts nothing', async () => {
    const c = t.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await c.post('/api/intel/sync/', { sources: ['nvd', 'osv/Debian', ''] });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ sources: ['This field may not be blank.'] });
    const unknown = await c.post('/api/intel/sync/', { sources: ['nvd', 'osv/Debian'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      sources: ['osv/Debian is not a configured feed source (configured: nvd, kev, epss, osv/AlmaLinux, debian, checks).'],
    });
    expect(providers.log).toHaveLength(0);
  });

  it('answers 409 while another server holds the sync lease', async () => {
    const c = t.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await acquireLease(t.ctx.db, FEED_SYNC_LEASE, 'server-b', 60_000, new Date());
    try {
      const r = await c.post('/api/intel/sync/', {});
      expect(r.status).toBe(409);
      expect(r.body.detail).toMatch(/^A feed sync is already running \(since /);
      expect((await c.get<Status>('/api/intel/status/')).body.sync.running).toBe(true);
    } finally {
      await releaseLease(t.ctx.db, FEED_SYNC_LEASE, 'server-b');
    }
  });

  it('syncs every source in the background and shows each one up to date', async () => {
    const c = t.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await c.post('/api/intel/sync/', {});
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ detail: 'The feed sync has started.', sources: ['nvd', 'kev', 'epss', 'osv/AlmaLinux', 'debian', 'checks'] });
    const s = await waitForSync(c);
    expect(s.sync.sources.map((x) => [x.source, x.state, x.records])).toEqual([
      ['nvd', 'ok', 36],
      ['kev', 'ok', 1404],
      ['epss', 'ok', 10],
      ['osv/AlmaLinux', 'ok', 10],
      ['debian', 'ok', expect.any(Number)],
      // The test library's templates under the folders the engine runs (cloud/ and workflows/ are left out).
      ['checks', 'ok', 5],
    ]);
    expect(s).toMatchObject({ cves: 36, kev: 1404 });
    // The audit trail names who started it.
    const audit = await c.get<{ results: { action?: string; path?: string }[] }>('/api/audit/?page_size=5');
    expect(JSON.stringify(audit.body.results)).toContain('intel/sync');
  });

  it('shows a failed source with its error, the others still up to date', async () => {
    const c = t.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    providers.fail((p) => p.endsWith('/all.zip'), { status: 404 });
    expect((await c.post('/api/intel/sync/', { sources: ['osv', 'kev'] })).status).toBe(202);
    let s: Status | undefined;
    for (let i = 0; i < 600 && !s; i++) {
      const now = (await c.get<Status>('/api/intel/status/')).body;
      if (!now.sync.running && now.sync.sources.find((x) => x.source === 'osv/AlmaLinux')?.state === 'failed') s = now;
      else await new Promise((res) => setTimeout(res, 100));
    }
    const osv = s!.sync.sources.find((x) => x.source === 'osv/AlmaLinux')!;
    expect(osv.last_error).toBe(`OSV AlmaLinux answered 404 Not Found for ${providers.url}/AlmaLinux/all.zip.`);
    expect(osv.last_success_at).not.toBeNull();
    expect(s!.sync.sources.find((x) => x.source === 'kev')).toMatchObject({ state: 'ok', records: 0 });
    // The failed source is tried again in an hour, not only at tomorrow's sync.
    const retry = await until(async () => {
      const { rows } = await t.ctx.database.sql.executeSql(
        `SELECT data, start_after FROM pgboss.job WHERE name = 'feed-sync' AND state = 'created' AND data->>'trigger' = 'retry'`,
        [],
      );
      return (rows as { data: unknown; start_after: Date }[])[0];
    });
    expect(retry.data).toEqual({ trigger: 'retry', only: ['osv/AlmaLinux'], attempt: 1 });
    const inMinutes = (new Date(retry.start_after).getTime() - Date.now()) / 60_000;
    expect(inMinutes).toBeGreaterThan(55);
    expect(inMinutes).toBeLessThanOrEqual(60);
  });

  it('bundles the synced feeds for an installation without internet, which imports them whole', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bulwark-bundle-test-'));
    const file = path.join(dir, 'feeds.tar.gz');
    const manifest = await createBundle(t.ctx.db, t.config, file);
    expect(manifest.sources.map((s) => s.source)).toEqual(['checks', 'debian', 'epss', 'kev', 'nvd', 'osv/AlmaLinux']);
    // The library travels as its verified archive and marker, not as its thousands of unpacked files.
    expect(manifest.sources.find((s) => s.source === 'checks')!.files.map((f) => f.path)).toEqual([
      'checks/current.json',
      'checks/library.tar.gz',
    ]);
    expect(manifest.sources.find((s) => s.source === 'nvd')!.synced_until).not.toBeNull();

    const offline = await openTestDatabase(backend, { migrated: true });
    try {
      await offline.database.migrate();
      const config = loadConfig({ BULWARK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bulwark-offline-')) });
      const db = offline.database.db;
      // A damaged bundle imports nothing.
      const damaged = path.join(dir, 'damaged.tar.gz');
      const bytes = gunzipSync(readFileSync(file));
      const at = bytes.indexOf(Buffer.from('"cveID"'));
      bytes.write('"cveXD"', at);
      writeFileSync(damaged, gzipSync(bytes));
      await expect(importBundle(db, config, damaged)).rejects.toThrow(BundleError);
      await expect(importBundle(db, config, damaged)).rejects.toThrow(
        /^The bundle is damaged: kev\/known_exploited_vulnerabilities\.json does not match its checksum\. Nothing was imported\.$/,
      );
      expect(await intelCounts(db)).toMatchObject({ cves: 0, kev: 0 });

      const { progress } = await importBundle(db, config, file);
      expect(progress.counts.skipped).toBe(0);
      expect(await intelCounts(db)).toMatchObject({ cves: 36, kev: 1404, epss: 10, osv: 10 });
      const states = await sourceStates(db);
      const nvd = states.find((x) => x.source === 'nvd')!;
      expect(nvd.cursor.syncedUntil).toBe(manifest.sources.find((s) => s.source === 'nvd')!.synced_until);
      expect(states.every((x) => x.lastSuccessAt !== null)).toBe(true);
      expect(existsSync(path.join(config.feedsDir, 'sync/kev/known_exploited_vulnerabilities.json'))).toBe(true);
      // The community check library is unpacked again on this side, from the archive the bundle verified.
      const marker = JSON.parse(readFileSync(path.join(config.feedsDir, 'sync/checks/current.json'), 'utf8')) as {
        dir: string;
        templates: number;
      };
      expect(marker.templates).toBe(5);
      expect(existsSync(path.join(config.feedsDir, 'sync/checks', marker.dir, 'http/technologies/nginx-version.yaml'))).toBe(true);
    } finally {
      await offline.drop();
    }
  });
});
