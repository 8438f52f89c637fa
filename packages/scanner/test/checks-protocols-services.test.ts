// DNS zone transfer, POP3/IMAP without STARTTLS, rsync module listing (real rsync daemon) and exposed .htaccess/.htpasswd, each with and without the weakness.
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zoneCandidates } from '../src/checks/dns.ts';
import { axfrServer, imapServer, pop3Server, rsyncDaemon } from './checks-helpers/fake-services.ts';
import { PROTOCOL_CHECKS_BY_FILE } from './checks-helpers/protocol-checks.ts';
import { checkScanner } from './checks-helpers/scan.ts';
import { closeAll, listen } from './checks-helpers/servers.ts';

const checks = checkScanner();
const A = '127.0.0.104';
const serve = async (server: net.Server | http.Server, service: string, hostnames?: string[]) =>
  checks.scan({ address: A, port: await listen(server, A), service, hostnames });
const daemons: (() => void)[] = [];

beforeAll(() => checks.load());
afterAll(async () => {
  daemons.forEach((stop) => stop());
  await closeAll();
});

describe('dns-zone-transfer', () => {
  it('finds a server that transfers the zone of the host name (ns1.bulwark.test → bulwark.test) to anyone', async () => {
    const ids = await serve(axfrServer('bulwark.test', 'open'), 'domain', ['ns1.bulwark.test']);
    checks.expectFound(ids, 'dns-zone-transfer');
    expect(checks.finding('dns-zone-transfer')).toMatchObject({ cve: ['CVE-1999-0532'] });
    expect(checks.finding('dns-zone-transfer')?.evidence).toContain(
      'zone: bulwark.test; records: 7; hosts: ns1.bulwark.test., vpn.bulwark.test., intranet.bulwark.test.',
    );
  });
  it('reports nothing when the transfer is refused or the connection dropped', async () => {
    expect(await serve(axfrServer('bulwark.test', 'refused'), 'domain', ['ns1.bulwark.test'])).toEqual([]);
    expect(await serve(axfrServer('bulwark.test', 'close'), 'domain', ['ns1.bulwark.test'])).toEqual([]);
  });
  it('reports nothing for a host known only by its address (no zone name to ask for)', async () => {
    expect(await serve(axfrServer('bulwark.test', 'open'), 'domain')).toEqual([]);
    expect(zoneCandidates('ns1.corp.example.com.')).toEqual(['ns1.corp.example.com', 'corp.example.com', 'example.com']);
    expect([zoneCandidates('192.0.2.1'), zoneCandidates('::1'), zoneCandidates('localhost')]).toEqual([[], [], []]);
  });
});

describe('pop3-no-starttls', () => {
  it('finds a POP3 server whose CAPA has no STLS', async () => {
    checks.expectFound(await serve(pop3Server(false), 'pop3'), 'pop3-no-starttls');
    expect(checks.finding('pop3-no-starttls')?.evidence).toContain('Dovecot');
  });
  it('reports nothing when STLS is offered', async () => {
    expect(await serve(pop3Server(true), 'pop3')).toEqual([]);
  });
});

describe('imap-no-starttls', () => {
  it('finds an IMAP server whose CAPABILITY has no STARTTLS', async () => {
    checks.expectFound(await serve(imapServer(false), 'imap'), 'imap-no-starttls');
  });
  it('reports nothing when STARTTLS is offered', async () => {
    expect(await serve(imapServer(true), 'imap')).toEqual([]);
  });
});

describe('rsync-module-listing (real rsync daemon)', () => {
  const scanRsync = async (modules: string) => {
    const d = await rsyncDaemon(A, modules);
    daemons.push(d.stop);
    return checks.scan({ address: A, port: d.port, service: 'rsync' });
  };
  it('finds a daemon that lists its modules, with their names', async () => {
    const ids = await scanRsync('[backup]\n  path = @DIR@\n  comment = nightly backups\n  read only = true\n[www]\n  path = @DIR@\n');
    checks.expectFound(ids, 'rsync-module-listing');
    expect(checks.finding('rsync-module-listing')?.evidence).toMatch(/modules: backup, www/);
  });
  it('reports nothing when every module has "list = false"', async () => {
    expect(await scanRsync('[backup]\n  path = @DIR@\n  list = false\n')).toEqual([]);
  });
});

const site =
  (files: Record<string, string>, fallback?: string): http.RequestListener =>
  (req, res) => {
    const f = files[req.url ?? ''];
    if (f !== undefined) return res.writeHead(200, { 'Content-Type': 'text/plain' }).end(f);
    if (fallback !== undefined) return res.writeHead(200, { 'Content-Type': 'text/html' }).end(fallback);
    res.writeHead(req.url?.startsWith('/.ht') ? 403 : 404, { 'Content-Type': 'text/html' }).end('<h1>Forbidden</h1>');
  };
/** Apache's default denies .ht* (403); a single-page app answers every path with its HTML (200). */
const denied = () => http.createServer(site({}));
const spa = () => http.createServer(site({}, '<!doctype html><html><body><div id="root"></div>Options Require</body></html>'));

describe('http-htaccess-exposed', () => {
  it('finds a server that serves .htaccess as text', async () => {
    const htaccess =
      'RewriteEngine On\nRewriteRule ^old/(.*)$ /new/$1 [R=301,L]\nAuthType Basic\nAuthName "Admin"\nAuthUserFile /var/www/.htpasswd\nRequire valid-user\n';
    checks.expectFound(await serve(http.createServer(site({ '/.htaccess': htaccess })), 'http'), 'http-htaccess-exposed');
    expect(checks.finding('http-htaccess-exposed')?.evidence).toContain('AuthUserFile /var/www/.htpasswd');
  });
  it('reports nothing when .ht* files are denied, nor on a single-page app', async () => {
    expect(await serve(denied(), 'http')).not.toContain('http-htaccess-exposed');
    expect(await serve(spa(), 'http')).not.toContain('http-htaccess-exposed');
  });
});

describe('http-htpasswd-exposed', () => {
  it('finds a server that serves .htpasswd, naming the users but not quoting the hashes', async () => {
    const htpasswd = 'admin:$apr1$Vf3Wc2m1$2rFzGf3v2N6kqCSfQj0KF.\ndeploy:$2y$05$7D6ypdE1NbQ5qTq4HBYeUeIUmCzvGM9bxS6nMCvq1kYQ3Y6L2Smgi\n';
    checks.expectFound(await serve(http.createServer(site({ '/.htpasswd': htpasswd })), 'http'), 'http-htpasswd-exposed');
    expect(checks.finding('http-htpasswd-exposed')?.evidence).toContain('users: admin, deploy');
    expect(checks.finding('http-htpasswd-exposed')?.evidence).not.toContain('$apr1$Vf3Wc2m1$2rFz');
  });
  it('reports nothing when .ht* files are denied, nor on a single-page app', async () => {
    expect(await serve(denied(), 'http')).not.toContain('http-htpasswd-exposed');
    expect(await serve(spa(), 'http')).not.toContain('http-htpasswd-exposed');
  });
});

describe('coverage', () => {
  it('every check of this file is proven, without connection errors', () => {
    expect(PROTOCOL_CHECKS_BY_FILE.services.filter((id) => !checks.proven.has(id))).toEqual([]);
    expect(checks.errors).toEqual([]);
  });
});
