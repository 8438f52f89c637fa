// HTTP Digest authentication (RFC 7616, qop=auth, MD5 and SHA-256, their -sess forms; RFC 2069 without qop): the
// client answers the server's challenge on every request with a fresh nonce count and client nonce.
import { createHash, randomBytes } from 'node:crypto';

export interface DigestChallenge {
  realm: string;
  nonce: string;
  opaque?: string;
  qop?: string;
  algorithm: string;
  stale: boolean;
}

/** The Digest challenges of a WWW-Authenticate header (SHA-256 first when the server offers several). */
export function parseDigestChallenges(header: string | undefined): DigestChallenge[] {
  if (!header) return [];
  const out: DigestChallenge[] = [];
  for (const part of header.split(/(?:^|,\s*|\n)(?=Digest\s)/i)) {
    const m = /^Digest\s+(.*)$/is.exec(part.trim());
    if (!m) continue;
    const p: Record<string, string> = {};
    for (const kv of m[1]!.matchAll(/([a-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/gi))
      p[kv[1]!.toLowerCase()] = (kv[2] ?? kv[3] ?? '').replace(/\\(.)/g, '$1');
    if (p.realm === undefined || !p.nonce) continue;
    out.push({
      realm: p.realm,
      nonce: p.nonce,
      ...(p.opaque !== undefined ? { opaque: p.opaque } : {}),
      ...(p.qop !== undefined ? { qop: p.qop } : {}),
      algorithm: p.algorithm ?? 'MD5',
      stale: /^true$/i.test(p.stale ?? ''),
    });
  }
  const rank = (c: DigestChallenge): number => (/sha-256/i.test(c.algorithm) ? 0 : /^md5/i.test(c.algorithm) ? 1 : 2);
  return out.filter((c) => rank(c) < 2).sort((a, b) => rank(a) - rank(b));
}

/** Answers one challenge for a series of requests (the nonce count goes up with each). */
export class DigestAuth {
  private nc = 0;
  constructor(
    private challenge: DigestChallenge,
    private readonly username: string,
    private readonly password: string,
    private readonly cnonce: () => string = () => randomBytes(8).toString('hex'),
  ) {}

  /** A new challenge (the nonce went stale): the count starts again. */
  renew(challenge: DigestChallenge): void {
    this.challenge = challenge;
    this.nc = 0;
  }

  authorization(method: string, url: string): string {
    const c = this.challenge;
    const u = new URL(url);
    const uri = `${u.pathname}${u.search}`;
    const algo = c.algorithm.toUpperCase();
    const hash = (s: string): string =>
      createHash(algo.startsWith('SHA-256') ? 'sha256' : 'md5')
        .update(s)
        .digest('hex');
    const cnonce = this.cnonce();
    let ha1 = hash(`${this.username}:${c.realm}:${this.password}`);
    if (algo.endsWith('-SESS')) ha1 = hash(`${ha1}:${c.nonce}:${cnonce}`);
    const ha2 = hash(`${method}:${uri}`);
    const qop = c.qop
      ?.split(',')
      .map((q) => q.trim())
      .includes('auth')
      ? 'auth'
      : undefined;
    const nc = (++this.nc).toString(16).padStart(8, '0');
    const response = qop ? hash(`${ha1}:${c.nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : hash(`${ha1}:${c.nonce}:${ha2}`);
    const q = (s: string): string => `"${s.replace(/(["\\])/g, '\\$1')}"`;
    const parts = [
      `username=${q(this.username)}`,
      `realm=${q(c.realm)}`,
      `nonce=${q(c.nonce)}`,
      `uri=${q(uri)}`,
      `algorithm=${c.algorithm}`,
      `response=${q(response)}`,
    ];
    if (c.opaque !== undefined) parts.push(`opaque=${q(c.opaque)}`);
    if (qop) parts.push(`qop=${qop}`, `nc=${nc}`, `cnonce=${q(cnonce)}`);
    return `Digest ${parts.join(', ')}`;
  }
}
