// CISA KEV catalog and FIRST EPSS (CSV with its comment line, per-CVE JSON) against the fixtures.
import { EXPLOIT_FLAG } from '@bulwark/core';
import { describe, expect, test } from 'vitest';
import { type KevEntry, normalizeEpssJson, normalizeKevEntry, RecordError } from '../src/index.ts';
import { collect, fixture } from './helpers.ts';

describe('KEV catalog', async () => {
  const items = await collect(fixture('kev/known_exploited_vulnerabilities.json'));
  const entries = items.flatMap((i) => (i.kind === 'kev' ? [i.record] : []));
  const byCve = new Map<string, KevEntry>(entries.map((e) => [e.cve, e]));

  test('reads all 1404 entries, no errors, and the catalog facts', () => {
    expect(entries).toHaveLength(1404);
    expect(items.filter((i) => i.kind === 'error')).toEqual([]);
    const meta = items.find((i) => i.kind === 'meta');
    expect(meta).toMatchObject({
      kind: 'meta',
      format: 'kev',
      meta: { title: 'CISA Catalog of Known Exploited Vulnerabilities', catalogVersion: '2025.08.25', count: 1404 },
    });
  });

  test('CVE-2017-0144 (EternalBlue) is known to be used by ransomware: flags 1 and 2', () => {
    expect(byCve.get('CVE-2017-0144')).toMatchObject({
      vendorProject: 'Microsoft',
      dateAdded: '2022-02-10',
      dueDate: '2022-08-10',
      ransomware: true,
      flags: [EXPLOIT_FLAG.exploit_known, EXPLOIT_FLAG.ransomware_known],
    });
  });

  test('an entry without known ransomware use has the exploit flag only', () => {
    const unknown = entries.find((e) => !e.ransomware);
    expect(unknown?.flags).toEqual([EXPLOIT_FLAG.exploit_known]);
    expect(entries.filter((e) => e.ransomware).length).toBeGreaterThan(100);
  });

  test('positions name the container and index', () => {
    const first = items.find((i) => i.kind === 'kev');
    expect(first?.position).toMatchObject({ container: 'vulnerabilities', index: 0 });
  });

  test('rejects malformed entries', () => {
    expect(() => normalizeKevEntry({ cveID: 'CVE-2017-0144', dateAdded: '10/02/2022' })).toThrow(/dateAdded/);
    expect(() => normalizeKevEntry({ cveID: 'nope', dateAdded: '2022-02-10' })).toThrow(RecordError);
    expect(() => normalizeKevEntry({ cveID: 'CVE-2017-0144', dateAdded: '2022-02-10', knownRansomwareCampaignUse: 'Maybe' })).toThrow(
      /Ransomware/,
    );
  });
});

describe('EPSS', () => {
  test('CSV: comment line gives model version and score date to every row', async () => {
    const items = await collect(fixture('epss/epss_scores-current.head12.csv'));
    expect(items[0]).toMatchObject({
      kind: 'meta',
      format: 'epss-csv',
      meta: { model_version: 'v2026.06.15', score_date: '2026-09-29T12:00:22Z' },
    });
    const scores = items.flatMap((i) => (i.kind === 'epss' ? [i] : []));
    expect(scores).toHaveLength(10);
    expect(scores[0].record).toEqual({
      cve: 'CVE-1999-0001',
      epss: 0.03351,
      percentile: 0.88255,
      date: '2026-09-29',
      modelVersion: 'v2026.06.15',
    });
    expect(scores[0].position).toMatchObject({ line: 3, index: 0 });
    expect(scores[9].record.cve).toBe('CVE-1999-0010');
  });

  test('per-CVE JSON: strings become numbers, the date is kept', async () => {
    const items = await collect(fixture('epss/CVE-2017-0144_EPSS.json'));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'epss',
      record: { cve: 'CVE-2017-0144', epss: 0.97446, percentile: 0.99945, date: '2024-03-27', modelVersion: null },
    });
  });

  test('all 38 JSON files and the CSV read from the directory', async () => {
    const items = await collect(fixture('epss'));
    expect(items.filter((i) => i.kind === 'epss')).toHaveLength(48);
    expect(items.filter((i) => i.kind === 'error')).toEqual([]);
  });

  test('the FIRST API envelope ({data: [...]}) streams its data array', async () => {
    const body = JSON.stringify({
      status: 'OK',
      total: 2,
      data: [
        { cve: 'CVE-2024-6387', epss: '0.5', percentile: '0.9', date: '2024-07-10' },
        { cve: 'CVE-2023-48795', epss: '0.6', percentile: '0.95', date: '2024-07-10' },
      ],
    });
    const items = await collect([Buffer.from(body)]);
    expect(items.map((i) => i.kind)).toEqual(['meta', 'epss', 'epss']);
  });

  test('rejects out-of-range and non-numeric scores', () => {
    expect(() => normalizeEpssJson({ cve: 'CVE-2017-0144', epss: '1.5', percentile: '0.9' })).toThrow(/epss/);
    expect(() => normalizeEpssJson({ cve: 'CVE-2017-0144', epss: 'high', percentile: '0.9' })).toThrow(RecordError);
  });
});
