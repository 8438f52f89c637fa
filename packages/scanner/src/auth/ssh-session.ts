// One SSH login to a host with a Linux credential (ssh2): password, key or key with passphrase, the host key checked
// against the one pinned for the host, commands run as the user or escalated through sudo or su, each with a time
// limit and an output limit.
import { createHash } from 'node:crypto';
import { Client, type ClientChannel, type ConnectConfig } from 'ssh2';
import type { LinuxLogin } from './types.ts';

/** Why a login did not get as far as a shell. */
export class SshLoginError extends Error {
  constructor(
    readonly stage: 'connect' | 'host_key' | 'authenticate',
    message: string,
    readonly hostKey?: string,
  ) {
    super(message);
  }
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface SessionOptions {
  /** The host key pinned for this host ("ssh-ed25519 SHA256:…"): another key refuses the login before any secret is sent. */
  pinnedHostKey?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const MAX_OUTPUT = 64 * 1024 * 1024;
const MARKER = '__BULWARK_OUTPUT__';

/** "ssh-ed25519 SHA256:base64" of a host key blob in SSH wire format (as `ssh-keygen -l` prints it). */
export function hostKeyFingerprint(key: Buffer): string {
  const typeLength = key.length >= 4 ? key.readUInt32BE(0) : 0;
  const type = typeLength > 0 && typeLength < 64 ? key.subarray(4, 4 + typeLength).toString('latin1') : 'unknown';
  return `${type} SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

export const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

export class SshSession {
  private constructor(
    private readonly client: Client,
    readonly hostKey: string,
    private readonly login: LinuxLogin,
    private readonly timeoutMs: number,
  ) {}

  /** Connects and logs in; throws SshLoginError saying at which stage it stopped. */
  static open(host: string, login: LinuxLogin, options: SessionOptions = {}): Promise<SshSession> {
    const timeoutMs = options.timeoutMs ?? 15_000;
    return new Promise((resolve, reject) => {
      const client = new Client();
      let seenKey: string | undefined;
      let keyRefused = false;
      let ready = false;
      const onAbort = () => client.end();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const config: ConnectConfig = {
        host,
        port: login.port,
        username: login.username,
        readyTimeout: timeoutMs,
        keepaliveInterval: 10_000,
        tryKeyboard: login.password !== undefined,
        hostVerifier: (key: Buffer) => {
          seenKey = hostKeyFingerprint(key);
          keyRefused = options.pinnedHostKey !== undefined && options.pinnedHostKey !== seenKey;
          return !keyRefused;
        },
      };
      if (login.privateKey) {
        config.privateKey = Buffer.from(login.privateKey);
        if (login.passphrase) config.passphrase = login.passphrase;
      }
      if (login.password !== undefined) config.password = login.password;
      client.on('keyboard-interactive', (_name, _instructions, _lang, prompts, finish) => {
        // PAM asks for the password through keyboard-interactive on many systems.
        finish(prompts.map(() => login.password ?? ''));
      });
      client.on('ready', () => {
        ready = true;
        options.signal?.removeEventListener('abort', onAbort);
        resolve(new SshSession(client, seenKey ?? 'unknown', login, timeoutMs));
      });
      client.on('error', (err: Error & { level?: string }) => {
        if (ready) return;
        options.signal?.removeEventListener('abort', onAbort);
        client.end();
        if (keyRefused)
          reject(new SshLoginError('host_key', `The host key changed: ${seenKey} is not the pinned ${options.pinnedHostKey}.`, seenKey));
        else if (err.level === 'client-authentication')
          reject(
            new SshLoginError(
              'authenticate',
              `Authentication as ${login.username} failed (${describeKeyProblem(err) ?? 'the server refused the credential'}).`,
              seenKey,
            ),
          );
        else if (/private key|passphrase|Cannot parse/i.test(err.message))
          reject(new SshLoginError('authenticate', `The private key cannot be used: ${err.message}`, seenKey));
        else reject(new SshLoginError('connect', `Cannot connect to ${host}:${login.port}: ${err.message}`, seenKey));
      });
      client.on('close', () => {
        if (!ready) {
          options.signal?.removeEventListener('abort', onAbort);
          reject(
            new SshLoginError(
              seenKey ? 'authenticate' : 'connect',
              `The connection to ${host}:${login.port} closed during login.`,
              seenKey,
            ),
          );
        }
      });
      try {
        client.connect(config);
      } catch (err) {
        reject(new SshLoginError('authenticate', `The private key cannot be used: ${err instanceof Error ? err.message : String(err)}`));
      }
    });
  }

  /** Runs a command as the logged-in user. */
  run(command: string, input?: string): Promise<CommandResult> {
    return this.exec(command, { input });
  }

  /**
   * Runs a command with the credential's privilege escalation: sudo without a password first, then with the
   * account's password on standard input; su with the root password typed at its prompt (su wants a terminal).
   */
  async runPrivileged(command: string): Promise<CommandResult> {
    const login = this.login;
    if (login.escalation === 'sudo') {
      const quiet = await this.exec(`sudo -n -- sh -c ${shellQuote(command)}`, {});
      if (quiet.code === 0 || !login.password || !/password|a terminal is required/i.test(quiet.stderr)) return quiet;
      return this.exec(`sudo -S -p '' -- sh -c ${shellQuote(command)}`, { input: `${login.password}\n` });
    }
    if (login.escalation === 'su') {
      if (!login.escalationPassword) return { code: 1, stdout: '', stderr: 'No root password is set for su.' };
      const result = await this.exec(`su root -c ${shellQuote(`echo ${MARKER}; ${command}`)}`, {
        pty: true,
        answer: { prompt: /password[^:]*:\s*$/i, reply: `${login.escalationPassword}\n` },
      });
      const text = result.stdout.replace(/\r\n/g, '\n');
      const at = text.indexOf(`${MARKER}\n`);
      // Without the marker su never ran the command (wrong password): its complaint is the output.
      if (at < 0) return { code: result.code === 0 ? 1 : result.code, stdout: '', stderr: text.trim() };
      return { code: result.code, stdout: text.slice(at + MARKER.length + 1), stderr: result.stderr };
    }
    return this.run(command);
  }

  close(): void {
    this.client.end();
  }

  private exec(command: string, o: { input?: string; pty?: boolean; answer?: { prompt: RegExp; reply: string } }): Promise<CommandResult> {
    return new Promise((resolve) => {
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      let size = 0;
      let settled = false;
      let stream: ClientChannel | undefined;
      const finish = (code: number | null, note?: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') + (note ?? '') });
      };
      const timer = setTimeout(() => {
        stream?.close();
        finish(null, `\nThe command did not finish within ${Math.round(this.timeoutMs / 1000) * 4} s.`);
      }, this.timeoutMs * 4);
      this.client.exec(command, o.pty ? { pty: { term: 'dumb', cols: 200, rows: 50 } } : {}, (e, s) => {
        if (e) return finish(null, e.message);
        stream = s;
        let answered = false;
        s.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_OUTPUT) {
            s.close();
            return finish(null, '\nThe output was too large.');
          }
          out.push(chunk);
          if (o.answer && !answered && o.answer.prompt.test(Buffer.concat(out).toString('utf8'))) {
            answered = true;
            out.length = 0;
            s.write(o.answer.reply);
          }
        });
        s.stderr.on('data', (chunk: Buffer) => err.push(chunk));
        s.on('close', (code: number | null) => finish(code ?? null));
        if (o.input !== undefined) s.end(o.input);
        else if (!o.pty) s.end();
      });
    });
  }
}

function describeKeyProblem(err: Error): string | null {
  return /All configured authentication methods failed/i.test(err.message)
    ? 'wrong password or key, or that login method is not allowed'
    : null;
}
