// Test helper: UDP handlers (for listenUdp) speaking SNMP, DNS, NTP (modes 6 and 7) and Memcached's UDP framing.
import type { UdpHandler } from './udp.ts';

/** BER type-length-value with short or long (0x81/0x82) length. */
function tlv(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const n = body.length;
  const len = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...len]), body]);
}

/** Reads one BER element at `off`: its tag, value and the offset after it. */
function ber(buf: Buffer, off: number): { tag: number; value: Buffer; next: number } {
  const tag = buf[off];
  let len = buf[off + 1];
  let start = off + 2;
  if (len & 0x80) {
    const k = len & 0x7f;
    len = buf.readUIntBE(off + 2, k);
    start += k;
  }
  return { tag, value: buf.subarray(start, start + len), next: start + len };
}

const SYS_DESCR_OID = Buffer.from('2b06010201010100', 'hex');

/** An SNMP agent answering GetRequests for sysDescr.0 only for its communities and versions (0 = v1, 1 = v2c). */
export function snmpAgent(o: { communities: string[]; versions: number[]; sysDescr: string }): UdpHandler {
  return (msg) => {
    try {
      const outer = ber(msg, 0);
      const version = ber(outer.value, 0);
      const community = ber(outer.value, version.next);
      const pdu = ber(outer.value, community.next);
      const requestId = ber(pdu.value, 0);
      if (outer.tag !== 0x30 || pdu.tag !== 0xa0) return undefined;
      if (!o.versions.includes(version.value[0]) || !o.communities.includes(community.value.toString('latin1'))) return undefined;
      const varbind = tlv(0x30, tlv(0x30, tlv(0x06, SYS_DESCR_OID), tlv(0x04, Buffer.from(o.sysDescr, 'latin1'))));
      const response = tlv(0xa2, tlv(0x02, requestId.value), tlv(0x02, Buffer.from([0])), tlv(0x02, Buffer.from([0])), varbind);
      return tlv(0x30, tlv(0x02, version.value), tlv(0x04, community.value), response);
    } catch {
      return undefined;
    }
  };
}

/**
 * A DNS server on UDP. `open`: recursive for everyone (answers example.com with RA set). `authoritative`: recursion
 * off, other names are REFUSED with RA clear. `acl`: recursion on but not for this client (REFUSED, RA set), as BIND does.
 */
export function dnsServer(mode: 'open' | 'authoritative' | 'acl'): UdpHandler {
  return (msg) => {
    if (msg.length < 17) return undefined;
    let end = 12;
    while (msg[end] !== 0) end += msg[end] + 1;
    const question = msg.subarray(12, end + 5);
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2);
    header.writeUInt16BE(1, 4);
    if (mode !== 'open') {
      header.writeUInt16BE(mode === 'acl' ? 0x8185 : 0x8105, 2);
      return Buffer.concat([header, question]);
    }
    header.writeUInt16BE(0x8180, 2);
    header.writeUInt16BE(1, 6);
    const answer = Buffer.from('c00c00010001000003840004' + '5db8d70e', 'hex'); // example.com A 93.184.215.14, TTL 900
    return Buffer.concat([header, question, answer]);
  };
}

/**
 * An NTP server: answers client requests (mode 3) always; `monlist`: answers mode 7 MON_GETLIST_1 with its client
 * list (two packets), `monlist-error`: with error 4 (no data); `readvar`: answers mode 6 READVAR with system variables.
 */
export function ntpServer(o: { monlist?: boolean | 'error'; readvar?: boolean }): UdpHandler {
  return (msg) => {
    const mode = msg[0] & 7;
    if (mode === 3) {
      const r = Buffer.alloc(48);
      r[0] = 0x24; // version 4, server
      r[1] = 2; // stratum
      return r;
    }
    if (mode === 7 && o.monlist && msg[2] === 3 && msg[3] === 42) {
      if (o.monlist === 'error') return Buffer.from([0x97, 0x00, 0x03, 0x2a, 0x40, 0x00, 0x00, 0x00]);
      const packet = (more: boolean, seq: number) => {
        const head = Buffer.from([more ? 0xd7 : 0x97, seq, 0x03, 0x2a, 0x00, 0x06, 0x00, 0x48]);
        const items = Buffer.alloc(6 * 72);
        for (let i = 0; i < 6; i++) items.writeUInt32BE(0xc0a80100 + i + 10, i * 72 + 16); // client addresses
        return Buffer.concat([head, items]);
      };
      return [packet(true, 0), packet(false, 1)];
    }
    if (mode === 6 && o.readvar && (msg[1] & 0x1f) === 2) {
      const vars = Buffer.from(
        'version="ntpd 4.2.6p5@1.2349-o Fri Jul 22 17:30:51 UTC 2016 (1)", processor="x86_64", system="Linux/3.10.0-1160.el7.x86_64", leap=00, stratum=2, precision=-24, refid=192.168.1.1\r\n\0\0',
        'latin1',
      );
      const head = Buffer.alloc(12);
      head[0] = msg[0];
      head[1] = 0x82;
      msg.copy(head, 2, 2, 4); // sequence
      head.writeUInt16BE(0x0615, 4); // status
      head.writeUInt16BE(vars.length - 2, 10);
      return Buffer.concat([head, vars]);
    }
    return undefined;
  };
}

/** Memcached with UDP enabled (`udp`) answers "stats" in its 8-byte UDP frame; with -U 0 it never answers. */
export function memcachedUdp(udp: boolean): UdpHandler {
  return (msg) => {
    if (!udp || msg.length < 8 || !msg.subarray(8).toString('latin1').startsWith('stats')) return undefined;
    const frame = Buffer.from([msg[0], msg[1], 0, 0, 0, 1, 0, 0]);
    const stats = 'STAT pid 1021\r\nSTAT uptime 86400\r\nSTAT version 1.4.25\r\nSTAT curr_items 5123\r\nSTAT bytes 10485760\r\nEND\r\n';
    return Buffer.concat([frame, Buffer.from(stats, 'latin1')]);
  };
}
