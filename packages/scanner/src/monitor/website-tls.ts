// A website's TLS as a monitor judges it: the certificate's details, its dates counted by the check's clock (not the
// machine's), whether the chain reaches a trusted root and names the host, and the protocol; and the five TLS checks.
import tls from 'node:tls';
import type { MonitorCheck, TlsDetails } from '@bulwark/core';
import type { HopTls } from './website-fetch.ts';
import { chainOf, untrustedBecause } from './tls-trust.ts';

const DAY_MS = 86_400_000;
/** OpenSSL's date errors: the machine's clock judged them; the check's clock judges dates instead. */
const DATE_ERRORS = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'ERROR_IN_CERT_NOT_BEFORE_FIELD', 'ERROR_IN_CERT_NOT_AFTER_FIELD']);

/** What a web administrator reads for OpenSSL's verification errors. */
const CHAIN_ERRORS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'The certificate is self-signed; browsers do not trust it.',
  SELF_SIGNED_CERT_IN_CHAIN: 'The chain ends in a self-signed root that is not trusted.',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    "The certificate's issuer is not trusted or the server does not send the intermediate certificate; install the full chain.",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    "The certificate's issuer is not trusted or the server does not send the intermediate certificate; install the full chain.",
  UNABLE_TO_GET_ISSUER_CERT: "The certificate's issuer cannot be found; install the full chain.",
  CERT_SIGNATURE_FAILURE: 'A signature in the chain does not verify.',
  CERT_REVOKED: 'The certificate has been revoked.',
  INVALID_CA: 'A certificate in the chain is not allowed to issue certificates.',
  CERT_UNTRUSTED: 'The certificate is not trusted.',
};

export interface OriginTls {
  details: TlsDetails;
  /** The certificates the chain holds (leaf first), for validity dates against the clock. */
  chain: { subject: string; validFrom: Date; validTo: Date }[];
}

function dn(o: Record<string, string | string[]> | undefined): string | null {
  if (!o) return null;
  const parts = Object.entries(o).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('+') : v}`);
  return parts.length ? parts.join(', ') : null;
}

/** The hop's TLS session as the result's `tls` object, with days counted from `now`. */
export function tlsDetails(t: HopTls, host: string, now: Date, extraCa: string | undefined): OriginTls {
  const peer = t.peer;
  const chain = peer ? chainOf(peer) : [];
  let error = t.authorizationError;
  // Node checks the name only once OpenSSL verified the chain, so its name error means the chain itself is trusted.
  let chainOk = peer !== null && (t.authorized || error === 'ERR_TLS_CERT_ALTNAME_INVALID');
  if (peer && error && DATE_ERRORS.has(error)) {
    const why = untrustedBecause(chain, extraCa);
    chainOk = why === null;
    // The dates are judged by the check's clock; the error says what is wrong with the trust, if anything.
    if (why) error = why;
  }
  const validTo = peer ? new Date(peer.valid_to) : null;
  const details: TlsDetails = {
    protocol: t.protocol,
    cipher: t.cipher,
    subject: peer ? dn(peer.subject as unknown as Record<string, string>) : null,
    issuer: peer ? dn(peer.issuer as unknown as Record<string, string>) : null,
    san: (peer?.subjectaltname ?? '')
      .split(/,\s*/)
      .filter(Boolean)
      .map((s) => s.replace(/^(DNS|IP Address):/, '')),
    valid_from: peer ? new Date(peer.valid_from).toISOString() : null,
    valid_to: validTo ? validTo.toISOString() : null,
    days_left: validTo ? Math.floor((validTo.getTime() - now.getTime()) / DAY_MS) : null,
    fingerprint_sha256: peer?.fingerprint256 ?? null,
    chain_ok: chainOk,
    name_ok: peer ? tls.checkServerIdentity(host, peer) === undefined : false,
    error,
  };
  return {
    details,
    chain: chain.map((c) => ({
      subject: dn(c.subject as unknown as Record<string, string>) ?? '?',
      validFrom: new Date(c.valid_from),
      validTo: new Date(c.valid_to),
    })),
  };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The TLS checks of one https origin: validity, expiry (warn within certDays), chain, name, protocol. */
export function tlsChecks(o: OriginTls, target: string, host: string, now: Date, certDays: number): MonitorCheck[] {
  const d = o.details;
  const check = (check: string, status: MonitorCheck['status'], detail: string, value?: unknown): MonitorCheck => ({
    check,
    target,
    status,
    detail,
    ...(value === undefined ? {} : { value }),
  });
  if (!d.valid_to || !d.valid_from) {
    return [check('tls_valid', 'fail', 'The server sent no certificate.')];
  }
  const out: MonitorCheck[] = [];
  const from = new Date(d.valid_from);
  const to = new Date(d.valid_to);
  const expiredIssuer = o.chain.slice(1).find((c) => c.validTo.getTime() < now.getTime());
  if (now.getTime() < from.getTime())
    out.push(check('tls_valid', 'fail', `The certificate is not valid until ${day(from)}.`, { valid_from: d.valid_from }));
  else if (now.getTime() > to.getTime())
    out.push(check('tls_valid', 'fail', `The certificate expired on ${day(to)}; renew it.`, { valid_to: d.valid_to }));
  else if (expiredIssuer)
    out.push(check('tls_valid', 'fail', `A certificate in the chain (${expiredIssuer.subject}) expired on ${day(expiredIssuer.validTo)}.`));
  else out.push(check('tls_valid', 'pass', `Valid from ${day(from)} to ${day(to)}.`, { valid_from: d.valid_from, valid_to: d.valid_to }));

  const left = d.days_left ?? 0;
  if (left < 0) out.push(check('tls_expiry', 'fail', `The certificate expired ${-left} day${-left === 1 ? '' : 's'} ago; renew it.`, left));
  else if (left <= certDays)
    out.push(
      check('tls_expiry', 'warn', `The certificate expires in ${left} day${left === 1 ? '' : 's'} (${day(to)}); renew it soon.`, left),
    );
  else out.push(check('tls_expiry', 'pass', `The certificate expires in ${left} days (${day(to)}).`, left));

  out.push(
    d.chain_ok
      ? check('tls_chain', 'pass', `The chain is trusted (issued by ${d.issuer ?? 'an unnamed issuer'}).`, d.issuer)
      : check(
          'tls_chain',
          'fail',
          CHAIN_ERRORS[d.error ?? ''] ?? `The certificate is not trusted (${d.error ?? 'unknown reason'}).`,
          d.error,
        ),
  );
  out.push(
    d.name_ok
      ? check('tls_name', 'pass', `The certificate names ${host}.`, d.san)
      : check(
          'tls_name',
          'fail',
          `The certificate is for ${d.san.length ? d.san.join(', ') : (d.subject ?? 'another name')}, not ${host}; browsers refuse it.`,
          d.san,
        ),
  );
  const p = d.protocol ?? '';
  out.push(
    p === 'TLSv1.3' || p === 'TLSv1.2'
      ? check('tls_protocol', 'pass', `${p} with ${d.cipher ?? 'an unknown cipher'}.`, { protocol: p, cipher: d.cipher })
      : check('tls_protocol', 'warn', `${p || 'An old protocol'} is deprecated; enable TLS 1.2 or 1.3 and turn it off.`, {
          protocol: p,
          cipher: d.cipher,
        }),
  );
  return out;
}
