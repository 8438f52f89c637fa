// Test helper: minimal MongoDB (OP_MSG / OP_QUERY), PostgreSQL and MySQL servers speaking the real wire protocols, with or without authentication.
import net from 'node:net';

type BsonValue = number | string | boolean | { double: number } | BsonValue[] | { [k: string]: BsonValue };

/** BSON: numbers are int32, { double } is a double, arrays and objects nest. */
export function bson(doc: Record<string, BsonValue>): Buffer {
  const parts: Buffer[] = [];
  const el = (type: number, key: string, value: Buffer) => parts.push(Buffer.from([type]), Buffer.from(`${key}\0`), value);
  for (const [k, v] of Object.entries(doc)) {
    if (typeof v === 'number') {
      const b = Buffer.alloc(4);
      b.writeInt32LE(v);
      el(0x10, k, b);
    } else if (typeof v === 'boolean') el(0x08, k, Buffer.from([v ? 1 : 0]));
    else if (typeof v === 'string') {
      const s = Buffer.from(`${v}\0`);
      const n = Buffer.alloc(4);
      n.writeInt32LE(s.length);
      el(0x02, k, Buffer.concat([n, s]));
    } else if (Array.isArray(v)) el(0x04, k, bson(Object.fromEntries(v.map((x, i) => [String(i), x]))));
    else if (typeof v.double === 'number' && Object.keys(v).length === 1) {
      const b = Buffer.alloc(8);
      b.writeDoubleLE(v.double);
      el(0x01, k, b);
    } else el(0x03, k, bson(v as Record<string, BsonValue>));
  }
  const body = Buffer.concat([...parts, Buffer.from([0])]);
  const len = Buffer.alloc(4);
  len.writeInt32LE(body.length + 4);
  return Buffer.concat([len, body]);
}

/** The first key of the command document in an OP_MSG (2013) or OP_QUERY (2004) message. */
function mongoCommand(msg: Buffer): string {
  const opCode = msg.readInt32LE(12);
  let off = opCode === 2013 ? 21 : msg.indexOf(0, 20) + 1 + 8;
  off += 4; // document length
  return msg.toString('latin1', off + 1, msg.indexOf(0, off + 1));
}

function mongoReply(request: Buffer, doc: Record<string, BsonValue>): Buffer {
  const opCode = request.readInt32LE(12);
  const body = bson(doc);
  const head = Buffer.alloc(opCode === 2013 ? 21 : 36);
  head.writeInt32LE(head.length + body.length, 0);
  head.writeInt32LE(0x5151, 4);
  head.writeInt32LE(request.readInt32LE(4), 8);
  if (opCode === 2013) head.writeInt32LE(2013, 12);
  else {
    head.writeInt32LE(1, 12); // OP_REPLY: flags, cursor id, starting from, then one document
    head.writeInt32LE(1, 32);
  }
  return Buffer.concat([head, body]);
}

/**
 * A MongoDB server. `auth`: commands other than hello need authentication (code 13 Unauthorized).
 * `legacy`: a pre-3.6 server that knows only OP_QUERY and drops the connection on OP_MSG; otherwise OP_QUERY
 * is refused for anything but hello, as MongoDB 5.1+ does.
 */
export function mongoServer(o: { auth: boolean; legacy?: boolean }): net.Server {
  return net.createServer((s) => {
    let buf = Buffer.alloc(0);
    s.on('error', () => undefined);
    s.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      while (buf.length >= 16 && buf.length >= buf.readInt32LE(0)) {
        const msg = buf.subarray(0, buf.readInt32LE(0));
        buf = buf.subarray(msg.length);
        const opCode = msg.readInt32LE(12);
        const cmd = mongoCommand(msg);
        if (opCode === 2013 && o.legacy) return s.destroy();
        if (cmd === 'hello' || cmd === 'isMaster')
          s.write(mongoReply(msg, { isWritablePrimary: true, maxWireVersion: 17, ok: { double: 1 } }));
        else if (opCode === 2004 && !o.legacy)
          s.write(
            mongoReply(msg, {
              ok: { double: 0 },
              errmsg: `Unsupported OP_QUERY command: ${cmd}. The client driver may require an upgrade.`,
              code: 352,
              codeName: 'UnsupportedOpQueryCommand',
            }),
          );
        else if (o.auth)
          s.write(
            mongoReply(msg, {
              ok: { double: 0 },
              errmsg: `command ${cmd} requires authentication`,
              code: 13,
              codeName: 'Unauthorized',
            }),
          );
        else if (cmd === 'listDatabases')
          s.write(
            mongoReply(msg, {
              databases: [
                { name: 'admin', sizeOnDisk: { double: 40960 }, empty: false },
                { name: 'customers', sizeOnDisk: { double: 8192000 }, empty: false },
              ],
              totalSize: { double: 8232960 },
              ok: { double: 1 },
            }),
          );
        else s.write(mongoReply(msg, { ok: { double: 0 }, errmsg: `no such command: '${cmd}'`, code: 59, codeName: 'CommandNotFound' }));
      }
    });
  });
}

const pgMessage = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeUInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};

/** A PostgreSQL server that wants a password: SASL SCRAM-SHA-256 (code 10) or MD5 (code 5) after the StartupMessage. */
export function pgPasswordServer(method: 'scram' | 'md5'): net.Server {
  return net.createServer((s) => {
    s.on('error', () => undefined);
    s.on('data', (d: Buffer) => {
      if (d[0] === 0x58) return void s.end(); // Terminate
      const code = Buffer.alloc(4);
      code.writeUInt32BE(method === 'scram' ? 10 : 5);
      const rest = method === 'scram' ? Buffer.from('SCRAM-SHA-256\0\0', 'latin1') : Buffer.from([0x1f, 0x2e, 0x3d, 0x4c]);
      s.write(pgMessage('R', Buffer.concat([code, rest])));
      // A real server would wait for the password (and time the login out after a minute); the client gives up.
    });
  });
}

/** A PostgreSQL server with trust authentication: AuthenticationOk, parameters, key data and ReadyForQuery. */
export function pgTrustServer(): net.Server {
  return net.createServer((s) => {
    s.on('error', () => undefined);
    s.on('data', (d: Buffer) => {
      if (d[0] === 0x58) return void s.end(); // Terminate
      const param = (k: string, v: string) => pgMessage('S', Buffer.from(`${k}\0${v}\0`, 'utf8'));
      s.write(
        Buffer.concat([
          pgMessage('R', Buffer.alloc(4)),
          param('server_version', '16.4 (Debian 16.4-1.pgdg120+2)'),
          param('server_encoding', 'UTF8'),
          pgMessage('K', Buffer.from('0000303900abcdef', 'hex')),
          pgMessage('Z', Buffer.from('I')),
        ]),
      );
    });
  });
}

const mysqlPacket = (seq: number, payload: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUIntLE(payload.length, 0, 3);
  head[3] = seq;
  return Buffer.concat([head, payload]);
};

/** MySQL 8's greeting: protocol 10, version, connection id, salt, capabilities, caching_sha2_password. */
function mysqlGreeting(): Buffer {
  const caps = 0xdfffffff;
  const p = Buffer.alloc(1 + 7 + 4 + 9 + 2 + 1 + 2 + 2 + 1 + 10);
  let o = p.writeUInt8(10, 0);
  o += p.write('8.0.36\0', o, 'latin1');
  o = p.writeUInt32LE(42, o);
  o += p.write('abcdefgh\0', o, 'latin1');
  o = p.writeUInt16LE(caps & 0xffff, o);
  o = p.writeUInt8(0xff, o);
  o = p.writeUInt16LE(2, o);
  o = p.writeUInt16LE(caps >>> 16, o);
  p.writeUInt8(21, o);
  return mysqlPacket(0, Buffer.concat([p, Buffer.from('ijklmnopqrst\0caching_sha2_password\0', 'latin1')]));
}

/**
 * A MySQL 8 server. `empty-root`: root has an empty password under caching_sha2_password, so the server switches the
 * client's mysql_native_password to it and accepts an empty answer. `denied`: root has a password (ERR 1045).
 */
export function mysqlServer(mode: 'empty-root' | 'denied'): net.Server {
  return net.createServer((s) => {
    s.on('error', () => undefined);
    s.write(mysqlGreeting());
    let buf = Buffer.alloc(0);
    s.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      while (buf.length >= 4 && buf.length >= 4 + buf.readUIntLE(0, 3)) {
        const seq = buf[3];
        const payload = buf.subarray(4, 4 + buf.readUIntLE(0, 3));
        buf = buf.subarray(4 + payload.length);
        if (seq === 1 && mode === 'denied') {
          const err = Buffer.concat([
            Buffer.from([0xff, 0x15, 0x04]),
            Buffer.from("#28000Access denied for user 'root'@'127.0.0.1' (using password: NO)", 'latin1'),
          ]);
          s.end(mysqlPacket(2, err));
        } else if (seq === 1) s.write(mysqlPacket(2, Buffer.from('\xfecaching_sha2_password\0ABCDEFGHIJKLMNOPQRST\0', 'latin1')));
        else if (seq === 3)
          s.write(mysqlPacket(4, payload.length <= 1 ? Buffer.from([0, 0, 0, 2, 0, 0, 0]) : Buffer.from([0xff, 0x15, 0x04])));
        else if (seq === 0 && payload[0] === 0x01) s.end();
      }
    });
  });
}
