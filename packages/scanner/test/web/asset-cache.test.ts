// The scan's cache of static files: what it keeps (a GET's 200 with an explicit lifetime, of a page-asset type), what
// it refuses (API answers, no-store, no-cache, private, a Vary beyond Accept-Encoding, a cookie being set, no
// lifetime), expiry on the injected clock, and the memory bound (least recently used first).
import { describe, expect, it } from 'vitest';
import { AssetCache } from '../../src/web/browser/asset-cache.ts';

const asset = (text: string) => ({ status: 200, headers: { 'content-type': 'text/javascript' }, body: Buffer.from(text) });

describe('scan asset cache', () => {
  const cache = new AssetCache();
  const life = (headers: Record<string, string>, type = 'script', method = 'GET', status = 200): number =>
    cache.lifetime(method, type, status, headers);

  it('keeps what the server gave a lifetime, for that long', () => {
    expect(life({ 'cache-control': 'public, max-age=31536000, immutable' })).toBe(31_536_000_000);
    expect(life({ 'cache-control': 'max-age=600' }, 'stylesheet')).toBe(600_000);
    expect(life({ 'cache-control': 'immutable' }, 'font')).toBe(365 * 86_400_000);
    expect(life({ expires: 'Thu, 01 Jan 2026 01:00:00 GMT', date: 'Thu, 01 Jan 2026 00:00:00 GMT' }, 'image')).toBe(3_600_000);
    expect(life({ 'cache-control': 'max-age=60', vary: 'Accept-Encoding' })).toBe(60_000);
  });

  it('refuses what must not be kept', () => {
    expect(life({ 'cache-control': 'max-age=600' }, 'fetch')).toBe(0);
    expect(life({ 'cache-control': 'max-age=600' }, 'document')).toBe(0);
    expect(life({ 'cache-control': 'max-age=600' }, 'script', 'POST')).toBe(0);
    expect(life({ 'cache-control': 'max-age=600' }, 'script', 'GET', 206)).toBe(0);
    expect(life({ 'cache-control': 'no-store, max-age=600' })).toBe(0);
    expect(life({ 'cache-control': 'no-cache' })).toBe(0);
    expect(life({ 'cache-control': 'private, max-age=600' })).toBe(0);
    expect(life({ 'cache-control': 'max-age=600', vary: 'Cookie' })).toBe(0);
    expect(life({ 'cache-control': 'max-age=600', 'set-cookie': 'a=b' })).toBe(0);
    expect(life({})).toBe(0);
  });

  it('answers GETs of page assets until they expire', () => {
    let now = 1_000;
    const c = new AssetCache({ now: () => now });
    c.put('http://a/app.js', asset('one'), 600_000);
    expect(c.get('GET', 'script', 'http://a/app.js')?.body.toString()).toBe('one');
    expect(c.get('GET', 'fetch', 'http://a/app.js')).toBeUndefined();
    expect(c.get('POST', 'script', 'http://a/app.js')).toBeUndefined();
    expect(c.hits).toBe(1);
    now += 600_000;
    expect(c.get('GET', 'script', 'http://a/app.js')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('stays within its memory bound, the least recently used going first', () => {
    const c = new AssetCache({ maxBytes: 10, maxEntryBytes: 6 });
    c.put('http://a/1', asset('aaaa'), 1e6);
    c.put('http://a/2', asset('bbbb'), 1e6);
    c.get('GET', 'script', 'http://a/1');
    c.put('http://a/3', asset('cccc'), 1e6);
    expect(c.get('GET', 'script', 'http://a/2')).toBeUndefined();
    expect(c.get('GET', 'script', 'http://a/1')?.body.toString()).toBe('aaaa');
    expect(c.get('GET', 'script', 'http://a/3')?.body.toString()).toBe('cccc');
    c.put('http://a/big', asset('too large'), 1e6);
    expect(c.get('GET', 'script', 'http://a/big')).toBeUndefined();
    expect(c.size).toBe(2);
  });
});
