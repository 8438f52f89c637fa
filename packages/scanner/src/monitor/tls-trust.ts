// Whether a presented certificate chain reaches a trusted root (Node's bundled roots and the operator's extra CA) by
// signatures alone, dates aside: the monitors judge dates by their own clock, while OpenSSL judges them by the real one
// and reports only its last error (an expired self-signed certificate says "expired" and nothing about trust).
import { X509Certificate } from 'node:crypto';
import tls from 'node:tls';

/** The peer's chain as Node links it, leaf first, each certificate once. */
export function chainOf(peer: tls.DetailedPeerCertificate): tls.DetailedPeerCertificate[] {
  const out: tls.DetailedPeerCertificate[] = [];
  const seen = new Set<string>();
  let c: tls.DetailedPeerCertificate | undefined = peer;
  while (c && c.raw && !seen.has(c.fingerprint256)) {
    seen.add(c.fingerprint256);
    out.push(c);
    c = c.issuerCertificate;
  }
  return out;
}

const trustCache = new Map<string, X509Certificate[]>();

function trustedRoots(extraCa: string | undefined): X509Certificate[] {
  const key = extraCa ?? '';
  let roots = trustCache.get(key);
  if (!roots) {
    const pems = [...tls.rootCertificates, ...(extraCa?.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [])];
    roots = pems.flatMap((p) => {
      try {
        return [new X509Certificate(p)];
      } catch {
        return [];
      }
    });
    if (trustCache.size > 8) trustCache.clear();
    trustCache.set(key, roots);
  }
  return roots;
}

const issues = (child: X509Certificate, parent: X509Certificate) => {
  try {
    return child.checkIssued(parent) && child.verify(parent.publicKey);
  } catch {
    return false;
  }
};

/**
 * Whether the presented chain reaches a trusted root by signatures alone, dates aside: null when it does, else the
 * OpenSSL code of why not. Used only when OpenSSL's verdict was a date error: OpenSSL reports the last error it met,
 * so an expired self-signed certificate says CERT_HAS_EXPIRED and nothing about trust.
 */
export function untrustedBecause(chain: tls.DetailedPeerCertificate[], extraCa: string | undefined): string | null {
  const roots = trustedRoots(extraCa);
  const certs = chain.map((c) => new X509Certificate(c.raw));
  let cur: X509Certificate | undefined = certs[0];
  for (let depth = 0; cur && depth < 10; depth++) {
    const here: X509Certificate = cur;
    if (roots.some((r) => r.fingerprint256 === here.fingerprint256 || issues(here, r))) return null;
    if (issues(here, here)) return depth === 0 ? 'DEPTH_ZERO_SELF_SIGNED_CERT' : 'SELF_SIGNED_CERT_IN_CHAIN';
    cur = certs.find((c) => c.fingerprint256 !== here.fingerprint256 && issues(here, c));
  }
  return certs.length > 1 ? 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' : 'UNABLE_TO_VERIFY_LEAF_SIGNATURE';
}
