// Service identification by content: read what the server says unprompted, then try protocol probes, each on a fresh connection.
import net from 'node:net';
import type { ServiceInfo } from '../types.ts';
import { identifyBanner } from './banner.ts';
import { ProbeConnection, printable, withConnection, type ProbeOptions } from './conn.ts';
import { probeHttp, tlsDetails } from './http.ts';
import { TCP_PROBES, type ProbeContext } from './probes.ts';
import { service, type Found } from './result.ts';
import { identifySsh, looksLikeSsh } from './ssh.ts';

export { identifyUdpService, type UdpServiceOptions } from './udp.ts';
export { CPE_TABLE, cpeComponent, cpeFor } from './cpe.ts';
export { parseSshIdent, parseKexInit, sshProduct } from './ssh.ts';
export { serverProduct, parseHttpResponse, pageTitle } from './http.ts';

export interface IdentifyServiceOptions {
  signal?: AbortSignal;
  /** Deadline of each probe (connect + exchange), ms. Default 3000. */
  timeoutMs?: number;
  /** TLS SNI and HTTP Host name when the target is given as an address. */
  serverName?: string;
}

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
  const opts: ProbeOptions = { timeoutMs, signal: options.signal, serverName: options.serverName };
  const signal = options.signal;
  const hostHeader = (options.serverName ?? (net.isIPv6(host) ? `[${host}]` : host)) + `:${port}`;
  let unknownBanner: string | undefined;

  // 1. What the server says unprompted.
  let first: ProbeConnection;
  try {
    first = await ProbeConnection.open(host, port, opts);
  } catch {
    return undefined;
  }
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

  // 2. TLS, then what runs inside it.
  const viaTls = await probeTls(host, port, opts, hostHeader);
  if (viaTls) return service(viaTls);
  if (signal?.aborted) return undefined;

  // 3. Plain HTTP.
  let sawNonHttp: string | undefined;
  const http = await withConnection(host, port, opts, async (conn) => {
    const r = await probeHttp(conn, hostHeader, timeoutMs, signal);
    if (r === 'not-http') sawNonHttp = printable(conn.buffer);
    return r === 'not-http' ? undefined : r;
  });
  if (http) return service(http);

  // 4. Protocol probes for services that wait for the client.
  const ctx: ProbeContext = {
    timeoutMs,
    signal,
    connect: () => ProbeConnection.open(host, port, opts).catch(() => undefined),
  };
  for (const probe of TCP_PROBES) {
    if (signal?.aborted) return undefined;
    const found = await withConnection(host, port, opts, (conn) => probe.run(conn, ctx).catch(() => undefined));
    if (found) return service(found);
  }
  if (signal?.aborted) return undefined;
  return { name: 'unknown', cpe: [], banner: unknownBanner ?? sawNonHttp };
}

/** A TLS handshake; on success, the TLS details plus the service inside (banner first, then HTTP). */
async function probeTls(host: string, port: number, opts: ProbeOptions, hostHeader: string): Promise<Found | undefined> {
  let opened;
  try {
    opened = await ProbeConnection.openTls(host, port, opts);
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
      const r = await probeHttp(conn, hostHeader, opts.timeoutMs, opts.signal);
      if (r && r !== 'not-http') inner = r;
    }
    if (!inner) return { name: 'ssl', tls: true, extra: { tls: tlsExtra } };
    return { ...inner, name: TLS_NAMES[inner.name] ?? inner.name, tls: true, extra: { ...inner.extra, tls: tlsExtra } };
  } finally {
    conn.close();
  }
}
