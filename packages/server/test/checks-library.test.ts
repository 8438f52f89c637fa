// The community check library as a synced source, on every test database: the release archive is fetched like a feed
// (from a local server that answers as GitHub does, no checksum published beside it), verified (pinned, published or
// first-seen digest), unpacked without the folders the engine does not run, and joins the test catalogue with where
// each test comes from and why an unsafe one stays off; the Standard profile selects the safe ones only.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { DEFAULT_NETWORK_PROFILE } from '@bulwark/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config.ts';
import { selectTests, useCommunityLibrary } from '../src/modules/catalogue/catalogue.ts';
import { currentLibrary } from '../src/modules/intel/sync/checks-library.ts';
import { syncDir, syncFeeds, type SyncResult } from '../src/modules/intel/sync/sync.ts';
import { sourceStates } from '../src/modules/intel/sync/state.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { libraryArchive } from './helpers/check-library.ts';
import { FeedProviders, LIBRARY_PATH } from './helpers/feed-providers.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Test = { id: string; source: string; origin: string; unsafe: string | null; category: string };
type Page<T> = { count: number; results: T[] };

function outcome(r: SyncResult) {
  if (r.locked) throw new Error(`locked by ${r.holder}`);
  return r.outcomes.find((o) => o.source === 'checks')!;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(BACKENDS)('community check library on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let providers: FeedProviders;
  let config: Config;
  const only = { only: ['checks'], http: { attempts: 1, baseDelayMs: 1 } };
  const sync = (c: Config = config) => syncFeeds({ db: t.ctx.db, config: c }, only);
  /** This server's settings, to change one of them. */
  const here = () => ({ ...providers.env(), BULWARK_DATA_DIR: t.config.dataDir, BULWARK_FEEDS_DIR: t.config.feedsDir });

  beforeAll(async () => {
    providers = await new FeedProviders().start('127.0.0.1');
    t = await startTestApp(backend, { ...providers.env(), BULWARK_FEEDS_SOURCES: 'checks' });
    config = t.config;
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await providers.stop();
  });

  it('is listed as a source and says what is missing before it ever synced', async () => {
    const h = await admin.get<{ sources: { source: string; health: string }[]; problems: { source: string; message: string }[] }>(
      '/api/intel/health/',
    );
    expect(h.body.sources).toEqual([expect.objectContaining({ source: 'checks', health: 'never' })]);
    expect(h.body.problems.find((p) => p.source === 'checks')?.message).toBe(
      "The community check library has never synced: scans run Bulwark's own checks and the community templates of the last library synced, if any.",
    );
    expect(await currentLibrary(syncDir(config.feedsDir, 'checks'))).toBeNull();
  });

  it('downloads the release archive, keeps the first digest seen and unpacks only what the engine runs', async () => {
    const o = outcome(await sync());
    expect(o).toMatchObject({ ok: true, records: 5, unchanged: false });
    const dir = syncDir(config.feedsDir, 'checks');
    const marker = (await currentLibrary(dir))!;
    expect(marker).toMatchObject({ verified: 'first-seen', templates: 5, url: `${providers.url}${LIBRARY_PATH}` });
    expect(marker.sha256).toBe(sha256(providers.files.get(LIBRARY_PATH)!.body));
    // The top folder is stripped; cloud/ and workflows/ and the README are not unpacked.
    expect(readdirSync(path.join(dir, marker.dir)).sort()).toEqual(['.nuclei-ignore', 'http', 'network']);
    // The publisher's checksum was looked for beside the archive.
    expect(providers.requests(`${LIBRARY_PATH}.sha256`).map((r) => r.status)).toEqual([404]);
    // A second sync of the same archive changes nothing.
    expect(outcome(await sync())).toMatchObject({ ok: true, unchanged: true });
  });

  it('shows the community tests in the catalogue with where they come from and why unsafe ones stay off', async () => {
    const res = await admin.get<Page<Test>>('/api/nvt/nvtests-simple/?source=community&page_size=100&ordering=id');
    expect(res.status).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(res.body.results.map((x) => [x.id, x.category, x.unsafe])).toEqual([
      ['git-config', 'community-exposures', null],
      ['nginx-debug-log', 'community-exposures', 'left out by default by its library (.nuclei-ignore)'],
      ['nginx-range-dos', 'community-vulnerabilities', 'tagged dos'],
      ['nginx-version', 'community-technologies', null],
      ['ssh-banner-detect', 'community-network', null],
    ]);
    expect(new Set(res.body.results.map((x) => x.origin))).toEqual(new Set([`Nuclei community templates (synced ${day})`]));
    const shipped = await admin.get<Page<Test>>('/api/nvt/nvtests-simple/?source=shipped&page_size=1');
    expect(shipped.body.results[0]).toMatchObject({ source: 'shipped', origin: 'Bulwark', unsafe: null });
    const detail = await admin.get<Test>('/api/nvt/nvtests-simple/nginx-range-dos/');
    expect(detail.body).toMatchObject({ origin: expect.stringMatching(/^Nuclei community templates/), unsafe: 'tagged dos' });
    expect((await (await anonymous(t)).get('/api/nvt/nvtests-simple/?source=community')).status).toBe(401);
  });

  it('lets the Standard profile select the safe community tests, and all of them only with safe checks off', async () => {
    const standard = await selectTests(DEFAULT_NETWORK_PROFILE);
    expect(standard).toEqual(expect.arrayContaining(['git-config', 'nginx-version', 'ssh-banner-detect']));
    expect(standard).not.toContain('nginx-range-dos');
    expect(standard).not.toContain('nginx-debug-log');
    // Safe checks win over a test named one by one.
    expect(await selectTests({ ...DEFAULT_NETWORK_PROFILE, plus_tests: ['nginx-range-dos'] })).not.toContain('nginx-range-dos');
    const unsafe = await selectTests({ ...DEFAULT_NETWORK_PROFILE, safe_checks: false });
    expect(unsafe).toEqual(expect.arrayContaining(['nginx-range-dos', 'nginx-debug-log']));
    // The built-in Discovery profile runs none of them (it leaves out every community category, synced or not).
    const profiles = await admin.get<{ results: { name: string; minus_categories: string[]; safe_checks: boolean }[] }>(
      '/api/scan/nprofiles/?page_size=100',
    );
    const discovery = profiles.body.results.find((p) => p.name === 'Discovery')!;
    expect(await selectTests(discovery)).toEqual([]);
    expect(profiles.body.results.find((p) => p.name === 'Standard')?.safe_checks).toBe(true);
  });

  it('refuses an archive that does not match its pinned or published checksum, and keeps the library it had', async () => {
    const dir = syncDir(config.feedsDir, 'checks');
    const had = (await currentLibrary(dir))!;
    const changed = libraryArchive({ 'http/technologies/apache-detect.yaml': 'id: apache-detect\n' });
    // The same address now serves other bytes: a release archive must not change.
    providers.setFile(LIBRARY_PATH, changed, 'application/x-gzip');
    const moved = outcome(await sync());
    expect(moved.ok).toBe(false);
    expect(moved.error).toMatch(/does not match the archive first downloaded from this address/);
    expect((await currentLibrary(dir))!.sha256).toBe(had.sha256);

    // A wrong pinned digest is refused; the right one is accepted.
    const pinnedWrong = loadConfig({ ...here(), BULWARK_FEED_CHECKS_SHA256: 'a'.repeat(64) });
    const wrong = outcome(await sync(pinnedWrong));
    expect(wrong.error).toMatch(/does not match the pinned BULWARK_FEED_CHECKS_SHA256 \(a{64}\); it was discarded\.$/);
    const pinned = loadConfig({ ...here(), BULWARK_FEED_CHECKS_SHA256: sha256(changed) });
    expect(outcome(await sync(pinned))).toMatchObject({ ok: true, records: 6 });
    expect((await currentLibrary(dir))!).toMatchObject({ verified: 'pinned', sha256: sha256(changed) });
    // The old unpacked copy is gone once the new one is in place.
    expect(existsSync(path.join(dir, had.dir))).toBe(false);

    // A checksum published beside the archive is read and must match.
    const again = libraryArchive({ 'network/detection/ftp-banner.yaml': 'id: ftp-banner\n' });
    providers.setFile(LIBRARY_PATH, again, 'application/x-gzip');
    providers.setFile(`${LIBRARY_PATH}.sha256`, Buffer.from(`${'b'.repeat(64)}  v10.9.9.tar.gz\n`), 'text/plain');
    expect(outcome(await sync()).error).toMatch(/does not match its published checksum \(b{64}\)/);
    providers.setFile(`${LIBRARY_PATH}.sha256`, Buffer.from(`${sha256(again)}  v10.9.9.tar.gz\n`), 'text/plain');
    expect(outcome(await sync())).toMatchObject({ ok: true });
    expect((await currentLibrary(dir))!).toMatchObject({ verified: 'published', sha256: sha256(again) });
    const states = await sourceStates(t.ctx.db, ['checks']);
    expect(states[0]!.lastError).toBeNull();
  });

  it('refuses an archive with nothing the engine runs, or one that is not an archive', async () => {
    const c = loadConfig({
      ...providers.env(),
      BULWARK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bulwark-lib-')),
      BULWARK_FEEDS_SOURCES: 'checks',
    });
    useCommunityLibrary(syncDir(c.feedsDir, 'checks'));
    providers.setFile(`${LIBRARY_PATH}.sha256`, Buffer.from('no digest here\n'), 'text/plain');
    expect(outcome(await sync(c)).error).toBe(`${providers.url}${LIBRARY_PATH}.sha256 does not give a SHA-256 checksum.`);
    const garbage = Buffer.from('this is not a tar.gz');
    providers.setFile(LIBRARY_PATH, garbage, 'application/x-gzip');
    providers.setFile(`${LIBRARY_PATH}.sha256`, Buffer.from(sha256(garbage)), 'text/plain');
    expect(outcome(await sync(c)).error).toMatch(/^The community check library archive could not be unpacked/);
    expect(await currentLibrary(syncDir(c.feedsDir, 'checks'))).toBeNull();
  });
});
