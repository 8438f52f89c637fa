// A new installation fills its intelligence by itself: `bulwark serve` with the feed URLs pointed at a local stand-in
// for the providers syncs every feed at its first start, and the intelligence status says so. Then the command line:
// `bulwark feeds sync` (nothing changed: every source unchanged), `bulwark feeds bundle`, and `bulwark feeds import`
// of the bundle on a second installation without internet, whose matching then finds regreSSHion. On PGlite.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, freePort, HttpClient, run, start } from './helpers/cli.ts';
import { FeedProviders } from './helpers/feed-providers.ts';

const ADMIN_EMAIL = 'root@example.com';
const ADMIN_PASSWORD = 'Correct-Horse-42';

type Status = {
  cves: number;
  kev: number;
  epss: number;
  osv: number;
  distro_fixes: number;
  sync: { running: boolean; sources: { source: string; state: string }[] };
};

describe('feeds that sync themselves, from the first start', () => {
  let providers: FeedProviders;
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    providers = await new FeedProviders().start('127.0.0.1');
    dataDir = mkdtempSync(path.join(tmpdir(), 'bulwark-firstsync-'));
    env = {
      ...cleanEnv(),
      ...providers.env(['AlmaLinux', 'Debian']),
      BULWARK_FEEDS_SYNC: 'on',
      BULWARK_DATA_DIR: dataDir,
      BULWARK_ADMIN_EMAIL: ADMIN_EMAIL,
      BULWARK_ADMIN_PASSWORD: ADMIN_PASSWORD,
      BULWARK_LOG_LEVEL: 'warn',
    };
  });
  afterAll(async () => {
    await providers.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serve: the first start syncs every feed without anyone asking', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const { child, output, exited } = start(['serve'], { ...env, PORT: String(port), HOST: '127.0.0.1', BULWARK_PHISHING_PORT: '0' });
    const base = `http://127.0.0.1:${port}`;
    try {
      const admin = new HttpClient(base);
      const deadline = Date.now() + 150_000;
      let status: Status | null = null;
      let signedIn = false;
      while (Date.now() < deadline && child.exitCode === null) {
        if (!signedIn) {
          const up = await admin.get('/api/check-authentication/').then(
            (r) => r.status === 200,
            () => false,
          );
          if (up) signedIn = (await admin.post('/api/auth/login/', { username: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status === 200;
        } else {
          const s = (await admin.get('/api/intel/status/')).body as unknown as Status;
          if (!s.sync.running && s.sync.sources.every((x) => x.state === 'ok')) {
            status = s;
            break;
          }
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(status, output()).not.toBeNull();
      expect(status).toMatchObject({ cves: 36, kev: 1404, epss: 10, osv: 11 });
      expect(status!.distro_fixes).toBeGreaterThan(0);
      // Nobody asked: the only requests the providers saw came from the sync (one NVD page of up to 2,000).
      expect(providers.requests('/rest/json/cves/2.0').map((r) => r.query.resultsPerPage)).toEqual(['2000']);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('feeds sync on the command line: nothing changed since, so every source is unchanged', { timeout: 120_000 }, async () => {
    const r = await run(['feeds', 'sync', '--json'], env);
    expect(r.code, r.stderr).toBe(0);
    const outcomes = JSON.parse(r.stdout) as { source: string; ok: boolean; unchanged: boolean }[];
    expect(outcomes.map((o) => [o.source, o.ok])).toEqual([
      ['nvd', true],
      ['kev', true],
      ['epss', true],
      ['osv/AlmaLinux', true],
      ['osv/Debian', true],
      ['debian', true],
      ['checks', true],
    ]);
    expect(outcomes.filter((o) => o.source !== 'nvd').every((o) => o.unchanged)).toBe(true);
    const unknown = await run(['feeds', 'sync', '--source', 'ghsa'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /^Not a configured feed source: ghsa\. Configured: nvd, kev, epss, osv\/AlmaLinux, osv\/Debian, debian, checks\./,
    );
  });

  it('a bundle carries the feeds to an installation without internet', { timeout: 120_000 }, async () => {
    const bundle = path.join(dataDir, 'feeds.tar.gz');
    const made = await run(['feeds', 'bundle', bundle], env);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^Wrote .*feeds\.tar\.gz: checks, debian, epss, kev, nvd, osv\/AlmaLinux, osv\/Debian \(\d+ files\)\.$/m);

    const offlineDir = mkdtempSync(path.join(tmpdir(), 'bulwark-offline-'));
    try {
      // Feed URLs that lead nowhere: the installation has no internet.
      const offline = {
        ...cleanEnv(),
        BULWARK_DATA_DIR: offlineDir,
        BULWARK_LOG_LEVEL: 'warn',
        BULWARK_FEED_NVD_URL: 'http://127.0.0.1:9/none',
      };
      const imported = await run(['feeds', 'import', bundle], offline);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toMatch(/^Imported .*NVD.*: read \d+/m);
      // The community check library came along and is unpacked on this side.
      expect(existsSync(path.join(offlineDir, 'feeds/sync/checks/current.json'))).toBe(true);
      const match = await run(['intel', 'match', '--cpe', 'cpe:2.3:a:openbsd:openssh:9.2:p1:*:*:*:*:*:*'], offline);
      expect((JSON.parse(match.stdout) as { cve: string }[]).map((m) => m.cve)).toContain('CVE-2024-6387');
    } finally {
      rmSync(offlineDir, { recursive: true, force: true });
    }
  });
});
