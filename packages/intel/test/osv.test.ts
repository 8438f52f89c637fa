// OSV advisories (AlmaLinux, Debian, Alpine fixtures): CVE ids, affected packages, range evaluation.
import { describe, expect, test } from 'vitest';
import { type OsvRecord, describeOsvAffect, normalizeOsv, osvAffects, osvPackageKeys, versionInOsvRange } from '../src/index.ts';
import { collect, fixture } from './helpers.ts';

describe('OSV records', async () => {
  const items = await collect(fixture('osv'));
  const records = new Map<string, OsvRecord>(items.flatMap((i) => (i.kind === 'osv' ? [[i.record.id, i.record] as const] : [])));

  test('reads the 12 fixtures', () => {
    expect(records.size).toBe(12);
    expect(items.filter((i) => i.kind === 'error')).toEqual([]);
  });

  test('AlmaLinux lists CVEs in related', () => {
    expect(records.get('ALSA-2024:4312')?.cves).toEqual(['CVE-2024-6387']);
    expect(records.get('ALSA-2024:1130')?.cves).toEqual(['CVE-2023-48795', 'CVE-2023-51385']);
    expect(records.get('ALSA-2022:7288')?.cves).toEqual(['CVE-2022-3602', 'CVE-2022-3786']);
  });

  test('Debian lists them in aliases; an Alpine record is the CVE itself', () => {
    expect(records.get('DSA-3029-1')?.cves).toEqual(['CVE-2014-3616']);
    expect(records.get('CVE-2022-27449')?.cves).toEqual(['CVE-2022-27449']);
  });

  test('package keys', () => {
    const keys = osvPackageKeys(records.get('ALSA-2024:4312') as OsvRecord);
    expect(keys).toContainEqual({ ecosystem: 'AlmaLinux:9', name: 'openssh' });
    expect(keys).toContainEqual({ ecosystem: 'AlmaLinux:9', name: 'pam_ssh_agent_auth' });
    expect(keys).toHaveLength(6);
  });

  test('AlmaLinux:9 openssh below the fix is affected, the fix and later are not', () => {
    const alsa = records.get('ALSA-2024:4312') as OsvRecord;
    const hit = osvAffects(alsa, 'AlmaLinux:9', 'openssh', '8.7p1-38.el9');
    expect(hit).toEqual({ advisory: 'ALSA-2024:4312', ecosystem: 'AlmaLinux:9', name: 'openssh', range: 'fixed 8.7p1-38.el9_4.1' });
    expect(describeOsvAffect(hit!)).toBe('OSV ALSA-2024:4312 AlmaLinux:9 openssh fixed 8.7p1-38.el9_4.1');
    expect(osvAffects(alsa, 'AlmaLinux:9', 'openssh', '8.7p1-38.el9_4.1')).toBeNull();
    expect(osvAffects(alsa, 'AlmaLinux:9', 'openssh', '8.7p1-43.el9')).toBeNull();
    expect(osvAffects(alsa, 'AlmaLinux:9.4', 'openssh-server', '8.7p1-38.el9')).not.toBeNull();
    expect(osvAffects(alsa, 'AlmaLinux:8', 'openssh', '8.0p1-19.el8')).toBeNull(); // other release
    expect(osvAffects(alsa, 'AlmaLinux:9', 'openssl', '1.0')).toBeNull(); // other package
  });

  test('Debian (dpkg) and Alpine (apk) ranges', () => {
    const dsa = records.get('DSA-3029-1') as OsvRecord;
    expect(osvAffects(dsa, 'Debian:7', 'nginx', '1.2.1-2.2+wheezy2')).not.toBeNull();
    expect(osvAffects(dsa, 'Debian:7', 'nginx', '1.2.1-2.2+wheezy3')).toBeNull();
    const alpine = records.get('CVE-2022-27449') as OsvRecord;
    expect(osvAffects(alpine, 'Alpine:v3.15', 'mariadb', '10.6.7-r0')?.range).toBe('fixed 10.6.8-r0');
    expect(osvAffects(alpine, 'Alpine:v3.15', 'mariadb', '10.6.8-r0')).toBeNull();
    expect(osvAffects(alpine, 'Alpine:3.12', 'mariadb', '10.4.24-r0')).not.toBeNull();
  });
});

describe('range evaluation', () => {
  const range = (events: object[], type = 'ECOSYSTEM') => ({ type, events }) as Parameters<typeof versionInOsvRange>[0];

  test('introduced / fixed, several intervals, in any order', () => {
    const r = range([{ introduced: '1.0.0' }, { fixed: '1.2.0' }, { introduced: '2.0.0' }, { fixed: '2.0.3' }]);
    const shuffled = range([{ fixed: '2.0.3' }, { introduced: '2.0.0' }, { fixed: '1.2.0' }, { introduced: '1.0.0' }]);
    for (const [v, expected] of [
      ['0.9.0', false],
      ['1.0.0', true],
      ['1.1.9', true],
      ['1.2.0', false],
      ['1.9.0', false],
      ['2.0.0', true],
      ['2.0.3', false],
    ] as const) {
      expect(versionInOsvRange(r, 'npm', v), v).toBe(expected);
      expect(versionInOsvRange(shuffled, 'npm', v), v).toBe(expected);
    }
  });

  test('last_affected includes its version', () => {
    const r = range([{ introduced: '0' }, { last_affected: '4.2' }]);
    expect(versionInOsvRange(r, 'PyPI', '4.2')).toBe(true);
    expect(versionInOsvRange(r, 'PyPI', '4.2.post1')).toBe(false);
  });

  test('limit caps the range', () => {
    const r = range([{ introduced: '0' }, { limit: '3.0.0' }]);
    expect(versionInOsvRange(r, 'npm', '2.9.9')).toBe(true);
    expect(versionInOsvRange(r, 'npm', '3.0.0')).toBe(false);
  });

  test('SEMVER ranges use semver whatever the ecosystem; explicit versions count; GIT ranges are ignored', () => {
    const rec = normalizeOsv({
      id: 'GHSA-xxxx-yyyy-zzzz',
      modified: '2024-01-01T00:00:00Z',
      aliases: ['CVE-2024-0001'],
      affected: [
        {
          package: { ecosystem: 'npm', name: 'left-pad' },
          ranges: [{ type: 'SEMVER', events: [{ introduced: '1.0.0-rc.1' }, { fixed: '1.0.0' }] }],
        },
        {
          package: { ecosystem: 'PyPI', name: 'Django_Thing' },
          versions: ['2.0'],
          ranges: [{ type: 'GIT', repo: 'x', events: [{ introduced: 'abc' }] }],
        },
      ],
    });
    expect(osvAffects(rec, 'npm', 'left-pad', '1.0.0-rc.2')?.range).toBe('introduced 1.0.0-rc.1 fixed 1.0.0');
    expect(osvAffects(rec, 'npm', 'left-pad', '1.0.0')).toBeNull();
    expect(osvAffects(rec, 'PyPI', 'django-thing', '2.0')?.range).toBe('version 2.0 listed'); // PEP 503 names
    expect(osvAffects(rec, 'PyPI', 'django-thing', '2.1')).toBeNull();
  });

  test('withdrawn advisories affect nothing', () => {
    const rec = normalizeOsv({
      id: 'X-1',
      withdrawn: '2024-02-01T00:00:00Z',
      affected: [{ package: { ecosystem: 'npm', name: 'a' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }] }] }],
    });
    expect(osvAffects(rec, 'npm', 'a', '1.0.0')).toBeNull();
  });

  test('rejects events with none or two of the keys', () => {
    expect(() =>
      normalizeOsv({
        id: 'X',
        affected: [{ package: { ecosystem: 'npm', name: 'a' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0', fixed: '1' }] }] }],
      }),
    ).toThrow(/exactly one/);
  });
});
