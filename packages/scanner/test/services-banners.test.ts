// Services that speak first, and Memcached: small protocol servers written with node:net that answer as the named products
// do (banners copied from them), so that these run without the daemons; services-daemons.test.ts runs the real ones.
import dgram from 'node:dgram';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifyService, identifyUdpService } from '../src/services/index.ts';
import { RSYNC_GREETING, VSFTPD_OOPS } from './services-helpers/recorded.ts';
import { close, listen } from './services-helpers/servers.ts';

const T = { timeoutMs: 1000 };
const HOST = '127.0.0.45';

/** A line server: greets, then answers each line through `reply`. */
function lineServer(greeting: Buffer | string, reply: (line: string) => string | undefined): net.Server {
  return net.createServer((sock) => {
    sock.on('error', () => {});
    if (greeting.length > 0) sock.write(greeting);
    let pending = '';
    sock.on('data', (d) => {
      pending += d.toString('latin1');
      let nl;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl).replace(/\r$/, '');
        pending = pending.slice(nl + 1);
        const r = reply(line);
        if (r !== undefined) sock.write(r);
      }
    });
  });
}

const servers: Record<string, { server: net.Server; port: number }> = {};
async function start(name: string, server: net.Server): Promise<void> {
  servers[name] = { server, port: await listen(server, HOST) };
}

beforeAll(async () => {
  await start(
    'vsftpd',
    lineServer('220 (vsFTPd 3.0.3)\r\n', (l) => (/^QUIT/i.test(l) ? '221 Goodbye.\r\n' : '530 Please login with USER and PASS.\r\n')),
  );
  await start(
    'proftpd',
    lineServer('220 ProFTPD 1.3.8 Server (Debian) [::ffff:127.0.0.45]\r\n', () => '500 Command not understood\r\n'),
  );
  await start(
    'dovecot-pop3',
    lineServer('+OK Dovecot (Debian) ready.\r\n', (l) =>
      /^CAPA/i.test(l) ? '+OK\r\nCAPA\r\nTOP\r\nUIDL\r\nRESP-CODES\r\nSTLS\r\nSASL PLAIN\r\n.\r\n' : '+OK\r\n',
    ),
  );
  await start(
    'dovecot-imap',
    lineServer(
      '* OK [CAPABILITY IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE LITERAL+ STARTTLS AUTH=PLAIN] Dovecot (Debian) ready.\r\n',
      (l) => {
        const [tag, cmd] = l.split(' ');
        if (/^CAPABILITY$/i.test(cmd ?? ''))
          return `* CAPABILITY IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE LITERAL+ STARTTLS AUTH=PLAIN\r\n${tag} OK Pre-login capabilities listed, post-login capabilities have more.\r\n`;
        return `${tag} OK\r\n`;
      },
    ),
  );
  await start(
    'vnc',
    lineServer('RFB 003.008\n', () => undefined),
  );
  await start(
    'telnet',
    lineServer(Buffer.from([0xff, 0xfd, 0x18, 0xff, 0xfd, 0x20, 0xff, 0xfd, 0x23, 0xff, 0xfd, 0x27]), () => undefined),
  );
  await start(
    'vsftpd-oops',
    lineServer(VSFTPD_OOPS, () => undefined),
  );
  await start(
    'rsync',
    lineServer(RSYNC_GREETING, () => '@ERROR: protocol startup error\n'),
  );
  // 220 greetings: SMTP and FTP both use them (issue 11: a Postfix greeting was once taken for FTP).
  await start(
    'postfix-silent',
    lineServer('220 mail.example.test ESMTP Postfix\r\n', () => undefined),
  );
  await start(
    'smtp-unmarked',
    lineServer('220 relay.example.test Service ready\r\n', (l) =>
      /^EHLO/i.test(l) ? '250-relay.example.test\r\n250-PIPELINING\r\n250 STARTTLS\r\n' : '221 Bye\r\n',
    ),
  );
  await start(
    'ftp-unmarked',
    lineServer('220 Service ready for new user.\r\n', (l) =>
      /^USER/i.test(l) ? '331 User name okay, need password.\r\n' : /^QUIT/i.test(l) ? '221 Bye\r\n' : '500 Unknown command.\r\n',
    ),
  );
  await start(
    'unknown-220',
    lineServer('220 Welcome\r\n', () => undefined),
  );
  await start(
    'memcached',
    lineServer('', (l) => (l === 'version' ? 'VERSION 1.6.18\r\n' : 'ERROR\r\n')),
  );
});
afterAll(async () => {
  for (const { server } of Object.values(servers)) await close(server);
});

describe('banner services', () => {
  it('FTP: vsftpd with version', async () => {
    const s = await identifyService(HOST, servers.vsftpd.port, T);
    expect(s).toMatchObject({ name: 'ftp', product: 'vsftpd', version: '3.0.3', banner: '220 (vsFTPd 3.0.3)' });
    expect(s!.cpe).toEqual(['cpe:2.3:a:beasts:vsftpd:3.0.3:*:*:*:*:*:*:*']);
  });

  it('FTP: ProFTPD with version', async () => {
    const s = await identifyService(HOST, servers.proftpd.port, T);
    expect(s).toMatchObject({ name: 'ftp', product: 'ProFTPD', version: '1.3.8' });
  });

  it('SMTP: a greeting that says ESMTP Postfix is SMTP on any port, even when EHLO goes unanswered', async () => {
    const s = await identifyService(HOST, servers['postfix-silent'].port, T);
    expect(s).toMatchObject({ name: 'smtp', product: 'Postfix smtpd', banner: '220 mail.example.test ESMTP Postfix' });
  });

  it('SMTP: an unmarked 220 greeting is SMTP when EHLO is answered with 250', async () => {
    const s = await identifyService(HOST, servers['smtp-unmarked'].port, T);
    expect(s).toMatchObject({ name: 'smtp', extra: { starttls: true } });
  });

  it('FTP: an unmarked 220 greeting is FTP only when USER gets an FTP answer', async () => {
    expect(await identifyService(HOST, servers['ftp-unmarked'].port, T)).toMatchObject({ name: 'ftp' });
    const silent = await identifyService(HOST, servers['unknown-220'].port, T);
    expect(silent?.name).not.toBe('ftp');
    expect(silent?.name).not.toBe('smtp');
  });

  it('FTP: vsftpd refusing every session with 500 OOPS is still vsftpd', async () => {
    const s = await identifyService(HOST, servers['vsftpd-oops'].port, T);
    expect(s).toMatchObject({ name: 'ftp', product: 'vsftpd', extra: { error: 'vsftpd: both local and anonymous access disabled!' } });
    expect(s!.version).toBeUndefined();
  });

  it('rsync: protocol version and digests from the daemon greeting', async () => {
    const s = await identifyService(HOST, servers.rsync.port, T);
    expect(s).toMatchObject({ name: 'rsync', banner: '@RSYNCD: 32.0 sha512 sha256 sha1 md5 md4' });
    expect(s!.extra).toEqual({ protocol: '32.0', digests: ['sha512', 'sha256', 'sha1', 'md5', 'md4'] });
  });

  it('POP3: Dovecot and its CAPA list', async () => {
    const s = await identifyService(HOST, servers['dovecot-pop3'].port, T);
    expect(s).toMatchObject({ name: 'pop3', product: 'Dovecot pop3d', banner: '+OK Dovecot (Debian) ready.' });
    expect(s!.extra).toMatchObject({ starttls: true, capabilities: ['CAPA', 'TOP', 'UIDL', 'RESP-CODES', 'STLS', 'SASL PLAIN'] });
  });

  it('IMAP: Dovecot and its capabilities', async () => {
    const s = await identifyService(HOST, servers['dovecot-imap'].port, T);
    expect(s).toMatchObject({ name: 'imap', product: 'Dovecot imapd' });
    expect(s!.extra).toMatchObject({ starttls: true });
    expect(s!.extra!.capabilities).toContain('IMAP4rev1');
  });

  it('VNC: RFB protocol version', async () => {
    const s = await identifyService(HOST, servers.vnc.port, T);
    expect(s).toMatchObject({ name: 'vnc', banner: 'RFB 003.008', extra: { protocol: '3.8' } });
  });

  it('Telnet: option negotiation', async () => {
    const s = await identifyService(HOST, servers.telnet.port, T);
    expect(s!.name).toBe('telnet');
    expect(s!.extra!.negotiation).toEqual(['DO terminal-type', 'DO terminal-speed', 'DO x-display', 'DO new-environment']);
  });

  it('Memcached: silent until asked, then VERSION', async () => {
    const s = await identifyService(HOST, servers.memcached.port, T);
    expect(s).toMatchObject({ name: 'memcached', product: 'Memcached', version: '1.6.18' });
    expect(s!.cpe).toEqual(['cpe:2.3:a:memcached:memcached:1.6.18:*:*:*:*:*:*:*']);
  });
});

describe('UDP', () => {
  it('DNS: version.bind over UDP from a dgram server answering CHAOS TXT', async () => {
    const sock = dgram.createSocket('udp4');
    sock.on('message', (msg, rinfo) => {
      // Answer only DNS queries (QR=0 and one question), as a name server would; SNMP packets are ignored.
      if (msg.length < 17 || msg[0] === 0x30) return;
      const txt = Buffer.from('9.18.28-1~deb12u2-Debian');
      const question = msg.subarray(12);
      const header = Buffer.from(msg.subarray(0, 12));
      header.writeUInt16BE(0x8400, 2);
      header.writeUInt16BE(1, 6);
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0);
      rr.writeUInt16BE(16, 2);
      rr.writeUInt16BE(3, 4);
      rr.writeUInt16BE(txt.length + 1, 10);
      sock.send(Buffer.concat([header, question, rr, Buffer.from([txt.length]), txt]), rinfo.port, rinfo.address);
    });
    await new Promise<void>((r) => sock.bind(0, HOST, () => r()));
    try {
      const s = await identifyUdpService(HOST, sock.address().port, { timeoutMs: 300 });
      expect(s).toMatchObject({ name: 'domain', product: 'ISC BIND', version: '9.18.28', banner: '9.18.28-1~deb12u2-Debian' });
      expect(s!.cpe).toEqual(['cpe:2.3:a:isc:bind:9.18.28:*:*:*:*:*:*:*']);
    } finally {
      sock.close();
    }
  });
});
