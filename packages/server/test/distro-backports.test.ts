// Distribution backports through the results pipeline: the real NVD records of OpenSSH CVEs and the real Debian changelog
// of openssh-server imported as feeds; a patched Debian 12 OpenSSH banner gives no finding for what Debian fixed, an
// older revision gives the CVEs fixed after it (confirmed, with the fixing version), and a CVE Debian's changelog does
// not name stays potential and says why.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindingRow, RunHost } from '@bulwark/core';
import { importSources } from '../src/modules/intel/import.ts';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { cveFindingsOf, waitForRun } from './helpers/scans.ts';
import { DAEMONS, startDaemon, unavailable, type RunningDaemon } from '../../scanner/test/services-helpers/daemons.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../intel/test/fixtures/feeds');
const CHANGELOG = '/usr/share/doc/openssh-server/changelog.Debian.gz';
const hasChangelog = existsSync(CHANGELOG);
if (!hasChangelog) console.warn(`distro-backports: ${CHANGELOG} is missing (openssh-server not installed); skipped`);

describe.skipIf(!hasChangelog).each(BACKENDS)('Debian backports in findings on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let probeId: number;
  let profileId: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const imported = await importSources(t.ctx.db, [path.join(FIXTURES, 'nvd'), CHANGELOG]);
    expect(imported.formats).toContain('Debian');
    probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
    profileId = (
      await admin.post<{ id: number }>('/api/scan/nprofiles/', { name: 'SSH only', standard_scan: false, custom_tcp_range: '22' })
    ).body.id;
  });
  afterAll(() => t.close());

  let lastRun = 0;

  /** Processes a run that found an OpenSSH 9.2p1 with this banner on 22/tcp; answers its CVE findings by CVE. */
  async function findingsFor(banner: string): Promise<Map<string, FindingRow>> {
    const { runId, findings } = await cveFindingsOf(
      t,
      admin,
      { profile: profileId, probeId },
      {
        banner,
        version: '9.2p1',
        cpe: 'cpe:2.3:a:openbsd:openssh:9.2:p1:*:*:*:*:*:*',
      },
    );
    lastRun = runId;
    return findings;
  }

  it('reports nothing Debian fixed in the revision a patched bookworm OpenSSH shows', async () => {
    const found = await findingsFor('SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u10');
    for (const cve of ['CVE-2023-38408', 'CVE-2023-51385']) expect(found.has(cve), cve).toBe(false);
    // regreSSHion: Debian fixed it in 1:9.2p1-2+deb12u3, but the changelog entry does not name the CVE, so without the
    // security tracker's record it stays potential, and says why.
    const regresshion = found.get('CVE-2024-6387');
    expect(regresshion).toBeDefined();
    expect(regresshion!.confidence).toBe('potential');
    expect(regresshion!.evidence).toContain('no Debian record of CVE-2024-6387 in this package; decided on the upstream version alone');
  });

  it('reports what was fixed after an older revision, confirmed, with the fixing version', async () => {
    const found = await findingsFor('SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u1');
    expect(found.has('CVE-2023-38408')).toBe(false);
    const injection = found.get('CVE-2023-51385');
    expect(injection).toMatchObject({
      confidence: 'confirmed',
      detection: 'distro-revision',
      detection_label: 'Distribution package revision',
    });
    expect(injection!.evidence).toContain('Debian fixed CVE-2023-51385 in 1:9.2p1-2+deb12u2, later than the revision seen.');
  });

  it('filters findings by how they were decided, and explains a wrong method', async () => {
    await findingsFor('SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u1');
    const url = `/api/scan/nruns/${lastRun}/findings/?page_size=1000`;
    const byDistro = (await admin.get<{ results: FindingRow[] }>(`${url}&detection=distro-revision`)).body.results;
    expect(byDistro.length).toBeGreaterThan(0);
    expect(byDistro.every((f) => f.detection === 'distro-revision')).toBe(true);
    const both = (await admin.get<{ results: FindingRow[] }>(`${url}&detection=distro-revision&detection=service-version`)).body.results;
    const all = (await admin.get<{ results: FindingRow[] }>(url)).body.results;
    expect(both.length).toBe(all.filter((f) => f.detection !== 'active-check').length);
    const bad = await admin.get<Record<string, string[]>>(`${url}&detection=guesswork`);
    expect(bad.status).toBe(400);
    expect(bad.body.detection![0]).toMatch(
      /^Choose a detection method: active-check, service-version, distro-revision, package-list, policy-rule\./,
    );
  });

  it("closes the changelog's gap with the security tracker's record: regreSSHion fixed in deb12u3", async () => {
    await importSources(t.ctx.db, [path.join(FIXTURES, 'debian-tracker', 'openssh.json')]);
    expect((await findingsFor('SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u10')).has('CVE-2024-6387')).toBe(false);
    const older = (await findingsFor('SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u2')).get('CVE-2024-6387');
    expect(older).toMatchObject({ confidence: 'confirmed' });
    expect(older!.evidence).toContain('Debian fixed CVE-2024-6387 in 1:9.2p1-2+deb12u3, later than the revision seen.');
  });

  it('decides on the upstream version alone when the banner names no Debian revision', async () => {
    const found = await findingsFor('SSH-2.0-OpenSSH_9.2p1');
    // The three a fully patched Debian 12 was once reported with (issue 11), all on the upstream version 9.2p1.
    for (const cve of ['CVE-2023-38408', 'CVE-2023-51385', 'CVE-2024-6387']) {
      expect(found.get(cve), cve).toMatchObject({ confidence: 'potential', detection: 'service-version' });
    }
  });
});

describe.skipIf(!hasChangelog || unavailable(DAEMONS.openssh) !== undefined)('a real Debian sshd on loopback', () => {
  let t: TestApp;
  let admin: Client;
  let sshd: RunningDaemon;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    await importSources(t.ctx.db, [path.join(FIXTURES, 'nvd'), CHANGELOG, path.join(FIXTURES, 'debian-tracker', 'openssh.json')]);
    sshd = await startDaemon(DAEMONS.openssh, '127.0.5.21');
  }, 120_000);
  afterAll(async () => {
    await sshd?.stop().catch(() => undefined);
    await t?.close();
  });

  it('reports none of the OpenSSH CVEs Debian fixed in the revision it runs', { timeout: 180_000 }, async () => {
    const profile = await admin.post<{ id: number }>('/api/scan/nprofiles/', {
      name: 'sshd',
      standard_scan: false,
      custom_tcp_range: String(sshd.ports.ssh),
    });
    const scan = await admin.post<{ id: number; last_run: number }>('/api/scan/nscans/', {
      name: 'Patched sshd',
      targets: [sshd.host],
      profile: profile.body.id,
    });
    expect(scan.status).toBe(201);
    await waitForRun(admin, scan.body.last_run, (r) => r.status === 2 || r.status === 3, 150_000);
    await settleRunProcessing(t.ctx);
    const hosts = (await admin.get<{ results: RunHost[] }>(`/api/scan/nruns/${scan.body.last_run}/hosts/`)).body.results;
    const port = hosts[0]?.ports.find((p) => p.port === sshd.ports.ssh);
    expect(port).toMatchObject({ service: 'ssh', version: '9.2p1' });
    // On the upstream version alone, the three are candidates: intel matches them to the service's CPE.
    const candidates = (await admin.get<{ cve: string }[]>(`/api/intel/match/?cpe=${encodeURIComponent(port!.cpe[0]!)}`)).body.map(
      (m) => m.cve,
    );
    expect(candidates).toEqual(expect.arrayContaining(['CVE-2023-38408', 'CVE-2023-51385', 'CVE-2024-6387']));
    // The banner the scan read is the installed package's: OpenSSH_9.2p1 Debian-2+deb12uN.
    const installed = spawnSync('dpkg-query', ['-W', '-f=${Version}', 'openssh-server'], { encoding: 'utf8' }).stdout;
    const revision = /^1:9\.2p1-2\+deb12u(\d+)$/.exec(installed);
    if (!revision || Number(revision[1]) < 3) {
      console.warn(`distro-backports: openssh-server ${installed} is not a bookworm OpenSSH with regreSSHion fixed; nothing to assert`);
      return;
    }
    const findings = (await admin.get<{ results: FindingRow[] }>(`/api/scan/nruns/${scan.body.last_run}/findings/?page_size=1000`)).body
      .results;
    const cves = findings.filter((f) => f.cve).map((f) => f.cve);
    for (const cve of ['CVE-2023-38408', 'CVE-2023-51385', 'CVE-2024-6387']) expect(cves, installed).not.toContain(cve);
  });
});
