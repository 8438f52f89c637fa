// Distribution backports through the results pipeline: the real NVD records of OpenSSH CVEs and the real Debian changelog
// of openssh-server imported as feeds; a patched Debian 12 OpenSSH banner gives no finding for what Debian fixed, an
// older revision gives the CVEs fixed after it (confirmed, with the fixing version), and a CVE Debian's changelog does
// not name stays potential and says why.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_TASK_STATE, type FindingRow } from '@bulwark/core';
import { scans, scanTasks } from '../src/db/schema/index.ts';
import { importSources } from '../src/modules/intel/import.ts';
import { settleRunProcessing, startRunProcessing } from '../src/modules/results/queue.ts';
import { startRun } from '../src/modules/scans/start.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';

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

  /** Processes a run that found an OpenSSH with this banner on 22/tcp; answers its CVE findings by CVE. */
  async function findingsFor(banner: string): Promise<Map<string, FindingRow>> {
    const made = await admin.post<{ id: number }>('/api/scan/nscans/', {
      name: banner,
      profile: profileId,
      targets: ['127.0.0.1'],
      node: probeId,
      start: false,
    });
    const [scan] = await t.ctx.db.select().from(scans).where(eq(scans.id, made.body.id));
    const run = await startRun(t.ctx.db, scan!, { userId: scan!.userId! });
    const service = {
      name: 'ssh',
      product: 'OpenSSH',
      version: '9.2p1',
      banner,
      cpe: ['cpe:2.3:a:openbsd:openssh:9.2:p1:*:*:*:*:*:*'],
    };
    await t.ctx.db
      .update(scanTasks)
      .set({
        state: SCAN_TASK_STATE.process_results,
        result: { hosts: [{ address: '127.0.0.1', alive: true, ports: [{ port: 22, protocol: 'tcp', state: 'open', service }] }] },
      })
      .where(eq(scanTasks.runId, run.id));
    await startRunProcessing(t.ctx, run.id);
    await settleRunProcessing(t.ctx);
    const rows = (await admin.get<{ results: FindingRow[] }>(`/api/scan/nruns/${run.id}/findings/?page_size=1000`)).body.results;
    // The host's findings carry over from run to run: one this run no longer sees is Closed (state 3), not gone.
    return new Map(rows.filter((f) => f.cve && f.state !== 3).map((f) => [f.cve!, f]));
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
    expect(injection).toMatchObject({ confidence: 'confirmed' });
    expect(injection!.evidence).toContain('Debian fixed CVE-2023-51385 in 1:9.2p1-2+deb12u2, later than the revision seen.');
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
      expect(found.get(cve), cve).toMatchObject({ confidence: 'potential' });
    }
  });
});
