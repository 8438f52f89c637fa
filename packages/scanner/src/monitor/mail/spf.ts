// The SPF check: exactly one v=spf1 record, its syntax, the DNS-querying terms counted through every include and
// redirect against RFC 7208's limit of 10, void lookups, the `all` it ends with, and whether each MX address (and an
// address nobody owns) is permitted when the policy is evaluated.
import type { MonitorCheck } from '@bulwark/core';
import { BlockList, isIPv4 } from 'node:net';
import type { MxHost } from './mx.ts';
import type { MailResolver } from './resolver.ts';
import { expandMacros, isSpf, LOOKUP_TERMS, parseSpf, type Mechanism, type SpfRecord } from './spf-parse.ts';
import { dnsFailure, sentence, verdict } from './verdict.ts';

export const SPF_LOOKUP_LIMIT = 10;
export const SPF_VOID_LIMIT = 2;
/** An address from TEST-NET-2 (RFC 5737) that no real sender has: a policy that permits it permits anyone. */
const NOBODY = '198.51.100.254';
const MAX_DEPTH = 12;

type Result = 'pass' | 'fail' | 'softfail' | 'neutral' | 'none' | 'permerror' | 'temperror';

interface Walk {
  lookups: number;
  voids: number;
  errors: string[];
}

/** The domain's SPF records. */
async function records(resolver: MailResolver, domain: string): Promise<string[]> {
  return (await resolver.txt(domain)).filter(isSpf);
}

/** Counts DNS-querying terms and void lookups of `record` and everything it includes or redirects to. */
/** `path`: the domains from the top record down to this one (an include of one of them is a loop; twice elsewhere is not). */
async function walk(resolver: MailResolver, domain: string, spf: SpfRecord, w: Walk, path: string[]): Promise<void> {
  const depth = path.length - 1;
  if (depth > MAX_DEPTH) return void w.errors.push(`includes nest deeper than ${MAX_DEPTH}`);
  w.errors.push(...spf.errors.map((e) => (depth ? `${e} (in ${domain})` : e)));
  const ctx = { ip: NOBODY, domain, sender: `postmaster@${domain}` };
  const follow = async (target: string, how: string) => {
    const key = target.toLowerCase().replace(/\.$/, '');
    if (path.includes(key)) return void w.errors.push(`${how}:${target} loops back to a record that includes it`);
    const found = await records(resolver, target);
    if (found.length !== 1) {
      w.errors.push(found.length ? `${how}:${target} has ${found.length} SPF records` : `${how}:${target} has no SPF record`);
      if (!found.length) w.voids++;
      return;
    }
    await walk(resolver, target, parseSpf(found[0]), w, [...path, key]);
  };
  for (const m of spf.mechanisms) {
    if (!LOOKUP_TERMS.has(m.kind)) continue;
    // far past the limit the verdict is known: stop before a crafted record makes us walk forever
    if (++w.lookups > 5 * SPF_LOOKUP_LIMIT) return;
    const macro = m.value?.includes('%');
    const target = m.value ? expandMacros(m.value, ctx) : domain;
    if (macro || !target) continue; // depends on the sender; nothing to resolve ahead
    if (m.kind === 'include') await follow(target, 'include');
    else if (m.kind === 'a' || m.kind === 'exists') {
      if (!(m.kind === 'a' ? await resolver.addresses(target) : await resolver.a(target)).length) w.voids++;
    } else if (m.kind === 'mx') {
      if (!(await resolver.mx(target)).length) w.voids++;
    }
  }
  if (spf.redirect !== undefined && !spf.mechanisms.some((m) => m.kind === 'all')) {
    w.lookups++;
    const target = expandMacros(spf.redirect, ctx);
    if (target && !spf.redirect.includes('%')) await follow(target, 'redirect');
  }
}

function inNetwork(ip: string, network: string, prefix: number): boolean {
  const list = new BlockList();
  const type = isIPv4(network) ? 'ipv4' : 'ipv6';
  list.addSubnet(network, prefix, type);
  return (isIPv4(ip) ? 'ipv4' : 'ipv6') === type && list.check(ip, type);
}

const prefixOf = (m: Mechanism, ip: string) => (isIPv4(ip) ? (m.cidr4 ?? 32) : (m.cidr6 ?? 128));

/** check_host() of RFC 7208 §4 for one address, as a receiver would evaluate it. */
async function checkHost(resolver: MailResolver, ip: string, domain: string, depth = 0): Promise<Result> {
  if (depth > MAX_DEPTH) return 'permerror';
  const found = await records(resolver, domain);
  if (found.length !== 1) return found.length ? 'permerror' : 'none';
  const spf = parseSpf(found[0]);
  if (spf.errors.length) return 'permerror';
  const ctx = { ip, domain, sender: `postmaster@${domain}` };
  const anyIn = (addrs: string[], m: Mechanism) => addrs.some((a) => inNetwork(ip, a, prefixOf(m, ip)));
  for (const m of spf.mechanisms) {
    const target = m.value && !['ip4', 'ip6'].includes(m.kind) ? expandMacros(m.value, ctx) : domain;
    if (target === undefined) return 'permerror';
    let matched = false;
    switch (m.kind) {
      case 'all':
        matched = true;
        break;
      case 'ip4':
      case 'ip6':
        matched = inNetwork(ip, m.value!, m.kind === 'ip4' ? (m.cidr4 ?? 32) : (m.cidr6 ?? 128));
        break;
      case 'a':
        matched = anyIn(await resolver.addresses(target), m);
        break;
      case 'mx':
        for (const r of (await resolver.mx(target)).slice(0, 10))
          if (r.exchange && anyIn(await resolver.addresses(r.exchange), m)) matched = true;
        break;
      case 'exists':
        matched = (await resolver.a(target)).length > 0;
        break;
      case 'ptr':
        for (const name of await resolver.reverse(ip).catch(() => []))
          if ((name === target || name.endsWith(`.${target}`)) && (await resolver.addresses(name)).includes(ip)) matched = true;
        break;
      case 'include': {
        const r = await checkHost(resolver, ip, target, depth + 1);
        if (r === 'none' || r === 'permerror') return 'permerror';
        if (r === 'temperror') return r;
        matched = r === 'pass';
        break;
      }
    }
    if (matched) return ({ '+': 'pass', '-': 'fail', '~': 'softfail', '?': 'neutral' } as const)[m.qualifier];
  }
  if (spf.redirect !== undefined) {
    const target = expandMacros(spf.redirect, ctx);
    const r = target ? await checkHost(resolver, ip, target, depth + 1) : 'permerror';
    return r === 'none' ? 'permerror' : r;
  }
  return 'neutral';
}

/** The `all` a receiver ends on: the record's own, else the redirect target's. */
async function finalAll(resolver: MailResolver, spf: SpfRecord, depth = 0): Promise<Mechanism | undefined> {
  const own = spf.mechanisms.find((m) => m.kind === 'all');
  if (own || spf.redirect === undefined || depth > MAX_DEPTH || spf.redirect.includes('%')) return own;
  const found = await records(resolver, spf.redirect);
  return found.length === 1 ? finalAll(resolver, parseSpf(found[0]), depth + 1) : undefined;
}

export async function checkSpf(resolver: MailResolver, domain: string, mx: MxHost[]): Promise<MonitorCheck> {
  try {
    const found = await records(resolver, domain);
    if (!found.length)
      return verdict(
        'spf',
        domain,
        'fail',
        `${domain} publishes no SPF record: anyone can send mail in its name; publish "v=spf1 mx -all" or similar.`,
      );
    if (found.length > 1)
      return verdict(
        'spf',
        domain,
        'fail',
        `${domain} publishes ${found.length} SPF records; receivers treat that as an error (permerror): merge them into one.`,
        { records: found },
      );
    const spf = parseSpf(found[0]);
    const w: Walk = { lookups: 0, voids: 0, errors: [] };
    await walk(resolver, domain, spf, w, [domain.toLowerCase()]);
    const fails = [...w.errors];
    const warns: string[] = [];
    if (w.lookups > SPF_LOOKUP_LIMIT)
      fails.push(`it needs ${w.lookups} DNS lookups, over the limit of ${SPF_LOOKUP_LIMIT}, so receivers answer permerror`);
    const all = await finalAll(resolver, spf);
    if (all?.qualifier === '+') fails.push(`it ends with "${all.text}", which permits any sender`);
    else if (!fails.length && (await checkHost(resolver, NOBODY, domain)) === 'pass')
      fails.push(`it permits ${NOBODY}, an address nobody sends from, so it permits almost anyone`);
    if (all?.qualifier === '?') warns.push(`it ends with "?all" (neutral), which protects nothing; use "~all" or "-all"`);
    if (!all) warns.push('it has no "all" mechanism, so unlisted senders are neutral; end it with "-all" or "~all"');
    if (w.voids > SPF_VOID_LIMIT)
      warns.push(`${w.voids} of its lookups find nothing (more than ${SPF_VOID_LIMIT} void lookups make receivers answer permerror)`);
    if (spf.mechanisms.some((m) => m.kind === 'ptr')) warns.push('it uses "ptr", which RFC 7208 says not to use (slow and unreliable)');
    const results: Record<string, string> = {};
    if (!fails.length)
      for (const h of mx)
        for (const a of h.addresses) {
          const r = await checkHost(resolver, a, domain);
          results[a] = r;
          if (r !== 'pass')
            warns.push(`the MX ${h.host} (${a}) is not permitted (${r}), so mail it sends in the domain's name may be rejected`);
        }
    const value = { record: found[0], lookups: w.lookups, void_lookups: w.voids, all: all?.text ?? null, mx_results: results };
    if (fails.length)
      return verdict('spf', domain, 'fail', sentence([`SPF record "${found[0]}": ${fails[0]}`, ...fails.slice(1), ...warns]), value);
    if (warns.length) return verdict('spf', domain, 'warn', sentence([`SPF record "${found[0]}": ${warns[0]}`, ...warns.slice(1)]), value);
    return verdict(
      'spf',
      domain,
      'pass',
      `SPF record "${found[0]}" is valid, needs ${w.lookups} of ${SPF_LOOKUP_LIMIT} DNS lookups, ends with "${all?.text}" and permits every MX address.`,
      value,
    );
  } catch (e) {
    return verdict('spf', domain, 'info', `The SPF policy could not be read in full (${dnsFailure(e)}), so it is not judged this time.`);
  }
}
