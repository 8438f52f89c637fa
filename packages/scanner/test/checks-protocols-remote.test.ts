// Remote-access and Windows checks (VNC, RDP, X11, SMBv1) and SSH Terrapin against servers speaking the real protocols, with and without the weakness.
import type net from 'node:net';
import { Server as SshServer, utils as sshUtils, type ServerConfig } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rdpServer, smbServer, sshKexServer, vncServer, x11Server, type KexLists, type RdpPolicy } from './checks-helpers/fake-remote.ts';
import { PROTOCOL_CHECKS_BY_FILE } from './checks-helpers/protocol-checks.ts';
import { checkScanner } from './checks-helpers/scan.ts';
import { closeAll, listen } from './checks-helpers/servers.ts';

const checks = checkScanner();
const A = '127.0.0.103';
const serve = async (server: net.Server, service: string, only?: string[]) =>
  checks.scan({ address: A, port: await listen(server, A), service, only });

beforeAll(() => checks.load());
afterAll(closeAll);

describe('vnc-no-auth', () => {
  it('finds an RFB 3.8 server offering security type None (with VNC Authentication), and a 3.3 server choosing None', async () => {
    checks.expectFound(await serve(vncServer('003.008', [2, 1]), 'vnc'), 'vnc-no-auth');
    expect(checks.finding('vnc-no-auth')?.evidence).toContain('RFB 003.008');
    checks.expectFound(await serve(vncServer('003.003', [1]), 'vnc'), 'vnc-no-auth');
  });
  it('reports nothing when only VNC Authentication (2) or VeNCrypt (19) is offered', async () => {
    expect(await serve(vncServer('003.008', [2]), 'vnc')).toEqual([]);
    expect(await serve(vncServer('003.008', [19, 2]), 'vnc')).toEqual([]);
    expect(await serve(vncServer('003.003', [2]), 'vnc')).toEqual([]);
  });
});

const rdp = (policy: RdpPolicy) => serve(rdpServer(policy), 'ms-wbt-server');

describe('rdp-no-nla', () => {
  it('finds servers that accept a client without CredSSP: negotiate, TLS required, Standard RDP Security only, pre-negotiation', async () => {
    for (const policy of ['negotiate', 'tls', 'rdp', 'legacy'] as const) checks.expectFound(await rdp(policy), 'rdp-no-nla');
  });
  it('reports nothing on a server that requires NLA (HYBRID_REQUIRED_BY_SERVER)', async () => {
    expect(await rdp('nla')).toEqual([]);
  });
});

describe('rdp-standard-security', () => {
  it('finds servers that accept Standard RDP Security: negotiate, Standard RDP Security only, pre-negotiation', async () => {
    for (const policy of ['negotiate', 'rdp', 'legacy'] as const) checks.expectFound(await rdp(policy), 'rdp-standard-security');
    expect(checks.finding('rdp-standard-security')?.cve).toEqual(['CVE-2005-1794']);
  });
  it('reports nothing on servers that require TLS (SSL_REQUIRED_BY_SERVER) or NLA', async () => {
    expect(await rdp('tls')).toEqual(['rdp-no-nla']);
    expect(await rdp('nla')).toEqual([]);
  });
});

describe('x11-open-access', () => {
  it('finds an X server that accepts a client without authorization, with its vendor', async () => {
    checks.expectFound(await serve(x11Server(true), 'X11'), 'x11-open-access');
    expect(checks.finding('x11-open-access')?.evidence).toContain('The X.Org Foundation');
  });
  it('reports nothing when the X server refuses ("No protocol specified")', async () => {
    expect(await serve(x11Server(false), 'X11')).toEqual([]);
  });
});

describe('smb-v1-enabled', () => {
  it('finds a server that accepts the SMB1 dialect NT LM 0.12', async () => {
    checks.expectFound(await serve(smbServer('smb1'), 'microsoft-ds'), 'smb-v1-enabled');
  });
  it('reports nothing on a server that rejects the dialect (index 0xffff) or drops SMB1 connections', async () => {
    expect(await serve(smbServer('no-dialect'), 'microsoft-ds')).toEqual([]);
    expect(await serve(smbServer('close'), 'microsoft-ds')).toEqual([]);
  });
});

describe('ssh-terrapin', () => {
  // These servers stop after their KEXINIT, so only the checks that read it run (the auth-methods probe needs a full handshake).
  const kexChecks = ['ssh-terrapin', 'ssh-weak-ciphers', 'ssh-weak-kex', 'ssh-weak-macs', 'ssh-weak-host-key', 'ssh-protocol-v1'];
  const kexServe = (ident: string, lists: KexLists) => serve(sshKexServer(ident, lists), 'ssh', kexChecks);
  const kex = ['curve25519-sha256', 'curve25519-sha256@libssh.org', 'ecdh-sha2-nistp256', 'diffie-hellman-group16-sha512'];
  const openssh89: KexLists = {
    kex: [...kex, 'ext-info-s'],
    ciphers: ['chacha20-poly1305@openssh.com', 'aes128-ctr', 'aes256-ctr', 'aes128-gcm@openssh.com', 'aes256-gcm@openssh.com'],
    macs: ['umac-64-etm@openssh.com', 'hmac-sha2-256-etm@openssh.com', 'hmac-sha2-256', 'hmac-sha1'],
  };
  it('finds OpenSSH 8.9 (ChaCha20-Poly1305, no strict key exchange), with CVE-2023-48795', async () => {
    const ids = await kexServe('SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.4', openssh89);
    checks.expectFound(ids, 'ssh-terrapin');
    expect(checks.finding('ssh-terrapin')).toMatchObject({ severity: 2, cve: ['CVE-2023-48795'] });
    expect(checks.finding('ssh-terrapin')?.evidence).toContain('chacha20-poly1305@openssh.com');
  });
  it('finds a server with a CBC cipher and an encrypt-then-MAC MAC (no ChaCha20)', async () => {
    const lists: KexLists = { kex, ciphers: ['aes128-ctr', 'aes256-cbc'], macs: ['hmac-sha2-256-etm@openssh.com', 'hmac-sha2-256'] };
    checks.expectFound(await kexServe('SSH-2.0-OpenSSH_7.4', lists), 'ssh-terrapin');
  });
  it('reports nothing on OpenSSH 9.6 (kex-strict-s-v00@openssh.com), nor on CBC without EtM', async () => {
    const patched = { ...openssh89, kex: [...openssh89.kex, 'kex-strict-s-v00@openssh.com'] };
    expect(await kexServe('SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13', patched)).not.toContain('ssh-terrapin');
    const cbcNoEtm: KexLists = { kex, ciphers: ['aes128-ctr', 'aes256-cbc'], macs: ['hmac-sha2-256'] };
    expect(await kexServe('SSH-2.0-OpenSSH_7.4', cbcNoEtm)).not.toContain('ssh-terrapin');
  });
  it('reports nothing on a real SSH server (ssh2) offering ChaCha20-Poly1305 with strict key exchange', async () => {
    const hostKey = sshUtils.generateKeyPairSync('ed25519').private;
    const algorithms = {
      kex: ['curve25519-sha256'],
      cipher: ['chacha20-poly1305@openssh.com', 'aes256-gcm@openssh.com'],
      hmac: ['hmac-sha2-256-etm@openssh.com'],
      serverHostKey: ['ssh-ed25519'],
    } as ServerConfig['algorithms'];
    const ssh = new SshServer({ hostKeys: [hostKey], algorithms, ident: 'OpenSSH_9.6' }, (client) => {
      client.on('authentication', (ctx) => ctx.reject(['publickey']));
      client.on('error', () => undefined);
    });
    expect(await serve(ssh, 'ssh')).toEqual([]);
  });
});

describe('coverage', () => {
  it('every remote-access check of this file is proven, without connection errors', () => {
    expect(PROTOCOL_CHECKS_BY_FILE.remote.filter((id) => !checks.proven.has(id))).toEqual([]);
    expect(checks.errors).toEqual([]);
  });
});
