// A small SMTP client for the mail exchanger checks: line-based replies (multi-line too), one command at a time, a
// STARTTLS upgrade of the same socket, a time limit on every step and an abort signal. It sends only what the checks
// ask for; it has no DATA command at all, so a relay test can never send a message.
import net from 'node:net';
import tls from 'node:tls';

/** One SMTP reply: its code and the text of each line without the code. */
export interface SmtpReply {
  code: number;
  lines: string[];
}

/** The reply as one line of text for a detail sentence: "550 relay not permitted". */
export const replyText = (r: SmtpReply): string => `${r.code} ${r.lines.join(' ').trim()}`.trim();

export interface SmtpOpenOptions {
  address: string;
  port: number;
  /** Limit of each step: the connection, each reply, the TLS handshake. */
  timeoutMs: number;
  signal?: AbortSignal;
}

// A server that streams without line ends, or with endless continuation lines, is not waited for.
const MAX_LINE = 8192;
const MAX_LINES = 200;

type Waiter = { resolve: (r: SmtpReply) => void; reject: (e: Error) => void };

export class SmtpConnection {
  private socket: net.Socket;
  private buffer = '';
  private partial: string[] = [];
  private partialCode = 0;
  private readonly ready: SmtpReply[] = [];
  private waiter?: Waiter;
  private failure?: Error;
  private readonly onAbort = () => this.fail(new Error('aborted'));

  private constructor(
    socket: net.Socket,
    private readonly timeoutMs: number,
    private readonly signal?: AbortSignal,
  ) {
    this.socket = socket;
    this.listen(socket);
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Connects; rejects with the reason (refused, unreachable, no answer within the limit). */
  static open(o: SmtpOpenOptions): Promise<SmtpConnection> {
    return new Promise((resolve, reject) => {
      if (o.signal?.aborted) return reject(new Error('aborted'));
      const socket = net.connect({ host: o.address, port: o.port });
      const settle = (e?: Error) => {
        clearTimeout(timer);
        o.signal?.removeEventListener('abort', abort);
        socket.removeListener('error', settle);
        if (!e) return resolve(new SmtpConnection(socket, o.timeoutMs, o.signal));
        socket.destroy();
        reject(e);
      };
      const abort = () => settle(new Error('aborted'));
      const timer = setTimeout(() => settle(new Error(`no connection within ${o.timeoutMs} ms`)), o.timeoutMs);
      o.signal?.addEventListener('abort', abort, { once: true });
      socket.once('error', settle);
      socket.once('connect', () => settle());
    });
  }

  /** Whether the connection is still usable (no timeout, close or garbage so far). */
  get usable(): boolean {
    return !this.failure;
  }

  /** The next reply (the greeting first), within the step limit. */
  read(): Promise<SmtpReply> {
    if (this.ready.length) return Promise.resolve(this.ready.shift()!);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
      this.waiter = {
        resolve: (r) => (clearTimeout(timer), resolve(r)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      };
    });
  }

  /** Sends one command line and reads its reply. */
  async command(line: string): Promise<SmtpReply> {
    if (this.failure) throw this.failure;
    if (/[\r\n]/.test(line)) throw new Error('a command is one line');
    this.socket.write(`${line}\r\n`);
    return this.read();
  }

  /**
   * After a 220 to STARTTLS: the TLS handshake on the same socket. Anything the server sent before the handshake is
   * dropped (a server must not pipeline past STARTTLS; keeping it would let a man in the middle inject commands).
   */
  upgrade(options: tls.ConnectionOptions): Promise<tls.TLSSocket> {
    if (this.failure) return Promise.reject(this.failure);
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('end');
    plain.removeAllListeners('close');
    plain.removeAllListeners('error');
    this.buffer = '';
    this.partial = [];
    this.ready.length = 0;
    return new Promise((resolve, reject) => {
      const secure = tls.connect({ ...options, socket: plain });
      const settle = (e?: Error) => {
        clearTimeout(timer);
        secure.removeListener('error', settle);
        if (e) {
          this.fail(e);
          return reject(e);
        }
        this.socket = secure;
        this.listen(secure);
        resolve(secure);
      };
      const timer = setTimeout(() => settle(new Error(`no TLS handshake within ${this.timeoutMs} ms`)), this.timeoutMs);
      secure.once('error', settle);
      secure.once('secureConnect', () => settle());
      // Errors before the listener is attached must not escape as unhandled.
      plain.on('error', () => {});
    });
  }

  /** Ends the connection at once (after QUIT, or when giving up). */
  close(): void {
    this.signal?.removeEventListener('abort', this.onAbort);
    this.failure ??= new Error('closed');
    this.socket.destroy();
  }

  private listen(socket: net.Socket): void {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => this.take(chunk));
    socket.on('error', (e) => this.fail(e));
    socket.on('end', () => this.fail(new Error('the server closed the connection')));
    socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  private take(chunk: string): void {
    this.buffer += chunk;
    for (let end = this.buffer.indexOf('\n'); end >= 0; end = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      const m = /^([2-5][0-9]{2})([ -]?)(.*)$/.exec(line);
      if (!m) return this.fail(new Error(`not an SMTP answer: "${line.slice(0, 80)}"`));
      const code = Number(m[1]);
      if (this.partial.length && code !== this.partialCode) return this.fail(new Error(`mixed reply codes: "${line.slice(0, 80)}"`));
      this.partialCode = code;
      this.partial.push(m[3]);
      if (this.partial.length > MAX_LINES) return this.fail(new Error(`a reply of more than ${MAX_LINES} lines`));
      if (m[2] !== '-') {
        this.deliver({ code, lines: this.partial });
        this.partial = [];
      }
    }
    if (this.buffer.length > MAX_LINE) this.fail(new Error(`a line longer than ${MAX_LINE} characters`));
  }

  private deliver(r: SmtpReply): void {
    const w = this.waiter;
    this.waiter = undefined;
    if (w) w.resolve(r);
    else this.ready.push(r);
  }

  private fail(e: Error): void {
    if (this.failure) return;
    this.failure = e;
    this.signal?.removeEventListener('abort', this.onAbort);
    this.socket.destroy();
    const w = this.waiter;
    this.waiter = undefined;
    w?.reject(e);
  }
}

/** EHLO reply -> its extension keywords with parameters ("SIZE 52428800", "STARTTLS"); the first line is the greeting. */
export const ehloExtensions = (r: SmtpReply): string[] =>
  r.lines
    .slice(1)
    .map((l) => l.trim())
    .filter(Boolean);
