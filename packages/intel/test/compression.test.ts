// gzip, xz and zip feeds, compressed in a temporary directory from the fixtures; format found by content, not name.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { readFeed } from '../src/index.ts';
import { collect, fixture } from './helpers.ts';
import { makeZip } from './zip-writer.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'intel-compression-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const has = (command: string): boolean => {
  try {
    execFileSync('which', [command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const KEV = fixture('kev/known_exploited_vulnerabilities.json');
const count = (items: { kind: string }[], kind: string): number => items.filter((i) => i.kind === kind).length;

describe('gzip', () => {
  test('a gzipped KEV catalog, named without any extension', async () => {
    const file = path.join(dir, 'kev-download');
    writeFileSync(file, gzipSync(readFileSync(KEV)));
    const items = await collect(file);
    expect(count(items, 'kev')).toBe(1404);
    expect(count(items, 'error')).toBe(0);
  });

  test('a gzipped EPSS CSV (as FIRST publishes it), and concatenated gzip members', async () => {
    const csv = readFileSync(fixture('epss/epss_scores-current.head12.csv'));
    const cut = csv.indexOf('CVE-1999-0005');
    const file = path.join(dir, 'epss_scores-current.csv.gz');
    writeFileSync(file, Buffer.concat([gzipSync(csv.subarray(0, cut)), gzipSync(csv.subarray(cut))]));
    const items = await collect(file);
    expect(items.flatMap((i) => (i.kind === 'epss' ? [i.record.cve] : []))).toHaveLength(10);
    expect(items[0]).toMatchObject({ kind: 'meta', meta: { model_version: 'v2026.06.15' } });
  });

  test('a corrupt gzip stream ends that file with a fatal error', async () => {
    const gz = gzipSync(readFileSync(KEV));
    const items = await collect(Buffer.concat([gz.subarray(0, 2000), Buffer.alloc(500, 7)]));
    const last = items[items.length - 1];
    expect(last).toMatchObject({ kind: 'error', fatal: true });
  });
});

describe('xz', () => {
  test('a page made by xz 5.4 (committed, CRC64) decodes: 36 records', async () => {
    const items = await collect(fixture('derived/nvd-api-page.json.xz'));
    expect(count(items, 'cve')).toBe(36);
    expect(items[0]).toMatchObject({ kind: 'meta', format: 'nvd', meta: { totalResults: 36 } });
  });

  test.runIf(has('xz'))('the system xz command: default, CRC32 and multi-block output', async () => {
    for (const args of [[], ['--check=crc32'], ['-T2', '--block-size=200KiB']]) {
      const file = path.join(dir, `kev-${args.length}.xz`);
      writeFileSync(file, execFileSync('xz', ['-c', ...args, KEV], { maxBuffer: 1 << 26 }));
      const items = await collect(file);
      expect(count(items, 'kev'), args.join(' ')).toBe(1404);
    }
  });

  test.runIf(has('xz'))('a SHA-256 checked xz file gives a clear error', async () => {
    const file = path.join(dir, 'kev-sha256.xz');
    writeFileSync(file, execFileSync('xz', ['-c', '--check=sha256', KEV], { maxBuffer: 1 << 26 }));
    const items = await collect(file);
    expect(items[items.length - 1]).toMatchObject({ kind: 'error', fatal: true, message: expect.stringContaining('SHA-256') });
  });

  test('a truncated xz file keeps the records before the cut; a corrupt one is reported; the decoder stays usable', async () => {
    const xz = readFileSync(fixture('derived/nvd-api-page.json.xz'));
    const truncated = await collect(xz.subarray(0, 20_000));
    expect(count(truncated, 'cve')).toBeGreaterThan(10);
    expect(truncated[truncated.length - 1]).toMatchObject({ kind: 'error', fatal: true, message: 'cannot read: xz: truncated xz data' });
    const corrupt = Buffer.from(xz);
    corrupt[5000] ^= 0xff;
    expect(await collect(corrupt)).toMatchObject([{ kind: 'error', fatal: true, message: expect.stringMatching(/^cannot read: xz: /) }]);
    expect(count(await collect(xz), 'cve')).toBe(36);
  });

  test('stopping early releases the decoder for the next xz feed', async () => {
    for await (const item of readFeed(fixture('derived/nvd-api-page.json.xz'))) if (item.kind === 'cve') break;
    const items = await collect(Readable.from([readFileSync(fixture('derived/nvd-api-page.json.xz'))]));
    expect(count(items, 'cve')).toBe(36);
  });
});

describe('zip', () => {
  const osvFiles = ['ALSA-2024_4312.json', 'DSA-3029-1.json', 'CVE-2022-27449.json'];

  test('an OSV zip built in the test: entries read one by one, positions name the entry', async () => {
    const file = path.join(dir, 'osv.zip');
    writeFileSync(file, makeZip(osvFiles.map((name) => ({ name: `advisories/${name}`, data: readFileSync(fixture(`osv/${name}`)) }))));
    const items = await collect(file);
    expect(items.flatMap((i) => (i.kind === 'osv' ? [i.record.id] : []))).toEqual(['ALSA-2024:4312', 'DSA-3029-1', 'CVE-2022-27449']);
    expect(items[0].position).toEqual({ file, entry: 'advisories/ALSA-2024_4312.json', index: 0 });
  });

  test('a zip arriving as a stream, with a gzipped entry inside', async () => {
    const zip = makeZip([
      { name: 'kev.json.gz', data: gzipSync(readFileSync(KEV)) },
      { name: 'osv/ALSA-2024_4312.json', data: readFileSync(fixture('osv/ALSA-2024_4312.json')) },
    ]);
    const items = await collect(Readable.from([zip]), { name: 'upload.zip' });
    expect(count(items, 'kev')).toBe(1404);
    expect(count(items, 'osv')).toBe(1);
    expect(items.find((i) => i.kind === 'osv')?.position).toMatchObject({ file: 'upload.zip', entry: 'osv/ALSA-2024_4312.json' });
  });

  test.runIf(has('zip'))('a zip made by the system zip command', async () => {
    const src = path.join(dir, 'osv-src');
    execFileSync('mkdir', ['-p', src]);
    for (const name of osvFiles) copyFileSync(fixture(`osv/${name}`), path.join(src, name));
    const file = path.join(dir, 'system.zip');
    execFileSync('zip', ['-q', '-r', file, '.'], { cwd: src });
    const items = await collect(file);
    expect(count(items, 'osv')).toBe(3);
    expect(count(items, 'error')).toBe(0);
  });
});
