// The MX check: the domain publishes MX records and each exchanger's name resolves; a null MX ("0 .", RFC 7505)
// says the domain takes no mail and is a valid answer.
import type { MonitorCheck } from '@bulwark/core';
import type { MailResolver } from './resolver.ts';
import { dnsFailure, sentence, verdict } from './verdict.ts';

export interface MxHost {
  host: string;
  preference: number;
  addresses: string[];
}

export interface MxLook {
  mx: MxHost[];
  /** The domain declares it takes no mail (null MX). */
  nullMx: boolean;
  check: MonitorCheck;
  /** The MX lookup itself failed (the DNS server did not answer): the domain could not be checked. */
  error: string | null;
}

export async function lookAtMx(resolver: MailResolver, domain: string): Promise<MxLook> {
  let records: { exchange: string; priority: number }[];
  try {
    records = await resolver.mx(domain);
  } catch (e) {
    const why = dnsFailure(e);
    return { mx: [], nullMx: false, error: why, check: verdict('mx', domain, 'fail', `The MX records could not be read: ${why}.`) };
  }
  records.sort((a, b) => a.priority - b.priority || a.exchange.localeCompare(b.exchange));
  if (records.length === 1 && (records[0].exchange === '' || records[0].exchange === '.')) {
    const detail = `${domain} publishes a null MX ("0 ."): it declares that it accepts no mail.`;
    return { mx: [], nullMx: true, error: null, check: verdict('mx', domain, 'pass', detail, records) };
  }
  if (!records.length) {
    const detail = `${domain} has no MX records: senders fall back to its address records, or cannot deliver at all; publish MX records (or a null MX if it takes no mail).`;
    return { mx: [], nullMx: false, error: null, check: verdict('mx', domain, 'fail', detail) };
  }
  const mx: MxHost[] = [];
  const problems: string[] = [];
  for (const r of records) {
    const host = r.exchange.replace(/\.$/, '').toLowerCase();
    let addresses: string[] = [];
    try {
      addresses = await resolver.addresses(host);
      if (!addresses.length) problems.push(`the MX host ${host} does not resolve to an address`);
    } catch (e) {
      problems.push(`the MX host ${host} could not be resolved (${dnsFailure(e)})`);
    }
    if (/^[0-9.]+$|:/.test(host)) problems.push(`the MX ${host} is an address, but an MX must name a host`);
    mx.push({ host, preference: r.priority, addresses });
  }
  const list = mx.map((m) => `${m.host} (${m.preference})`).join(', ');
  const value = mx;
  if (problems.length) return { mx, nullMx: false, error: null, check: verdict('mx', domain, 'fail', sentence(problems), value) };
  return { mx, nullMx: false, error: null, check: verdict('mx', domain, 'pass', `MX records: ${list}; each resolves.`, value) };
}
