// Bulwark's DNS probe for network templates (`bulwark-probe: dns-axfr`): asks for a zone transfer of the zones the host's name is in.
import net from 'node:net';
import type { Value } from './dsl.ts';
import type { ProbeResult } from './ssh.ts';
import type { CheckTarget } from './target.ts';

const TYPES: Record<number, string> = {
  1: 'A',
  2: 'NS',
  5: 'CNAME',
  6: 'SOA',
  12: 'PTR',
  13: 'HINFO',
  15: 'MX',
  16: 'TXT',
  28: 'AAAA',
  33: 'SRV',
  35: 'NAPTR',
  43: 'DS',
  46: 'RRSIG',
  47: 'NSEC',
  48: 'DNSKEY',
  257: 'CAA',
};
/** Stop reading a transfer after this many records or bytes: the finding needs a few, not the whole zone. */
const MAX_RECORDS = 500;
const MAX_BYTES = 1 << 20;

/** Zones to try for a host name: the name and its parents down to two labels ("ns1.corp.example.com" → …, "example.com"). */
export function zoneCandidates(name: string): string[] {
  const n = name.replace(/\.$/, '').toLowerCase();
  if (!n || net.isIP(n) || !n.includes('.')) return [];
  const labels = n.split('.');
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2 && out.length < 4; i++) out.push(labels.slice(i).join('.'));
  return out;
}

/** An AXFR query for `zone`, with the two-byte length prefix of DNS over TCP. */
export function axfrQuery(zone: string, id: number): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  header.writeUInt16BE(1, 4);
  const labels = zone.split('.').filter(Boolean);
  const qname = Buffer.concat([...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'latin1')])), Buffer.from([0])]);
  const tail = Buffer.from([0, 252, 0, 1]); // AXFR, IN
  const msg = Buffer.concat([header, qname, tail]);
  const len = Buffer.alloc(2);
  len.writeUInt16BE(msg.length);
  return Buffer.concat([len, msg]);
}

/** Reads a (possibly compressed) domain name; returns it and the offset after it in the record. */
function readName(msg: Buffer, off: number): { name: string; next: number } {
  const labels: string[] = [];
  let next = -1;
  for (let hops = 0; hops < 64; hops++) {
    const len = msg[off];
    if (len === undefined) throw new Error('truncated name');
    if (len === 0) return { name: labels.length ? labels.join('.') + '.' : '.', next: next < 0 ? off + 1 : next };
    if ((len & 0xc0) === 0xc0) {
      if (next < 0) next = off + 2;
      off = ((len & 0x3f) << 8) | msg[off + 1];
      continue;
    }
    labels.push(msg.toString('latin1', off + 1, off + 1 + len));
    off += len + 1;
  }
  throw new Error('name compression loop');
}

interface Transfer {
  rcode: number;
  records: { name: string; type: string }[];
}

/** Parses one DNS message of a transfer; its answers are appended to `out`. */
function parseMessage(msg: Buffer, id: number, out: Transfer): void {
  if (msg.length < 12 || msg.readUInt16BE(0) !== id || !(msg[2] & 0x80)) throw new Error('not a DNS reply to our query');
  out.rcode = msg[3] & 0x0f;
  let off = 12;
  for (let i = msg.readUInt16BE(4); i > 0; i--) off = readName(msg, off).next + 4;
  for (let i = msg.readUInt16BE(6); i > 0 && out.records.length < MAX_RECORDS; i--) {
    const { name, next } = readName(msg, off);
    const type = msg.readUInt16BE(next);
    out.records.push({ name, type: TYPES[type] ?? `TYPE${type}` });
    off = next + 10 + msg.readUInt16BE(next + 8);
  }
}

/** One AXFR over TCP: reads messages until the closing SOA, an error code, the peer closing, or the limits. */
function transfer(t: CheckTarget, port: number, zone: string): Promise<Transfer> {
  return new Promise((resolve, reject) => {
    const id = 0x4200 + Math.floor(Math.random() * 0xff);
    const out: Transfer = { rcode: -1, records: [] };
    const sock = net.connect({ host: t.address, port, timeout: t.timeoutMs });
    let buf = Buffer.alloc(0);
    let total = 0;
    const finish = (err?: Error) => {
      sock.destroy();
      t.signal?.removeEventListener('abort', abort);
      if (err && out.rcode < 0) reject(err);
      else resolve(out);
    };
    const abort = () => finish(new Error('aborted'));
    t.signal?.addEventListener('abort', abort, { once: true });
    sock.on('connect', () => sock.write(axfrQuery(zone, id)));
    sock.on('timeout', () => finish(new Error('timeout')));
    sock.on('error', (e) => finish(e));
    // Closing without a reply is how some servers refuse a transfer: no records (rcode -1), not an error.
    sock.on('close', () => finish());
    sock.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      total += d.length;
      try {
        while (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
          parseMessage(buf.subarray(2, 2 + buf.readUInt16BE(0)), id, out);
          buf = buf.subarray(2 + buf.readUInt16BE(0));
          const soas = out.records.filter((r) => r.type === 'SOA').length;
          if (out.rcode !== 0 || out.records.length === 0 || soas >= 2 || out.records.length >= MAX_RECORDS) return finish();
        }
      } catch (e) {
        return finish(e as Error);
      }
      if (total > MAX_BYTES) finish();
    });
  });
}

/** Tries AXFR for each candidate zone of the target's name; the first transfer that returns records is the result. */
export async function dnsAxfrProbe(t: CheckTarget, port: number): Promise<ProbeResult> {
  const zones = zoneCandidates(t.name);
  let last: { zone: string; rcode: number } | undefined;
  let error: Error | undefined;
  for (const zone of zones) {
    let r: Transfer;
    try {
      r = await transfer(t, port, zone);
    } catch (e) {
      if (t.signal?.aborted) throw e;
      error = e as Error;
      continue;
    }
    last = { zone, rcode: r.rcode };
    if (r.rcode === 0 && r.records.length > 0) {
      const env: Record<string, Value> = {
        axfr_zone: zone,
        axfr_rcode: 0,
        axfr_records: r.records.length,
        axfr_types: [...new Set(r.records.map((x) => x.type))].join(','),
        axfr: r.records.map((x) => `${x.name} ${x.type}`).join('\n'),
      };
      return { text: `axfr_zone: ${zone}\n${String(env.axfr)}`, env };
    }
  }
  if (!last && error) throw error;
  const why = last
    ? `AXFR ${last.zone}: ${last.rcode < 0 ? 'closed without a reply' : `rcode ${last.rcode}`}`
    : 'no zone name known for this host';
  return {
    text: why,
    env: { axfr_zone: last?.zone ?? '', axfr_rcode: last?.rcode ?? -1, axfr_records: 0, axfr_types: '', axfr: '' },
  };
}
