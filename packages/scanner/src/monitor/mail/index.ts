// A mail domain's checks: MX, SPF, DMARC, DKIM, MTA-STS, TLS-RPT, DNSSEC and block lists over DNS, then each mail
// exchanger's SMTP checks (smtp.ts). Every check answers pass, warn, fail or info with one sentence; `error` is set
// only when the domain could not be checked at all (the DNS server did not answer the MX query).
import type { MailCheckResult, MonitorCheck } from '@bulwark/core';
import { isIP } from 'node:net';
import { checkBlocklists } from './dnsbl.ts';
import { checkDkim } from './dkim.ts';
import { checkDmarc } from './dmarc.ts';
import { checkDnssec } from './dnssec.ts';
import { checkMtaSts } from './mta-sts.ts';
import { lookAtMx } from './mx.ts';
import { MailResolver } from './resolver.ts';
import { checkMailExchanger } from './smtp.ts';
import { checkSpf } from './spf.ts';
import { checkTlsRpt } from './tls-rpt.ts';
import { verdict } from './verdict.ts';

export interface MailCheckOptions {
  domain: string;
  /** Selectors looked up besides the common ones. */
  dkimSelectors: string[];
  /** DNS servers asked (address or address:port); empty: the system's. */
  dnsServers: string[];
  dnsblZones: string[];
  /** SMTP port of the exchangers (25). */
  smtpPort: number;
  heloName: string;
  checkRelay: boolean;
  timeoutMs: number;
  now: Date;
  /** PEM certificates trusted beside Node's roots (MTA-STS policy over HTTPS, the exchangers' STARTTLS). */
  extraCa?: string;
  signal?: AbortSignal;
  /** Skip the exchangers' SMTP checks (DNS only). */
  skipSmtp?: boolean;
}

/** At most this many exchanger addresses get the SMTP checks (a domain with dozens of MX addresses is rare). */
const MAX_EXCHANGERS = 10;

export async function checkMailDomain(opts: MailCheckOptions): Promise<MailCheckResult> {
  const domain = opts.domain.trim().toLowerCase().replace(/\.$/, '');
  if (isIP(domain))
    return {
      domain,
      mx: [],
      checks: [],
      error: `${domain} is an address, not a mail domain: give the monitor the domain it receives mail for.`,
    };
  const resolver = new MailResolver({ servers: opts.dnsServers, timeoutMs: opts.timeoutMs });
  const cancel = () => resolver.cancel();
  opts.signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await checkDomain(resolver, domain, opts);
  } finally {
    opts.signal?.removeEventListener('abort', cancel);
  }
}

async function checkDomain(resolver: MailResolver, domain: string, opts: MailCheckOptions): Promise<MailCheckResult> {
  const look = await lookAtMx(resolver, domain);
  opts.signal?.throwIfAborted();
  const result = { domain, mx: look.mx, error: look.error };
  if (look.error) return { ...result, checks: [look.check] };
  const [spf, dmarc, dkim, mtaSts, dnssec, blocklists] = await Promise.all([
    checkSpf(resolver, domain, look.mx),
    checkDmarc(resolver, domain),
    checkDkim(resolver, domain, opts.dkimSelectors),
    checkMtaSts(resolver, domain, look.mx, { timeoutMs: opts.timeoutMs, extraCa: opts.extraCa, signal: opts.signal }),
    checkDnssec(resolver, domain, opts.now),
    checkBlocklists(resolver, domain, look.mx, opts.dnsblZones),
  ]);
  opts.signal?.throwIfAborted();
  const tlsRpt = await checkTlsRpt(resolver, domain, mtaSts.status !== 'info');
  const checks: MonitorCheck[] = [look.check, spf, dmarc, ...dkim, mtaSts, tlsRpt, dnssec, ...blocklists];
  if (!opts.skipSmtp) checks.push(...(await exchangerChecks(resolver, look.mx, opts)));
  return { ...result, checks };
}

async function exchangerChecks(resolver: MailResolver, mx: MailCheckResult['mx'], opts: MailCheckOptions): Promise<MonitorCheck[]> {
  const out: MonitorCheck[] = [];
  const targets = mx.flatMap((h) => h.addresses.map((address) => ({ host: h.host, address }))).slice(0, MAX_EXCHANGERS);
  for (const t of targets) {
    opts.signal?.throwIfAborted();
    try {
      out.push(
        ...(await checkMailExchanger({
          host: t.host,
          address: t.address,
          port: opts.smtpPort,
          heloName: opts.heloName,
          checkRelay: opts.checkRelay,
          timeoutMs: opts.timeoutMs,
          now: opts.now,
          extraCa: opts.extraCa,
          resolver,
          signal: opts.signal,
        })),
      );
    } catch (e) {
      if (opts.signal?.aborted) throw e;
      out.push(
        verdict('starttls', `${t.host} (${t.address})`, 'info', `The SMTP checks of ${t.host} could not run: ${(e as Error).message}.`),
      );
    }
  }
  return out;
}
