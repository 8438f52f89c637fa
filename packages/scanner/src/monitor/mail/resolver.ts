// The DNS the mail checks ask: the operator's servers (BULWARK_MONITOR_DNS, address or address:port) or the system's.
// A name that does not exist (or has no record of the type) answers []; a server that fails or does not answer throws,
// so a check can tell "not published" from "could not ask". `query` sends a raw packet (DNSSEC: DO and CD bits, AD).
import dgram from 'node:dgram';
import { getServers, Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import net from 'node:net';
import dnsPacket, { type DecodedPacket, type RecordType } from 'dns-packet';

export interface MailResolverOptions {
  /** "127.0.0.53", "127.0.0.53:5353"; empty: the system's resolvers. */
  servers: string[];
  timeoutMs: number;
}

/** Errors node:dns gives for "no such name" and "no such record": both mean nothing is published. */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME']);

/** A DNS server that could not be asked, or answered with an error (SERVFAIL, REFUSED, a time-out). */
export class DnsError extends Error {
  constructor(
    readonly target: string,
    readonly code: string,
  ) {
    super(`${target}: ${DNS_ERRORS[code] ?? code}`);
  }
}

const DNS_ERRORS: Record<string, string> = {
  ETIMEOUT: 'the DNS server did not answer in time',
  ESERVFAIL: 'the DNS server answered SERVFAIL',
  EREFUSED: 'the DNS server refused the query',
  ECONNREFUSED: 'the DNS server could not be reached',
  ECANCELLED: 'the run was stopped',
  EBADRESP: 'the DNS server sent a malformed answer',
};

export interface RawAnswer {
  rcode: string;
  /** Authenticated data: a validating resolver checked the DNSSEC chain. */
  ad: boolean;
  answers: DecodedPacket['answers'];
}

/** "host", "host:port", "[v6]:port" → address and port. */
export function splitServer(server: string): { address: string; port: number } {
  const v6 = /^\[(.+)\](?::(\d+))?$/.exec(server);
  if (v6) return { address: v6[1], port: Number(v6[2] ?? 53) };
  if (isIP(server) === 6) return { address: server, port: 53 };
  const [address, port] = server.split(':');
  return { address, port: Number(port ?? 53) };
}

/** The in-addr.arpa or ip6.arpa name of an address (an IPv6 one as its 32 nibbles). */
export function arpaName(address: string): string {
  if (isIP(address) === 4) return `${address.split('.').reverse().join('.')}.in-addr.arpa`;
  const [head, tail = ''] = address.toLowerCase().split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const h = groups(head);
  const t = address.includes('::') ? groups(tail) : [];
  const v4 = (t.length ? t : h).at(-1) ?? '';
  if (isIP(v4) === 4) {
    const [a, b, c, d] = v4.split('.').map(Number);
    (t.length ? t : h).splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const all = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return `${[...all.map((g) => g.padStart(4, '0')).join('')].reverse().join('.')}.ip6.arpa`;
}

export class MailResolver {
  private readonly resolver: Resolver;
  /** Lookups made so far (a check run's cost, and what the SPF evaluation memoises). */
  private readonly cache = new Map<string, Promise<unknown>>();

  constructor(readonly options: MailResolverOptions) {
    this.resolver = new Resolver({ timeout: Math.max(100, options.timeoutMs), tries: 2 });
    if (options.servers.length) this.resolver.setServers(options.servers);
  }

  /** Ends the lookups under way (they fail with ECANCELLED): a run that is stopped does not wait for DNS time-outs. */
  cancel(): void {
    this.resolver.cancel();
  }

  /** The servers asked, as address:port strings. */
  servers(): string[] {
    return this.options.servers.length ? this.options.servers : getServers();
  }

  private ask<T>(key: string, name: string, lookup: () => Promise<T>, empty: T): Promise<T> {
    const cacheKey = `${key} ${name.toLowerCase()}`;
    let p = this.cache.get(cacheKey) as Promise<T> | undefined;
    if (!p) {
      p = lookup().catch((e: NodeJS.ErrnoException) => {
        if (e.code && ABSENT.has(e.code)) return empty;
        throw new DnsError(name, e.code ?? String(e));
      });
      this.cache.set(cacheKey, p);
    }
    return p;
  }

  /** TXT records, each one's character strings joined. */
  txt(name: string): Promise<string[]> {
    return this.ask('txt', name, async () => (await this.resolver.resolveTxt(name)).map((chunks) => chunks.join('')), []);
  }

  /** MX records; a null MX ("0 .") has exchange ''. */
  mx(name: string): Promise<{ exchange: string; priority: number }[]> {
    return this.ask('mx', name, () => this.resolver.resolveMx(name), []);
  }

  a(name: string): Promise<string[]> {
    return this.ask('a', name, () => this.resolver.resolve4(name), []);
  }

  aaaa(name: string): Promise<string[]> {
    return this.ask('aaaa', name, () => this.resolver.resolve6(name), []);
  }

  /** A and AAAA. */
  async addresses(name: string): Promise<string[]> {
    const [v4, v6] = await Promise.all([this.a(name), this.aaaa(name)]);
    return [...v4, ...v6];
  }

  /** PTR names of an address, asked as a PTR query: node's reverse() says ENOTFOUND for a server that is down too. */
  reverse(address: string): Promise<string[]> {
    return this.ask('ptr', address, () => this.resolver.resolvePtr(arpaName(address)), []);
  }

  /**
   * One raw query over UDP (TCP when truncated), with EDNS and the DO bit, to each server in turn until one answers;
   * `cd` asks a validating resolver not to validate (to tell a broken signature from a broken server).
   */
  async query(name: string, type: RecordType, o: { cd?: boolean } = {}): Promise<RawAnswer> {
    let last: unknown = new DnsError(name, 'ECONNREFUSED');
    for (const s of this.servers().length ? this.servers() : ['127.0.0.1']) {
      try {
        return await this.queryOne(splitServer(s), name, type, o);
      } catch (e) {
        last = e;
      }
    }
    throw last;
  }

  private async queryOne(
    server: { address: string; port: number },
    name: string,
    type: RecordType,
    o: { cd?: boolean },
  ): Promise<RawAnswer> {
    const id = Math.floor(Math.random() * 65_535);
    const packet = dnsPacket.encode({
      type: 'query',
      id,
      flags: dnsPacket.RECURSION_DESIRED | (o.cd ? dnsPacket.CHECKING_DISABLED : 0),
      questions: [{ type, name, class: 'IN' }],
      additionals: [
        {
          type: 'OPT',
          name: '.',
          udpPayloadSize: 4096,
          extendedRcode: 0,
          ednsVersion: 0,
          flags: dnsPacket.DNSSEC_OK,
          flag_do: true,
          options: [],
        },
      ],
    });
    let reply = await this.udp(server, packet, id);
    if (reply.flag_tc) reply = await this.tcp(server, packet);
    return { rcode: (reply as DecodedPacket & { rcode?: string }).rcode ?? 'NOERROR', ad: reply.flag_ad, answers: reply.answers ?? [] };
  }

  /** Sends the query and waits for the answer with its id (others, late or forged, are ignored). */
  private udp(server: { address: string; port: number }, packet: Buffer, id: number): Promise<DecodedPacket> {
    return new Promise((resolve, reject) => {
      const socket = dgram.createSocket(isIP(server.address) === 6 ? 'udp6' : 'udp4');
      const timer = setTimeout(() => done(new DnsError(server.address, 'ETIMEOUT')), this.options.timeoutMs);
      let finished = false;
      const done = (e: Error | null, reply?: DecodedPacket) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        socket.close();
        if (e) reject(e);
        else resolve(reply!);
      };
      socket.on('error', (e) => done(e));
      socket.on('message', (msg) => {
        let reply: DecodedPacket;
        try {
          reply = dnsPacket.decode(msg);
        } catch {
          return done(new DnsError(server.address, 'EBADRESP'));
        }
        if (reply.id === id) done(null, reply);
      });
      socket.send(packet, server.port, server.address);
    });
  }

  private tcp(server: { address: string; port: number }, packet: Buffer): Promise<DecodedPacket> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: server.address, port: server.port });
      let data = Buffer.alloc(0);
      socket.setTimeout(this.options.timeoutMs, () => socket.destroy(new DnsError(server.address, 'ETIMEOUT')));
      socket.on('error', reject);
      socket.on('connect', () => socket.end(Buffer.concat([Buffer.from([packet.length >> 8, packet.length & 255]), packet])));
      socket.on('data', (chunk: Buffer) => {
        data = Buffer.concat([data, chunk]);
        if (data.length >= 2 && data.length >= 2 + data.readUInt16BE(0)) {
          socket.destroy();
          try {
            resolve(dnsPacket.decode(data.subarray(2, 2 + data.readUInt16BE(0))));
          } catch {
            reject(new DnsError(server.address, 'EBADRESP'));
          }
        }
      });
    });
  }
}
