// The built web app is sent compressed: the brotli or gzip copy the build made, chosen by the request's Accept-Encoding,
// the file itself otherwise; hashed assets keep their immutable caching and index.html stays uncached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from './helpers/app.ts';

const INDEX_HTML = '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body></body></html>';
const APP_JS = `export const app = ${JSON.stringify('Bulwark '.repeat(400))};\n`;
const SMALL_JS = 'export {};\n';
const ASSET = '/assets/index-Ab12Cd34.js';

/** What the client gets back once it undoes the answer's content-encoding. */
function decoded(raw: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

describe('serving the web build compressed', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    // Laid out as `npm run build` does it: each file beside its .br and .gz copies, a tiny one with none.
    webDir = mkdtempSync(path.join(tmpdir(), 'bulwark-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    for (const [file, text] of [
      ['index.html', INDEX_HTML],
      [ASSET, APP_JS],
    ] as const) {
      const target = path.join(webDir, file);
      writeFileSync(target, text);
      writeFileSync(`${target}.br`, brotliCompressSync(text));
      writeFileSync(`${target}.gz`, gzipSync(text));
    }
    writeFileSync(path.join(webDir, 'assets', 'tiny-Zz99Yy88.js'), SMALL_JS);
    // The web app is served the same on either database: one is enough here.
    t = await startTestApp('pglite', { BULWARK_WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const cases: [string | undefined, string | undefined][] = [
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ];

  it.each(cases)('sends a hashed asset to Accept-Encoding %j as %j, cached for good', async (accept, encoding) => {
    const res = await t.app.inject({ url: ASSET, headers: accept === undefined ? {} : { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Caches between the browser and the server must keep one copy per encoding.
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(decoded(res.rawPayload, encoding)).toBe(APP_JS);
    if (encoding) expect(res.rawPayload.length).toBeLessThan(APP_JS.length / 4);
  });

  it('sends an asset the build left uncompressed as it is, whatever the browser takes', async () => {
    const res = await t.app.inject({ url: '/assets/tiny-Zz99Yy88.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SMALL_JS);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends index.html compressed and never long-cached, at / and on deep links', async () => {
    for (const url of ['/', '/auth/login', '/scans/scans/view/nscan/12']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res.rawPayload, 'br'), url).toBe(INDEX_HTML);
    }
    const plain = await t.app.inject({ url: '/auth/login' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX_HTML);
  });

  it('still answers a missing asset with 404, not the page', async () => {
    const res = await t.app.inject({ url: '/assets/missing-00000000.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html');
  });
});
