// Ubuntu backports through the results pipeline: the real NVD records of OpenSSH CVEs and Ubuntu's OSV notice of
// regreSSHion imported as feeds; a patched Ubuntu 22.04 OpenSSH banner gives no finding for what Ubuntu fixed, an older
// revision gives it confirmed with Ubuntu's fixing version, a CVE Ubuntu has no record of stays potential and says why,
// and an interim release (whose banner names no release) is decided on the upstream version alone.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindingRow } from '@bulwark/core';
import { importSources } from '../src/modules/intel/import.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { cveFindingsOf } from './helpers/scans.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../intel/test/fixtures/feeds');

describe.each(BACKENDS)('Ubuntu backports in findings on %s', (backend) => {
  let t: TestApp;
  let admin: Client;
  let scan: { profile: number; probeId: number };

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const imported = await importSources(t.ctx.db, [path.join(FIXTURES, 'nvd'), path.join(FIXTURES, 'osv-ubuntu', 'USN-6859-1.json')]);
    expect(imported.formats).toEqual(expect.arrayContaining(['NVD', 'OSV']));
    const probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
    const profile = (
      await admin.post<{ id: number }>('/api/scan/nprofiles/', { name: 'SSH only', standard_scan: false, custom_tcp_range: '22' })
    ).body.id;
    scan = { profile, probeId };
  });
  afterAll(() => t.close());

  const jammy = async (revision: string): Promise<Map<string, FindingRow>> =>
    (
      await cveFindingsOf(t, admin, scan, {
        banner: `SSH-2.0-OpenSSH_8.9p1 Ubuntu-${revision}`,
        version: '8.9p1',
        cpe: 'cpe:2.3:a:openbsd:openssh:8.9:p1:*:*:*:*:*:*',
      })
    ).findings;

  it('reports no regreSSHion on an Ubuntu 22.04 OpenSSH with the revision that fixed it', async () => {
    const found = await jammy('3ubuntu0.10');
    expect(found.has('CVE-2024-6387')).toBe(false);
    // Ubuntu's notice says nothing of these two: decided on the upstream version, and the finding says so.
    for (const cve of ['CVE-2023-38408', 'CVE-2023-51385']) {
      expect(found.get(cve), cve).toMatchObject({ confidence: 'potential', detection: 'service-version' });
      expect(found.get(cve)!.evidence).toContain(`Ubuntu 22.04 openssh 8.9p1-3ubuntu0.10: no Ubuntu record of ${cve} in this package`);
    }
  });

  it('reports it, confirmed with Ubuntu’s fixing revision, on an older one', async () => {
    const regresshion = (await jammy('3ubuntu0.7')).get('CVE-2024-6387');
    expect(regresshion).toMatchObject({ confidence: 'confirmed', detection: 'distro-revision' });
    expect(regresshion!.evidence).toContain('Ubuntu fixed CVE-2024-6387 in 1:8.9p1-3ubuntu0.10, later than the revision seen.');
  });

  it('decides on the upstream version alone for an interim release, whose banner names no release', async () => {
    const { findings } = await cveFindingsOf(t, admin, scan, {
      banner: 'SSH-2.0-OpenSSH_9.0p1 Ubuntu-1ubuntu8.7',
      version: '9.0p1',
      cpe: 'cpe:2.3:a:openbsd:openssh:9.0:p1:*:*:*:*:*:*',
    });
    const regresshion = findings.get('CVE-2024-6387');
    expect(regresshion).toMatchObject({ confidence: 'potential', detection: 'service-version' });
    expect(regresshion!.evidence).not.toMatch(/Ubuntu (record|fixed|lists)/);
  });
});
