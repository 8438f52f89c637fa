// Authenticated network scans end to end: a Linux credential on a profile, a scan of a real OpenSSH server on loopback
// that logs in to this machine, the host's packages (the same dpkg-query lists here), package findings decided on the
// Debian Security Tracker's real records (none for what the installed revision fixes), credential health per run, a
// failed login that leaves package findings alone, and the SSH host key pinned, refused when it changes, trusted again.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { release } from 'node:os';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppAsset, AppVulnerability, FindingRow, HostAuthentication, HostPackage, InstalledApp, RunHost } from '@bulwark/core';
import { parseDpkg } from '@bulwark/scanner';
import { compareDpkg } from '@bulwark/intel';
import { hostAuthStates, users } from '../src/db/schema/index.ts';
import { importSources } from '../src/modules/intel/import.ts';
import { packageVerdicts } from '../src/modules/results/package-findings.ts';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';
import { waitForRun } from './helpers/scans.ts';
import { startSshTarget, sshTargetUnavailable, type SshTarget } from '../../scanner/test/services-helpers/ssh-target.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../intel/test/fixtures/feeds');
const TRACKER = path.join(FIXTURES, 'debian-tracker', 'openssh.json');
const BOOKWORM = { id: 'debian', versionId: '12', codename: 'bookworm', prettyName: 'Debian GNU/Linux 12 (bookworm)', like: [] };

/** This machine's installed packages, as the look reads them. */
const localPackages = () =>
  parseDpkg(
    execFileSync(
      'dpkg-query',
      ['-W', '-f', '${db:Status-Abbrev}\t${Package}\t${Architecture}\t${Version}\t${source:Package}\t${source:Version}\n'],
      { encoding: 'utf8' },
    ),
  );
const isBookworm = (() => {
  try {
    return /VERSION_CODENAME=bookworm/.test(execFileSync('cat', ['/etc/os-release'], { encoding: 'utf8' }));
  } catch {
    return false;
  }
})();

describe.each(BACKENDS)('package findings from a package list on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
    await importSources(t.ctx.db, [path.join(FIXTURES, 'nvd'), TRACKER]);
  });
  afterAll(() => t.close());

  it('gives no finding for a CVE the installed revision fixes, and each missing patch with its fixed version', async () => {
    const packages = localPackages();
    const ssh = packages.filter((p) => p.source === 'openssh');
    expect(ssh.length).toBeGreaterThan(0);
    // This machine's own list: exactly what the tracker's bookworm records leave open for the openssh installed here
    // (on an up-to-date bookworm, only the CVE Debian has not fixed).
    const current = await packageVerdicts(t.ctx.db, BOOKWORM, packages);
    const installed = ssh[0]!.sourceVersion;
    const fixes: [string, string][] = [
      ['CVE-2023-38408', '1:9.2p1-2+deb12u1'],
      ['CVE-2023-51385', '1:9.2p1-2+deb12u2'],
      ['CVE-2024-6387', '1:9.2p1-2+deb12u3'],
    ];
    const expected = [
      ...fixes.filter(([, fixed]) => compareDpkg(installed, fixed) < 0).map(([cve]) => [cve, 'missing-patch']),
      ['CVE-2023-51767', 'unfixed'],
    ].sort();
    expect(
      current
        .filter((v) => v.source === 'openssh')
        .map((v) => [v.cve, v.status])
        .sort(),
    ).toEqual(expected);
    // The same list with the openssh packages at bookworm's first security update.
    const older = packages.map((p) =>
      p.source === 'openssh' ? { ...p, version: '1:9.2p1-2+deb12u1', sourceVersion: '1:9.2p1-2+deb12u1' } : p,
    );
    const verdicts = (await packageVerdicts(t.ctx.db, BOOKWORM, older)).filter((v) => v.source === 'openssh');
    expect(verdicts.map((v) => [v.cve, v.status, v.fixed]).sort()).toEqual([
      ['CVE-2023-51385', 'missing-patch', '1:9.2p1-2+deb12u2'],
      ['CVE-2023-51767', 'unfixed', null],
      ['CVE-2024-6387', 'missing-patch', '1:9.2p1-2+deb12u3'],
    ]);
    expect(verdicts[0]!.binaries).toEqual(expect.arrayContaining(['openssh-server']));
    // Another release's records do not apply: on bullseye nothing is known about these revisions.
    expect(await packageVerdicts(t.ctx.db, { ...BOOKWORM, versionId: '11', codename: 'bullseye' }, older)).toEqual([]);
  });
});

describe.skipIf(sshTargetUnavailable() !== undefined || !isBookworm)('an authenticated scan of this machine over SSH', () => {
  let t: TestApp;
  let admin: Client;
  let ssh: SshTarget;
  let profileId: number;
  let scanId: number;
  let assetId: number;
  let good: number;
  let wrong: number;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    await importSources(t.ctx.db, [path.join(FIXTURES, 'nvd'), TRACKER]);
    ssh = await startSshTarget('127.0.6.30', 'bwauth');
    good = (
      await admin.post<{ id: number }>('/api/scan/linuxauths/', {
        name: 'Key with sudo',
        port: ssh.port,
        username: ssh.nopasswd.username,
        use_dsskey: true,
        priv_key: ssh.nopasswd.privateKey,
        privilege_escalation: 'sudo',
      })
    ).body.id;
    wrong = (
      await admin.post<{ id: number }>('/api/scan/linuxauths/', {
        name: 'Wrong',
        port: ssh.port,
        username: ssh.plain.username,
        passwd: 'nope',
      })
    ).body.id;
    const profile = await admin.post<{ id: number }>('/api/scan/nprofiles/', {
      name: 'Authenticated SSH',
      standard_scan: false,
      custom_tcp_range: String(ssh.port),
      lin_auths: [good],
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    profileId = profile.body.id;
  }, 60_000);
  afterAll(async () => {
    await ssh?.stop();
    await t?.close();
  });

  async function run(): Promise<{ runId: number; host: RunHost; findings: FindingRow[] }> {
    let runId: number;
    if (!scanId) {
      const scan = await admin.post<{ id: number; last_run: number }>('/api/scan/nscans/', {
        name: 'This machine',
        targets: [ssh.host],
        profile: profileId,
      });
      expect(scan.status, JSON.stringify(scan.body)).toBe(201);
      scanId = scan.body.id;
      runId = scan.body.last_run;
    } else {
      const started = await admin.post<{ id: number }>(`/api/scan/nscans/${scanId}/start/`, {});
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      runId = started.body.id;
    }
    await waitForRun(admin, runId, (r) => r.status === 2 || r.status === 3, 120_000);
    await settleRunProcessing(t.ctx);
    const hosts = (await admin.get<{ results: RunHost[] }>(`/api/scan/nruns/${runId}/hosts/`)).body.results;
    expect(hosts).toHaveLength(1);
    const findings = (await admin.get<{ results: FindingRow[] }>(`/api/scan/nruns/${runId}/findings/?page_size=1000`)).body.results;
    return { runId, host: hosts[0]!, findings };
  }

  it(
    'logs in, lists the packages dpkg-query lists here, and reports only what Debian has not fixed in them',
    { timeout: 150_000 },
    async () => {
      const { host, findings } = await run();
      expect(host).toMatchObject({ credential_health: 'ok' });
      assetId = host.host_id;
      const state = (await admin.get<HostAuthentication>(`/api/assets/${assetId}/authentication/`)).body;
      const local = localPackages();
      expect(state).toMatchObject({
        health: 'ok',
        os_id: 'debian',
        os_version: '12',
        os_codename: 'bookworm',
        kernel_running: release(),
        package_count: local.length,
        host_key_pinned: ssh.hostKey,
        host_key_changed_at: null,
        credential: { id: good, name: 'Key with sudo', kind: 'linux' },
      });
      expect(state.listening.some((s) => s.port === ssh.port && s.process === 'sshd')).toBe(true);
      const pkgs = (await admin.get<{ count: number; results: HostPackage[] }>(`/api/assets/${assetId}/packages/?search=openssh-server`))
        .body;
      const server = local.find((p) => p.name === 'openssh-server')!;
      expect(pkgs.results.find((p) => p.name === 'openssh-server')).toMatchObject({
        version: server.version,
        source: 'openssh',
        source_version: server.sourceVersion,
        vulnerabilities: 1,
      });
      expect((await admin.get<{ count: number }>(`/api/assets/${assetId}/packages/`)).body.count).toBe(local.length);
      const fromPackages = findings.filter((f) => f.detection === 'package-list' && f.cve);
      expect(fromPackages.map((f) => f.cve)).toEqual(['CVE-2023-51767']);
      expect(fromPackages[0]).toMatchObject({
        confidence: 'confirmed',
        port: null,
        detection_label: 'Installed packages (authenticated scan)',
      });
      expect(fromPackages[0]!.name).toBe(`CVE-2023-51767 in openssh ${server.sourceVersion} (no fix in Debian bookworm yet)`);
      expect(fromPackages[0]!.evidence).toContain('Debian Security Tracker (bookworm)');
      // The asset is of the "Missing Patches" kind now; "Policy" has none yet.
      const missing = (await admin.get<{ results: { id: number }[] }>('/api/assets/assets/?asset_kind=missing_patches')).body.results;
      expect(missing.map((a) => a.id)).toEqual([assetId]);
      expect((await admin.get<{ count: number }>('/api/assets/assets/?asset_kind=policy')).body.count).toBe(0);
      expect((await admin.get('/api/assets/assets/?asset_kind=nothing')).status).toBe(400);
      // The packages are installed applications of the inventory too, with their assets and open findings.
      const apps = (await admin.get<{ results: InstalledApp[] }>('/api/assets/na-installed-apps/?search=openssh-server')).body.results;
      const app = apps.find((a) => a.name === 'openssh-server' && a.version === server.version)!;
      expect(app).toMatchObject({ assets: 1, ports: [], vulnerabilities: 1 });
      const where = (await admin.get<{ results: AppAsset[] }>(`/api/assets/na-installed-apps/assets/${app.id}/`)).body.results;
      expect(where).toEqual([
        expect.objectContaining({ id: assetId, port: null, protocol: null, product: 'openssh-server', version: server.version }),
      ]);
      const open = (await admin.get<{ results: AppVulnerability[] }>(`/api/assets/na-installed-apps/vulnerabilities/${app.id}/`)).body
        .results;
      expect(open.map((f) => f.cve)).toEqual(['CVE-2023-51767']);
    },
  );

  it('records a failed login on the run and the asset, and leaves the package findings open', { timeout: 150_000 }, async () => {
    expect((await admin.patch(`/api/scan/nprofiles/${profileId}/`, { lin_auths: [wrong] })).status).toBe(200);
    const { runId, host, findings } = await run();
    expect(host.credential_health).toBe('auth_failed');
    expect(host.credential_message).toMatch(/Authentication as bwauth-plain failed/);
    const errors = (await admin.get<{ results: { type: number; message: string }[] }>(`/api/scan/nruns/${runId}/errors/`)).body;
    expect(JSON.stringify(errors)).toContain('Authentication as bwauth-plain failed');
    expect(findings.some((f) => f.cve === 'CVE-2023-51767' && f.state === 3)).toBe(false);
    const state = (await admin.get<HostAuthentication>(`/api/assets/${assetId}/authentication/`)).body;
    expect(state).toMatchObject({ health: 'auth_failed', package_count: localPackages().length });
  });

  it('refuses to log in when the host key is not the pinned one, until the user trusts the new key', { timeout: 200_000 }, async () => {
    expect((await admin.patch(`/api/scan/nprofiles/${profileId}/`, { lin_auths: [good] })).status).toBe(200);
    // As if the host had presented another key when it was first seen: the key it shows now is not the pinned one.
    const pinned = 'ssh-ed25519 SHA256:0000000000000000000000000000000000000000000';
    await t.ctx.db.update(hostAuthStates).set({ hostKeyPinned: pinned }).where(eq(hostAuthStates.hostId, assetId));
    const refused = await run();
    expect(refused.host.credential_health).toBe('host_key_changed');
    const state = (await admin.get<HostAuthentication>(`/api/assets/${assetId}/authentication/`)).body;
    expect(state).toMatchObject({ health: 'host_key_changed', host_key_pinned: pinned, host_key_seen: ssh.hostKey });
    expect(state.host_key_changed_at).not.toBeNull();
    const trusted = await admin.post<HostAuthentication>(`/api/assets/${assetId}/authentication/trust-host-key/`, {});
    expect(trusted.status, JSON.stringify(trusted.body)).toBe(200);
    expect(trusted.body).toMatchObject({ host_key_pinned: ssh.hostKey, host_key_changed_at: null });
    const again = await run();
    expect(again.host.credential_health).toBe('ok');
  });

  it('guards the asset calls: 401 signed out, 403 without asset permission, 404 for another customer', async () => {
    expect((await (await anonymous(t)).get(`/api/assets/${assetId}/authentication/`)).status).toBe(401);
    const u = await t.user({ email: 'noassets@example.com' });
    await t.ctx.db.update(users).set({ permissions: {} }).where(eq(users.id, u.id));
    const nobody = await signedIn(t, 'noassets@example.com');
    expect((await nobody.get(`/api/assets/${assetId}/packages/`)).status).toBe(403);
    expect((await nobody.post(`/api/assets/${assetId}/authentication/trust-host-key/`, {})).status).toBe(403);
    const rival = await signedIn(t, (await t.otherCustomer()).adminEmail);
    expect((await rival.get(`/api/assets/${assetId}/authentication/`)).status).toBe(404);
    expect((await rival.get(`/api/assets/${assetId}/packages/`)).status).toBe(404);
    expect((await rival.post(`/api/assets/${assetId}/authentication/trust-host-key/`, {})).status).toBe(404);
  });
});
