// One mail exchanger's SMTP checks: STARTTLS, its certificate and name, open relay (never past RCPT), banner
// disclosure, reverse DNS that matches. A connection that fails gives one 'starttls' fail.
import type { MonitorCheck } from '@bulwark/core';
import { bannerVerdict } from './smtp-banner.ts';
import { ehloExtensions, replyText, SmtpConnection, type SmtpReply } from './smtp-client.ts';
import { relayVerdict } from './smtp-relay.ts';
import { reverseDnsVerdict } from './smtp-reverse.ts';
import { certificateVerdict, starttlsVerdict, tlsDetails, tlsOptions } from './smtp-tls.ts';
import type { MailResolver } from './resolver.ts';

export interface MxCheckOptions {
  /** The MX host name and one of its addresses. */
  host: string;
  address: string;
  port: number;
  heloName: string;
  checkRelay: boolean;
  timeoutMs: number;
  now: Date;
  extraCa?: string;
  resolver: MailResolver;
  signal?: AbortSignal;
}

const aborted = (o: MxCheckOptions) => {
  if (o.signal?.aborted) throw new Error('aborted');
};

/** Connects, reads the greeting and says EHLO; the greeting and EHLO reply come back with the open connection. */
async function greet(o: MxCheckOptions): Promise<{ conn: SmtpConnection; greeting: SmtpReply; ehlo: SmtpReply }> {
  const conn = await SmtpConnection.open({ address: o.address, port: o.port, timeoutMs: o.timeoutMs, signal: o.signal });
  try {
    const greeting = await conn.read();
    if (greeting.code !== 220) return { conn, greeting, ehlo: greeting };
    const ehlo = await conn.command(`EHLO ${o.heloName}`);
    return { conn, greeting, ehlo };
  } catch (e) {
    conn.close();
    throw e;
  }
}

const fail = (check: string, target: string, detail: string, value?: unknown): MonitorCheck => ({
  check,
  target,
  status: 'fail',
  detail,
  ...(value === undefined ? {} : { value }),
});
const info = (check: string, target: string, detail: string): MonitorCheck => ({ check, target, status: 'info', detail });

export async function checkMailExchanger(opts: MxCheckOptions): Promise<MonitorCheck[]> {
  const o = opts;
  const target = `${o.host} (${o.address})`;
  aborted(o);
  let session: Awaited<ReturnType<typeof greet>>;
  try {
    session = await greet(o);
  } catch (e) {
    aborted(o);
    const why = (e as NodeJS.ErrnoException).code === 'ECONNREFUSED' ? 'the connection was refused' : (e as Error).message;
    return [fail('starttls', target, `Could not talk SMTP to ${target} on port ${o.port}: ${why}.`)];
  }
  let { conn } = session;
  const { greeting, ehlo } = session;
  const checks: MonitorCheck[] = [];
  const banner = bannerVerdict(greeting.lines.join(' '), ehlo === greeting ? '' : ehlo.lines.join(' '), o.host, o.heloName, target);
  try {
    if (greeting.code !== 220 || ehlo.code !== 250) {
      const refusal = greeting.code !== 220 ? greeting : ehlo;
      const said = replyText(refusal);
      // A 4xx is "busy, come back later" by definition: not judged, so one busy moment does not alert.
      if (refusal.code < 500) checks.push(info('starttls', target, `Not checked: ${target} is busy for now (it answered "${said}").`));
      else if (refusal === greeting)
        checks.push(fail('starttls', target, `${target} does not accept a session (it answered "${said}"), so it cannot offer STARTTLS.`));
      else checks.push(fail('starttls', target, `${target} refuses EHLO (it answered "${said}"), so it cannot offer STARTTLS.`));
      checks.push(info('certificate', target, 'Not checked: no STARTTLS session.'));
      if (o.checkRelay) checks.push(info('open_relay', target, `Not checked: the server answered "${said}".`));
    } else {
      const upgraded = await tryStarttls(conn, o, target, ehloExtensions(ehlo), checks);
      if (o.checkRelay) {
        // The relay test runs on the TLS session when there is one, else on a fresh plain session (a broken upgrade
        // leaves the first one unusable), because an open relay matters whether or not TLS works.
        let fresh: Awaited<ReturnType<typeof greet>> | undefined;
        if (!conn.usable || upgraded === 'no-ehlo') {
          conn.close();
          fresh = await greet(o);
          conn = fresh.conn;
        }
        if (fresh && (fresh.greeting.code !== 220 || fresh.ehlo.code !== 250)) {
          const said = replyText(fresh.greeting.code !== 220 ? fresh.greeting : fresh.ehlo);
          checks.push(info('open_relay', target, `Not checked: a second session was refused ("${said}").`));
        } else checks.push(await relayVerdict(conn, target));
      }
      await conn.command('QUIT').catch(() => undefined);
    }
  } catch (e) {
    aborted(o);
    for (const c of ['starttls', 'certificate', ...(o.checkRelay ? ['open_relay'] : [])])
      if (!checks.some((x) => x.check === c)) checks.push(info(c, target, `Not checked: ${(e as Error).message}.`));
  } finally {
    conn.close();
  }
  aborted(o);
  checks.push(banner);
  checks.push(await reverseDnsVerdict(o.resolver, o.host, o.address, target));
  return checks;
}

/**
 * STARTTLS when offered, with the 'starttls' and 'certificate' verdicts; EHLO again over TLS. Says whether the session
 * is now TLS ('tls'), TLS without a working EHLO ('no-ehlo'), or still plain ('plain').
 */
async function tryStarttls(
  conn: SmtpConnection,
  o: MxCheckOptions,
  target: string,
  extensions: string[],
  checks: MonitorCheck[],
): Promise<'tls' | 'no-ehlo' | 'plain'> {
  if (!extensions.some((e) => /^STARTTLS\b/i.test(e))) {
    const why = `${target} does not offer STARTTLS: mail to it travels unencrypted, and MTA-STS cannot be enforced. Enable TLS on the server.`;
    checks.push(fail('starttls', target, why, { offered: false, extensions }));
    checks.push(info('certificate', target, 'Not checked: the server offers no STARTTLS.'));
    return 'plain';
  }
  const answer = await conn.command('STARTTLS');
  if (answer.code !== 220) {
    checks.push(
      fail('starttls', target, `${target} offers STARTTLS but refuses it ("${replyText(answer)}").`, { offered: true, extensions }),
    );
    checks.push(info('certificate', target, 'Not checked: the STARTTLS upgrade was refused.'));
    return 'plain';
  }
  let secure;
  try {
    secure = await conn.upgrade(tlsOptions(o.host, o.extraCa));
  } catch (e) {
    aborted(o);
    checks.push(fail('starttls', target, `${target} offers STARTTLS, but the TLS handshake failed: ${(e as Error).message}.`));
    checks.push(info('certificate', target, 'Not checked: no TLS handshake.'));
    return 'plain';
  }
  checks.push(starttlsVerdict(secure, target, extensions));
  checks.push(certificateVerdict(tlsDetails(secure, o.host, o.extraCa, o.now), o.host, target, o.now));
  return (await conn.command(`EHLO ${o.heloName}`)).code === 250 ? 'tls' : 'no-ehlo';
}
