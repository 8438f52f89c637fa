// Malformed records are reported with their position and skipped; the rest of the feed is still read.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { type FeedItem, formatPosition } from '../src/index.ts';
import { collect, fixture } from './helpers.ts';
import { makeZip } from './zip-writer.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'intel-malformed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const errors = (items: FeedItem[]) => items.flatMap((i) => (i.kind === 'error' ? [i] : []));
const nvd = (id: string): unknown => JSON.parse(readFileSync(fixture(`nvd/${id}.json`), 'utf8'));

describe('malformed records', () => {
  test('NVD API page: bad records reported at their index, the others read', async () => {
    const page = {
      resultsPerPage: 5,
      startIndex: 0,
      totalResults: 5,
      vulnerabilities: [
        { cve: nvd('CVE-2024-6387') },
        { cve: { ...(nvd('CVE-2023-38408') as object), id: 'CVE-23-1' } },
        { cve: { id: 'CVE-2024-0002', metrics: { cvssMetricV31: [{ cvssData: { baseScore: 'high', vectorString: 'x' } }] } } },
        'not an object',
        { cve: nvd('CVE-2017-0144') },
      ],
    };
    const file = path.join(dir, 'page.json');
    writeFileSync(file, JSON.stringify(page));
    const items = await collect(file);
    expect(items.flatMap((i) => (i.kind === 'cve' ? [i.record.id] : []))).toEqual(['CVE-2024-6387', 'CVE-2017-0144']);
    expect(errors(items).map((e) => [e.position.container, e.position.index, e.fatal])).toEqual([
      ['vulnerabilities', 1, false],
      ['vulnerabilities', 2, false],
      ['vulnerabilities', 3, false],
    ]);
    expect(errors(items)[0].message).toMatch(/id is not a CVE id/);
    expect(formatPosition(errors(items)[1].position)).toBe(`${file} vulnerabilities[2]`);
  });

  test('KEV catalog with one broken entry: 1403 read, the broken one named', async () => {
    const catalog = JSON.parse(readFileSync(fixture('kev/known_exploited_vulnerabilities.json'), 'utf8'));
    catalog.vulnerabilities[10].dateAdded = 'yesterday';
    const file = path.join(dir, 'kev.json');
    writeFileSync(file, JSON.stringify(catalog));
    const items = await collect(file);
    expect(items.filter((i) => i.kind === 'kev')).toHaveLength(1403);
    expect(errors(items)).toEqual([
      {
        kind: 'error',
        message: 'dateAdded is not a YYYY-MM-DD date: yesterday',
        position: { file, container: 'vulnerabilities', index: 10 },
        fatal: false,
      },
    ]);
  });

  test('EPSS CSV: bad rows reported by line', async () => {
    const file = path.join(dir, 'epss.csv');
    writeFileSync(
      file,
      [
        '#model_version:v2023.03.01,score_date:2024-03-27T00:00:00+0000',
        'cve,epss,percentile',
        'CVE-1999-0001,0.1,0.5',
        'CVE-1999-0002,abc,0.5',
        'CVE-1999-0003,0.2',
        'CVE-1999-0004,0.3,0.6',
        '',
      ].join('\r\n'),
    );
    const items = await collect(file);
    expect(items.flatMap((i) => (i.kind === 'epss' ? [i.record.cve] : []))).toEqual(['CVE-1999-0001', 'CVE-1999-0004']);
    expect(errors(items).map((e) => [e.position.line, e.message])).toEqual([
      [4, 'epss is not a number between 0 and 1: "abc"'],
      [5, 'expected 3 columns, found 2'],
    ]);
  });

  test('a directory with a broken file: the file is reported, the others are read', async () => {
    const sub = path.join(dir, 'osv');
    mkdirSync(sub);
    writeFileSync(path.join(sub, 'a.json'), readFileSync(fixture('osv/ALSA-2024_4312.json')));
    writeFileSync(path.join(sub, 'b.json'), '{"id": "GHSA-1", "modified": "2024-01-01", "affected": [ {"package": ');
    writeFileSync(path.join(sub, 'c.json'), readFileSync(fixture('osv/DSA-3029-1.json')));
    writeFileSync(path.join(sub, 'd.txt'), 'not a feed');
    const items = await collect(sub);
    expect(items.flatMap((i) => (i.kind === 'osv' ? [i.record.id] : []))).toEqual(['ALSA-2024:4312', 'DSA-3029-1']);
    expect(errors(items).map((e) => [path.basename(e.position.file), e.fatal, e.message.replace(/ near.*/, '')])).toEqual([
      ['b.json', true, 'invalid JSON'],
      ['d.txt', true, 'unrecognised feed format'],
    ]);
  });

  test('a JSON syntax error mid-array: records before it are kept, the error names the record and line', async () => {
    const catalog = JSON.parse(readFileSync(fixture('kev/known_exploited_vulnerabilities.json'), 'utf8'));
    const entries = catalog.vulnerabilities.slice(0, 6).map((e: object) => JSON.stringify(e, null, 2));
    entries[4] = entries[4].replace(/\n}$/, ',\n  oops\n}'); // a bare word where a key should be
    const text = `{"title": "x", "catalogVersion": "1", "vulnerabilities": [\n${entries.join(',\n')}\n]}`;
    const items = await collect(Buffer.from(text), { name: 'kev-broken.json' });
    expect(items.filter((i) => i.kind === 'kev')).toHaveLength(4);
    const line = text.slice(0, text.indexOf('oops')).split('\n').length;
    const [error] = errors(items);
    expect(error).toMatchObject({
      fatal: true,
      position: { file: 'kev-broken.json', index: 4 },
      message: expect.stringMatching(/^invalid JSON near line \d+/),
    });
    // The line is where the failing 256-character slice starts: at most a few lines before the error.
    expect(error.position.line).toBeLessThanOrEqual(line);
    expect(error.position.line).toBeGreaterThan(line - 10);
  });

  test('a truncated feed: records before the cut, then a fatal error', async () => {
    const text = readFileSync(fixture('kev/known_exploited_vulnerabilities.json'), 'utf8').slice(0, 20_000);
    const items = await collect(Buffer.from(text));
    expect(items.filter((i) => i.kind === 'kev').length).toBeGreaterThan(5);
    expect(items[items.length - 1]).toMatchObject({
      kind: 'error',
      fatal: true,
      message: expect.stringMatching(/end of input|invalid JSON/),
    });
  });

  test('a zip entry that is broken is named by entry', async () => {
    const file = path.join(dir, 'mixed.zip');
    writeFileSync(
      file,
      makeZip([
        { name: 'ok.json', data: readFileSync(fixture('osv/DSA-3029-1.json')) },
        { name: 'bad.json', data: Buffer.from('{"id":"X","affected":[{"package":{"ecosystem":"npm"}}]}') },
      ]),
    );
    const items = await collect(file);
    expect(items.filter((i) => i.kind === 'osv')).toHaveLength(1);
    expect(errors(items)).toEqual([
      {
        kind: 'error',
        message: 'affected[0].package.name is missing or not a string',
        position: { file, entry: 'bad.json', index: 0 },
        fatal: false,
      },
    ]);
  });

  test('a missing path is one fatal error', async () => {
    const items = await collect(path.join(dir, 'nope.json'));
    expect(items).toMatchObject([{ kind: 'error', fatal: true }]);
  });
});
