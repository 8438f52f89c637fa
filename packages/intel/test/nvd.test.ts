// NVD CVE JSON 2.0 records (the 36 fixtures): scores of every version, severity band, configurations, references, KEV dates.
import { SEVERITY } from '@bulwark/core';
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { RecordError, normalizeNvdCve, normalizeNvdLegacyItem, severityFromScore } from '../src/index.ts';
import { collect, fixture, nvdRecord } from './helpers.ts';

describe('NVD CVE records', () => {
  test('CVE-2024-6387 (regreSSHion): v3.1 8.1 High from the Primary metric', () => {
    const r = nvdRecord('CVE-2024-6387');
    expect(r.id).toBe('CVE-2024-6387');
    expect(r.primaryCvss).toEqual({
      version: '3.1',
      vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H',
      score: 8.1,
      baseSeverity: 'HIGH',
      source: 'nvd@nist.gov',
      type: 'Primary',
    });
    expect(r.severity).toBe(SEVERITY.high);
    expect(r.description).toMatch(/^A security regression \(CVE-2006-5051\)/);
    expect(r.published).toBe('2024-07-01T13:15:06.467');
    expect(r.cwes).toEqual(['CWE-362', 'CWE-364']);
    expect(r.configurations).toHaveLength(9);
    expect(r.configurations[0].nodes[0].cpeMatch[1]).toEqual({
      vulnerable: true,
      criteria: 'cpe:2.3:a:openbsd:openssh:*:*:*:*:*:*:*:*',
      versionStartIncluding: '8.6',
      versionEndExcluding: '9.8',
    }); // without NVD's matchCriteriaId
  });

  test('keeps v3.1, v3.0 and v2 and prefers 3.1 (CVE-2016-6210)', () => {
    const r = nvdRecord('CVE-2016-6210');
    expect(r.cvss.map((m) => m.version)).toEqual(['3.1', '3.0', '2.0']);
    expect(r.primaryCvss?.version).toBe('3.1');
  });

  test('falls back to v3.0 (CVE-2019-11500), then to v2 (CVE-2012-2122) with its severity label', () => {
    const a = nvdRecord('CVE-2019-11500');
    expect(a.primaryCvss?.version).toBe('3.0');
    expect(a.severity).toBe(severityFromScore(a.primaryCvss?.score ?? -1));
    const b = nvdRecord('CVE-2012-2122');
    expect(b.cvss.map((m) => m.version)).toEqual(['2.0']);
    expect(b.primaryCvss).toMatchObject({ version: '2.0', score: 5.1, baseSeverity: 'MEDIUM' });
    expect(b.severity).toBe(SEVERITY.medium);
  });

  test('CVSS v4.0 is kept, and gives the severity only when nothing older is there', () => {
    const v40 = {
      source: 'cna@example.org',
      type: 'Secondary',
      cvssData: {
        version: '4.0',
        vectorString: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
        baseScore: 9.3,
        baseSeverity: 'CRITICAL',
      },
    };
    const v31 = {
      source: 'nvd@nist.gov',
      type: 'Primary',
      cvssData: { version: '3.1', vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N', baseScore: 5.3, baseSeverity: 'MEDIUM' },
    };
    const only4 = normalizeNvdCve({ id: 'CVE-2025-0001', metrics: { cvssMetricV40: [v40] } });
    expect(only4.primaryCvss).toMatchObject({ version: '4.0', score: 9.3 });
    expect(only4.severity).toBe(SEVERITY.critical);
    const both = normalizeNvdCve({ id: 'CVE-2025-0001', metrics: { cvssMetricV40: [v40], cvssMetricV31: [v31] } });
    expect(both.cvss.map((m) => m.version)).toEqual(['4.0', '3.1']);
    expect(both.primaryCvss).toMatchObject({ version: '3.1', score: 5.3 });
    expect(both.severity).toBe(SEVERITY.medium);
  });

  test('unscored records (CVE-2023-48795 Terrapin, awaiting analysis) have no severity and no configurations', () => {
    const r = nvdRecord('CVE-2023-48795');
    expect(r.cvss).toEqual([]);
    expect(r.primaryCvss).toBeNull();
    expect(r.severity).toBeNull();
    expect(r.configurations).toEqual([]);
    expect(r.status).toBe('Awaiting Analysis');
  });

  test('KEV dates NVD copies in (CVE-2017-0144)', () => {
    const r = nvdRecord('CVE-2017-0144');
    expect(r.kev).toMatchObject({ dateAdded: '2022-02-10', dueDate: '2022-08-10' });
    expect(r.primaryCvss?.score).toBe(8.8);
  });

  test('references once per URL with tags merged', () => {
    const r = nvdRecord('CVE-2024-6387');
    const urls = r.references.map((x) => x.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(r.references.find((x) => x.url === 'https://www.openssh.com/txt/release-9.8')?.tags).toEqual(
      expect.arrayContaining(['Release Notes']),
    );
  });

  test('merging references leaves the record it read unchanged', () => {
    const raw = JSON.parse(readFileSync(fixture('nvd/CVE-2024-6387.json'), 'utf8')) as { references: { url: string; tags?: string[] }[] };
    raw.references = [
      { url: 'https://example.test/a', tags: ['Patch'] },
      { url: 'https://example.test/a', tags: ['Exploit'] },
    ];
    const before = JSON.stringify(raw);
    expect(normalizeNvdCve(raw).references.map((x) => x.tags)).toEqual([['Patch', 'Exploit']]);
    expect(JSON.stringify(raw)).toBe(before);
  });

  test('every fixture reads without error', async () => {
    const items = await collect(fixture('nvd'));
    expect(items.filter((i) => i.kind === 'cve')).toHaveLength(36);
    expect(items.filter((i) => i.kind === 'error')).toEqual([]);
  });

  test('severity bands', () => {
    expect([0, 0.1, 3.9, 4.0, 6.9, 7.0, 8.9, 9.0, 10].map(severityFromScore)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });

  test.each([
    [{ id: 'not-a-cve' }, /id is not a CVE id/],
    [
      { id: 'CVE-2024-0001', metrics: { cvssMetricV31: [{ cvssData: { baseScore: 11, vectorString: 'x' } }] } },
      /baseScore is not a CVSS score/,
    ],
    [
      { id: 'CVE-2024-0001', configurations: [{ nodes: [{ operator: 'OR', cpeMatch: [{ vulnerable: true, criteria: 'cpe:/a:x' }] }] }] },
      /not a CPE 2.3/,
    ],
    [{ id: 'CVE-2024-0001', configurations: [{ nodes: [{ operator: 'XOR', cpeMatch: [] }] }] }, /operator is not AND or OR/],
    [{ id: 'CVE-2024-0001', references: 'nope' }, /references is not an array/],
  ])('rejects a malformed record %#', (value, message) => {
    expect(() => normalizeNvdCve(value)).toThrow(RecordError);
    expect(() => normalizeNvdCve(value)).toThrow(message);
  });

  test('an API page element ({cve: {...}}) is unwrapped', () => {
    expect(normalizeNvdCve({ cve: { id: 'CVE-2024-0001', descriptions: [{ lang: 'en', value: 'x' }] } }).description).toBe('x');
  });
});

describe('legacy NVD 1.1 items', () => {
  test('maps CVE_data_meta, impact, configurations with children, references', () => {
    const r = normalizeNvdLegacyItem({
      cve: {
        CVE_data_meta: { ID: 'CVE-2014-0160' },
        problemtype: { problemtype_data: [{ description: [{ lang: 'en', value: 'CWE-125' }] }] },
        references: { reference_data: [{ url: 'https://heartbleed.com/', refsource: 'MISC', tags: ['Third Party Advisory'] }] },
        description: { description_data: [{ lang: 'en', value: 'The TLS heartbeat extension ...' }] },
      },
      configurations: {
        nodes: [
          {
            operator: 'OR',
            children: [],
            cpe_match: [
              {
                vulnerable: true,
                cpe23Uri: 'cpe:2.3:a:openssl:openssl:*:*:*:*:*:*:*:*',
                versionStartIncluding: '1.0.1',
                versionEndExcluding: '1.0.1g',
              },
            ],
          },
        ],
      },
      impact: {
        baseMetricV3: {
          cvssV3: { version: '3.1', vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N', baseScore: 7.5, baseSeverity: 'HIGH' },
        },
        baseMetricV2: { cvssV2: { version: '2.0', vectorString: 'AV:N/AC:L/Au:N/C:P/I:N/A:N', baseScore: 5.0 }, severity: 'MEDIUM' },
      },
      publishedDate: '2014-04-07T22:55Z',
      lastModifiedDate: '2023-11-07T02:18Z',
    });
    expect(r.id).toBe('CVE-2014-0160');
    expect(r.primaryCvss).toMatchObject({ version: '3.1', score: 7.5 });
    expect(r.severity).toBe(SEVERITY.high);
    expect(r.cvss[1]).toMatchObject({ version: '2.0', baseSeverity: 'MEDIUM' });
    expect(r.configurations[0].nodes[0].cpeMatch[0]).toMatchObject({ versionEndExcluding: '1.0.1g' });
    expect(r.cwes).toEqual(['CWE-125']);
    expect(r.references[0]).toEqual({ url: 'https://heartbleed.com/', source: 'MISC', tags: ['Third Party Advisory'] });
  });
});
