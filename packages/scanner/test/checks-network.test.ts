// Network checks (SSH, FTP, Telnet, SMTP, Redis, Memcached) against real local servers with and without the weakness.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { Server as SshServer, utils as sshUtils, type ServerConfig } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTemplates, runChecks, type CheckTemplate } from '../src/checks/index.ts';
import type { Finding } from '../src/types.ts';
import { PROTOCOL_CHECKS } from './checks-helpers/protocol-checks.ts';
import { closeAll, host, listen, svc } from './checks-helpers/servers.ts';

let templates: CheckTemplate[] = [];
const proven = new Set<string>();
const ids = (f: Finding[]) => f.map((x) => x.check).sort();
const expectFound = (found: Finding[], expected: string[]) => {
  expect(ids(found)).toEqual(expect.arrayContaining(expected));
  expected.forEach((id) => proven.add(id));
};
async function scan(server: Parameters<typeof listen>[0], address: string, service: string): Promise<Finding[]> {
  const port = await listen(server, address);
  return runChecks(templates, host(address, [{ port, service: svc(service) }]), { timeoutMs: 3000 });
}

beforeAll(async () => {
  templates = (await loadTemplates()).templates.filter((t) => t.network.length > 0 && t.id !== 'tls-sslv3');
});
afterAll(closeAll);

describe('SSH checks (ssh2 server)', () => {
  const hostKey: string = sshUtils.generateKeyPairSync('ed25519').private;
  // A DSA host key, made by ssh-keygen as old installations have one.
  const keyDir = mkdtempSync(path.join(tmpdir(), 'bulwark-ssh-'));
  execFileSync('ssh-keygen', ['-q', '-t', 'dsa', '-N', '', '-f', path.join(keyDir, 'dsa')]);
  const dsaKey = readFileSync(path.join(keyDir, 'dsa'), 'utf8');
  rmSync(keyDir, { recursive: true, force: true });
  const ssh = (
    algorithms: ServerConfig['algorithms'],
    auth: (ctx: { method: string; accept(): void; reject(m?: string[]): void }) => void,
    keys = [hostKey],
  ) =>
    new SshServer({ hostKeys: keys, algorithms, ident: 'OpenSSH_9.6' }, (client) => {
      client.on('authentication', (ctx) => auth(ctx as never));
      client.on('ready', () => client.end());
      client.on('error', () => undefined);
    });
  const strong = {
    kex: ['curve25519-sha256', 'ecdh-sha2-nistp256'],
    cipher: ['chacha20-poly1305@openssh.com', 'aes256-gcm@openssh.com', 'aes128-ctr'],
    hmac: ['hmac-sha2-256-etm@openssh.com', 'hmac-sha2-256'],
    serverHostKey: ['ssh-ed25519'],
  } as ServerConfig['algorithms'];

  it('find weak ciphers, key exchange and MACs, and password authentication', async () => {
    const weak = ssh(
      {
        kex: ['curve25519-sha256', 'diffie-hellman-group1-sha1'],
        cipher: ['aes128-ctr', 'aes128-cbc', '3des-cbc'],
        hmac: ['hmac-sha2-256', 'hmac-md5'],
        serverHostKey: ['ssh-ed25519', 'ssh-dss'],
      } as ServerConfig['algorithms'],
      (ctx) => ctx.reject(['publickey', 'password']),
      [hostKey, dsaKey],
    );
    const found = await scan(weak, '127.0.0.80', 'ssh');
    expectFound(found, ['ssh-weak-ciphers', 'ssh-weak-kex', 'ssh-weak-macs', 'ssh-weak-host-key', 'ssh-password-auth']);
    const byId = Object.fromEntries(found.map((f) => [f.check, f]));
    expect(byId['ssh-weak-ciphers'].evidence).toContain('aes128-cbc');
    expect(byId['ssh-weak-kex'].evidence).toContain('diffie-hellman-group1-sha1');
    expect(byId['ssh-password-auth'].evidence).toContain('publickey,password');
    expect(ids(found)).not.toContain('ssh-no-authentication');
    expect(ids(found)).not.toContain('ssh-protocol-v1');
  });

  it('find a server that lets anyone in without authentication', async () => {
    expectFound(
      await scan(
        ssh(strong, (ctx) => ctx.accept()),
        '127.0.0.80',
        'ssh',
      ),
      ['ssh-no-authentication'],
    );
  });

  it('find SSH protocol 1 from the banner', async () => {
    // No SSH-1 server exists for modern systems: the peer announces protocol 1.5 as old servers did.
    const v1 = net.createServer((s) => s.end('SSH-1.5-OpenSSH_2.9p2\r\n'));
    expectFound(await scan(v1, '127.0.0.80', 'ssh'), ['ssh-protocol-v1']);
  });

  it('report nothing on a hardened server (modern algorithms, public keys only)', async () => {
    expect(
      await scan(
        ssh(strong, (ctx) => ctx.reject(['publickey'])),
        '127.0.0.80',
        'ssh',
      ),
    ).toEqual([]);
  });
});

/** A minimal FTP server speaking the real protocol's greeting, USER/PASS, FEAT and QUIT. */
function ftp(o: { anonymous: boolean; tls: boolean }) {
  return net.createServer((s) => {
    s.write('220 (vsFTPd 3.0.5)\r\n');
    let user = '';
    let buf = '';
    s.on('error', () => undefined);
    s.on('data', (d) => {
      buf += d.toString('latin1');
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
        const line = buf.slice(0, i).trim();
        buf = buf.slice(i + 1);
        const [cmd, arg = ''] = line.split(' ');
        if (cmd === 'USER') {
          user = arg;
          s.write('331 Please specify the password.\r\n');
        } else if (cmd === 'PASS') s.write(o.anonymous && user === 'anonymous' ? '230 Login successful.\r\n' : '530 Login incorrect.\r\n');
        else if (cmd === 'FEAT')
          s.write(`211-Features:\r\n EPRT\r\n EPSV\r\n${o.tls ? ' AUTH TLS\r\n PBSZ\r\n PROT\r\n' : ''} PASV\r\n211 End\r\n`);
        else if (cmd === 'QUIT') s.end('221 Goodbye.\r\n');
        else s.write('500 Unknown command.\r\n');
      }
    });
  });
}

describe('FTP and Telnet checks', () => {
  it('find anonymous login and missing AUTH TLS; nothing on a server requiring accounts and TLS', async () => {
    expectFound(await scan(ftp({ anonymous: true, tls: false }), '127.0.0.82', 'ftp'), ['ftp-anonymous-login', 'ftp-cleartext']);
    expect(await scan(ftp({ anonymous: false, tls: true }), '127.0.0.82', 'ftp')).toEqual([]);
  });

  it('find a Telnet server from its option negotiation; an SSH banner on that port is not Telnet', async () => {
    const telnet = net.createServer((s) =>
      s.write(Buffer.concat([Buffer.from([0xff, 0xfd, 0x18, 0xff, 0xfd, 0x20, 0xff, 0xfb, 0x01]), Buffer.from('\r\nlogin: ')])),
    );
    expectFound(await scan(telnet, '127.0.0.83', 'telnet'), ['telnet-service']);
    const notTelnet = net.createServer((s) => s.write('SSH-2.0-OpenSSH_9.6\r\n'));
    expect(await scan(notTelnet, '127.0.0.83', 'telnet')).toEqual([]);
  });
});

describe('SMTP checks (smtp-server)', () => {
  const accept = { onData: (stream: NodeJS.ReadableStream, _s: unknown, cb: () => void) => (stream.on('end', cb), stream.resume()) };
  it('find an open relay without STARTTLS', async () => {
    const relay = new SMTPServer({ authOptional: true, hideSTARTTLS: true, disableReverseLookup: true, logger: false, ...accept });
    expectFound(await scan(relay.server, '127.0.0.84', 'smtp'), ['smtp-open-relay', 'smtp-no-starttls']);
  });
  it('report nothing on a server that offers STARTTLS and relays only for its own domain', async () => {
    const server = new SMTPServer({
      authOptional: true,
      disableReverseLookup: true,
      logger: false,
      ...accept,
      onRcptTo(addr, _s, cb) {
        if (addr.address.endsWith('@bulwark.test')) return cb();
        cb(Object.assign(new Error('Relay access denied'), { responseCode: 554 }));
      },
    });
    expect(await scan(server.server, '127.0.0.84', 'smtp')).toEqual([]);
  });
});

describe('Redis and Memcached checks', () => {
  let protectedRedis: ChildProcess | undefined;
  afterAll(() => protectedRedis?.kill());

  it('find the real local Redis (no password) at 127.0.0.1:6379, with its version', async () => {
    const found = await runChecks(templates, host('127.0.0.1', [{ port: 6379, service: svc('redis') }]), { timeoutMs: 3000 });
    expectFound(found, ['redis-no-auth']);
    expect(found.find((f) => f.check === 'redis-no-auth')?.evidence).toMatch(/regex: [0-9]+\.[0-9]+/);
  });

  it('report nothing on a real Redis that requires a password', async () => {
    const free = net.createServer();
    const port = await listen(free, '127.0.0.85');
    await new Promise<void>((r) => free.close(() => r()));
    protectedRedis = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.85', '--requirepass', 'bulwark-secret', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 50; i++) {
      const up = await new Promise<boolean>((r) =>
        net
          .connect(port, '127.0.0.85')
          .on('connect', function (this: net.Socket) {
            this.destroy();
            r(true);
          })
          .on('error', () => r(false)),
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await runChecks(templates, host('127.0.0.85', [{ port, service: svc('redis') }]), { timeoutMs: 3000 })).toEqual([]);
  });

  it('find Memcached answering stats, and nothing when it demands authentication', async () => {
    const mc = (auth: boolean) =>
      net.createServer((s) =>
        s.on('data', (d) => {
          if (!d.toString().startsWith('stats')) return s.write('ERROR\r\n');
          s.write(auth ? 'CLIENT_ERROR unauthenticated\r\n' : 'STAT pid 4242\r\nSTAT uptime 10\r\nSTAT version 1.6.21\r\nEND\r\n');
        }),
      );
    const found = await scan(mc(false), '127.0.0.86', 'memcached');
    expectFound(found, ['memcached-no-auth']);
    expect(found[0].evidence).toContain('1.6.21');
    expect(await scan(mc(true), '127.0.0.86', 'memcached')).toEqual([]);
  });
});

describe('coverage', () => {
  it('every network template is proven by a test', () => {
    // The checks in PROTOCOL_CHECKS are proven by checks-protocols-*.test.ts.
    expect(templates.map((t) => t.id).filter((id) => !proven.has(id) && !PROTOCOL_CHECKS.has(id))).toEqual([]);
  });
});
