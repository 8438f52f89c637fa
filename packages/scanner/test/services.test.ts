// Service identification against real servers: Node's http/https, ssh2's SSH server, smtp-server, on usual and unusual ports.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import ssh2 from 'ssh2';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifyService } from '../src/services/index.ts';
import { close, listen, selfSignedCert, type TestCert } from './services-helpers/servers.ts';

const T = { timeoutMs: 1000 };
let cert: TestCert;

beforeAll(() => {
  cert = selfSignedCert();
});

describe('HTTP and HTTPS', () => {
  let plain: http.Server;
  let secure: https.Server;
  let unusual: http.Server;
  let plainPort = 0;
  let securePort = 0;
  let unusualPort = 0;
  const page = '<html><head><title>Welcome  to &amp; nginx!</title></head><body>hi</body></html>';

  beforeAll(async () => {
    plain = http.createServer((_req, res) => {
      res.writeHead(200, { Server: 'Apache/2.4.57 (Debian)', 'Content-Type': 'text/html' });
      res.end(page);
    });
    secure = https.createServer({ key: cert.key, cert: cert.cert }, (_req, res) => {
      res.writeHead(200, { Server: 'nginx/1.22.1', 'Content-Type': 'text/html' });
      res.end(page);
    });
    unusual = http.createServer((_req, res) => {
      res.writeHead(404, { Server: 'Microsoft-IIS/10.0' });
      res.end('not found');
    });
    plainPort = await listen(plain, '127.0.0.40');
    securePort = await listen(secure, '127.0.0.40');
    // HTTP where SSH usually is: still identified as HTTP.
    unusualPort = await listen(unusual, '127.0.0.42', 2222).catch(() => listen(unusual, '127.0.0.42'));
  });
  afterAll(async () => {
    await Promise.all([close(plain), close(secure), close(unusual)]);
  });

  it('reads product and version from the Server header and the page title', async () => {
    const s = await identifyService('127.0.0.40', plainPort, T);
    expect(s).toMatchObject({ name: 'http', product: 'Apache httpd', version: '2.4.57' });
    expect(s!.cpe).toEqual(['cpe:2.3:a:apache:http_server:2.4.57:*:*:*:*:*:*:*']);
    expect(s!.extra).toMatchObject({ title: 'Welcome to & nginx!', server: 'Apache/2.4.57 (Debian)', status: 200, os: 'Debian' });
    expect(s!.tls).toBeUndefined();
  });

  it('speaks TLS first and reports the certificate, protocol and cipher', async () => {
    const s = await identifyService('127.0.0.40', securePort, { ...T, serverName: 'scan.test' });
    expect(s).toMatchObject({ name: 'https', product: 'nginx', version: '1.22.1', tls: true });
    expect(s!.cpe).toEqual(['cpe:2.3:a:f5:nginx:1.22.1:*:*:*:*:*:*:*']);
    const tls = s!.extra!.tls as Record<string, unknown>;
    expect(tls.version).toBe('TLSv1.3');
    expect(typeof tls.cipher).toBe('string');
    const c = tls.certificate as Record<string, unknown>;
    expect(c.subject).toMatchObject({ CN: 'scan.test', O: 'Bulwark Test' });
    expect(c.selfSigned).toBe(true);
    expect(c.expired).toBe(false);
    expect(c.keyBits).toBe(2048);
    expect(c.subjectAltNames).toEqual(['scan.test', 'www.scan.test']);
    const days = (Date.parse(c.validTo as string) - Date.parse(c.validFrom as string)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect(s!.extra!.title).toBe('Welcome to & nginx!');
  });

  it('identifies HTTP on an unusual port by content', async () => {
    const s = await identifyService('127.0.0.42', unusualPort, T);
    expect(s).toMatchObject({ name: 'http', product: 'Microsoft IIS httpd', version: '10.0' });
    expect(s!.extra).toMatchObject({ status: 404 });
  });
});

describe('SSH (ssh2 server)', () => {
  let server: ssh2.Server;
  let port = 0;
  const kex = ['curve25519-sha256', 'diffie-hellman-group14-sha256'];

  beforeAll(async () => {
    const hostKey = ssh2.utils.generateKeyPairSync('ed25519').private;
    server = new ssh2.Server(
      {
        hostKeys: [hostKey],
        ident: 'OpenSSH_8.9p1 Ubuntu-3ubuntu0.6',
        algorithms: { kex: kex as never, cipher: ['aes128-gcm@openssh.com', 'aes256-ctr'] as never },
      },
      (client) => {
        client.on('error', () => {});
      },
    );
    // SSH where a web proxy usually is: still identified as SSH.
    port = await listen(server as unknown as net.Server, '127.0.0.41', 8080).catch(() =>
      listen(server as unknown as net.Server, '127.0.0.41'),
    );
  });
  afterAll(() => close(server));

  it('parses the version and the algorithm lists of the real KEXINIT', async () => {
    const s = await identifyService('127.0.0.41', port, T);
    expect(s).toMatchObject({ name: 'ssh', product: 'OpenSSH', version: '8.9p1', banner: 'SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.6' });
    expect(s!.cpe).toEqual(['cpe:2.3:a:openbsd:openssh:8.9p1:*:*:*:*:*:*:*']);
    expect(s!.extra).toMatchObject({ protocol: '2.0', comment: 'Ubuntu-3ubuntu0.6', hostKeyAlgorithms: ['ssh-ed25519'] });
    // ssh2 appends its own extension markers (ext-info, strict kex) to the configured list.
    expect((s!.extra!.kexAlgorithms as string[]).slice(0, 2)).toEqual(kex);
    expect(s!.extra!.encryptionAlgorithms).toEqual(['aes128-gcm@openssh.com', 'aes256-ctr']);
  });
});

describe('SMTP (smtp-server)', () => {
  let withTls: SMTPServer;
  let without: SMTPServer;
  let tlsPort = 0;
  let plainPort = 0;

  beforeAll(async () => {
    withTls = new SMTPServer({ key: cert.key, cert: cert.cert, name: 'mx.scan.test', authOptional: true, logger: false });
    without = new SMTPServer({
      name: 'mx2.scan.test',
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      size: 1024 * 1024,
    });
    tlsPort = await listen(withTls.server, '127.0.0.43');
    plainPort = await listen(without.server, '127.0.0.43');
  });
  afterAll(async () => {
    await Promise.all([close(withTls), close(without)]);
  });

  it('reads the banner and EHLO extensions, with STARTTLS offered', async () => {
    const s = await identifyService('127.0.0.43', tlsPort, T);
    expect(s!.name).toBe('smtp');
    expect(s!.banner).toMatch(/^220 mx\.scan\.test ESMTP/);
    expect(s!.extra).toMatchObject({ starttls: true });
    expect(s!.extra!.extensions).toEqual(expect.arrayContaining(['PIPELINING', 'STARTTLS']));
  });

  it('notes when STARTTLS is not offered', async () => {
    const s = await identifyService('127.0.0.43', plainPort, T);
    expect(s!.name).toBe('smtp');
    expect(s!.extra).toMatchObject({ starttls: false });
    expect(s!.extra!.extensions).toEqual(expect.arrayContaining(['SIZE 1048576']));
  });
});

describe('unknown and closed', () => {
  let noise: net.Server;
  let port = 0;
  beforeAll(async () => {
    // Sends random bytes and closes, whatever it is asked.
    noise = net.createServer((sock) => {
      sock.on('error', () => {});
      sock.resume();
      sock.end(Buffer.concat([Buffer.from('\x01\x02ZQX'), randomBytes(24)]));
    });
    port = await listen(noise, '127.0.0.44');
  });
  afterAll(() => close(noise));

  it('reports an unrecognised service as unknown with its banner', async () => {
    const s = await identifyService('127.0.0.44', port, T);
    expect(s).toMatchObject({ name: 'unknown', cpe: [] });
    expect(s!.banner).toMatch(/^\\x01\\x02ZQX/);
  });

  it('answers undefined for a port that does not accept connections', async () => {
    const spare = net.createServer();
    const free = await listen(spare, '127.0.0.44');
    await close(spare);
    expect(await identifyService('127.0.0.44', free, T)).toBeUndefined();
  });
});
