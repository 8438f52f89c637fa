// Service identification by content: what the server says unprompted, then TLS, HTTP and protocol fingerprints (fresh
// connections, staggered).
import net from 'node:net';
import type { ServiceInfo } from '../types.ts';
import { identifyBanner } from './banner.ts';
import { ServiceConnection, printable, withConnection, type ServiceConnectionOptions } from './conn.ts';
import { TCP_FINGERPRINTS, type FingerprintContext } from './fingerprints.ts';
import { identifyHttp, tlsDetails } from './http.ts';
import { service, type Found } from './result.ts';
import { identifySsh, looksLikeSsh } from './ssh.ts';
import { firstInOrder, type Candidate } from './staggered.ts';

export { identifyUdpService, type UdpServiceOptions } from './udp.ts';
export { CPE_TABLE, cpeComponent, cpeFor } from './cpe.ts';
export { parseSshIdent, parseKexInit, sshProduct } from './ssh.ts';
export { serverProduct, parseHttpResponse, pageTitle } from './http.ts';

export interface IdentifyServiceOptions {
  signal?: AbortSignal;
  /** Deadline of each fingerprinting attempt (connect + exchange), ms. Default 3000. */
  timeoutMs?: number;
  /** TLS SNI and HTTP Host name when the target is given as an address. */
  serverName?: string;
}

/** Delay before the next fingerprint starts while the previous one is still waiting for an answer (at least 4 connect times). */
const STAGGER_MS = 250;

/** Service names as nmap reports them when the protocol runs inside TLS. */
const TLS_NAMES: Record<string, string> = {
  http: 'https',
  imap: 'imaps',
  pop3: 'pop3s',
  smtp: 'smtps',
  ftp: 'ftps',
  ldap: 'ldaps',
  telnet: 'telnets',
};

/**
 * Identifies the TCP service on host:port by what it says and how it answers, never by the port number.
 * Undefined when the port cannot be connected to; `{name: 'unknown', banner}` when it answers but nothing matches.
 */
export async function identifyService(host: string, port: number, options: IdentifyServiceOptions = {}): Promise<ServiceInfo | undefined> {
  const timeoutMs = options.timeoutMs ?? 3000;
  const opts: ServiceConnectionOptions = { timeoutMs, signal: options.signal, serverName: options.serverName };
  const signal = options.signal;
  const hostHeader = (options.serverName ?? (net.isIPv6(host) ? `[${host}]` : host)) + `:${port}`;
  let unknownBanner: string | undefined;

  // 1. What the server says unprompted.
  let first: ServiceConnection;
  const connectStart = Date.now();
  try {
    first = await ServiceConnection.open(host, port, opts);
  } catch {
    return undefined;
  }
  const connectMs = Date.now() - connectStart;
  try {
    await first.read((b) => b.length > 0 && (b.includes(0x0a) || b.length >= 4), Math.min(timeoutMs, 2000), signal);
    if (first.buffer.length > 0) {
      // Let the rest of a greeting arrive (multi-line banners, MySQL handshake packets).
      await first.read(() => false, 150, signal);
      if (looksLikeSsh(first.buffer)) return service(await identifySsh(first, timeoutMs, signal));
      const found = await identifyBanner(first, timeoutMs, signal);
      if (found) return service(found);
      unknownBanner = printable(first.buffer);
    }
  } finally {
    first.close();
  }
  if (signal?.aborted) return undefined;

  // 2. TLS and what runs inside it, 3. plain HTTP, 4. protocol fingerprints for services that wait for the client: in this
  // order of precedence, each on a fresh connection, staggered so that silent ones do not add up their deadlines.
  let sawNonHttp: string | undefined;
  const tlsCandidate: Candidate<Found> = (s) => identifyTls(host, port, { ...opts, signal: s }, hostHeader);
  const httpCandidate: Candidate<Found> = (s) =>
    withConnection(host, port, { ...opts, signal: s }, async (conn) => {
      const r = await identifyHttp(conn, hostHeader, timeoutMs, s);
      if (r === 'not-http') sawNonHttp = printable(conn.buffer);
      return r === 'not-http' ? undefined : r;
    });
  const protocolCandidates = TCP_FINGERPRINTS.map((fingerprint): Candidate<Found> => (s) => {
    const connOpts = { ...opts, signal: s };
    const ctx: FingerprintContext = {
      timeoutMs,
      signal: s,
      connect: () => ServiceConnection.open(host, port, connOpts).catch(() => undefined),
    };
    return withConnection(host, port, connOpts, (conn) => fingerprint.run(conn, ctx).catch(() => undefined));
  });
  const found = await firstInOrder([tlsCandidate, httpCandidate, ...protocolCandidates], Math.max(STAGGER_MS, 4 * connectMs), signal);
  if (signal?.aborted) return undefined;
  if (found) return service(found);
  return { name: 'unknown', cpe: [], banner: unknownBanner ?? sawNonHttp };
}

/** A TLS handshake; on success, the TLS details plus the service inside (banner first, then HTTP). */
async function identifyTls(host: string, port: number, opts: ServiceConnectionOptions, hostHeader: string): Promise<Found | undefined> {
  let opened;
  try {
    opened = await ServiceConnection.openTls(host, port, opts);
  } catch {
    return undefined;
  }
  const { conn, socket } = opened;
  const tlsExtra = tlsDetails(socket);
  try {
    let inner: Found | undefined;
    await conn.read((b) => b.length > 0, Math.min(opts.timeoutMs, 1000), opts.signal);
    if (conn.buffer.length > 0) {
      inner = looksLikeSsh(conn.buffer)
        ? await identifySsh(conn, opts.timeoutMs, opts.signal)
        : await identifyBanner(conn, opts.timeoutMs, opts.signal);
    } else {
      const r = await identifyHttp(conn, hostHeader, opts.timeoutMs, opts.signal);
      if (r && r !== 'not-http') inner = r;
    }
    if (!inner) return { name: 'ssl', tls: true, extra: { tls: tlsExtra } };
    return { ...inner, name: TLS_NAMES[inner.name] ?? inner.name, tls: true, extra: { ...inner.extra, tls: tlsExtra } };
  } finally {
    conn.close();
  }
}
