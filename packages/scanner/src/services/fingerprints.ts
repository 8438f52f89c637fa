// Fingerprints for services that wait for the client: Redis, PostgreSQL, MongoDB, Memcached, RDP, SMB, LDAP, DNS (TCP);
// brokers in brokers.ts.
import { printable, text } from './conn.ts';
import type { Found } from './result.ts';
import type { TcpFingerprint } from './types.ts';
import { berDecode, berInt, berLength, berString, tlv, type BerNode } from './ber.ts';
import { dnsProduct, parseDnsResponse, versionBindQuery } from './dns.ts';
import { BROKER_FINGERPRINTS } from './brokers.ts';

export type { FingerprintContext, TcpFingerprint } from './types.ts';

// ---------------------------------------------------------------- Redis

function redisComplete(buf: Buffer): boolean {
  const s = buf.toString('latin1');
  if (s.length > 0 && !'+-$*:'.includes(s[0])) return true;
  const bulk = /\$(\d+)\r\n/.exec(s);
  if (bulk) return s.length >= bulk.index + bulk[0].length + Number(bulk[1]);
  return (s.match(/\r\n/g) ?? []).length >= 2;
}

const redis: TcpFingerprint = {
  name: 'redis',
  async run(conn, ctx) {
    conn.write('*1\r\n$4\r\nPING\r\n*2\r\n$4\r\nINFO\r\n$6\r\nserver\r\n');
    const buf = await conn.read(redisComplete, ctx.timeoutMs, ctx.signal);
    const s = buf.toString('latin1');
    const first = s.split('\r\n')[0];
    if (!/^(\+PONG|-NOAUTH|-DENIED|-ERR operation not permitted|-WRONGPASS)/.test(first)) return undefined;
    const extra: Record<string, unknown> = {};
    const info: Record<string, string> = {};
    for (const line of s.split('\r\n')) {
      const m = /^(\w+):(.*)$/.exec(line);
      if (m) info[m[1]] = m[2];
    }
    if (first === '+PONG' && info.redis_version) {
      extra.unauthenticated = true;
      extra.mode = info.redis_mode;
      extra.os = info.os;
      extra.info = info;
    } else if (first === '+PONG') {
      extra.unauthenticated = true;
    } else {
      extra.authRequired = /NOAUTH|WRONGPASS|not permitted/.test(first);
      if (first.startsWith('-DENIED')) extra.protectedMode = true;
      extra.error = first.slice(1);
    }
    return { name: 'redis', product: 'Redis', version: info.redis_version, banner: first, extra };
  },
};

// ---------------------------------------------------------------- PostgreSQL

function startupMessage(user: string, database: string): Buffer {
  const params = Buffer.from(`user\0${user}\0database\0${database}\0application_name\0bulwark-scanner\0\0`, 'latin1');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + params.length, 0);
  head.writeUInt32BE(196608, 4); // protocol 3.0
  return Buffer.concat([head, params]);
}

interface PgMessage {
  type: string;
  body: Buffer;
}

function pgMessages(buf: Buffer): { messages: PgMessage[]; complete: boolean } {
  const messages: PgMessage[] = [];
  let off = 0;
  while (off + 5 <= buf.length) {
    const len = buf.readUInt32BE(off + 1);
    if (len < 4 || len > 1 << 20) return { messages, complete: true };
    if (off + 1 + len > buf.length) break;
    messages.push({ type: String.fromCharCode(buf[off]), body: buf.subarray(off + 5, off + 1 + len) });
    off += 1 + len;
  }
  const last = messages[messages.length - 1];
  const done = !!last && (last.type === 'E' || last.type === 'Z' || (last.type === 'R' && last.body.readUInt32BE(0) !== 0));
  return { messages, complete: done };
}

const PG_AUTH: Record<number, string> = { 0: 'trust', 2: 'kerberos', 3: 'password', 5: 'md5', 7: 'gss', 9: 'sspi', 10: 'scram' };

const postgresql: TcpFingerprint = {
  name: 'postgresql',
  async run(conn, ctx) {
    // SSLRequest: a PostgreSQL server answers exactly one byte, S or N.
    conn.write(Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]));
    const ssl = await conn.read((b) => b.length >= 1, ctx.timeoutMs, ctx.signal);
    if (ssl.length !== 1 || (ssl[0] !== 0x53 && ssl[0] !== 0x4e)) return undefined;
    const extra: Record<string, unknown> = { ssl: ssl[0] === 0x53 };
    const found: Found = { name: 'postgresql', product: 'PostgreSQL', extra };
    const second = await ctx.connect();
    if (!second) return found;
    try {
      second.write(startupMessage('postgres', 'postgres'));
      const buf = await second.read((b) => pgMessages(b).complete, ctx.timeoutMs, ctx.signal);
      const { messages } = pgMessages(buf);
      for (const m of messages) {
        if (m.type === 'R' && m.body.length >= 4) {
          const code = m.body.readUInt32BE(0);
          extra.auth = PG_AUTH[code] ?? code;
          if (code === 0) extra.unauthenticated = true;
          if (code === 10) extra.saslMechanisms = m.body.toString('latin1', 4).split('\0').filter(Boolean);
        } else if (m.type === 'S') {
          const [k, v] = m.body.toString('utf8').split('\0');
          if (k === 'server_version') {
            extra.serverVersion = v;
            found.version = /^[\d.]+(?:beta\d+|rc\d+)?/.exec(v)?.[0] ?? v;
          }
        } else if (m.type === 'E') {
          const fields: Record<string, string> = {};
          for (const f of m.body.toString('utf8').split('\0')) if (f.length > 1) fields[f[0]] = f.slice(1);
          extra.error = { severity: fields.V ?? fields.S, code: fields.C, message: fields.M };
        }
      }
      found.banner = printable(buf.subarray(0, 64));
      second.write(Buffer.from([0x58, 0, 0, 0, 4]));
    } finally {
      second.close();
    }
    return found;
  },
};

// ---------------------------------------------------------------- MongoDB

function bsonDoc(fields: [string, number | string][]): Buffer {
  const parts: Buffer[] = [];
  for (const [k, v] of fields) {
    if (typeof v === 'number') {
      const n = Buffer.alloc(4);
      n.writeInt32LE(v);
      parts.push(Buffer.from([0x10]), Buffer.from(k + '\0'), n);
    } else {
      const s = Buffer.from(v + '\0');
      const n = Buffer.alloc(4);
      n.writeInt32LE(s.length);
      parts.push(Buffer.from([0x02]), Buffer.from(k + '\0'), n, s);
    }
  }
  const body = Buffer.concat([...parts, Buffer.from([0])]);
  const len = Buffer.alloc(4);
  len.writeInt32LE(body.length + 4);
  return Buffer.concat([len, body]);
}

/** Decodes a BSON document (the common scalar types; stops at an unknown one). */
export function bsonParse(buf: Buffer, off = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const end = off + buf.readInt32LE(off);
  let i = off + 4;
  while (i < end - 1) {
    const type = buf[i++];
    const nul = buf.indexOf(0, i);
    const key = buf.toString('utf8', i, nul);
    i = nul + 1;
    if (type === 0x01) {
      out[key] = buf.readDoubleLE(i);
      i += 8;
    } else if (type === 0x02) {
      const l = buf.readInt32LE(i);
      out[key] = buf.toString('utf8', i + 4, i + 4 + l - 1);
      i += 4 + l;
    } else if (type === 0x03 || type === 0x04) {
      const sub = bsonParse(buf, i);
      out[key] = type === 0x04 ? Object.values(sub) : sub;
      i += buf.readInt32LE(i);
    } else if (type === 0x08) out[key] = buf[i++] === 1;
    else if (type === 0x10) {
      out[key] = buf.readInt32LE(i);
      i += 4;
    } else if (type === 0x12 || type === 0x09 || type === 0x11) {
      out[key] = Number(buf.readBigInt64LE(i));
      i += 8;
    } else if (type === 0x07) {
      out[key] = buf.toString('hex', i, i + 12);
      i += 12;
    } else if (type === 0x0a) out[key] = null;
    else if (type === 0x05) {
      const l = buf.readInt32LE(i);
      i += 5 + l;
    } else break;
  }
  return out;
}

function opMsg(requestId: number, doc: Buffer): Buffer {
  const head = Buffer.alloc(21);
  head.writeInt32LE(21 + doc.length, 0);
  head.writeInt32LE(requestId, 4);
  head.writeInt32LE(0, 8);
  head.writeInt32LE(2013, 12);
  head.writeUInt32LE(0, 16);
  head[20] = 0; // section kind 0: body
  return Buffer.concat([head, doc]);
}

function opMsgReply(buf: Buffer, requestId: number): Record<string, unknown> | undefined {
  if (buf.length < 21) return undefined;
  const len = buf.readInt32LE(0);
  if (buf.length < len || buf.readInt32LE(8) !== requestId || buf.readInt32LE(12) !== 2013 || buf[20] !== 0) return undefined;
  try {
    return bsonParse(buf.subarray(21, len));
  } catch {
    return undefined;
  }
}

const mongodb: TcpFingerprint = {
  name: 'mongodb',
  async run(conn, ctx) {
    const complete = (b: Buffer) => b.length >= 4 && (b.length >= b.readInt32LE(0) || b.readInt32LE(0) < 16);
    conn.write(
      opMsg(
        0x4255,
        bsonDoc([
          ['hello', 1],
          ['$db', 'admin'],
        ]),
      ),
    );
    const hello = opMsgReply(await conn.read(complete, ctx.timeoutMs, ctx.signal), 0x4255);
    if (!hello) return undefined;
    conn.consume();
    conn.write(
      opMsg(
        0x4256,
        bsonDoc([
          ['buildInfo', 1],
          ['$db', 'admin'],
        ]),
      ),
    );
    const build = opMsgReply(await conn.read(complete, ctx.timeoutMs, ctx.signal), 0x4256);
    const extra: Record<string, unknown> = { hello };
    let version: string | undefined;
    if (build && build.ok === 1 && typeof build.version === 'string') {
      version = build.version;
      extra.gitVersion = build.gitVersion;
    }
    conn.consume();
    conn.write(
      opMsg(
        0x4257,
        bsonDoc([
          ['listDatabases', 1],
          ['nameOnly', 1],
          ['$db', 'admin'],
        ]),
      ),
    );
    const list = opMsgReply(await conn.read(complete, ctx.timeoutMs, ctx.signal), 0x4257);
    if (list) {
      extra.unauthenticated = list.ok === 1;
      if (list.ok !== 1) extra.authRequired = true;
    }
    return { name: 'mongodb', product: 'MongoDB', version, banner: JSON.stringify(hello).slice(0, 256), extra };
  },
};

// ---------------------------------------------------------------- Memcached

const memcached: TcpFingerprint = {
  name: 'memcached',
  async run(conn, ctx) {
    conn.write('version\r\n');
    const line = text(await conn.read((b) => b.includes(0x0a), ctx.timeoutMs, ctx.signal)).split('\n')[0];
    const m = /^VERSION (\S+)/.exec(line);
    if (!m) return undefined;
    return { name: 'memcached', product: 'Memcached', version: m[1], banner: line, extra: { unauthenticated: true } };
  },
};

// ---------------------------------------------------------------- RDP

const RDP_PROTOCOLS: Record<number, string> = { 0: 'rdp', 1: 'ssl', 2: 'hybrid', 3: 'ssl+hybrid', 8: 'hybrid_ex' };
const RDP_FAILURES: Record<number, string> = {
  1: 'SSL_REQUIRED_BY_SERVER',
  2: 'SSL_NOT_ALLOWED_BY_SERVER',
  3: 'SSL_CERT_NOT_ON_SERVER',
  4: 'INCONSISTENT_FLAGS',
  5: 'HYBRID_REQUIRED_BY_SERVER',
  6: 'SSL_WITH_USER_AUTH_REQUIRED_BY_SERVER',
};

const rdp: TcpFingerprint = {
  name: 'ms-wbt-server',
  async run(conn, ctx) {
    // TPKT + X.224 Connection Request + RDP_NEG_REQ (TLS | CredSSP).
    conn.write(Buffer.from([3, 0, 0, 19, 14, 0xe0, 0, 0, 0, 0, 0, 1, 0, 8, 0, 3, 0, 0, 0]));
    const buf = await conn.read((b) => b.length >= 4 && b.length >= b.readUInt16BE(2), ctx.timeoutMs, ctx.signal);
    if (buf.length < 11 || buf[0] !== 3 || buf[1] !== 0 || buf[5] !== 0xd0) return undefined;
    const extra: Record<string, unknown> = {};
    if (buf.length >= 19 && buf[11] === 2) {
      const selected = buf.readUInt32LE(15);
      extra.selectedProtocol = RDP_PROTOCOLS[selected] ?? selected;
      extra.nla = (selected & 2) !== 0 || selected === 8;
    } else if (buf.length >= 19 && buf[11] === 3) {
      const code = buf.readUInt32LE(15);
      extra.negotiationFailure = RDP_FAILURES[code] ?? code;
      extra.nla = code === 5;
      if (code === 2) extra.selectedProtocol = 'rdp';
    } else {
      extra.selectedProtocol = 'rdp';
      extra.nla = false;
    }
    return { name: 'ms-wbt-server', product: 'Microsoft Terminal Services', banner: printable(buf), extra };
  },
};

// ---------------------------------------------------------------- SMB

function netbios(payload: Buffer): Buffer {
  const h = Buffer.alloc(4);
  h.writeUInt32BE(payload.length);
  return Buffer.concat([h, payload]);
}

function smb1Negotiate(dialects: string[]): Buffer {
  const header = Buffer.alloc(32);
  Buffer.from([0xff, 0x53, 0x4d, 0x42, 0x72]).copy(header, 0);
  header[9] = 0x18;
  header.writeUInt16LE(0xc853, 10);
  header.writeUInt16LE(0xfeff, 26);
  const names = Buffer.concat(dialects.map((d) => Buffer.from(`\x02${d}\0`, 'latin1')));
  const bc = Buffer.alloc(3);
  bc.writeUInt16LE(names.length, 1);
  return netbios(Buffer.concat([header, bc, names]));
}

function smb2Negotiate(dialects: number[]): Buffer {
  const header = Buffer.alloc(64);
  Buffer.from([0xfe, 0x53, 0x4d, 0x42]).copy(header, 0);
  header.writeUInt16LE(64, 4);
  header.writeUInt16LE(0, 12); // NEGOTIATE
  header.writeUInt16LE(1, 14); // credits
  const body = Buffer.alloc(36 + dialects.length * 2);
  body.writeUInt16LE(36, 0);
  body.writeUInt16LE(dialects.length, 2);
  body.writeUInt16LE(1, 4); // signing enabled
  for (let i = 0; i < 16; i++) body[12 + i] = (i * 37 + 11) & 0xff; // client GUID
  dialects.forEach((d, i) => body.writeUInt16LE(d, 36 + i * 2));
  return netbios(Buffer.concat([header, body]));
}

const smbComplete = (b: Buffer) => b.length >= 4 && b.length >= 4 + (b.readUInt32BE(0) & 0xffffff);

const SMB2_DIALECTS: Record<number, string> = {
  0x0202: '2.0.2',
  0x0210: '2.1',
  0x0300: '3.0',
  0x0302: '3.0.2',
  0x0311: '3.1.1',
  0x02ff: '2.???',
};

const smb: TcpFingerprint = {
  name: 'microsoft-ds',
  async run(conn, ctx) {
    conn.write(smb2Negotiate([0x0202, 0x0210, 0x0300, 0x0302]));
    const buf = await conn.read(smbComplete, ctx.timeoutMs, ctx.signal);
    const extra: Record<string, unknown> = {};
    let isSmb = false;
    if (buf.length >= 4 + 64 + 8 && buf.readUInt32BE(4) === 0xfe534d42) {
      isSmb = true;
      const status = buf.readUInt32LE(4 + 8);
      if (status === 0) {
        const body = buf.subarray(4 + 64);
        const securityMode = body.readUInt16LE(2);
        extra.dialect = SMB2_DIALECTS[body.readUInt16LE(4)] ?? body.readUInt16LE(4);
        extra.signingRequired = (securityMode & 2) !== 0;
        if (body.length >= 24) extra.serverGuid = body.toString('hex', 8, 24);
      }
    } else if (buf.length >= 8 && buf.readUInt32BE(4) === 0xff534d42) {
      isSmb = true;
    }
    // SMBv1: offer only NT LM 0.12 on a fresh connection.
    const second = await ctx.connect();
    if (second) {
      try {
        second.write(smb1Negotiate(['NT LM 0.12']));
        const r = await second.read(smbComplete, ctx.timeoutMs, ctx.signal);
        if (r.length >= 4 + 32 + 3 && r.readUInt32BE(4) === 0xff534d42) {
          isSmb = true;
          const status = r.readUInt32LE(4 + 5);
          const index = r.readUInt16LE(4 + 33);
          extra.smb1 = status === 0 && r[4 + 32] > 0 && index !== 0xffff;
        } else if (isSmb) extra.smb1 = false;
      } finally {
        second.close();
      }
    }
    if (!isSmb) return undefined;
    return { name: 'microsoft-ds', banner: printable(buf.subarray(0, 64)), extra };
  },
};

// ---------------------------------------------------------------- LDAP

const ROOT_DSE_ATTRS = [
  'namingContexts',
  'supportedLDAPVersion',
  'supportedSASLMechanisms',
  'vendorName',
  'vendorVersion',
  'objectClass',
  'defaultNamingContext',
  'dnsHostName',
  'serverName',
  'domainControllerFunctionality',
  'supportedExtension',
];

function rootDseSearch(): Buffer {
  const search = tlv(
    0x63,
    berString(''),
    Buffer.from([0x0a, 1, 0]), // scope base
    Buffer.from([0x0a, 1, 0]), // never deref
    berInt(0),
    berInt(0),
    Buffer.from([0x01, 1, 0]),
    berString('objectClass', 0x87), // (objectClass=*)
    tlv(0x30, ...ROOT_DSE_ATTRS.map((a) => berString(a))),
  );
  return tlv(0x30, berInt(1), search);
}

function ldapMessages(buf: Buffer): BerNode[] {
  const out: BerNode[] = [];
  let off = 0;
  while (off < buf.length) {
    const len = berLength(buf, off);
    if (len === undefined || off + len > buf.length) break;
    try {
      out.push(...berDecode(buf.subarray(off, off + len)));
    } catch {
      break;
    }
    off += len;
  }
  return out;
}

const ldap: TcpFingerprint = {
  name: 'ldap',
  async run(conn, ctx) {
    conn.write(rootDseSearch());
    const done = (b: Buffer) => {
      if (b.length > 0 && b[0] !== 0x30) return true;
      return ldapMessages(b).some((m) => m.children?.some((c) => c.tag === 0x65 || c.tag === 0x78));
    };
    const buf = await conn.read(done, ctx.timeoutMs, ctx.signal);
    const messages = ldapMessages(buf).filter((m) => m.tag === 0x30 && m.children && m.children[0]?.tag === 0x02);
    const ops = messages.map((m) => m.children![1]).filter((op): op is BerNode => !!op && [0x64, 0x65, 0x78].includes(op.tag));
    if (ops.length === 0) return undefined;
    const attrs: Record<string, string[]> = {};
    for (const op of ops.filter((o) => o.tag === 0x64)) {
      for (const attr of op.children?.[1]?.children ?? []) {
        const [type, vals] = attr.children ?? [];
        if (type) attrs[type.value.toString('utf8')] = (vals?.children ?? []).map((v) => v.value.toString('utf8'));
      }
    }
    const extra: Record<string, unknown> = { rootDse: attrs };
    const resultCode = ops.find((o) => o.tag === 0x65)?.children?.[0];
    if (resultCode) extra.resultCode = resultCode.value[0];
    let product: string | undefined;
    let version: string | undefined;
    const classes = (attrs.objectClass ?? []).join(' ');
    if (/OpenLDAProotDSE/i.test(classes)) product = 'OpenLDAP';
    else if (attrs.domainControllerFunctionality) product = 'Microsoft Windows Active Directory LDAP';
    else if (attrs.vendorName?.[0]) product = attrs.vendorName[0];
    if (attrs.vendorVersion?.[0]) version = /[\d.]+/.exec(attrs.vendorVersion[0])?.[0];
    if (Object.keys(attrs).length > 0) extra.anonymousRootDse = true;
    return { name: 'ldap', product, version, banner: printable(buf.subarray(0, 64)), extra };
  },
};

// ---------------------------------------------------------------- DNS over TCP

const dnsTcp: TcpFingerprint = {
  name: 'domain',
  async run(conn, ctx) {
    const id = 0x6b42;
    const q = versionBindQuery(id);
    const len = Buffer.alloc(2);
    len.writeUInt16BE(q.length);
    conn.write(Buffer.concat([len, q]));
    const buf = await conn.read((b) => b.length >= 2 && b.length >= 2 + b.readUInt16BE(0), ctx.timeoutMs, ctx.signal);
    if (buf.length < 14) return undefined;
    const answer = parseDnsResponse(buf.subarray(2, 2 + buf.readUInt16BE(0)), id);
    if (!answer) return undefined;
    const versionBind = answer.txt[0];
    return {
      name: 'domain',
      ...(versionBind ? dnsProduct(versionBind) : {}),
      banner: versionBind,
      extra: { versionBind, rcode: answer.rcode, recursionAvailable: answer.recursionAvailable },
    };
  },
};

/** The fingerprints for services that wait for the client, in the order they are tried (TLS and HTTP come first). */
export const TCP_FINGERPRINTS: readonly TcpFingerprint[] = [
  redis,
  postgresql,
  mongodb,
  memcached,
  rdp,
  smb,
  ldap,
  dnsTcp,
  ...BROKER_FINGERPRINTS,
];
