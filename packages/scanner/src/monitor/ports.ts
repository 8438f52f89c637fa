// A monitoring profile's light look: TCP connects to the given ports of many hosts with bounded concurrency, and on
// ports that answer TLS the certificate and the lowest protocol offered.
import tls from 'node:tls';
import { ConnectPool, defaultThreads } from '../net/connect-pool.ts';
import { connectTcp, type TcpConnectOutcome } from '../net/tcp.ts';

export interface PortLookOptions {
  hosts: {
    assetId: number;
    address: string;
    name?: string;
    /** Ports tried on this host besides `ports` (its known open ones). */
    ports?: number[];
    /** Open ports of this host read for TLS; absent: every open port (when `tls`). */
    tlsPorts?: number[];
  }[];
  /** Ports to try on every host (the expected ones and the profile's watch list). */
  ports: number[];
  /** Also read the certificate on open ports that speak TLS. */
  tls: boolean;
  concurrency: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface PortLook {
  assetId: number;
  port: number;
  open: boolean;
  cert?: { fingerprint_sha256: string; valid_to: string; subject: string | null; issuer: string | null; san: string[] } | null;
  /** The lowest TLS version the port accepts ("TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"). */
  tlsMin?: string | null;
}

export interface PortLookResult {
  looks: PortLook[];
  /** Connection attempts made. */
  attempts: number;
}

/** Lowest first: the first version a handshake succeeds with is the lowest the port accepts. */
const TLS_VERSIONS = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'] as const satisfies readonly tls.SecureVersion[];

type Cert = NonNullable<PortLook['cert']>;

/** The name of a certificate's subject or issuer: its CN, else its O, else null. */
function dn(x: tls.Certificate | undefined): string | null {
  if (!x) return null;
  const pick = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return pick(x.CN) ?? pick(x.O) ?? null;
}

function certOf(peer: tls.PeerCertificate): Cert | null {
  if (!peer || !peer.fingerprint256) return null;
  const san = (peer.subjectaltname ?? '')
    .split(',')
    .map((s) => s.trim().replace(/^(DNS|IP Address):/, ''))
    .filter(Boolean);
  return {
    fingerprint_sha256: peer.fingerprint256.replace(/:/g, '').toLowerCase(),
    valid_to: new Date(peer.valid_to).toISOString(),
    subject: dn(peer.subject),
    issuer: dn(peer.issuer),
    san,
  };
}

/**
 * One TLS handshake limited to `version` (or any, when null); answers the peer's certificate, or null when the port
 * refuses the version or does not speak TLS. The certificate is read, never trusted: monitoring watches what is
 * served, including self-signed and expired certificates.
 */
function handshake(
  host: string,
  servername: string | undefined,
  port: number,
  version: tls.SecureVersion | null,
  timeoutMs: number,
): Promise<Cert | null> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (c: Cert | null) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(c);
    };
    const socket = tls.connect({
      host,
      port,
      servername: servername && !/^[\d.:]+$/.test(servername) ? servername : undefined,
      rejectUnauthorized: false,
      // Old protocols are only offered when asked for: security level 0 lets OpenSSL say TLS 1.0 and 1.1 at all.
      ...(version ? { minVersion: version, maxVersion: version, ciphers: 'DEFAULT:@SECLEVEL=0' } : {}),
    });
    socket.setTimeout(timeoutMs, () => finish(null));
    socket.once('secureConnect', () => finish(certOf(socket.getPeerCertificate())));
    socket.once('error', () => finish(null));
    socket.once('close', () => finish(null));
  });
}

/** Runs `work` over the items, at most `width` at a time, stopping early when aborted. */
async function pool<T>(
  items: readonly T[],
  width: number,
  signal: AbortSignal | undefined,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !signal?.aborted) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, lane));
}

/** Ports of one host tried at once on a worker thread (the scan engine's chunking). */
const CHUNK = 32;

type Job = { host: PortLookOptions['hosts'][number]; port: number };

/**
 * The TCP connects of all jobs: on the scan engine's worker threads for a big sweep (thousands of connects, every
 * core), on this thread otherwise; an attempt that could not be made here (out of sockets, a worker gone) is retried
 * once on this thread before the port is called closed.
 */
async function connectAll(jobs: Job[], opts: PortLookOptions): Promise<{ open: boolean[]; seen: boolean[]; attempts: number }> {
  const open = new Array<boolean>(jobs.length).fill(false);
  // Attempts an abort stopped say nothing about the port: they are left out, not called closed.
  const seen = new Array<boolean>(jobs.length).fill(false);
  let attempts = 0;
  const single = async (i: number) => {
    const { host, port } = jobs[i]!;
    attempts += 1;
    let outcome = await connectTcp(host.address, port, opts.timeoutMs, opts.signal);
    if (outcome.state === 'local-error') {
      attempts += 1;
      outcome = await connectTcp(host.address, port, opts.timeoutMs, opts.signal);
    }
    open[i] = outcome.state === 'open';
    seen[i] = outcome.state !== 'aborted';
  };
  const threads = defaultThreads(jobs.length, 0);
  if (threads === 0) {
    await pool(
      jobs.map((_, i) => i),
      opts.concurrency,
      opts.signal,
      single,
    );
    return { open, seen, attempts };
  }
  const chunks: number[][] = [];
  for (let i = 0; i < jobs.length;) {
    const chunk = [i++];
    while (i < jobs.length && chunk.length < CHUNK && jobs[i]!.host === jobs[chunk[0]!]!.host) chunk.push(i++);
    chunks.push(chunk);
  }
  const workers = new ConnectPool(threads);
  const onAbort = () => workers.abortAll();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const retry: number[] = [];
  try {
    await pool(chunks, Math.max(1, Math.floor(opts.concurrency / CHUNK)), opts.signal, async (chunk) => {
      const host = jobs[chunk[0]!]!.host;
      if (!workers.usable) {
        retry.push(...chunk);
        return;
      }
      attempts += chunk.length;
      const outcomes = await new Promise<TcpConnectOutcome[]>((resolve) =>
        workers.chunk(
          host.address,
          chunk.map((i) => jobs[i]!.port),
          opts.timeoutMs,
          resolve,
        ),
      );
      outcomes.forEach((o, k) => {
        if (o.state === 'local-error') retry.push(chunk[k]!);
        else {
          open[chunk[k]!] = o.state === 'open';
          seen[chunk[k]!] = o.state !== 'aborted';
        }
      });
    });
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    await workers.close();
  }
  await pool(retry, opts.concurrency, opts.signal, single);
  return { open, seen, attempts };
}

/**
 * Looks at every host's ports (`ports` ∪ the host's own), then reads TLS on the open ones that are TLS candidates:
 * the certificate from a default handshake, and the lowest version by trying TLS 1.0, 1.1, 1.2, 1.3 in turn.
 * A port counts as open only when the TCP handshake completes; refused, filtered or unreachable is closed.
 */
export async function lookAtPorts(opts: PortLookOptions): Promise<PortLookResult> {
  const jobs: Job[] = [];
  for (const host of opts.hosts) {
    const ports = new Set([...opts.ports, ...(host.ports ?? [])]);
    for (const port of ports) if (port > 0 && port < 65_536) jobs.push({ host, port });
  }
  if (opts.signal?.aborted) return { looks: [], attempts: 0 };
  const connected = await connectAll(jobs, opts);
  let attempts = connected.attempts;
  const seen = jobs.flatMap((job, i) =>
    connected.seen[i] ? [{ job, look: { assetId: job.host.assetId, port: job.port, open: connected.open[i]! } as PortLook }] : [],
  );
  const looks = seen.map((s) => s.look);
  const tlsJobs = opts.tls
    ? seen.filter(({ look, job }) => look.open && (!job.host.tlsPorts || job.host.tlsPorts.includes(look.port)))
    : [];
  await pool(tlsJobs, opts.concurrency, opts.signal, async ({ look, job }) => {
    attempts += 1;
    const cert = await handshake(job.host.address, job.host.name, look.port, null, opts.timeoutMs);
    if (!cert) return;
    look.cert = cert;
    look.tlsMin = null;
    for (const version of TLS_VERSIONS) {
      attempts += 1;
      if (await handshake(job.host.address, job.host.name, look.port, version, opts.timeoutMs)) {
        look.tlsMin = version;
        break;
      }
    }
  });
  looks.sort((a, b) => a.assetId - b.assetId || a.port - b.port);
  return { looks, attempts };
}
