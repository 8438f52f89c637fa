// The DNSSEC check: whether the domain's zone is signed (DNSKEY at the apex, asked with the DO bit) and validates.
// A validating resolver says so with the AD bit (and SERVFAIL for a broken chain, which a retry with CD confirms);
// without one, the DNSKEY set's own signature is verified here and its validity window compared with the clock.
import type { MonitorCheck } from '@bulwark/core';
import { createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { DnskeyData, RrsigData } from 'dns-packet';
import type { MailResolver } from './resolver.ts';
import { dnsFailure, verdict } from './verdict.ts';

const ALGORITHMS: Record<number, { name: string; hash: string | null; ec?: boolean }> = {
  8: { name: 'RSASHA256', hash: 'sha256' },
  10: { name: 'RSASHA512', hash: 'sha512' },
  13: { name: 'ECDSAP256SHA256', hash: 'sha256', ec: true },
  14: { name: 'ECDSAP384SHA384', hash: 'sha384', ec: true },
  15: { name: 'ED25519', hash: null },
};
const TYPE_DNSKEY = 48;
const CLASS_IN = 1;

/** A name in canonical wire form (lower case, uncompressed). */
function nameWire(name: string): Buffer {
  const labels = name.replace(/\.$/, '').toLowerCase().split('.').filter(Boolean);
  return Buffer.concat([...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'ascii')])), Buffer.from([0])]);
}

function dnskeyRdata(k: DnskeyData): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(k.flags, 0);
  head.writeUInt8(3, 2);
  head.writeUInt8(k.algorithm, 3);
  return Buffer.concat([head, k.key]);
}

/** RFC 4034 Appendix B. */
export function keyTag(rdata: Buffer): number {
  let ac = 0;
  for (let i = 0; i < rdata.length; i++) ac += i & 1 ? rdata[i] : rdata[i] << 8;
  return (ac + ((ac >> 16) & 0xffff)) & 0xffff;
}

const b64url = (b: Buffer) => b.toString('base64url');

function publicKey(k: DnskeyData): KeyObject | null {
  let jwk: JsonWebKey;
  if (k.algorithm === 8 || k.algorithm === 10) {
    const long = k.key[0] === 0;
    const len = long ? k.key.readUInt16BE(1) : k.key[0];
    const start = long ? 3 : 1;
    jwk = { kty: 'RSA', e: b64url(k.key.subarray(start, start + len)), n: b64url(k.key.subarray(start + len)) };
  } else if (k.algorithm === 13 || k.algorithm === 14) {
    const half = k.key.length / 2;
    jwk = { kty: 'EC', crv: k.algorithm === 13 ? 'P-256' : 'P-384', x: b64url(k.key.subarray(0, half)), y: b64url(k.key.subarray(half)) };
  } else if (k.algorithm === 15) jwk = { kty: 'OKP', crv: 'Ed25519', x: b64url(k.key) };
  else return null;
  try {
    return createPublicKey({ key: jwk, format: 'jwk' });
  } catch {
    return null;
  }
}

/** Verifies one RRSIG over the apex DNSKEY set (RFC 4034 §3.1.8.1, §6). */
function verifies(zone: string, sig: RrsigData, keys: DnskeyData[]): boolean {
  const alg = ALGORITHMS[sig.algorithm];
  const key = keys.find((k) => k.algorithm === sig.algorithm && keyTag(dnskeyRdata(k)) === sig.keyTag);
  const pub = key && alg ? publicKey(key) : null;
  if (!pub || !alg) return false;
  const head = Buffer.alloc(18);
  head.writeUInt16BE(TYPE_DNSKEY, 0);
  head.writeUInt8(sig.algorithm, 2);
  head.writeUInt8(sig.labels, 3);
  head.writeUInt32BE(sig.originalTTL, 4);
  head.writeUInt32BE(sig.expiration, 8);
  head.writeUInt32BE(sig.inception, 12);
  head.writeUInt16BE(sig.keyTag, 16);
  const owner = nameWire(zone);
  const rrs = keys
    .map(dnskeyRdata)
    .sort(Buffer.compare)
    .map((rdata) => {
      const fixed = Buffer.alloc(10);
      fixed.writeUInt16BE(TYPE_DNSKEY, 0);
      fixed.writeUInt16BE(CLASS_IN, 2);
      fixed.writeUInt32BE(sig.originalTTL, 4);
      fixed.writeUInt16BE(rdata.length, 8);
      return Buffer.concat([owner, fixed, rdata]);
    });
  const data = Buffer.concat([head, nameWire(sig.signersName), ...rrs]);
  try {
    return verify(alg.hash, data, alg.ec ? { key: pub, dsaEncoding: 'ieee-p1363' } : pub, sig.signature);
  } catch {
    return false;
  }
}

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export async function checkDnssec(resolver: MailResolver, domain: string, now: Date): Promise<MonitorCheck> {
  try {
    let reply = await resolver.query(domain, 'DNSKEY');
    if (reply.rcode === 'SERVFAIL') {
      const unchecked = await resolver.query(domain, 'DNSKEY', { cd: true });
      if (unchecked.answers?.some((a) => a.type === 'DNSKEY'))
        return verdict(
          'dnssec',
          domain,
          'fail',
          `${domain} is signed but does not validate: the validating DNS server answers SERVFAIL, so validating resolvers cannot reach the domain at all; re-sign the zone or fix its DS record.`,
        );
      reply = unchecked;
    }
    if (reply.rcode !== 'NOERROR' && reply.rcode !== 'NXDOMAIN')
      return verdict('dnssec', domain, 'info', `DNSSEC could not be checked: the DNS server answered ${reply.rcode}.`);
    const keys = (reply.answers ?? []).flatMap((a) => (a.type === 'DNSKEY' ? [a.data] : []));
    const sigs = (reply.answers ?? []).flatMap((a) => (a.type === 'RRSIG' && a.data.typeCovered === 'DNSKEY' ? [a.data] : []));
    if (!keys.length)
      return verdict(
        'dnssec',
        domain,
        'info',
        `${domain} is not signed with DNSSEC (no DNSKEY records), so its answers (MX, SPF, DMARC) can be forged on the way.`,
      );
    const algorithms = [...new Set(keys.map((k) => ALGORITHMS[k.algorithm]?.name ?? `algorithm ${k.algorithm}`))].join(', ');
    const t = Math.floor(now.getTime() / 1000);
    const current = sigs.filter((s) => s.inception <= t && t <= s.expiration);
    const value = {
      keys: keys.length,
      algorithms,
      ad: reply.ad,
      signatures_until: sigs.length ? day(Math.max(...sigs.map((s) => s.expiration))) : null,
    };
    if (!sigs.length)
      return verdict(
        'dnssec',
        domain,
        'fail',
        `${domain} publishes DNSKEY records but no signature over them: validating resolvers will reject it.`,
        value,
      );
    if (!current.length) {
      const late = sigs.every((s) => s.expiration < t);
      const detail = late
        ? `The DNSSEC signatures of ${domain} expired on ${day(Math.max(...sigs.map((s) => s.expiration)))}: validating resolvers reject its answers; re-sign the zone.`
        : `The DNSSEC signatures of ${domain} are not valid before ${day(Math.min(...sigs.map((s) => s.inception)))}: validating resolvers reject its answers.`;
      return verdict('dnssec', domain, 'fail', detail, value);
    }
    const until = day(Math.max(...current.map((s) => s.expiration)));
    if (reply.ad)
      return verdict(
        'dnssec',
        domain,
        'pass',
        `${domain} is signed with DNSSEC (${algorithms}) and validates; signatures run until ${until}.`,
        value,
      );
    if (!current.some((s) => verifies(domain, s, keys)))
      return verdict(
        'dnssec',
        domain,
        'fail',
        `The DNSSEC signature over ${domain}'s keys does not verify: validating resolvers will reject it; re-sign the zone.`,
        value,
      );
    return verdict(
      'dnssec',
      domain,
      'info',
      `${domain} is signed with DNSSEC (${algorithms}) and its key signature verifies until ${until}; the DNS server asked does not validate, so the chain of trust from the parent zone was not checked.`,
      value,
    );
  } catch (e) {
    return verdict('dnssec', domain, 'info', `DNSSEC could not be checked: ${dnsFailure(e)}.`);
  }
}
