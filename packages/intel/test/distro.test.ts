// Distribution backports: fixes read from a real Debian changelog (the one openssh-server installs on this machine),
// the package a banner names, and the verdict on a CVE matched on the upstream version.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  detectFormat,
  distroFixesFromChangelog,
  distroPackageOfBanner,
  distroVerdict,
  readFeed,
  type DistroFix,
  type FeedItem,
} from '../src/index.ts';

const CHANGELOG = '/usr/share/doc/openssh-server/changelog.Debian.gz';
const TRACKER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/feeds/debian-tracker/openssh.json');
const hasChangelog = existsSync(CHANGELOG);
if (!hasChangelog) console.warn(`distro: ${CHANGELOG} is missing (openssh-server not installed); its tests are skipped`);

const fix = (cve: string, fixedVersion: string, status: DistroFix['status'] = 'fixed'): DistroFix => ({
  distro: 'debian',
  release: 'bookworm',
  package: 'openssh',
  cve,
  status,
  fixedVersion,
});

describe.skipIf(!hasChangelog)("Debian's openssh changelog", () => {
  const text = hasChangelog ? gunzipSync(readFileSync(CHANGELOG)).toString('utf8') : '';

  it('is recognised by its content', () => {
    expect(detectFormat(text.slice(0, 4096))).toBe('debian-changelog');
  });

  it('gives the bookworm revision that fixed each CVE its entries name', () => {
    const fixes = distroFixesFromChangelog(text);
    const of = (cve: string) => fixes.find((f) => f.cve === cve && f.release === 'bookworm');
    // As the changelog says: deb12u1 "[CVE-2023-38408] Fix a condition where specific libraries loaded via …",
    // deb12u2 "[CVE-2023-48795]" (Terrapin) and "[CVE-2023-51385]".
    expect(of('CVE-2023-38408')).toEqual(fix('CVE-2023-38408', '1:9.2p1-2+deb12u1'));
    expect(of('CVE-2023-48795')).toEqual(fix('CVE-2023-48795', '1:9.2p1-2+deb12u2'));
    expect(of('CVE-2023-51385')).toEqual(fix('CVE-2023-51385', '1:9.2p1-2+deb12u2'));
    // Entries uploaded to unstable name no release.
    expect(fixes.every((f) => f.release === 'bookworm')).toBe(true);
  });

  it('reads the gzip file as a feed of distro fixes', async () => {
    const items: FeedItem[] = [];
    for await (const item of readFeed(CHANGELOG)) items.push(item);
    expect(items.every((i) => i.kind === 'distro-fix')).toBe(true);
    expect(items.length).toBeGreaterThanOrEqual(3);
  });
});

describe("the Debian Security Tracker's JSON", () => {
  it('is recognised by its content and streamed a package at a time into fixes, open issues and not-affected', async () => {
    expect(detectFormat(readFileSync(TRACKER, 'utf8'))).toBe('debian-tracker');
    const fixes: DistroFix[] = [];
    for await (const item of readFeed(TRACKER)) if (item.kind === 'distro-fix') fixes.push(item.record);
    const of = (cve: string, release = 'bookworm') => fixes.find((f) => f.cve === cve && f.release === release);
    expect(of('CVE-2024-6387')).toEqual(fix('CVE-2024-6387', '1:9.2p1-2+deb12u3'));
    expect(of('CVE-2024-6387', 'bullseye')).toMatchObject({ status: 'not-affected', fixedVersion: null });
    expect(of('CVE-2023-51767')).toMatchObject({ status: 'open', fixedVersion: null });
    // TEMP- ids are not CVEs yet.
    expect(fixes.some((f) => f.cve.startsWith('TEMP-'))).toBe(false);
    expect(fixes).toHaveLength(5);
  });
});

describe('the package a banner names', () => {
  it('reads OpenSSH on Debian with its release from the +debNuM revision', () => {
    expect(distroPackageOfBanner('SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u10')).toEqual({
      distro: 'debian',
      release: 'bookworm',
      package: 'openssh',
      version: '9.2p1-2+deb12u10',
    });
    expect(distroPackageOfBanner('SSH-2.0-OpenSSH_8.4p1 Debian-5+deb11u3')?.release).toBe('bullseye');
  });

  it('names no package when the banner gives no release or names no distribution', () => {
    expect(distroPackageOfBanner('SSH-2.0-OpenSSH_9.2p1 Debian-2')).toBeNull();
    // Ubuntu's banners are read too (distro-ubuntu.test.ts), but an interim release's version names no release.
    expect(distroPackageOfBanner('SSH-2.0-OpenSSH_9.0p1 Ubuntu-1ubuntu8.7')).toBeNull();
    expect(distroPackageOfBanner('SSH-2.0-OpenSSH_9.9')).toBeNull();
    expect(distroPackageOfBanner(null)).toBeNull();
  });
});

describe('the verdict on a CVE', () => {
  const seen = (revision: string) => distroPackageOfBanner(`SSH-2.0-OpenSSH_9.2p1 Debian-${revision}`)!;

  it('is fixed from the fixing revision on, in dpkg order, whatever the epoch', () => {
    const f = fix('CVE-2023-51385', '1:9.2p1-2+deb12u2');
    expect(distroVerdict(seen('2+deb12u10'), f)).toEqual({ verdict: 'fixed', fixedVersion: '1:9.2p1-2+deb12u2' });
    expect(distroVerdict(seen('2+deb12u2'), f).verdict).toBe('fixed');
    expect(distroVerdict(seen('2+deb12u1'), f)).toEqual({ verdict: 'open', fixedVersion: '1:9.2p1-2+deb12u2' });
  });

  it('follows the release: not affected, still open, or unknown without a record for this release and package', () => {
    expect(distroVerdict(seen('2+deb12u1'), fix('CVE-X', '', 'not-affected')).verdict).toBe('not-affected');
    expect(distroVerdict(seen('2+deb12u1'), { ...fix('CVE-X', ''), status: 'open', fixedVersion: null }).verdict).toBe('open');
    expect(distroVerdict(seen('2+deb12u1'), undefined).verdict).toBe('unknown');
    expect(distroVerdict(seen('2+deb12u1'), { ...fix('CVE-X', '1:9.2p1-2+deb12u2'), release: 'bullseye' }).verdict).toBe('unknown');
  });
});
