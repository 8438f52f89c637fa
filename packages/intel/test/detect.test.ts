// Format sniffing by content (never by file name) and compression by magic bytes.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { detectCompression, detectFormat } from '../src/index.ts';
import { fixture } from './helpers.ts';
import { makeZip } from './zip-writer.ts';

const head = (relative: string, bytes = 65536): Buffer => readFileSync(fixture(relative)).subarray(0, bytes);

describe('detectFormat', () => {
  test.each([
    ['nvd/CVE-2024-6387.json', 'nvd'],
    ['nvd/CVE-2023-51764.json', 'nvd'], // a short, unanalysed record
    ['kev/known_exploited_vulnerabilities.json', 'kev'],
    ['epss/epss_scores-current.head12.csv', 'epss-csv'],
    ['epss/CVE-2017-0144_EPSS.json', 'epss-json'],
    ['osv/ALSA-2024_4312.json', 'osv'],
    ['osv/DSA-3029-1.json', 'osv'],
    ['osv/CVE-2022-27449.json', 'osv'], // a CVE id, but an OSV record
  ])('%s → %s', (file, format) => {
    expect(detectFormat(head(file))).toBe(format);
  });

  test('from a short prefix: the first keys are enough', () => {
    expect(detectFormat(head('kev/known_exploited_vulnerabilities.json', 120))).toBe('kev');
    expect(detectFormat(head('nvd/CVE-2024-6387.json', 80))).toBe('nvd');
    expect(detectFormat(head('osv/ALSA-2024_4312.json', 100))).toBe('osv');
  });

  test.each([
    [
      'an API page',
      '{"resultsPerPage":2000,"startIndex":0,"totalResults":1,"format":"NVD_CVE","version":"2.0","vulnerabilities":[{"cve":{"id":"CVE-1"',
      'nvd',
    ],
    ['a page without its counters', '{"vulnerabilities":[{"cve":{"id":"CVE-2024-0001","sourceIdentifier":"x"', 'nvd'],
    ['a fkie-cad release file', '{"timestamp":"2024-01-01","cve_count":1,"cve_items":[{"id":"CVE-2024-0001"', 'nvd'],
    ['an array of NVD records', '[{"id":"CVE-2024-0001","sourceIdentifier":"x","published":"2024"}]', 'nvd'],
    [
      'an NVD 1.1 year file',
      '{"CVE_data_type":"CVE","CVE_data_format":"MITRE","CVE_Items":[{"cve":{"CVE_data_meta":{"ID":"CVE-1"}}}]}',
      'nvd-1.1',
    ],
    ['an NVD 1.1 item array', '[{"cve":{"data_type":"CVE","CVE_data_meta":{"ID":"CVE-1"}}}]', 'nvd-1.1'],
    ['KEV entries without the catalog header', '{"vulnerabilities":[{"cveID":"CVE-2021-44228","vendorProject":"Apache"}]}', 'kev'],
    [
      'the EPSS API envelope',
      '{"status":"OK","status-code":200,"total":1,"data":[{"cve":"CVE-1","epss":"0.1","percentile":"0.5"}]}',
      'epss-json',
    ],
    ['EPSS JSON lines', '{"cve":"CVE-1","epss":"0.1","percentile":"0.5","date":"2024-03-27"}\n{"cve":"CVE-2"', 'epss-json'],
    ['an EPSS CSV without comment line', 'cve,epss,percentile\nCVE-1999-0001,0.1,0.2\n', 'epss-csv'],
    ['an OSV API answer', '{"vulns":[{"id":"GHSA-1","modified":"2024"}]}', 'osv'],
    ['an array of OSV records', '[{"id":"GHSA-1","modified":"2024-01-01T00:00:00Z","affected":[]}]', 'osv'],
    ['a byte-order mark and whitespace first', '\uFEFF \n {"id":"PYSEC-1","schema_version":"1.6.0"}', 'osv'],
  ])('%s', (_what, text, format) => {
    expect(detectFormat(text)).toBe(format);
  });

  test.each([
    ['plain text', 'hello world'],
    ['an unrelated JSON object', '{"name":"bulwark","version":"0.1.0"}'],
    ['the KEV JSON schema', readFileSync(fixture('kev/known_exploited_vulnerabilities_schema.json'), 'utf8')],
    ['nothing', ''],
  ])('%s → null', (_what, text) => {
    expect(detectFormat(text)).toBeNull();
  });
});

describe('detectCompression', () => {
  const data = Buffer.from('{"id":"CVE-2024-6387"}');
  test('gzip 1f8b, xz fd377a585a00, zip 504b0304, else null', () => {
    expect(detectCompression(gzipSync(data))).toBe('gzip');
    expect(detectCompression(readFileSync(fixture('derived/nvd-api-page.json.xz')))).toBe('xz');
    expect(detectCompression(makeZip([{ name: 'a.json', data }]))).toBe('zip');
    expect(detectCompression(data)).toBeNull();
    expect(detectCompression(Buffer.from([0x1f]))).toBeNull();
  });
});
