// Bulwark's own key pair per customer as a SAML service provider: an RSA key and a self-signed X.509 certificate
// (the IdP encrypts assertions to it and checks our signed requests with it). Built here with node:crypto and a few
// lines of DER, since a certificate is all we need and no further dependency should be trusted with the key.
import { X509Certificate, createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, body: Buffer) => Buffer.concat([Buffer.from([tag]), length(body.length), body]);
const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
const oid = (hex: string) => tlv(0x06, Buffer.from(hex, 'hex'));
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
const NULL = Buffer.from([0x05, 0x00]);
const SHA256_WITH_RSA = seq(oid('2a864886f70d01010b'), NULL);
const COMMON_NAME = '550403';

function generalizedTime(d: Date): Buffer {
  return tlv(0x18, Buffer.from(`${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`, 'ascii'));
}

export interface SpKeyPair {
  privateKeyPem: string;
  certificatePem: string;
}

/** A fresh RSA-2048 key and a certificate for it, valid `years` from `now`, naming `commonName`. */
export function generateSpKeyPair(commonName: string, now: Date, years = 10, random: Buffer = randomBytes(16)): SpKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serial = Buffer.from(random);
  // Positive (top bit clear) and in DER's shortest form (a first byte of zero is padding, which OpenSSL refuses): a
  // random serial would otherwise make an unreadable certificate once in 256 (0x00 then a byte below 0x80).
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  const name = seq(set(seq(oid(COMMON_NAME), utf8(commonName.slice(0, 64)))));
  const until = new Date(now);
  until.setUTCFullYear(until.getUTCFullYear() + years);
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))), // v3
    tlv(0x02, serial),
    SHA256_WITH_RSA,
    name,
    seq(generalizedTime(now), generalizedTime(until)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = seq(tbs, SHA256_WITH_RSA, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const certificatePem = `-----BEGIN CERTIFICATE-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END CERTIFICATE-----\n`;
  // Checked once: a certificate the platform cannot read back would fail every sign-in later.
  new X509Certificate(certificatePem);
  return { privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), certificatePem };
}

/** Whether a PEM private key can be read (a sealed key that no longer opens is regenerated, never used half-read). */
export function readablePrivateKey(pem: string): boolean {
  try {
    createPrivateKey(pem);
    return true;
  } catch {
    return false;
  }
}
