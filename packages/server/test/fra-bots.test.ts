// The phishing listener's bot and scanner detection (tracking/bots.ts), one reason at a time: too soon after
// delivery, a scanner's user agent (and an image proxy that is not one), a scanner's address range, HEAD, prefetch.
import { describe, expect, it } from 'vitest';
import {
  addressMatcher,
  botReasons,
  imageProxy,
  isPrefetch,
  scannerAgent,
  SCANNER_AGENTS,
  type RequestFacts,
} from '../src/modules/fra/tracking/bots.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DELIVERED = new Date('2026-05-04T08:00:00Z');
const later = (s: number) => new Date(DELIVERED.getTime() + s * 1000);
const settings = { humanAfterSeconds: 10, isScannerAddress: addressMatcher(['203.0.113.0/24', '2001:db8::/32', '198.51.100.7']) };
const person: RequestFacts = { method: 'GET', userAgent: CHROME, ip: '192.0.2.10', headers: {}, at: later(60), deliveredAt: DELIVERED };

describe('bot reasons', () => {
  it('a browser request a minute after delivery is a person’s', () => {
    expect(botReasons(person, settings)).toEqual([]);
  });

  it('too_soon: less than humanAfterSeconds after delivery; at the limit it counts', () => {
    expect(botReasons({ ...person, at: later(3) }, settings)).toEqual(['too_soon']);
    expect(botReasons({ ...person, at: later(9.999) }, settings)).toEqual(['too_soon']);
    expect(botReasons({ ...person, at: later(10) }, settings)).toEqual([]);
    expect(botReasons({ ...person, at: later(3), deliveredAt: null }, settings)).toEqual([]);
    expect(botReasons({ ...person, at: later(3) }, { ...settings, humanAfterSeconds: 0 })).toEqual([]);
  });

  it('scanner_agent: gateways, link scanners, unfurlers, scripted clients and an empty agent', () => {
    for (const ua of [
      'curl/8.5.0',
      'python-requests/2.32.3',
      'Go-http-client/1.1',
      'Mozilla/5.0 (compatible; Proofpoint URL Defense)',
      'Mimecast-URL-Protect/1.0',
      'Barracuda Sentinel (EE)',
      'Google-Safety; (+https://www.google.com/)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'facebookexternalhit/1.1',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) SafeLinks/1.0',
      'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0.0.0',
      '',
      '   ',
    ])
      expect(scannerAgent(ua), ua).toBe(true);
    expect(scannerAgent(undefined)).toBe(true);
    expect(scannerAgent(CHROME)).toBe(false);
    expect(scannerAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15')).toBe(false);
    expect(botReasons({ ...person, userAgent: 'curl/8.5.0' }, settings)).toEqual(['scanner_agent']);
    expect(new Set(SCANNER_AGENTS).size).toBe(SCANNER_AGENTS.length);
  });

  it('an image proxy (Gmail’s) fetching the pixel is an open, not a scanner', () => {
    const gmail = 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
    expect(imageProxy(gmail)).toBe('googleimageproxy');
    expect(imageProxy(CHROME)).toBeUndefined();
    expect(botReasons({ ...person, userAgent: gmail }, settings)).toEqual([]);
  });

  it('scanner_address: IPv4 and IPv6 ranges, single addresses, IPv4-mapped IPv6; bad entries ignored', () => {
    expect(botReasons({ ...person, ip: '203.0.113.77' }, settings)).toEqual(['scanner_address']);
    expect(botReasons({ ...person, ip: '::ffff:203.0.113.5' }, settings)).toEqual(['scanner_address']);
    expect(botReasons({ ...person, ip: '2001:db8:1::5' }, settings)).toEqual(['scanner_address']);
    expect(botReasons({ ...person, ip: '198.51.100.7' }, settings)).toEqual(['scanner_address']);
    expect(botReasons({ ...person, ip: '198.51.100.8' }, settings)).toEqual([]);
    expect(botReasons({ ...person, ip: '203.0.114.1' }, settings)).toEqual([]);
    const bad = addressMatcher(['not-a-range', '10.0.0.0/99', '']);
    expect(bad('10.0.0.1')).toBe(false);
    expect(addressMatcher([])('203.0.113.1')).toBe(false);
  });

  it('head_request: a HEAD is never a person opening a page', () => {
    expect(botReasons({ ...person, method: 'HEAD' }, settings)).toEqual(['head_request']);
    expect(botReasons({ ...person, method: 'head' }, settings)).toEqual(['head_request']);
  });

  it('prefetch: Purpose, Sec-Purpose, X-Moz and X-Purpose', () => {
    expect(isPrefetch({ purpose: 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'sec-purpose': 'prefetch;prerender' })).toBe(true);
    expect(isPrefetch({ 'x-moz': 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'x-purpose': 'preview' })).toBe(true);
    expect(isPrefetch({ accept: 'text/html' })).toBe(false);
    expect(botReasons({ ...person, headers: { 'sec-purpose': 'prefetch' } }, settings)).toEqual(['prefetch']);
  });

  it('every reason at once, in a fixed order; skipped reasons are not asked', () => {
    const all: RequestFacts = {
      method: 'HEAD',
      userAgent: 'curl/8.5.0',
      ip: '203.0.113.1',
      headers: { purpose: 'prefetch' },
      at: later(1),
      deliveredAt: DELIVERED,
    };
    expect(botReasons(all, settings)).toEqual(['too_soon', 'scanner_agent', 'scanner_address', 'head_request', 'prefetch']);
    expect(botReasons(all, settings, ['too_soon', 'head_request'])).toEqual(['scanner_agent', 'scanner_address', 'prefetch']);
  });
});
