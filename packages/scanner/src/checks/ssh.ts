// Bulwark's structured SSH probes for network templates (`bulwark-probe`): the server's KEXINIT algorithm lists, and its auth methods.
import net from 'node:net';
import { Client } from 'ssh2';
import type { Value } from './dsl.ts';
import type { CheckTarget } from './target.ts';
import { parseKexInit, type KexInit } from '../services/ssh.ts';

export interface ProbeResult {
  text: string;
  env: Record<string, Value>;
}

/** Template variable name of each KEXINIT name-list (parsed once, in services/ssh.ts). */
const LISTS: [string, keyof KexInit][] = [
  ['kex_algorithms', 'kex'],
  ['server_host_key_algorithms', 'hostKey'],
  ['encryption_algorithms', 'encryptionClientToServer'],
  ['encryption_algorithms_server_to_client', 'encryptionServerToClient'],
  ['mac_algorithms', 'macClientToServer'],
  ['mac_algorithms_server_to_client', 'macServerToClient'],
  ['compression_algorithms', 'compressionClientToServer'],
  ['compression_algorithms_server_to_client', 'compressionServerToClient'],
];
/** Reads the server's identification line and its (cleartext) SSH_MSG_KEXINIT; exposes each name-list comma-separated. */
function kexinit(t: CheckTarget, port: number): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const sock = net.connect({ host: t.address, port, timeout: t.timeoutMs });
    let buf = Buffer.alloc(0);
    let banner: string | undefined;
    const finish = (err?: Error, r?: ProbeResult) => {
      sock.destroy();
      t.signal?.removeEventListener('abort', abort);
      if (err) reject(err);
      else resolve(r!);
    };
    const abort = () => finish(new Error('aborted'));
    t.signal?.addEventListener('abort', abort, { once: true });
    sock.on('timeout', () => finish(new Error('timeout')));
    sock.on('error', (e) => finish(e));
    sock.on('close', () => finish(new Error('connection closed before KEXINIT')));
    sock.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      while (banner === undefined) {
        const nl = buf.indexOf(10);
        if (nl < 0) return;
        const line = buf.subarray(0, nl).toString('latin1').replace(/\r$/, '');
        buf = buf.subarray(nl + 1);
        if (line.startsWith('SSH-')) {
          banner = line;
          if (!line.startsWith('SSH-2.0-') && !line.startsWith('SSH-1.99-'))
            return finish(undefined, { text: `ssh_banner: ${line}`, env: { ssh_banner: line, ssh_version: line.split('-')[1] } });
          sock.write('SSH-2.0-Bulwark_Scanner\r\n');
        }
      }
      if (buf.length < 5) return;
      const len = buf.readUInt32BE(0);
      if (len > 65536) return finish(new Error('SSH packet too large'));
      if (buf.length < 4 + len) return;
      const payload = buf.subarray(5, 4 + len - buf[4]);
      const kex = parseKexInit(payload);
      if (!kex) return finish(new Error(`expected SSH_MSG_KEXINIT, got message ${payload[0]}`));
      const env: Record<string, Value> = { ssh_banner: banner, ssh_version: banner.split('-')[1] };
      for (const [name, field] of LISTS) env[name] = kex[field].join(',');
      finish(undefined, {
        text: Object.entries(env)
          .map(([k, v]) => `${k}: ${String(v)}`)
          .join('\n'),
        env,
      });
    });
  });
}

/** Asks for "none" authentication with ssh2's client; the server answers with the methods it allows (auth_methods). */
function authMethods(t: CheckTarget, port: number): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const c = new Client();
    let methods: string[] | undefined;
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      t.signal?.removeEventListener('abort', abort);
      c.end();
      if (methods) resolve({ text: `auth_methods: ${methods.join(',')}`, env: { auth_methods: methods.join(',') } });
      else reject(err ?? new Error('no authentication methods reported'));
    };
    const abort = () => finish(new Error('aborted'));
    t.signal?.addEventListener('abort', abort, { once: true });
    c.on('ready', () => {
      methods = ['none'];
      finish();
    });
    c.on('error', (e) => finish(e));
    c.on('close', () => finish());
    c.connect({
      host: t.address,
      port,
      username: 'bulwark-scanner',
      readyTimeout: t.timeoutMs,
      authHandler: (left, _partial, next) => {
        if (left === null) return next({ type: 'none', username: 'bulwark-scanner' });
        methods = left;
        return next(false as never);
      },
    });
  });
}

export function sshProbe(kind: 'ssh-kexinit' | 'ssh-auth-methods', t: CheckTarget, port: number): Promise<ProbeResult> {
  return kind === 'ssh-kexinit' ? kexinit(t, port) : authMethods(t, port);
}
