// What a mail exchanger's STARTTLS session says: the protocol and cipher it agreed, and its certificate (chain, name,
// days left counted by the monitor's clock), as the 'starttls' and 'certificate' verdicts and core's TlsDetails.
import tls from 'node:tls';
import type { MonitorCheck, TlsDetails } from '@bulwark/core';
import { chainOf, untrustedBecause } from '../tls-trust.ts';

const DAY_MS = 86_400_000;
/** Days before expiry from which the certificate check warns. */
export const CERT_WARN_DAYS = 30;

/** Options for the handshake: reach old and weak servers too (they are what the check must see), judge afterwards. */
export function tlsOptions(host: string, extraCa?: string): tls.ConnectionOptions {
  return {
    servername: host && !tlsIsIp(host) ? host : undefined,
    rejectUnauthorized: false,
    // The name is judged apart (certificateVerdict), so that `authorized` speaks of the chain alone.
    checkServerIdentity: () => undefined,
    ca: extraCa ? [...tls.rootCertificates, extraCa] : [...tls.rootCertificates],
    minVersion: 'TLSv1',
    maxVersion: 'TLSv1.3',
    ciphers: 'ALL:@SECLEVEL=0',
  };
}

const tlsIsIp = (host: string) => /^[0-9.]+$|:/.test(host);

const WEAK_PROTOCOLS = new Set(['SSLv3', 'TLSv1', 'TLSv1.1']);
const WEAK_CIPHER = /RC4|DES|NULL|EXP|anon|ADH|AECDH|MD5/i;

/** The 'starttls' verdict once the upgrade worked: TLS 1.0/1.1 or a broken cipher warn. */
export function starttlsVerdict(sock: tls.TLSSocket, target: string, extensions: string[]): MonitorCheck {
  const protocol = sock.getProtocol() ?? 'unknown';
  const c = sock.getCipher();
  const cipher = c.standardName ?? c.name;
  const value = { offered: true, protocol, cipher, extensions };
  const problems: string[] = [];
  if (WEAK_PROTOCOLS.has(protocol)) problems.push(`it agreed ${protocol}, which is obsolete: enable TLS 1.2 or 1.3`);
  if (WEAK_CIPHER.test(c.name) || WEAK_CIPHER.test(cipher)) problems.push(`it agreed the weak cipher ${cipher}: remove it`);
  if (problems.length) return { check: 'starttls', target, status: 'warn', detail: `STARTTLS works, but ${problems.join('; ')}.`, value };
  return { check: 'starttls', target, status: 'pass', detail: `STARTTLS works: ${protocol} with ${cipher}.`, value };
}

/** Core's TLS details of the session, the days left counted from `now`. */
export function tlsDetails(sock: tls.TLSSocket, host: string, extraCa: string | undefined, now: Date): TlsDetails {
  const c = sock.getCipher();
  const peer = sock.getPeerCertificate(true);
  const x509 = sock.getPeerX509Certificate();
  const nodeError = sock.authorizationError ? String(sock.authorizationError) : null;
  let chainOk = sock.authorized;
  // OpenSSL judges the dates by the real clock; the monitor's clock judges them below, so a date error alone is not
  // a chain failure when the chain otherwise leads to a trusted root.
  if (!chainOk && nodeError && DATE_ERRORS.has(nodeError)) chainOk = untrustedBecause(chainOf(peer), extraCa) === null;
  const nameError = peer?.subject ? tls.checkServerIdentity(host.replace(/\.$/, ''), peer) : new Error('no certificate');
  const validTo = x509 ? new Date(x509.validTo) : null;
  return {
    protocol: sock.getProtocol(),
    cipher: c.standardName ?? c.name,
    subject: x509?.subject.replace(/\n/g, ', ') ?? null,
    issuer: x509?.issuer.replace(/\n/g, ', ') ?? null,
    san: (x509?.subjectAltName ?? '')
      .split(/,\s*/)
      .map((s) => s.trim())
      .filter(Boolean),
    valid_from: x509 ? new Date(x509.validFrom).toISOString() : null,
    valid_to: validTo ? validTo.toISOString() : null,
    days_left: validTo ? Math.floor((validTo.getTime() - now.getTime()) / DAY_MS) : null,
    fingerprint_sha256: x509?.fingerprint256 ?? null,
    chain_ok: chainOk,
    name_ok: !nameError,
    error: chainOk ? null : (nodeError ?? 'the chain does not verify'),
  };
}

const DATE_ERRORS = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);

/** The 'certificate' verdict: the chain (what MTA-STS needs), the name, the days left. */
export function certificateVerdict(d: TlsDetails, host: string, target: string, now: Date): MonitorCheck {
  const fails: string[] = [];
  const warns: string[] = [];
  if (!d.chain_ok)
    fails.push(
      `its chain does not verify (${d.error ?? 'untrusted'}), so senders that enforce MTA-STS will not deliver: use a certificate from a public CA with its full chain`,
    );
  if (!d.name_ok) fails.push(`it does not name ${host} (it names ${d.san.join(', ') || d.subject || 'nothing'})`);
  const from = d.valid_from ? new Date(d.valid_from) : null;
  if (d.days_left !== null && d.days_left < 0) fails.push(`it expired on ${d.valid_to!.slice(0, 10)}`);
  else if (from && from.getTime() > now.getTime()) fails.push(`it is not valid before ${d.valid_from!.slice(0, 10)}`);
  else if (d.days_left !== null && d.days_left <= CERT_WARN_DAYS)
    warns.push(`it expires in ${d.days_left} day${d.days_left === 1 ? '' : 's'} (${d.valid_to!.slice(0, 10)}): renew it`);
  const status = fails.length ? 'fail' : warns.length ? 'warn' : 'pass';
  const detail =
    status === 'pass'
      ? `The certificate verifies, names ${host} and is valid for ${d.days_left} more days.`
      : `The certificate is not right: ${[...fails, ...warns].join('; ')}.`;
  return { check: 'certificate', target, status, detail, value: d };
}
