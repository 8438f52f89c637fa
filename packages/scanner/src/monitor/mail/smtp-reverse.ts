// Reverse DNS of a mail exchanger's address: a PTR exists, one of its names resolves back to the same address
// (forward-confirmed, what receiving servers check before they accept mail from it), and whether it names the MX host.
import net from 'node:net';
import type { MonitorCheck } from '@bulwark/core';
import type { MailResolver } from './resolver.ts';

/** The same address however it is spelled ("::1" and "0:0:0:0:0:0:0:1"): a one-address BlockList compares them. */
export function sameAddress(a: string, b: string): boolean {
  const family = net.isIPv4(a) ? 'ipv4' : net.isIPv6(a) ? 'ipv6' : undefined;
  if (!family || net.isIP(b) !== net.isIP(a)) return a.toLowerCase() === b.toLowerCase();
  const list = new net.BlockList();
  list.addAddress(a, family);
  return list.check(b, family);
}

const noName = (e: unknown) => ['ENOTFOUND', 'ENODATA', 'NXDOMAIN'].includes(String((e as { code?: unknown }).code));
const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** The 'reverse_dns' verdict. A resolver that cannot answer (a failing server) gives info. */
export async function reverseDnsVerdict(resolver: MailResolver, host: string, address: string, target: string): Promise<MonitorCheck> {
  const check = 'reverse_dns';
  let ptr: string[];
  try {
    ptr = await resolver.reverse(address);
  } catch (e) {
    if (!noName(e)) return { check, target, status: 'info', detail: `Could not check reverse DNS: ${(e as Error).message}.` };
    ptr = [];
  }
  if (!ptr.length)
    return {
      check,
      target,
      status: 'fail',
      detail: `${address} has no reverse DNS (PTR) name; many receivers refuse mail from such addresses. Ask whoever owns the address to set one.`,
      value: { ptr },
    };
  const forward: Record<string, string[]> = {};
  let failure: string | undefined;
  for (const name of ptr.slice(0, 10)) {
    try {
      forward[bare(name)] = await resolver.addresses(name);
    } catch (e) {
      if (noName(e)) forward[bare(name)] = [];
      else failure ??= (e as Error).message;
    }
  }
  const confirmed = Object.keys(forward).filter((n) => forward[n].some((a) => sameAddress(a, address)));
  const namesHost = ptr.some((n) => bare(n) === bare(host));
  const value = { ptr, forward, confirmed, names_host: namesHost };
  if (!confirmed.length) {
    if (failure) return { check, target, status: 'info', detail: `Could not resolve ${ptr.join(', ')} forward: ${failure}.`, value };
    return {
      check,
      target,
      status: 'fail',
      detail: `${address} has the reverse DNS name ${ptr.join(', ')}, but that name does not resolve back to ${address}: receivers that check forward-confirmed reverse DNS refuse its mail. Add the address to the name, or change the PTR.`,
      value,
    };
  }
  const hostNote = namesHost ? `, the MX host's own name` : `; it is not the MX host's name ${bare(host)}, which is allowed`;
  return {
    check,
    target,
    status: 'pass',
    detail: `${address} has the reverse DNS name ${confirmed[0]}, which resolves back to it${hostNote}.`,
    value,
  };
}
