// Runs a template's ssl request: one TLS handshake with the template's versions/ciphers, exposing the session and certificate as fields.
import net from 'node:net';
import tls from 'node:tls';
import type { Value } from './dsl.ts';
import type { ResponseView } from './match.ts';
import { fillTemplate } from './expr.ts';
import type { CheckTarget } from './target.ts';
import type { SslRequest, TlsVersionName } from './types.ts';

const NODE_VERSION: Record<TlsVersionName, tls.SecureVersion> = { tls10: 'TLSv1', tls11: 'TLSv1.1', tls12: 'TLSv1.2', tls13: 'TLSv1.3' };
const OUR_VERSION: Record<string, string> = { TLSv1: 'tls10', 'TLSv1.1': 'tls11', 'TLSv1.2': 'tls12', 'TLSv1.3': 'tls13' };

/**
 * Fields (dsl variables; `response` is them as JSON): tls_version (tls10…tls13), cipher (IANA name), cipher_openssl,
 * not_before, not_after (ISO), expired, not_yet_valid, self_signed, mismatched, untrusted, authorization_error,
 * subject_cn, subject_an, issuer_cn, serial, fingerprint_sha256, key_type (rsa|ec|other), key_bits, days_left, host, port.
 * A failed handshake (e.g. version or cipher not offered by the server) yields no response, so nothing matches.
 */
export async function runSsl(
  req: SslRequest,
  t: CheckTarget,
  env: Record<string, Value>,
): Promise<{ address: string; view: ResponseView } | null> {
  const addr = fillTemplate(req.address, env);
  const port = Number(/:([0-9]+)$/.exec(addr)?.[1] ?? t.port);
  const servername = net.isIP(t.name) ? undefined : t.name;
  const opts: tls.ConnectionOptions = {
    host: t.address,
    port,
    servername,
    rejectUnauthorized: false,
    timeout: t.timeoutMs,
    minVersion: req.minVersion ? NODE_VERSION[req.minVersion] : 'TLSv1',
    maxVersion: req.maxVersion ? NODE_VERSION[req.maxVersion] : 'TLSv1.3',
    // A scanner must reach weak servers: OpenSSL's security level 0 allows old versions, short keys and legacy suites.
    ciphers: `${req.cipherSuites.length ? req.cipherSuites.join(':') : 'ALL'}:@SECLEVEL=0`,
  };
  if (req.cipherSuites.length) opts.maxVersion = opts.maxVersion === 'TLSv1.3' ? 'TLSv1.2' : opts.maxVersion;
  const sock = await new Promise<tls.TLSSocket | null>((resolve) => {
    let s: tls.TLSSocket;
    try {
      s = tls.connect(opts, () => resolve(s));
    } catch {
      return resolve(null);
    }
    const abort = () => s.destroy();
    t.signal?.addEventListener('abort', abort, { once: true });
    s.once('close', () => t.signal?.removeEventListener('abort', abort));
    s.once('timeout', () => {
      s.destroy();
      resolve(null);
    });
    s.once('error', () => resolve(null));
  });
  if (t.signal?.aborted) throw new Error('aborted');
  if (!sock) return null;
  try {
    const cert = sock.getPeerCertificate(false);
    const cipher = sock.getCipher();
    const now = Date.now();
    const fields: Record<string, Value> = {
      host: t.name,
      port,
      tls_version: OUR_VERSION[sock.getProtocol() ?? ''] ?? String(sock.getProtocol()),
      cipher: cipher.standardName ?? cipher.name,
      cipher_openssl: cipher.name,
      untrusted: !sock.authorized,
      authorization_error: sock.authorizationError ? String(sock.authorizationError) : '',
    };
    if (cert && cert.subject) {
      const notAfter = new Date(cert.valid_to);
      const notBefore = new Date(cert.valid_from);
      const sameName = JSON.stringify(cert.subject) === JSON.stringify(cert.issuer);
      const x509 = sock.getPeerX509Certificate();
      let selfSigned = sameName;
      try {
        if (x509) selfSigned = sameName && x509.checkIssued(x509) && x509.verify(x509.publicKey);
      } catch {
        selfSigned = sameName;
      }
      const idErr = tls.checkServerIdentity(t.name, cert);
      const keyType = x509?.publicKey.asymmetricKeyType;
      Object.assign(fields, {
        not_before: notBefore.toISOString(),
        not_after: notAfter.toISOString(),
        expired: notAfter.getTime() < now,
        not_yet_valid: notBefore.getTime() > now,
        days_left: Math.floor((notAfter.getTime() - now) / 86_400_000),
        self_signed: selfSigned,
        mismatched: !!idErr,
        subject_cn: String(cert.subject.CN ?? ''),
        subject_an: cert.subjectaltname ?? '',
        issuer_cn: String(cert.issuer?.CN ?? ''),
        serial: cert.serialNumber,
        fingerprint_sha256: cert.fingerprint256,
        key_type: keyType === 'rsa' || keyType === 'rsa-pss' ? 'rsa' : keyType === 'ec' ? 'ec' : (keyType ?? 'other'),
        key_bits: cert.bits ?? x509?.publicKey.asymmetricKeyDetails?.modulusLength ?? 0,
      });
    }
    const json = JSON.stringify(fields);
    return {
      address: `${t.address}:${port}`,
      view: { parts: { response: json, body: json, all: json, raw: json }, env: { ...fields, response: json } },
    };
  } finally {
    sock.destroy();
  }
}
