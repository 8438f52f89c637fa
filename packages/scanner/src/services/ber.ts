// Minimal ASN.1 BER encoding and decoding for LDAP and SNMP fingerprinting.

export interface BerNode {
  tag: number;
  /** Content bytes. */
  value: Buffer;
  /** Children, for constructed tags. */
  children?: BerNode[];
}

function encodeLength(len: number): Buffer {
  if (len < 0x80) return Buffer.from([len]);
  const bytes: number[] = [];
  while (len > 0) {
    bytes.unshift(len & 0xff);
    len >>= 8;
  }
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), encodeLength(body.length), body]);
}

export function berInt(n: number): Buffer {
  const bytes: number[] = [];
  do {
    bytes.unshift(n & 0xff);
    n >>= 8;
  } while (n > 0);
  if (bytes[0] & 0x80) bytes.unshift(0);
  return tlv(0x02, Buffer.from(bytes));
}

export const berString = (s: string, tag = 0x04): Buffer => tlv(tag, Buffer.from(s, 'utf8'));
export const berNull = (): Buffer => Buffer.from([0x05, 0x00]);

export function berOid(oid: string): Buffer {
  const parts = oid.split('.').map(Number);
  const bytes: number[] = [parts[0] * 40 + parts[1]];
  for (const p of parts.slice(2)) {
    const enc: number[] = [p & 0x7f];
    let v = p >> 7;
    while (v > 0) {
      enc.unshift((v & 0x7f) | 0x80);
      v >>= 7;
    }
    bytes.push(...enc);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** Total length of the first TLV in `buf`, or undefined while incomplete. */
export function berLength(buf: Buffer, off = 0): number | undefined {
  if (buf.length < off + 2) return undefined;
  let len = buf[off + 1];
  let hdr = 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4 || buf.length < off + 2 + n) return undefined;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[off + 2 + i];
    hdr += n;
  }
  return hdr + len;
}

/** Decodes the TLVs in `buf` (recursing into constructed ones); throws on malformed input. */
export function berDecode(buf: Buffer): BerNode[] {
  const out: BerNode[] = [];
  let off = 0;
  while (off < buf.length) {
    const total = berLength(buf, off);
    if (total === undefined || off + total > buf.length) throw new Error('truncated BER');
    const tag = buf[off];
    const lenByte = buf[off + 1];
    const hdr = lenByte & 0x80 ? 2 + (lenByte & 0x7f) : 2;
    const value = buf.subarray(off + hdr, off + total);
    const node: BerNode = { tag, value };
    if (tag & 0x20) node.children = berDecode(value);
    out.push(node);
    off += total;
  }
  return out;
}

export function berToInt(node: BerNode): number {
  let n = 0;
  for (const b of node.value) n = n * 256 + b;
  return n;
}
