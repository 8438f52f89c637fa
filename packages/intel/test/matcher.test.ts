// IntelIndex against the imported fixtures: CPE, product and package queries, matched_by, enrichment, import counts.
import { SEVERITY } from '@bulwark/core';
import { beforeAll, describe, expect, test } from 'vitest';
import { IntelIndex, type ImportSummary, importFeed, normalizeNvdCve, type VulnerabilityMatch } from '../src/index.ts';
import { fixture, nvdRecord } from './helpers.ts';

const index = new IntelIndex();
const summaries: Record<string, ImportSummary> = {};

beforeAll(async () => {
  for (const feed of ['nvd', 'kev/known_exploited_vulnerabilities.json', 'epss', 'osv']) {
    summaries[feed] = await importFeed(fixture(feed), (item) => index.add(item));
  }
});

const ids = (matches: VulnerabilityMatch[]): string[] => matches.map((m) => m.cve).sort();
const byId = (matches: VulnerabilityMatch[], id: string): VulnerabilityMatch | undefined => matches.find((m) => m.cve === id);

describe('import counts', () => {
  test('read, skipped, added', () => {
    expect(summaries.nvd).toMatchObject({ read: 36, skipped: 0, added: 36, updated: 0, unchanged: 0 });
    expect(summaries['kev/known_exploited_vulnerabilities.json']).toMatchObject({ read: 1404, skipped: 0, added: 1404 });
    expect(summaries.epss).toMatchObject({ read: 48, skipped: 0, added: 48 });
    expect(summaries.osv).toMatchObject({ read: 12, skipped: 0, added: 12 });
    expect(index.counts).toEqual({ cve: 36, kev: 1404, epss: 48, osv: 12 });
  });

  test('importing again: unchanged; a newer lastModified: updated', async () => {
    const again = await importFeed(fixture('nvd'), (item) => index.add(item));
    expect(again).toMatchObject({ read: 36, added: 0, updated: 0, unchanged: 36 });
    const copy = new IntelIndex();
    copy.addCve(nvdRecord('CVE-2024-6387'));
    const newer = { ...nvdRecord('CVE-2024-6387'), lastModified: '2099-01-01T00:00:00.000' };
    expect(copy.addCve(newer)).toBe('updated');
    expect(copy.getCve('CVE-2024-6387')?.lastModified).toBe('2099-01-01T00:00:00.000');
  });

  test('an updated record is re-indexed under its new products', () => {
    const copy = new IntelIndex();
    copy.addCve(nvdRecord('CVE-2024-6387'));
    const moved = normalizeNvdCve({
      id: 'CVE-2024-6387',
      lastModified: '2099-01-01T00:00:00.000',
      configurations: [
        { nodes: [{ operator: 'OR', negate: false, cpeMatch: [{ vulnerable: true, criteria: 'cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*' }] }] },
      ],
    });
    copy.addCve(moved);
    expect(copy.matchProduct({ vendor: 'openbsd', product: 'openssh', version: '8.9p1' })).toEqual([]);
    expect(ids(copy.matchProduct({ vendor: 'acme', product: 'widget', version: '1' }))).toEqual(['CVE-2024-6387']);
  });

  test('a store without outcomes is counted as read only', async () => {
    const s = await importFeed(fixture('osv'), () => undefined);
    expect(s).toMatchObject({ read: 12, added: 0, updated: 0, unchanged: 0 });
  });
});

describe('CPE and product queries', () => {
  test('OpenSSH 8.9p1 (NVD style, update p1): regreSSHion, the agent forwarding RCE and the ProxyCommand injection', () => {
    const matches = index.matchCpes('cpe:2.3:a:openbsd:openssh:8.9:p1:*:*:*:*:*:*');
    expect(ids(matches)).toEqual(['CVE-2023-38408', 'CVE-2023-51385', 'CVE-2024-6387']);
    expect(byId(matches, 'CVE-2024-6387')?.matched_by).toBe(
      'cpe:2.3:a:openbsd:openssh:*:*:*:*:*:*:*:* versionStartIncluding 8.6 versionEndExcluding 9.8',
    );
    expect(byId(matches, 'CVE-2023-38408')?.matched_by).toBe('cpe:2.3:a:openbsd:openssh:*:*:*:*:*:*:*:* versionEndExcluding 9.3');
  });

  test('the same as vendor/product/version, written the scanner way (8.9p1)', () => {
    expect(ids(index.matchProduct({ vendor: 'openbsd', product: 'openssh', version: '8.9p1' }))).toEqual([
      'CVE-2023-38408',
      'CVE-2023-51385',
      'CVE-2024-6387',
    ]);
    expect(ids(index.matchProduct({ product: 'OpenSSH', version: '8.9p1' }))).toEqual([
      'CVE-2023-38408',
      'CVE-2023-51385',
      'CVE-2024-6387',
    ]);
  });

  test('an exact criteria entry: OpenSSH 9.3p1 is hit by 9.3:p1 of CVE-2023-38408', () => {
    const m = byId(index.matchProduct({ vendor: 'openbsd', product: 'openssh', version: '9.3p1' }), 'CVE-2023-38408');
    expect(m?.matched_by).toBe('cpe:2.3:a:openbsd:openssh:9.3:p1:*:*:*:*:*:*');
  });

  test('older OpenSSH picks up the older CVEs, newer ones drop off', () => {
    expect(ids(index.matchProduct({ vendor: 'openbsd', product: 'openssh', version: '7.4' }))).toEqual([
      'CVE-2018-15473',
      'CVE-2020-15778',
      'CVE-2021-41617',
      'CVE-2023-38408',
      'CVE-2023-51385',
    ]);
    // CVE-2016-6210 is written as OpenSSH update p2 up to 7.2
    expect(ids(index.matchProduct({ vendor: 'openbsd', product: 'openssh', version: '7.2p2' }))).toContain('CVE-2016-6210');
    expect(ids(index.matchCpes('cpe:2.3:a:openbsd:openssh:7.2:p2:*:*:*:*:*:*'))).toContain('CVE-2016-6210');
    expect(ids(index.matchProduct({ vendor: 'openbsd', product: 'openssh', version: '9.8p1' }))).toEqual([]);
  });

  test('a match carries CVSS, severity, EPSS, KEV, references', () => {
    const m = byId(index.matchProduct({ vendor: 'openbsd', product: 'openssh', version: '8.9p1' }), 'CVE-2023-38408');
    expect(m).toMatchObject({
      cvss: { version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', score: 9.8 },
      severity: SEVERITY.critical,
      epss: 0.02999,
      epss_percentile: expect.any(Number),
      kev: false,
      ransomware: false,
      risk_score: 58.1,
      published: expect.stringMatching(/^2023-07-20/),
    });
    expect(m?.references.length).toBeGreaterThan(5);
  });

  test('EternalBlue: SMBv1 with an unknown OS is assumed, Windows 7 confirms, Linux rules out', () => {
    const smb = 'cpe:2.3:a:microsoft:server_message_block:1.0:*:*:*:*:*:*:*';
    const assumed = byId(index.matchCpes(smb), 'CVE-2017-0144');
    expect(assumed).toMatchObject({
      kev: true,
      ransomware: true,
      kev_date_added: '2022-02-10',
      kev_due_date: '2022-08-10',
      risk_score: 96.6,
    });
    expect(assumed?.matched_by).toMatch(
      /^cpe:2\.3:a:microsoft:server_message_block:1\.0:\*.* if running on .* or 14 more \(platform not known\)$/,
    );
    const onWin7 = byId(index.matchCpes([smb, 'cpe:2.3:o:microsoft:windows_7:-:sp1:*:*:*:*:*:*']), 'CVE-2017-0144');
    expect(onWin7?.matched_by).toBe(
      'cpe:2.3:a:microsoft:server_message_block:1.0:*:*:*:*:*:*:* running on cpe:2.3:o:microsoft:windows_7:-:sp1:*:*:*:*:*:*',
    );
    expect(index.matchCpes([smb, 'cpe:2.3:o:linux:linux_kernel:6.1:*:*:*:*:*:*:*'])).toEqual([]);
    expect(index.matchCpes(smb, { assumeUnknownPlatforms: false })).toEqual([]);
  });

  test('a host CPE list: the OS and its services together', () => {
    const matches = index.matchCpes([
      'cpe:2.3:o:redhat:enterprise_linux:9.0:*:*:*:*:*:*:*',
      'cpe:2.3:a:openbsd:openssh:8.7:p1:*:*:*:*:*:*',
    ]);
    expect(byId(matches, 'CVE-2024-6387')?.matched_by).toContain('cpe:2.3:o:redhat:enterprise_linux:9.0:*:*:*:*:*:*:*');
  });

  test('results are ordered by risk, highest first', () => {
    const scores = index.matchProduct({ vendor: 'openbsd', product: 'openssh', version: '7.4' }).map((m) => m.risk_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  test('no version, no match for version-bounded criteria', () => {
    expect(index.matchCpes('cpe:2.3:a:openbsd:openssh:*:*:*:*:*:*:*:*')).toEqual([]);
  });
});

describe('package queries (OSV)', () => {
  test('AlmaLinux:9/openssh@8.7p1-38.el9 → ALSA-2024:4312 → CVE-2024-6387, enriched from NVD', () => {
    const matches = index.matchPackage({ ecosystem: 'AlmaLinux:9', name: 'openssh', version: '8.7p1-38.el9' });
    const regresshion = byId(matches, 'CVE-2024-6387');
    expect(regresshion).toMatchObject({
      matched_by: 'OSV ALSA-2024:4312 AlmaLinux:9 openssh fixed 8.7p1-38.el9_4.1',
      cvss: { version: '3.1', score: 8.1 },
      severity: SEVERITY.high,
      kev: false,
    });
    // ALSA-2024:1130 (Terrapin, CVE-2023-51385) is fixed in 8.7p1-38.el9 itself, so it does not apply.
    expect(ids(matches)).toEqual(['CVE-2024-6387']);
  });

  test('the fixed version does not match', () => {
    expect(index.matchPackage({ ecosystem: 'AlmaLinux:9', name: 'openssh', version: '8.7p1-38.el9_4.1' })).toEqual([]);
  });

  test('an older build matches both advisories, each CVE once', () => {
    const matches = index.matchPackage({ ecosystem: 'AlmaLinux:9', name: 'openssh', version: '8.7p1-34.el9' });
    expect(ids(matches)).toEqual(['CVE-2023-48795', 'CVE-2023-51385', 'CVE-2024-6387']);
    expect(byId(matches, 'CVE-2023-48795')).toMatchObject({ cvss: null, severity: null, epss: 0.71637 });
  });

  test('other release or package: no match', () => {
    expect(index.matchPackage({ ecosystem: 'AlmaLinux:8', name: 'openssh', version: '8.7p1-38.el9' }).map((m) => m.cve)).not.toContain(
      'CVE-2024-6387',
    );
    expect(index.matchPackage({ ecosystem: 'AlmaLinux:9', name: 'openssl', version: '1:3.0.1-1.el9' }).map((m) => m.cve)).toEqual([
      'CVE-2022-3602',
      'CVE-2022-3786',
    ]);
  });

  test('Debian and Alpine', () => {
    expect(ids(index.matchPackage({ ecosystem: 'Debian:7', name: 'nginx', version: '1.2.1-2.2+wheezy2' }))).toEqual(['CVE-2014-3616']);
    expect(index.matchPackage({ ecosystem: 'Debian:7', name: 'nginx', version: '1.2.1-2.2+wheezy3' })).toEqual([]);
    const alpine = index.matchPackage({ ecosystem: 'Alpine:v3.16', name: 'mariadb', version: '10.6.7-r0' });
    expect(alpine.map((m) => [m.cve, m.matched_by])).toEqual([
      ['CVE-2022-27449', 'OSV CVE-2022-27449 Alpine:v3.16 mariadb fixed 10.6.8-r0'],
    ]);
    // Not in the NVD fixtures: the advisory's own text and references stand in.
    expect(alpine[0].description).toMatch(/^MariaDB Server v10.9/);
  });
});
