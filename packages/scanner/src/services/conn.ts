// A small TCP (optionally TLS) connection for service fingerprinting: buffered reads with a predicate and a deadline.
import net from 'node:net';
import tls from 'node:tls';

export interface ServiceConnectionOptions {
  signal?: AbortSignal;
  /** Deadline of one fingerprinting attempt (connect + exchange), in milliseconds. */
  timeoutMs: number;
  serverName?: string;
}

/** One service connection: collects everything the server sends; `read` waits for enough of it. */
export class ServiceConnection {
  buffer: Buffer = Buffer.alloc(0);
  closed = false;
  private waiter: (() => void) | undefined;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => {
      this.closed = true;
      this.wake();
    });
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = undefined;
    w?.();
  }

  /** Opens a plain TCP connection; rejects when it cannot connect within the deadline. */
  static async open(host: string, port: number, opts: ServiceConnectionOptions): Promise<ServiceConnection> {
    const socket = await settle(() => net.connect({ host, port }), 'connect', 'connect timeout', opts);
    return new ServiceConnection(socket);
  }

  /** Opens a TLS connection (any certificate, any version the runtime allows); rejects when no handshake. */
  static async openTls(
    host: string,
    port: number,
    opts: ServiceConnectionOptions,
  ): Promise<{ conn: ServiceConnection; socket: tls.TLSSocket }> {
    const servername = opts.serverName ?? (net.isIP(host) ? undefined : host);
    const socket = await settle(
      () =>
        tls.connect({
          host,
          port,
          servername,
          rejectUnauthorized: false,
          minVersion: 'TLSv1',
          ciphers: 'ALL:@SECLEVEL=0',
          ALPNProtocols: ['http/1.1'],
        }),
      'secureConnect',
      'TLS handshake timeout',
      opts,
    );
    return { conn: new ServiceConnection(socket), socket };
  }

  write(data: string | Buffer): void {
    if (!this.closed) this.socket.write(data);
  }

  /**
   * Waits until `enough(buffer)` holds, the peer closes, the deadline passes or the signal aborts;
   * returns what arrived (possibly empty). Never rejects.
   */
  async read(enough: (buf: Buffer) => boolean, timeoutMs: number, signal?: AbortSignal): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    while (!enough(this.buffer) && !this.closed && !signal?.aborted) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, left);
        const onAbort = () => finish();
        signal?.addEventListener('abort', onAbort, { once: true });
        function finish() {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }
        this.waiter = finish;
      });
    }
    return this.buffer;
  }

  /** Drops what was read so far (before the next exchange on the same connection). */
  consume(): Buffer {
    const b = this.buffer;
    this.buffer = Buffer.alloc(0);
    return b;
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }
}

function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new Error('aborted');
}

/** Runs `fn` on a fresh connection and always closes it; undefined when the connection fails. */
export async function withConnection<T>(
  host: string,
  port: number,
  opts: ServiceConnectionOptions,
  fn: (conn: ServiceConnection) => Promise<T>,
): Promise<T | undefined> {
  let conn: ServiceConnection;
  try {
    conn = await ServiceConnection.open(host, port, opts);
  } catch {
    return undefined;
  }
  try {
    return await fn(conn);
  } finally {
    conn.close();
  }
}

/** Printable form of received bytes for evidence: control and non-ASCII bytes as \xNN, CR/LF kept as \r\n. */
export function printable(buf: Buffer, max = 512): string {
  let out = '';
  for (const b of buf.subarray(0, max)) {
    if (b === 0x0a) out += '\\n';
    else if (b === 0x0d) out += '\\r';
    else if (b >= 0x20 && b < 0x7f && b !== 0x5c) out += String.fromCharCode(b);
    else out += '\\x' + b.toString(16).padStart(2, '0');
  }
  return out;
}

/** Text of the received bytes, trimmed, with no control characters except newlines. */
export function text(buf: Buffer, max = 4096): string {
  return buf
    .subarray(0, max)
    .toString('latin1')
    .replace(/[^\x20-\x7e\r\n\t]/g, '')
    .trim();
}

/** True once the buffer holds a complete CRLF- or LF-terminated line. */
export const hasLine = (buf: Buffer): boolean => buf.includes(0x0a);

/** Starts a socket and resolves once `readyEvent` fires; rejects (and destroys it) on error, deadline or abort. */
function settle<S extends net.Socket>(
  start: () => S,
  readyEvent: string,
  timeoutMessage: string,
  opts: ServiceConnectionOptions,
): Promise<S> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(abortError(opts.signal));
    const socket = start();
    const done = (err?: Error) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      socket.removeListener('error', onError);
      if (err) {
        socket.destroy();
        reject(err);
      } else resolve(socket);
    };
    const onError = (err: Error) => done(err);
    const onAbort = () => done(abortError(opts.signal));
    const timer = setTimeout(() => done(new Error(timeoutMessage)), opts.timeoutMs);
    socket.once(readyEvent, () => done());
    socket.once('error', onError);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
