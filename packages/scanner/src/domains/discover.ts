// Domain asset discovery: the host names of a customer's domains, from every source it is given — the domain's name
// servers and mail exchangers, a zone transfer from each name server (where one allows it), a certificate-
// transparency search, names the caller already knows (certificates seen in scans) and common names guessed from a
// word list — each resolved (A and AAAA) through the DNS server it is told to ask, with at most `concurrency` lookups
// at once. A domain that answers every name (a wildcard record) is recognised by asking for a name nobody would
// register: a guessed name that only gets the wildcard's addresses is not a host.
import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isUnderDomain, normaliseDomain, type DomainSource, type DomainWordlist } from '@bulwark/core';
import { zoneTransfer } from './axfr.ts';
import { ctNames } from './ct.ts';
import { wordlistLabels } from './wordlist.ts';

export interface DomainDiscoveryOptions {
  domains: readonly string[];
  wordlist: DomainWordlist;
  zoneTransfer: boolean;
  /** The certificate-transparency source (crt.sh JSON interface); null: not asked. */
  ctUrl: string | null;
  /** The DNS server asked; null: the system's resolvers. */
  resolver: { address: string; port: number } | null;
  /** Names known from elsewhere (certificate names seen in scans), kept when under one of the domains. */
  knownNames?: readonly { name: string; source: DomainSource }[];
  /** Lookups at once (default 16). */
  concurrency?: number;
  /** Each lookup's, transfer's and search's time limit (default 5 s). */
  timeoutMs?: number;
  /** The port zone transfers are asked on (53; a test's name server may listen elsewhere). */
  zoneTransferPort?: number;
  /** The most host names kept (the rest are left out, with a note). */
  maxHosts?: number;
  signal?: AbortSignal;
  /** Steps done of the steps known so far (the total grows once the candidate names are gathered). */
  onProgress?: (current: number, total: number) => void;
}

export interface DiscoveredHost {
  name: string;
  domain: string;
  addresses: string[];
  sources: DomainSource[];
}

export interface DiscoveryNote {
  domain: string;
  source: DomainSource;
  message: string;
}

export interface DomainDiscoveryResult {
  hosts: DiscoveredHost[];
  notes: DiscoveryNote[];
}

/** node:dns's codes for "no such name" and "no such record". */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN']);
const DNS_WORDS: Record<string, string> = {
  ETIMEOUT: 'did not answer in time',
  ECONNREFUSED: 'could not be reached',
  ESERVFAIL: 'answered SERVFAIL',
  EREFUSED: 'refused the query',
};

/** Runs `work` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length && !signal?.aborted) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

export async function discoverDomainHosts(o: DomainDiscoveryOptions): Promise<DomainDiscoveryResult> {
  const timeoutMs = o.timeoutMs ?? 5000;
  const concurrency = o.concurrency ?? 16;
  const maxHosts = o.maxHosts ?? 10_000;
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  const server = o.resolver;
  if (server) resolver.setServers([isIP(server.address) === 6 ? `[${server.address}]:${server.port}` : `${server.address}:${server.port}`]);
  const serverWords = server ? `The DNS server ${server.address}:${server.port}` : 'The DNS server';
  o.signal?.addEventListener('abort', () => resolver.cancel(), { once: true });

  const notes: DiscoveryNote[] = [];
  const domains = [...new Set(o.domains.map((d) => normaliseDomain(d)).filter((d): d is string => d !== null))];
  const words = wordlistLabels(o.wordlist);
  let current = 0;
  // Per domain: the wildcard probe, NS and MX, a zone transfer, the CT search; then one step per candidate name.
  let total = domains.length * (2 + (o.zoneTransfer ? 1 : 0) + (o.ctUrl ? 1 : 0));
  const step = (n = 1) => {
    current += n;
    o.onProgress?.(current, total);
  };

  /** Addresses of a name; [] when it does not exist; a failure of the server is noted once per domain. */
  const failed = new Set<string>();
  const lookup = async (name: string, domain: string, source: DomainSource): Promise<string[]> => {
    const ask = async (fn: () => Promise<string[]>) => {
      try {
        return await fn();
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
        if (!ABSENT.has(code) && code !== 'ECANCELLED' && !failed.has(domain)) {
          failed.add(domain);
          notes.push({ domain, source, message: `${serverWords} ${DNS_WORDS[code] ?? `failed (${code})`} when asked for ${name}.` });
        }
        return [];
      }
    };
    const [v4, v6] = await Promise.all([ask(() => resolver.resolve4(name)), ask(() => resolver.resolve6(name))]);
    return [...v4, ...v6];
  };

  const found = new Map<string, { domain: string; sources: Set<DomainSource>; addresses: Set<string>; guessed: boolean }>();
  const add = (name: string, domain: string, source: DomainSource, addresses: readonly string[] = []) => {
    let h = found.get(name);
    if (!h) {
      if (found.size >= maxHosts) return;
      h = { domain, sources: new Set(), addresses: new Set(), guessed: true };
      found.set(name, h);
    }
    h.sources.add(source);
    if (source !== 'common_name') h.guessed = false;
    for (const a of addresses) h.addresses.add(a);
  };
  const under = (raw: string, domain: string) => {
    const n = normaliseDomain(raw);
    return n !== null && isUnderDomain(n, domain) ? n : null;
  };
  const wildcards = new Map<string, Set<string>>();

  await eachLimited(
    domains,
    Math.max(1, Math.floor(concurrency / 4)),
    async (domain) => {
      // A name nobody registers: an answer means the domain has a wildcard record.
      wildcards.set(domain, new Set(await lookup(`bulwark-${randomBytes(6).toString('hex')}.${domain}`, domain, 'common_name')));
      step();
      const nsNames: string[] = [];
      try {
        nsNames.push(...(await resolver.resolveNs(domain)).map((n) => n.toLowerCase()));
      } catch {
        /* no NS answer: nothing to transfer from; the lookups note a server that fails */
      }
      let mx: string[] = [];
      try {
        mx = (await resolver.resolveMx(domain)).map((m) => m.exchange.toLowerCase());
      } catch {
        /* no MX */
      }
      for (const n of [...nsNames, ...mx]) {
        const name = under(n, domain);
        if (name) add(name, domain, 'dns_record');
      }
      step();

      if (o.zoneTransfer) {
        const tried: string[] = [];
        let done = false;
        for (const ns of nsNames) {
          if (done || o.signal?.aborted) break;
          for (const address of await lookup(ns, domain, 'zone_transfer')) {
            // The DNS server set by the operator is asked on its own port when it is one of the name servers (an
            // internal authoritative server); every other name server on the DNS port.
            const port = server && server.address === address ? server.port : (o.zoneTransferPort ?? 53);
            const r = await zoneTransfer({ address, port }, domain, { timeoutMs, signal: o.signal });
            if (r.ok) {
              for (const rec of r.records) {
                const owner = rec.name.startsWith('*.') ? null : under(rec.name, domain);
                if (!owner) continue;
                if (rec.type === 'A' || rec.type === 'AAAA') add(owner, domain, 'zone_transfer', [String(rec.data)]);
                else if (rec.type === 'CNAME') add(owner, domain, 'zone_transfer');
                const target =
                  rec.type === 'MX'
                    ? (rec.data as { exchange: string }).exchange
                    : rec.type === 'SRV'
                      ? (rec.data as { target: string }).target
                      : rec.type === 'NS' || rec.type === 'CNAME'
                        ? String(rec.data)
                        : null;
                const t = target ? under(target, domain) : null;
                if (t) add(t, domain, 'zone_transfer');
              }
              if (r.truncated)
                notes.push({ domain, source: 'zone_transfer', message: `The zone transfer from ${ns} (${address}) was cut off.` });
              done = true;
              break;
            }
            tried.push(`${ns} (${address}): ${r.reason}`);
          }
        }
        if (!done)
          notes.push({
            domain,
            source: 'zone_transfer',
            message: nsNames.length
              ? `No name server allowed a zone transfer of ${domain}. ${tried.join('; ')}.`
              : `${domain} has no name servers to ask for a zone transfer.`,
          });
        step();
      }

      if (o.ctUrl) {
        try {
          for (const name of await ctNames(o.ctUrl, domain, { timeoutMs: Math.max(timeoutMs, 30_000), signal: o.signal }))
            add(name, domain, 'ct_log');
        } catch (e) {
          notes.push({ domain, source: 'ct_log', message: `The certificate-transparency source ${(e as Error).message} for ${domain}.` });
        }
        step();
      }

      for (const k of o.knownNames ?? []) {
        const name = under(k.name.replace(/^\*\./, ''), domain);
        if (name) add(name, domain, k.source);
      }
      for (const w of words) add(`${w}.${domain}`, domain, 'common_name');
    },
    o.signal,
  );

  const candidates = [...found.keys()];
  total += candidates.length;
  o.onProgress?.(current, total);
  await eachLimited(
    candidates,
    concurrency,
    async (name) => {
      const h = found.get(name)!;
      for (const a of await lookup(name, h.domain, h.guessed ? 'common_name' : [...h.sources][0]!)) h.addresses.add(a);
      step();
    },
    o.signal,
  );
  if (found.size >= maxHosts)
    notes.push({ domain: domains.join(', '), source: 'ct_log', message: `Only the first ${maxHosts} host names were kept.` });

  const hosts: DiscoveredHost[] = [];
  for (const [name, h] of found) {
    if (h.guessed) {
      // A guessed name is a host only when it resolves to something besides the domain's wildcard.
      const wild = wildcards.get(h.domain) ?? new Set<string>();
      if (h.addresses.size === 0 || [...h.addresses].every((a) => wild.has(a))) continue;
    }
    hosts.push({ name, domain: h.domain, addresses: [...h.addresses].sort(), sources: [...h.sources].sort() });
  }
  hosts.sort((a, b) => a.name.localeCompare(b.name));
  return { hosts, notes };
}
