// The mail checks' readers on their own: SPF terms and macros, MTA-STS policy files and mx patterns, DMARC-style tags,
// DKIM key sizes, DNSSEC key tags, and DNS server strings with ports.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rsaBits } from '../src/monitor/mail/dkim.ts';
import { keyTag } from '../src/monitor/mail/dnssec.ts';
import { mxMatches, parsePolicy } from '../src/monitor/mail/mta-sts.ts';
import { splitServer } from '../src/monitor/mail/resolver.ts';
import { expandMacros, parseSpf } from '../src/monitor/mail/spf-parse.ts';
import { readTags, worst } from '../src/monitor/mail/verdict.ts';

describe('SPF record reader', () => {
  it('reads mechanisms with qualifiers, networks and prefixes, and the modifiers', () => {
    const r = parseSpf(
      'v=spf1 ip4:192.0.2.0/24 ip6:2001:db8::/32 a:mail.example.org/28//64 mx -exists:%{i}.x.example ~all redirect=example.net exp=why.example.org unknown=1',
    );
    expect(r.errors).toEqual([]);
    expect(r.mechanisms.map((m) => [m.qualifier, m.kind, m.value, m.cidr4, m.cidr6])).toEqual([
      ['+', 'ip4', '192.0.2.0', 24, undefined],
      ['+', 'ip6', '2001:db8::', undefined, 32],
      ['+', 'a', 'mail.example.org', 28, 64],
      ['+', 'mx', undefined, undefined, undefined],
      ['-', 'exists', '%{i}.x.example', undefined, undefined],
      ['~', 'all', undefined, undefined, undefined],
    ]);
    expect(r).toMatchObject({ redirect: 'example.net', exp: 'why.example.org' });
  });

  it('says what is wrong with a bad term', () => {
    expect(parseSpf('v=spf1 ip4:10.0.0.0/33 -all').errors).toEqual(['"ip4:10.0.0.0/33" is not valid: give an IPv4 address or network']);
    expect(parseSpf('v=spf1 include -all').errors).toEqual(['"include" is not valid: it needs a domain']);
    expect(parseSpf('v=spf1 ip6:192.0.2.1 -all').errors[0]).toMatch(/give an IPv6 address/);
    expect(parseSpf('v=spf1 redirect=a.example redirect=b.example').errors).toEqual(['the redirect= modifier appears twice']);
    expect(parseSpf('v=spf1 allow -all').errors).toEqual(['"allow" is not an SPF mechanism or modifier']);
  });

  it('expands macros for an address (RFC 7208 §7.4 examples)', () => {
    const ctx = { ip: '192.0.2.3', domain: 'email.example.com', sender: 'strong-bad@email.example.com' };
    expect(expandMacros('%{s}', ctx)).toBe('strong-bad@email.example.com');
    expect(expandMacros('%{d4}', ctx)).toBe('email.example.com');
    expect(expandMacros('%{d2}', ctx)).toBe('example.com');
    expect(expandMacros('%{dr}', ctx)).toBe('com.example.email');
    expect(expandMacros('%{l-}', ctx)).toBe('strong.bad');
    expect(expandMacros('%{ir}.%{v}._spf.%{d2}', ctx)).toBe('3.2.0.192.in-addr._spf.example.com');
    expect(expandMacros('%{ir}.%{v}._spf.%{d2}', { ...ctx, ip: '2001:db8::cb01' })).toBe(
      '1.0.b.c.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6._spf.example.com',
    );
    expect(expandMacros('%{p}.example', ctx)).toBeUndefined();
  });
});

describe('MTA-STS policy reader', () => {
  it('reads a policy and matches mx patterns (a wildcard covers one label)', () => {
    const p = parsePolicy('version: STSv1\r\nmode: enforce\r\nmx: mail.example.com\r\nmx: *.example.net\r\nmax_age: 86400\r\n');
    expect(p).toEqual({ version: 'STSv1', mode: 'enforce', mx: ['mail.example.com', '*.example.net'], max_age: 86400, errors: [] });
    expect(mxMatches('MAIL.example.com.', 'mail.example.com')).toBe(true);
    expect(mxMatches('mx1.example.net', '*.example.net')).toBe(true);
    expect(mxMatches('a.mx1.example.net', '*.example.net')).toBe(false);
    expect(mxMatches('example.net', '*.example.net')).toBe(false);
    expect(mxMatches('mail.example.org', 'mail.example.com')).toBe(false);
  });

  it('lists what is wrong with a bad policy', () => {
    expect(parsePolicy('version: STSv2\nmode: strict\nmax_age: forever\n').errors).toEqual([
      'version is not STSv1',
      'mode "strict" is not enforce, testing or none',
      'max_age is missing or not 0 to 31557600 seconds',
      'no mx patterns',
    ]);
    expect(parsePolicy('version: STSv1\nmode: none\nmax_age: 0\n').errors).toEqual([]);
  });
});

describe('small readers', () => {
  it('tags of a DMARC-style record, and the first malformed part', () => {
    expect(readTags('v=DMARC1; P=reject ;rua=mailto:a@b.example,mailto:c@d.example;')).toEqual({
      tags: [
        ['v', 'DMARC1'],
        ['p', 'reject'],
        ['rua', 'mailto:a@b.example,mailto:c@d.example'],
      ],
    });
    expect(readTags('v=DMARC1; policy reject').bad).toBe('policy reject');
  });

  it('the worst status', () => {
    expect(worst(['info', 'pass', 'warn'])).toBe('warn');
    expect(worst(['pass', 'fail', 'warn'])).toBe('fail');
    expect(worst(['info'])).toBe('info');
  });

  it('RSA key sizes from SPKI and PKCS#1, null for garbage', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(rsaBits(publicKey.export({ type: 'spki', format: 'der' }).toString('base64'))).toBe(1024);
    expect(rsaBits(publicKey.export({ type: 'pkcs1', format: 'der' }).toString('base64'))).toBe(1024);
    expect(rsaBits('bm90IGEga2V5')).toBeNull();
  });

  it('the DNSSEC key tag of RFC 4034 Appendix B (the example DNSKEY of §5.4, tag 60485)', () => {
    const key = Buffer.from(
      'AQOeiiR0GOMYkDshWoSKz9XzfwJr1AYtsmx3TGkJaNXVbfi/2pHm822aJ5iI9BMzNXxeYCmZDRD99WYwYqUSdjMmmAphXdvxegXd/M5+X7OrzKBaMbCVdFLUUh6DhweJBjEVv5f2wwjM9XzcnOf+EPbtG9DMBmADjFDc2w/rljwvFw==',
      'base64',
    );
    const rdata = Buffer.concat([Buffer.from([1, 0, 3, 5]), key]);
    expect(keyTag(rdata)).toBe(60485);
  });

  it('DNS servers with and without ports', () => {
    expect(splitServer('127.0.0.53')).toEqual({ address: '127.0.0.53', port: 53 });
    expect(splitServer('127.0.0.53:5353')).toEqual({ address: '127.0.0.53', port: 5353 });
    expect(splitServer('::1')).toEqual({ address: '::1', port: 53 });
    expect(splitServer('[::1]:5300')).toEqual({ address: '::1', port: 5300 });
  });
});
