// Ubuntu backports: the package and LTS release an Ubuntu OpenSSH banner names, and Ubuntu's verdict on a CVE read from
// its OSV advisories (a USN naming UBUNTU-CVE-… upstream, as Canonical publishes them), compared in dpkg's order.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { distroFixesFromOsv, distroPackageOfBanner, distroVerdict, normalizeOsv, osvDistroCves, type OsvRecord } from '../src/index.ts';

const USN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/feeds/osv-ubuntu/USN-6859-1.json');
const usn = normalizeOsv(JSON.parse(readFileSync(USN, 'utf8')));
const JAMMY = { distro: 'ubuntu' as const, release: '22.04', package: 'openssh' };

/** An advisory in OSV's shape for one affected entry. */
function advisory(id: string, ecosystem: string, events: object[], extra: object = {}): OsvRecord {
  return normalizeOsv({
    id,
    modified: '2025-01-01T00:00:00Z',
    affected: [{ package: { ecosystem, name: 'openssh' }, ranges: [{ type: 'ECOSYSTEM', events }] }],
    ...extra,
  });
}

describe('Ubuntu OpenSSH banners', () => {
  it('name the package, revision and LTS release', () => {
    expect(distroPackageOfBanner('SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.10')).toEqual({
      distro: 'ubuntu',
      release: '22.04',
      package: 'openssh',
      version: '8.9p1-3ubuntu0.10',
    });
    expect(distroPackageOfBanner('SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13.5')).toMatchObject({
      release: '24.04',
      version: '9.6p1-3ubuntu13.5',
    });
    expect(distroPackageOfBanner('SSH-2.0-OpenSSH_8.2p1 Ubuntu-4ubuntu0.11')).toMatchObject({ release: '20.04' });
  });

  it('name no release for an interim Ubuntu version, or without an Ubuntu revision', () => {
    // 9.0p1 shipped in both 22.10 and 23.04: no guess.
    expect(distroPackageOfBanner('SSH-2.0-OpenSSH_9.0p1 Ubuntu-1ubuntu8.7')).toBeNull();
    expect(distroPackageOfBanner('SSH-2.0-OpenSSH_8.9p1 Ubuntu')).toBeNull();
    expect(distroPackageOfBanner('SSH-2.0-OpenSSH_8.9p1')).toBeNull();
  });
});

describe("Ubuntu's OSV advisories", () => {
  it('are about the CVE their UBUNTU-CVE upstream id names', () => {
    expect(osvDistroCves(usn)).toEqual(['CVE-2024-6387']);
  });

  it('give the revision of each LTS release that fixed it', () => {
    const fixes = distroFixesFromOsv([usn], JAMMY, ['CVE-2024-6387', 'CVE-2023-38408']);
    expect([...fixes.values()]).toEqual([{ ...JAMMY, cve: 'CVE-2024-6387', status: 'fixed', fixedVersion: '1:8.9p1-3ubuntu0.10' }]);
    expect(distroFixesFromOsv([usn], { ...JAMMY, release: '24.04' }, ['CVE-2024-6387']).get('CVE-2024-6387')?.fixedVersion).toBe(
      '1:9.6p1-3ubuntu13.3',
    );
    expect(distroFixesFromOsv([usn], { ...JAMMY, release: '20.04' }, ['CVE-2024-6387']).size).toBe(0);
  });

  it('decide the banner revision: fixed in it or before, or open with the later fix', () => {
    const fix = distroFixesFromOsv([usn], JAMMY, ['CVE-2024-6387']).get('CVE-2024-6387');
    expect(distroVerdict(distroPackageOfBanner('SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.10')!, fix)).toEqual({
      verdict: 'fixed',
      fixedVersion: '1:8.9p1-3ubuntu0.10',
    });
    // 0.13 after 0.10 in dpkg's order (a string comparison would say otherwise).
    expect(distroVerdict(distroPackageOfBanner('SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.13')!, fix).verdict).toBe('fixed');
    expect(distroVerdict(distroPackageOfBanner('SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.7')!, fix)).toEqual({
      verdict: 'open',
      fixedVersion: '1:8.9p1-3ubuntu0.10',
    });
  });

  it('say open when the release has no fix yet, and prefer a fix from another advisory of the same CVE', () => {
    const open = advisory('UBUNTU-CVE-2099-0001', 'Ubuntu:22.04:LTS', [{ introduced: '0' }], { upstream: ['CVE-2099-0001'] });
    expect(distroFixesFromOsv([open], JAMMY, ['CVE-2099-0001']).get('CVE-2099-0001')).toMatchObject({ status: 'open', fixedVersion: null });
    const fixed = advisory('USN-9999-1', 'Ubuntu:22.04:LTS', [{ introduced: '0' }, { fixed: '1:8.9p1-3ubuntu0.12' }], {
      upstream: ['UBUNTU-CVE-2099-0001'],
    });
    expect(distroFixesFromOsv([open, fixed], JAMMY, ['CVE-2099-0001']).get('CVE-2099-0001')).toMatchObject({
      status: 'fixed',
      fixedVersion: '1:8.9p1-3ubuntu0.12',
    });
  });

  it('ignore fixes only Ubuntu Pro subscribers get, and withdrawn advisories', () => {
    const pro = advisory('USN-9998-1', 'Ubuntu:Pro:22.04:LTS', [{ introduced: '0' }, { fixed: '1:8.9p1-3ubuntu0.11+esm1' }], {
      upstream: ['UBUNTU-CVE-2099-0002'],
    });
    expect(distroFixesFromOsv([pro], JAMMY, ['CVE-2099-0002']).size).toBe(0);
    const withdrawn = advisory('USN-9997-1', 'Ubuntu:22.04:LTS', [{ introduced: '0' }, { fixed: '1:8.9p1-3ubuntu0.2' }], {
      upstream: ['UBUNTU-CVE-2099-0003'],
      withdrawn: '2025-02-01T00:00:00Z',
    });
    expect(distroFixesFromOsv([withdrawn], JAMMY, ['CVE-2099-0003']).size).toBe(0);
  });
});
