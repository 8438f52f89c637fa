// A mail exchanger's SMTP checks against servers Exim cannot easily play: smtp-server (npm) as an open relay (that
// must never see DATA), without STARTTLS, with a version in its banner, with old TLS; raw sockets for a refused
// greeting, garbage, silence and a closed port. Addresses 127.30.25.10 and up.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { MonitorCheck } from '@bulwark/core';
import { checkMailExchanger, MailResolver, type MxCheckOptions } from '../src/index.ts';
import { arpaName } from '../src/monitor/mail/resolver.ts';
import { disclosures } from '../src/monitor/mail/smtp-banner.ts';
import { makeCert } from './checks-helpers/certs.ts';
import { freePort } from './services-helpers/daemons.ts';

const HOST = 'mx.bulwark.test';
const servers: { close(cb: () => void): void }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});

/** A resolver asking a closed port: reverse DNS cannot be checked here (the Exim tests check it against bind9). */
const resolver = new MailResolver({ servers: ['127.0.0.1:9'], timeoutMs: 300 });

const opts = (address: string, port: number, more: Partial<MxCheckOptions> = {}): MxCheckOptions => ({
  host: HOST,
  address,
  port,
  heloName: 'monitor.bulwark.test',
  checkRelay: true,
  timeoutMs: 2000,
  now: new Date(),
  resolver,
  ...more,
});

const byCheck = (checks: MonitorCheck[]) => Object.fromEntries(checks.map((c) => [c.check, c]));

/** Starts smtp-server on address; `commands` records every command verb it received, `messages` each DATA. */
async function smtpServer(address: string, options: SMTPServerOptions) {
  const commands: string[] = [];
  const seen = { messages: 0 };
  const logger = {
    debug: (meta: { tnx?: string; command?: string }) => void (meta.tnx === 'command' && meta.command && commands.push(meta.command)),
    info: () => {},
    error: () => {},
    warn: () => {},
    trace: () => {},
    fatal: () => {},
  };
  const server = new SMTPServer({
    disableReverseLookup: true,
    authOptional: true,
    onData(stream, _session, cb) {
      seen.messages++;
      stream.on('end', () => cb());
      stream.resume();
    },
    ...options,
    // smtp-server's logger type is bunyan's; ours only records the command verbs.
    logger: logger as unknown as SMTPServerOptions['logger'],
  });
  const port = await freePort(address);
  await new Promise<void>((r) => server.listen(port, address, () => r()));
  servers.push(server);
  return { port, commands, seen };
}

/** A raw TCP server: `onConnect` decides what the client hears. */
async function rawServer(address: string, onConnect: (s: net.Socket) => void) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => {});
    s.on('close', () => sockets.delete(s));
    onConnect(s);
  });
  const port = await freePort(address);
  await new Promise<void>((r) => server.listen(port, address, () => r()));
  servers.push({ close: (cb) => (sockets.forEach((s) => s.destroy()), server.close(() => cb())) });
  return port;
}

/** A scripted SMTP server: `answer` maps each command verb to what is written back; `commands` records the verbs per session. */
async function scripted(address: string, answer: (verb: string, session: number) => string) {
  const sessions: string[][] = [];
  const port = await rawServer(address, (s) => {
    const mine: string[] = [];
    const n = sessions.push(mine) - 1;
    s.write('220 mx.bulwark.test ESMTP\r\n');
    let buf = '';
    s.on('data', (d) => {
      buf += d.toString('latin1');
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
        const verb = buf.slice(0, i).trim().split(/[ :]/)[0].toUpperCase();
        buf = buf.slice(i + 1);
        mine.push(verb);
        const reply = answer(verb, n);
        if (reply) s.write(reply);
        if (verb === 'QUIT') s.end();
      }
    });
  });
  return { port, sessions };
}

describe('open relay (smtp-server)', () => {
  it('finds an open relay, resets at RCPT and never sends DATA', async () => {
    const s = await smtpServer('127.30.25.10', { hideSTARTTLS: true });
    const checks = await checkMailExchanger(opts('127.30.25.10', s.port));
    const c = byCheck(checks);
    expect(c.open_relay.status).toBe('fail');
    expect(c.open_relay.detail).toMatch(/open relay.*example\.com.*example\.net.*nothing was sent/);
    expect(c.open_relay.target).toBe(`${HOST} (127.30.25.10)`);
    expect(s.commands).toEqual(['EHLO', 'MAIL', 'RCPT', 'RSET', 'QUIT']);
    expect(s.seen.messages).toBe(0);
    // Nobody answers DNS here: reverse DNS is not judged rather than failed.
    expect(c.reverse_dns).toMatchObject({ status: 'info', detail: expect.stringMatching(/^Could not check reverse DNS/) });
  });

  it('passes a server that refuses outside recipients with 5xx, and one that refuses them for now (4xx)', async () => {
    for (const [address, code] of [
      ['127.30.25.11', 554],
      ['127.30.25.12', 451],
    ] as const) {
      const s = await smtpServer(address, {
        hideSTARTTLS: true,
        onRcptTo: (_a, _s, cb) => cb(Object.assign(new Error('Relay access denied'), { responseCode: code })),
      });
      const c = byCheck(await checkMailExchanger(opts(address, s.port)));
      expect(c.open_relay).toMatchObject({ status: 'pass', value: { rcpt_to: `${code} Relay access denied` } });
      expect(s.commands).not.toContain('DATA');
    }
  });

  it('passes a server that refuses the outside sender, and skips the test when not asked', async () => {
    const s = await smtpServer('127.30.25.13', {
      hideSTARTTLS: true,
      onMailFrom: (_a, _s, cb) => cb(Object.assign(new Error('Sender rejected'), { responseCode: 550 })),
    });
    const c = byCheck(await checkMailExchanger(opts('127.30.25.13', s.port)));
    expect(c.open_relay).toMatchObject({ status: 'pass', detail: expect.stringMatching(/refused the outside sender/) });
    expect(s.commands).not.toContain('RCPT');
    s.commands.length = 0;
    const quiet = byCheck(await checkMailExchanger(opts('127.30.25.13', s.port, { checkRelay: false })));
    expect(quiet.open_relay).toBeUndefined();
    expect(s.commands).toEqual(['EHLO', 'QUIT']);
  });
});

describe('STARTTLS (smtp-server)', () => {
  it('fails a server without STARTTLS, and does not judge a certificate it never showed', async () => {
    const s = await smtpServer('127.30.25.14', { hideSTARTTLS: true });
    const c = byCheck(await checkMailExchanger(opts('127.30.25.14', s.port)));
    expect(c.starttls.status).toBe('fail');
    expect(c.starttls.detail).toMatch(/does not offer STARTTLS.*MTA-STS/);
    expect(c.certificate.status).toBe('info');
  });

  it('warns on TLS 1.1, and upgrades before the relay test', async () => {
    const ca = makeCert({ cn: 'Bulwark Mail Test CA' });
    const leaf = makeCert({ cn: HOST, san: [`DNS:${HOST}`], ca });
    const s = await smtpServer('127.30.25.15', {
      key: leaf.key,
      cert: leaf.cert,
      minVersion: 'TLSv1',
      maxVersion: 'TLSv1.1',
      ciphers: 'ALL:@SECLEVEL=0',
    } as SMTPServerOptions);
    const c = byCheck(await checkMailExchanger(opts('127.30.25.15', s.port, { extraCa: ca.cert })));
    expect(c.starttls).toMatchObject({ status: 'warn', value: { protocol: 'TLSv1.1' } });
    expect(c.starttls.detail).toMatch(/obsolete: enable TLS 1.2 or 1.3/);
    expect(c.certificate.status).toBe('pass');
    expect(s.commands).toEqual(['EHLO', 'STARTTLS', 'EHLO', 'MAIL', 'RCPT', 'RSET', 'QUIT']);
  });

  it('passes TLS 1.3 with a trusted certificate naming the host by a SAN or, without SANs, a CN wildcard', async () => {
    const ca = makeCert({ cn: 'Bulwark Mail Test CA' });
    const leaf = makeCert({ cn: 'wrong.example', san: [`DNS:*.bulwark.test`], ca });
    const s = await smtpServer('127.30.25.16', { key: leaf.key, cert: leaf.cert });
    const c = byCheck(await checkMailExchanger(opts('127.30.25.16', s.port, { extraCa: ca.cert })));
    expect(c.starttls).toMatchObject({ status: 'pass', value: { protocol: 'TLSv1.3' } });
    expect(c.certificate).toMatchObject({ status: 'pass', value: { chain_ok: true, name_ok: true, san: ['DNS:*.bulwark.test'] } });
    const cnOnly = makeCert({ cn: '*.bulwark.test', ca });
    const s2 = await smtpServer('127.30.25.27', { key: cnOnly.key, cert: cnOnly.cert });
    const c2 = byCheck(await checkMailExchanger(opts('127.30.25.27', s2.port, { extraCa: ca.cert, checkRelay: false })));
    expect(c2.certificate).toMatchObject({ status: 'pass', value: { name_ok: true, san: [] } });
    const deep = byCheck(await checkMailExchanger(opts('127.30.25.27', s2.port, { host: 'a.mx.bulwark.test', extraCa: ca.cert })));
    expect(deep.certificate).toMatchObject({ status: 'fail', value: { name_ok: false } });
  });

  it('fails a broken TLS handshake and still tests relaying on a fresh plain session', async () => {
    const server = await scripted('127.30.25.24', (verb, session) => {
      if (verb === 'EHLO') return session === 0 ? '250-mx.bulwark.test\r\n250 STARTTLS\r\n' : '250 mx.bulwark.test\r\n';
      if (verb === 'STARTTLS') return '220 go ahead\r\nthis is not TLS\r\n';
      if (verb === 'MAIL' || verb === 'RSET') return '250 OK\r\n';
      if (verb === 'RCPT') return '550 relay not permitted\r\n';
      return verb === 'QUIT' ? '221 bye\r\n' : '500 what\r\n';
    });
    const c = byCheck(await checkMailExchanger(opts('127.30.25.24', server.port)));
    expect(c.starttls).toMatchObject({ status: 'fail', detail: expect.stringMatching(/offers STARTTLS, but the TLS handshake failed/) });
    expect(c.certificate.status).toBe('info');
    expect(c.open_relay).toMatchObject({ status: 'pass', value: { rcpt_to: '550 relay not permitted' } });
    expect(server.sessions).toEqual([
      ['EHLO', 'STARTTLS'],
      ['EHLO', 'MAIL', 'RCPT', 'RSET', 'QUIT'],
    ]);
  });
});

describe('banner (smtp-server and raw greetings)', () => {
  it('passes a greeting without software, warns on one with a version', async () => {
    const plain = await smtpServer('127.30.25.17', { hideSTARTTLS: true });
    expect(byCheck(await checkMailExchanger(opts('127.30.25.17', plain.port))).banner.status).toBe('pass');
    const loud = await smtpServer('127.30.25.18', { hideSTARTTLS: true, banner: 'FooMail 2.1.3 ready' });
    const b = byCheck(await checkMailExchanger(opts('127.30.25.18', loud.port))).banner;
    expect(b.status).toBe('warn');
    expect(b.detail).toContain('"FooMail 2.1.3"');
  });

  it('reads software and versions, not host names, addresses or dates', () => {
    const skip = ['mx1.example.org', 'monitor.bulwark.test'];
    expect(disclosures('mx1.example.org ESMTP Exim 4.96 Sun, 29 Nov 2026 09:22:35 +0000', skip)).toEqual(['Exim 4.96']);
    expect(disclosures('mx1.example.org ESMTP Postfix (Debian/GNU)', skip)).toEqual(['Postfix (Debian/GNU)']);
    expect(disclosures('mx1.example.org ESMTP Sendmail 8.15.2/8.15.2; Sun, 29 Nov 2026 09:22:35 GMT', skip)).toEqual(['Sendmail 8.15.2']);
    expect(disclosures('EX01.corp.example Microsoft ESMTP MAIL Service ready at Sun, 29 Nov 2026', skip)).toEqual([
      'Microsoft ESMTP MAIL Service',
    ]);
    expect(disclosures('mx1.example.org ESMTP ready', skip)).toEqual([]);
    expect(disclosures('mx1.example.org Hello monitor.bulwark.test [192.0.2.10] at 10.0.0.1', skip)).toEqual([]);
    expect(disclosures('mx2.mail-1.example.org Mail Exchange ready', skip)).toEqual([]);
  });

  it('fails STARTTLS and keeps the banner when the greeting refuses the session', async () => {
    const port = await rawServer('127.30.25.19', (s) => s.end('554 mx.bulwark.test ESMTP Postfix 3.7.11 no service here\r\n'));
    const checks = await checkMailExchanger(opts('127.30.25.19', port));
    const c = byCheck(checks);
    expect(c.starttls).toMatchObject({ status: 'fail', detail: expect.stringMatching(/does not accept a session.*554/) });
    expect(c.certificate.status).toBe('info');
    expect(c.open_relay.status).toBe('info');
    expect(c.banner).toMatchObject({ status: 'warn', value: { disclosed: ['Postfix 3.7.11'] } });
  });
});

describe('reverse DNS names', () => {
  it('asks the in-addr.arpa and ip6.arpa names of an address', () => {
    expect(arpaName('127.30.25.1')).toBe('1.25.30.127.in-addr.arpa');
    expect(arpaName('2001:db8::1')).toBe(`1.${'0.'.repeat(23)}8.b.d.0.1.0.0.2.ip6.arpa`);
    expect(arpaName('::ffff:192.0.2.1')).toBe(`1.0.2.0.0.0.0.c.f.f.f.f.${'0.'.repeat(20)}ip6.arpa`);
    expect(arpaName('2001:db8:0:0:1:0:0:1')).toBe(arpaName('2001:db8::1:0:0:1'));
  });
});

describe('no SMTP to talk to', () => {
  it('fails STARTTLS for a server that refuses EHLO, and tests nothing further on it', async () => {
    const server = await scripted('127.30.25.26', (verb) => (verb === 'QUIT' ? '221 bye\r\n' : '502 5.5.1 command not implemented\r\n'));
    const c = byCheck(await checkMailExchanger(opts('127.30.25.26', server.port)));
    expect(c.starttls).toMatchObject({ status: 'fail', detail: expect.stringMatching(/refuses EHLO.*502 5\.5\.1/) });
    expect(c.open_relay.status).toBe('info');
    expect(server.sessions).toEqual([['EHLO']]);
  });

  it('does not judge a server that is busy for now (4xx greeting)', async () => {
    const port = await rawServer('127.30.25.25', (s) => s.end('421 mx.bulwark.test too many connections, try later\r\n'));
    const c = byCheck(await checkMailExchanger(opts('127.30.25.25', port)));
    expect(c.starttls).toMatchObject({ status: 'info', detail: expect.stringMatching(/busy for now.*421/) });
    expect(Object.values(c).filter((x) => x.status === 'fail')).toEqual([]);
  });

  it('gives one STARTTLS fail for a closed port, for silence and for a server that is not SMTP', async () => {
    const closed = await freePort('127.30.25.20');
    const silent = await rawServer('127.30.25.21', () => {});
    const http = await rawServer('127.30.25.22', (s) => s.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    // Only the silent one gets a short limit (a busy machine may be slow to connect; that is not what is tested).
    const reasons: [number, RegExp, number][] = [
      [closed, /connection was refused/, 10_000],
      [silent, /no (answer|connection) within 300 ms/, 300],
      [http, /not an SMTP answer: "HTTP\/1.1 400 Bad Request"/, 10_000],
    ];
    for (const [i, [port, why, timeoutMs]] of reasons.entries()) {
      const address = `127.30.25.${20 + i}`;
      const checks = await checkMailExchanger(opts(address, port, { timeoutMs }));
      expect(checks).toEqual([{ check: 'starttls', target: `${HOST} (${address})`, status: 'fail', detail: expect.stringMatching(why) }]);
    }
  });

  it('stops when the run is cancelled', async () => {
    const silent = await rawServer('127.30.25.23', () => {});
    const controller = new AbortController();
    const run = checkMailExchanger(opts('127.30.25.23', silent, { timeoutMs: 60_000, signal: controller.signal }));
    setImmediate(() => controller.abort());
    await expect(run).rejects.toThrow(/aborted/);
  });
});
