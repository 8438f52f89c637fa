// Checks a Windows credential over SMB2 (port 445, direct TCP): negotiate a dialect (2.0.2 to 3.0.2), then a session
// setup with NTLMv2 inside SPNEGO. Says what worked: connected, which dialect and server names, authenticated — or the
// status the server refused with. A login the server maps to the guest account is not a login with the credential.
import { Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { CredentialTestResult } from '@bulwark/core';
import type { HostAuth } from './types.ts';
import { authenticateMessage, readChallenge, spnegoAuthenticate, spnegoNegotiate, type NtlmChallenge } from './ntlm.ts';

export interface WindowsLogin {
  id: number;
  name: string;
  username: string;
  password?: string;
  domain: string;
  ntlmV2Only: boolean;
}

export interface SmbOptions {
  port?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const STATUS = {
  success: 0,
  moreProcessing: 0xc0000016,
} as const;

/** What the server's refusals mean, in words. */
const REFUSALS: Record<number, string> = {
  0xc000006d: 'The user name or password is wrong.',
  0xc000006e: 'The account may not log in now (account restriction).',
  0xc000006f: 'The account may not log in at this time of day.',
  0xc0000070: 'The account may not log in from this workstation.',
  0xc0000071: 'The account’s password has expired.',
  0xc0000072: 'The account is disabled.',
  0xc0000193: 'The account has expired.',
  0xc0000224: 'The account’s password must be changed before it logs in.',
  0xc0000234: 'The account is locked out.',
  0xc000015b: 'The account has not been granted network logon.',
};

const DIALECTS = [0x0202, 0x0210, 0x0300, 0x0302];
const DIALECT_NAMES: Record<number, string> = { 0x0202: '2.0.2', 0x0210: '2.1', 0x0300: '3.0', 0x0302: '3.0.2' };

class SmbError extends Error {
  constructor(
    readonly stage: 'connect' | 'authenticate',
    message: string,
  ) {
    super(message);
  }
}

/** One TCP connection speaking SMB2 messages framed by the 4-byte direct-TCP header. */
class SmbConnection {
  private buffer = Buffer.alloc(0);
  private waiting: { resolve: (m: Buffer) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;
  private messageId = 0n;
  sessionId = 0n;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (d: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, d]);
      this.deliver();
    });
    const fail = (e: Error) => {
      this.failure ??= e;
      this.waiting?.reject(e);
      this.waiting = null;
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('The server closed the connection.')));
  }

  static open(host: string, port: number, timeoutMs: number, signal?: AbortSignal): Promise<SmbConnection> {
    return new Promise((resolve, reject) => {
      const socket = new Socket();
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new SmbError('connect', `No answer from ${host}:${port} within ${timeoutMs / 1000} s.`));
      }, timeoutMs);
      socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`No answer within ${timeoutMs / 1000} s.`)));
      signal?.addEventListener('abort', () => socket.destroy(new Error('Cancelled.')), { once: true });
      socket.once('error', (e) => {
        clearTimeout(timer);
        reject(new SmbError('connect', `Could not connect to ${host}:${port}: ${e.message}`));
      });
      socket.connect(port, host, () => {
        clearTimeout(timer);
        resolve(new SmbConnection(socket));
      });
    });
  }

  private deliver(): void {
    if (!this.waiting || this.buffer.length < 4) return;
    const len = this.buffer.readUInt32BE(0) & 0xffffff;
    if (this.buffer.length < 4 + len) return;
    const message = this.buffer.subarray(4, 4 + len);
    this.buffer = this.buffer.subarray(4 + len);
    const w = this.waiting;
    this.waiting = null;
    w.resolve(Buffer.from(message));
  }

  /** Sends one request and waits for its answer (interim STATUS_PENDING answers skipped). */
  async request(command: number, body: Buffer, creditCharge: number): Promise<{ status: number; body: Buffer; sessionId: bigint }> {
    const header = Buffer.alloc(64);
    header.write('\xfeSMB', 0, 'latin1');
    header.writeUInt16LE(64, 4);
    header.writeUInt16LE(creditCharge, 6);
    header.writeUInt16LE(command, 12);
    header.writeUInt16LE(1, 14);
    header.writeBigUInt64LE(this.messageId++, 24);
    header.writeBigUInt64LE(this.sessionId, 40);
    const message = Buffer.concat([header, body]);
    const frame = Buffer.alloc(4);
    frame.writeUInt32BE(message.length);
    this.socket.write(Buffer.concat([frame, message]));
    for (;;) {
      const answer = await this.next();
      if (answer.length < 64 || answer.readUInt32BE(0) !== 0xfe534d42) throw new Error('The server does not speak SMB2.');
      const status = answer.readUInt32LE(8);
      if (status === 0x00000103) continue; // STATUS_PENDING: the real answer follows.
      return { status, body: answer.subarray(64), sessionId: answer.readBigUInt64LE(40) };
    }
  }

  private next(): Promise<Buffer> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.deliver();
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

function negotiateBody(): Buffer {
  const b = Buffer.alloc(36 + DIALECTS.length * 2);
  b.writeUInt16LE(36, 0);
  b.writeUInt16LE(DIALECTS.length, 2);
  b.writeUInt16LE(1, 4); // signing enabled
  randomBytes(16).copy(b, 12); // client GUID
  DIALECTS.forEach((d, i) => b.writeUInt16LE(d, 36 + i * 2));
  return b;
}

function sessionSetupBody(token: Buffer): Buffer {
  const b = Buffer.alloc(24);
  b.writeUInt16LE(25, 0);
  b.writeUInt8(1, 3); // signing enabled
  b.writeUInt16LE(64 + 24, 12);
  b.writeUInt16LE(token.length, 14);
  return Buffer.concat([b, token]);
}

const securityBuffer = (body: Buffer, offsetAt: number) => {
  const offset = body.readUInt16LE(offsetAt) - 64;
  return body.subarray(offset, offset + body.readUInt16LE(offsetAt + 2));
};

const hex = (n: number) => `0x${n.toString(16).padStart(8, '0').toUpperCase()}`;

export interface SmbLoginOutcome {
  dialect: string;
  challenge: NtlmChallenge;
  /** The server accepted the credential (not as guest). */
  authenticated: boolean;
  message: string;
}

/** Negotiates and logs in; throws SmbError('connect') when no SMB2 server answers. */
async function smbLogin(host: string, login: WindowsLogin, options: SmbOptions): Promise<SmbLoginOutcome> {
  const port = options.port ?? 445;
  const conn = await SmbConnection.open(host, port, options.timeoutMs ?? 10_000, options.signal);
  try {
    let negotiated;
    try {
      negotiated = await conn.request(0, negotiateBody(), 0);
    } catch (e) {
      throw new SmbError('connect', `${host}:${port} answered, but not as an SMB2 server: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (negotiated.status !== STATUS.success)
      throw new SmbError('connect', `The server refused every SMB2 dialect Bulwark offers (status ${hex(negotiated.status)}).`);
    const dialect = DIALECT_NAMES[negotiated.body.readUInt16LE(4)] ?? hex(negotiated.body.readUInt16LE(4));
    const charge = dialect === '2.0.2' ? 0 : 1;
    const first = await conn.request(1, sessionSetupBody(spnegoNegotiate()), charge);
    if (first.status !== STATUS.moreProcessing)
      throw new SmbError('authenticate', `The server refused NTLM authentication (status ${hex(first.status)}).`);
    conn.sessionId = first.sessionId;
    const challenge = readChallenge(securityBuffer(first.body, 4));
    const auth = authenticateMessage({ username: login.username, password: login.password ?? '', domain: login.domain }, challenge);
    const second = await conn.request(1, sessionSetupBody(spnegoAuthenticate(auth)), charge);
    if (second.status !== STATUS.success) {
      const why = REFUSALS[second.status] ?? `The server refused the login (status ${hex(second.status)}).`;
      return { dialect, challenge, authenticated: false, message: why };
    }
    const flags = second.body.readUInt16LE(2);
    if (flags & 0x3)
      return {
        dialect,
        challenge,
        authenticated: false,
        message: 'The server let the session in as its guest account only: the credential itself was not accepted.',
      };
    return {
      dialect,
      challenge,
      authenticated: true,
      message: `Logged in as ${login.domain ? `${login.domain}\\` : ''}${login.username} over NTLMv2.`,
    };
  } finally {
    conn.close();
  }
}

/** The test action for a Windows credential: each step with what worked and what did not. */
export async function testWindowsLogin(host: string, login: WindowsLogin, options: SmbOptions = {}): Promise<CredentialTestResult> {
  const port = options.port ?? 445;
  const steps: CredentialTestResult['steps'] = [];
  const result = (health: CredentialTestResult['health'], extra: Partial<CredentialTestResult> = {}): CredentialTestResult => ({
    target: host,
    port,
    health,
    connected: false,
    authenticated: false,
    privileged: false,
    os: null,
    steps,
    ...extra,
  });
  let outcome: SmbLoginOutcome;
  try {
    outcome = await smbLogin(host, login, options);
  } catch (e) {
    const err = e instanceof SmbError ? e : new SmbError('authenticate', e instanceof Error ? e.message : String(e));
    if (err.stage === 'connect') {
      steps.push({ step: 'connect', ok: false, message: err.message });
      return result('connection_failed');
    }
    steps.push({ step: 'connect', ok: true, message: `Connected to ${host}:${port} (SMB2).` });
    steps.push({ step: 'authenticate', ok: false, message: err.message });
    return result('auth_failed', { connected: true });
  }
  const n = outcome.challenge.names;
  const server = [n.dnsComputer || n.netbiosComputer, n.netbiosDomain && `domain ${n.netbiosDomain}`].filter(Boolean).join(', ');
  steps.push({
    step: 'connect',
    ok: true,
    message: `Connected to ${host}:${port}, SMB ${outcome.dialect}${server ? ` (${server})` : ''}.`,
  });
  steps.push({ step: 'authenticate', ok: outcome.authenticated, message: outcome.message });
  if (!outcome.authenticated) return result('auth_failed', { connected: true });
  steps.push({
    step: 'system',
    ok: true,
    message: `Windows (SMB) host${outcome.challenge.version ? `, NTLM version ${outcome.challenge.version}` : ''}. Administrative rights and the Windows inventory are not read over SMB yet.`,
  });
  return result('ok', {
    connected: true,
    authenticated: true,
    os: server ? `SMB ${outcome.dialect} server ${server}` : `SMB ${outcome.dialect} server`,
  });
}

/**
 * The authenticated look at a Windows host with a profile's Windows credentials, in order: the first that logs in gives
 * the result (health ok); when none does, the last failure says why. Only the login is checked for now.
 */
export async function lookAtWindowsHost(host: string, logins: readonly WindowsLogin[], options: SmbOptions = {}): Promise<HostAuth | null> {
  let last: HostAuth | null = null;
  for (const login of logins) {
    if (options.signal?.aborted) break;
    const base = { credentialId: login.id, credentialName: login.name, privileged: false };
    try {
      const o = await smbLogin(host, login, options);
      last = { ...base, health: o.authenticated ? 'ok' : 'auth_failed', message: o.message };
      if (o.authenticated) break;
    } catch (e) {
      const err = e instanceof SmbError ? e : new SmbError('authenticate', e instanceof Error ? e.message : String(e));
      last = { ...base, health: err.stage === 'connect' ? 'connection_failed' : 'auth_failed', message: err.message };
      if (err.stage === 'connect') break;
    }
  }
  return last;
}
