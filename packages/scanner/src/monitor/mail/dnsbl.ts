// The block-list check: each MX IPv4 address, reversed, looked up under each DNS block list zone (BULWARK_DNSBL_ZONES).
// An answer in 127.0.0.0/8 means listed (the TXT record says why); no such name means not listed; a zone that errs or
// answers 127.255.255.x (a list refusing the query) cannot judge, so it is info, never a failure.
import type { MonitorCheck } from '@bulwark/core';
import { isIPv4 } from 'node:net';
import type { MxHost } from './mx.ts';
import type { MailResolver } from './resolver.ts';
import { dnsFailure, sentence, verdict } from './verdict.ts';

type Look = { address: string; host: string; listed: boolean; reason?: string; error?: string };

async function lookUp(resolver: MailResolver, zone: string, address: string, host: string): Promise<Look> {
  const name = `${address.split('.').reverse().join('.')}.${zone}`;
  try {
    const answers = await resolver.a(name);
    if (!answers.length) return { address, host, listed: false };
    if (answers.every((a) => a.startsWith('127.255.255.')))
      return { address, host, listed: false, error: `the list refused the query (${answers.join(', ')})` };
    if (!answers.some((a) => a.startsWith('127.')))
      return { address, host, listed: false, error: `the zone answers ${answers.join(', ')}, not a block-list code` };
    const reason = (await resolver.txt(name).catch(() => [])).join(' ');
    return { address, host, listed: true, reason: reason || `code ${answers.join(', ')}` };
  } catch (e) {
    return { address, host, listed: false, error: dnsFailure(e) };
  }
}

export async function checkBlocklists(resolver: MailResolver, domain: string, mx: MxHost[], zones: string[]): Promise<MonitorCheck[]> {
  if (!zones.length)
    return [
      verdict('blocklist', domain, 'info', 'No block lists are configured (BULWARK_DNSBL_ZONES), so the MX addresses were not looked up.'),
    ];
  const targets = mx.flatMap((h) => h.addresses.filter((a) => isIPv4(a)).map((address) => ({ address, host: h.host })));
  const unique = [...new Map(targets.map((t) => [t.address, t])).values()];
  if (!unique.length) return [verdict('blocklist', domain, 'info', 'No IPv4 MX address to look up on the block lists.')];
  return Promise.all(
    zones.map(async (zone) => {
      const looks = await Promise.all(unique.map((t) => lookUp(resolver, zone, t.address, t.host)));
      const listed = looks.filter((l) => l.listed);
      const value = looks;
      if (listed.length)
        return verdict(
          'blocklist',
          zone,
          'fail',
          sentence(listed.map((l) => `${l.address} (${l.host}) is listed on ${zone}: ${l.reason}`)),
          value,
        );
      const errors = looks.filter((l) => l.error);
      if (errors.length)
        return verdict(
          'blocklist',
          zone,
          'info',
          `${zone} could not judge ${errors.map((l) => l.address).join(', ')}: ${errors[0].error}.`,
          value,
        );
      return verdict(
        'blocklist',
        zone,
        'pass',
        `${unique.map((t) => t.address).join(', ')} ${unique.length > 1 ? 'are' : 'is'} not listed on ${zone}.`,
        value,
      );
    }),
  );
}
