// DNS: a CHAOS TXT query for version.bind and the parse of its answer (over TCP or UDP).

export function versionBindQuery(id: number): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  header.writeUInt16BE(0x0100, 2); // RD
  header.writeUInt16BE(1, 4);
  const qname = Buffer.concat([Buffer.from([7]), Buffer.from('version'), Buffer.from([4]), Buffer.from('bind'), Buffer.from([0])]);
  const tail = Buffer.alloc(4);
  tail.writeUInt16BE(16, 0); // TXT
  tail.writeUInt16BE(3, 2); // CH
  return Buffer.concat([header, qname, tail]);
}

function skipName(msg: Buffer, off: number): number {
  while (off < msg.length) {
    const len = msg[off];
    if (len === 0) return off + 1;
    if ((len & 0xc0) === 0xc0) return off + 2;
    off += len + 1;
  }
  throw new Error('bad name');
}

export interface DnsAnswer {
  id: number;
  rcode: number;
  /** TXT strings of the answers. */
  txt: string[];
  authoritative: boolean;
  recursionAvailable: boolean;
}

/** Parses a DNS response message (no length prefix); undefined when it is not one. */
export function parseDnsResponse(msg: Buffer, expectId?: number): DnsAnswer | undefined {
  if (msg.length < 12) return undefined;
  const id = msg.readUInt16BE(0);
  const flags = msg.readUInt16BE(2);
  if (!(flags & 0x8000)) return undefined;
  if (expectId !== undefined && id !== expectId) return undefined;
  const qd = msg.readUInt16BE(4);
  const an = msg.readUInt16BE(6);
  const txt: string[] = [];
  try {
    let off = 12;
    for (let i = 0; i < qd; i++) off = skipName(msg, off) + 4;
    for (let i = 0; i < an; i++) {
      off = skipName(msg, off);
      const type = msg.readUInt16BE(off);
      const rdlen = msg.readUInt16BE(off + 8);
      const rd = msg.subarray(off + 10, off + 10 + rdlen);
      off += 10 + rdlen;
      if (type === 16) {
        let j = 0;
        while (j < rd.length) {
          const l = rd[j];
          txt.push(rd.toString('utf8', j + 1, j + 1 + l));
          j += l + 1;
        }
      }
    }
  } catch {
    /* keep what parsed */
  }
  return { id, rcode: flags & 0x0f, txt, authoritative: !!(flags & 0x0400), recursionAvailable: !!(flags & 0x0080) };
}

/** Product and version from a version.bind string: "9.18.19-1~deb12u1-Debian", "dnsmasq-2.89", "unbound 1.17.1". */
export function dnsProduct(version: string): { product?: string; version?: string } {
  let m = /^dnsmasq-([\w.]+)/i.exec(version);
  if (m) return { product: 'dnsmasq', version: m[1] };
  m = /^unbound ([\d.]+)/i.exec(version);
  if (m) return { product: 'Unbound', version: m[1] };
  m = /^PowerDNS (?:Authoritative Server|Recursor) ([\d.]+)/i.exec(version);
  if (m) return { product: 'PowerDNS', version: m[1] };
  m = /^(\d+\.\d+\.\d+(?:-P\d+)?)/.exec(version);
  if (m) return { product: 'ISC BIND', version: m[1] };
  return {};
}
