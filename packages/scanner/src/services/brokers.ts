// Message brokers and Erlang: AMQP 0-9-1 (RabbitMQ), MQTT 3.1.1 (Mosquitto), NATS's INFO greeting, the Erlang port mapper.
import { printable } from './conn.ts';
import type { TcpFingerprint } from './types.ts';
import type { Found } from './result.ts';

// ---------------------------------------------------------------- AMQP

const AMQP_HEADER = Buffer.from('AMQP\x00\x00\x09\x01', 'latin1');

/** A decoded AMQP 0-9-1 field table (the common types; an unknown type ends the decoding). */
export function amqpTable(buf: Buffer, start: number, end: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let i = start;
  while (i < end) {
    const key = buf.toString('utf8', i + 1, i + 1 + buf[i]);
    i += 1 + buf[i];
    const type = String.fromCharCode(buf[i++]);
    if (type === 'S' || type === 'x') {
      const len = buf.readUInt32BE(i);
      out[key] = type === 'S' ? buf.toString('utf8', i + 4, i + 4 + len) : buf.toString('hex', i + 4, i + 4 + len);
      i += 4 + len;
    } else if (type === 'F') {
      const len = buf.readUInt32BE(i);
      out[key] = amqpTable(buf, i + 4, i + 4 + len);
      i += 4 + len;
    } else if (type === 't' || type === 'b' || type === 'B') {
      out[key] = type === 't' ? buf[i] !== 0 : type === 'b' ? buf.readInt8(i) : buf[i];
      i += 1;
    } else if (type === 's' || type === 'u') {
      out[key] = type === 's' ? buf.readInt16BE(i) : buf.readUInt16BE(i);
      i += 2;
    } else if (type === 'I' || type === 'i') {
      out[key] = type === 'I' ? buf.readInt32BE(i) : buf.readUInt32BE(i);
      i += 4;
    } else if (type === 'l' || type === 'T') {
      out[key] = Number(buf.readBigInt64BE(i));
      i += 8;
    } else if (type === 'V') out[key] = null;
    else break;
  }
  return out;
}

/** Server properties and SASL mechanisms of a complete Connection.Start frame (empty when malformed). */
function startFields(buf: Buffer): { table: Record<string, unknown>; mechanisms: string[] } {
  try {
    const len = buf.readUInt32BE(13);
    const table = amqpTable(buf, 17, 17 + len);
    const mechanisms = buf.toString('utf8', 17 + len + 4, 17 + len + 4 + buf.readUInt32BE(17 + len));
    return { table, mechanisms: mechanisms.split(' ').filter(Boolean) };
  } catch {
    return { table: {}, mechanisms: [] };
  }
}

/** Parses the server's first AMQP frame: Connection.Start, or the protocol header it answers with when it speaks another version. */
export function parseAmqpStart(buf: Buffer): Found | undefined {
  if (buf.length >= 8 && buf.toString('latin1', 0, 4) === 'AMQP') {
    // A server that does not speak 0-9-1 answers with the header of the version it speaks (AMQP 1.0: id 0 or 3 = SASL).
    return {
      name: 'amqp',
      banner: printable(buf.subarray(0, 8)),
      extra: { protocol: `${buf[5]}-${buf[6]}-${buf[7]}`, protocolId: buf[4] },
    };
  }
  if (buf.length < 12 || buf[0] !== 1 || buf.readUInt16BE(1) !== 0) return undefined;
  const size = buf.readUInt32BE(3);
  if (buf.length < 8 + size || buf[7 + size] !== 0xce || buf.readUInt16BE(7) !== 10 || buf.readUInt16BE(9) !== 10) return undefined;
  const props = startFields(buf);
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const t = props.table;
  const extra: Record<string, unknown> = { protocol: `${buf[11]}-${buf[12]}`, mechanisms: props.mechanisms };
  if (str(t.platform)) extra.platform = t.platform;
  if (str(t.cluster_name)) extra.clusterName = t.cluster_name;
  if (t.capabilities) extra.capabilities = t.capabilities;
  return { name: 'amqp', product: str(t.product), version: str(t.version), banner: printable(buf.subarray(0, 64)), extra };
}

const amqp: TcpFingerprint = {
  name: 'amqp',
  async run(conn, ctx) {
    conn.write(AMQP_HEADER);
    const buf = await conn.read(
      (b) => (b.length >= 8 && b.toString('latin1', 0, 4) === 'AMQP') || (b.length >= 7 && b.length >= 8 + b.readUInt32BE(3)),
      ctx.timeoutMs,
      ctx.signal,
    );
    return parseAmqpStart(buf);
  },
};

// ---------------------------------------------------------------- MQTT

/** MQTT packets: [type/flags byte, body] (variable-length "remaining length" decoded); incomplete trailing bytes are left out. */
export function mqttPackets(buf: Buffer): { head: number; body: Buffer }[] {
  const out: { head: number; body: Buffer }[] = [];
  let off = 0;
  while (off + 2 <= buf.length) {
    let len = 0;
    let mult = 1;
    let i = off + 1;
    for (; i < buf.length && i < off + 5; i++) {
      len += (buf[i] & 0x7f) * mult;
      mult *= 128;
      if ((buf[i] & 0x80) === 0) break;
    }
    if (i >= buf.length || off + 5 <= i || i + 1 + len > buf.length) break;
    out.push({ head: buf[off], body: buf.subarray(i + 1, i + 1 + len) });
    off = i + 1 + len;
  }
  return out;
}

function mqttString(s: string): Buffer {
  const b = Buffer.from(s, 'utf8');
  return Buffer.concat([Buffer.from([b.length >> 8, b.length & 0xff]), b]);
}

function mqttPacket(head: number, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from([head, body.length]), body]); // bodies here are < 128 bytes
}

const VERSION_TOPIC = '$SYS/broker/version';
const CONNACK_CODES: Record<number, string> = {
  1: 'unacceptable protocol version',
  2: 'identifier rejected',
  3: 'server unavailable',
  4: 'bad user name or password',
  5: 'not authorized',
};

/** "mosquitto version 2.0.11" (the broker's $SYS/broker/version) -> product and version. */
export function mqttBrokerVersion(text: string): { product?: string; version?: string } {
  const m = /^(\w[\w .-]*?) version (\d[\w.-]*)/i.exec(text.trim());
  if (!m) return {};
  return { product: /^mosquitto$/i.test(m[1]) ? 'Mosquitto' : m[1], version: m[2] };
}

const mqtt: TcpFingerprint = {
  name: 'mqtt',
  async run(conn, ctx) {
    // CONNECT, MQTT 3.1.1, clean session, keep-alive 60 s.
    const connect = Buffer.concat([mqttString('MQTT'), Buffer.from([4, 0x02, 0, 60]), mqttString('bulwark-scanner')]);
    conn.write(mqttPacket(0x10, connect));
    const first = await conn.read((b) => b.length >= 4, ctx.timeoutMs, ctx.signal);
    if (first.length < 4 || first[0] !== 0x20 || first[1] !== 2 || first[2] > 1 || first[3] > 5) return undefined;
    const code = first[3];
    const extra: Record<string, unknown> = { connectReturnCode: code };
    const found: Found = { name: 'mqtt', banner: printable(first.subarray(0, 4)), extra };
    if (code !== 0) {
      extra.authRequired = code === 4 || code === 5;
      extra.error = CONNACK_CODES[code];
      return found;
    }
    extra.unauthenticated = true;
    conn.consume();
    conn.write(mqttPacket(0x82, Buffer.concat([Buffer.from([0, 1]), mqttString(VERSION_TOPIC), Buffer.from([0])])));
    const published = (b: Buffer) =>
      mqttPackets(b).find((p) => p.head >> 4 === 3 && p.body.toString('utf8', 2, 2 + p.body.readUInt16BE(0)) === VERSION_TOPIC);
    const buf = await conn.read((b) => published(b) !== undefined, Math.min(ctx.timeoutMs, 1000), ctx.signal);
    const publish = published(buf);
    if (publish) {
      const topicLen = publish.body.readUInt16BE(0);
      const qos = (publish.head >> 1) & 3;
      const text = publish.body.toString('utf8', 2 + topicLen + (qos > 0 ? 2 : 0));
      extra.brokerVersion = text;
      Object.assign(found, mqttBrokerVersion(text));
    }
    conn.write(Buffer.from([0xe0, 0]));
    return found;
  },
};

// ---------------------------------------------------------------- NATS

/** NATS servers greet with `INFO {json}`: server id, version, Go version, auth and TLS requirements. */
export function parseNatsInfo(banner: string): Found | undefined {
  const m = /^INFO\s+(\{.*\})\s*$/m.exec(banner);
  if (!m) return undefined;
  let info: unknown;
  try {
    info = JSON.parse(m[1]);
  } catch {
    return undefined;
  }
  if (!info || typeof info !== 'object') return undefined;
  const i = info as Record<string, unknown>;
  if (typeof i.server_id !== 'string') return undefined;
  const extra: Record<string, unknown> = {
    serverId: i.server_id,
    serverName: i.server_name,
    go: i.go,
    proto: i.proto,
    authRequired: i.auth_required === true,
    tlsRequired: i.tls_required === true,
    jetstream: i.jetstream === true,
  };
  const version = typeof i.version === 'string' ? i.version : undefined;
  return { name: 'nats', product: 'NATS Server', version, banner: m[0].slice(0, 512), extra };
}

// ---------------------------------------------------------------- Erlang port mapper

/** The epmd NAMES reply: its own port (4 bytes) and one "name N at port P" line per registered Erlang node. */
export function parseEpmdNames(buf: Buffer, connectedPort?: number): Found | undefined {
  if (buf.length < 4) return undefined;
  const port = buf.readUInt32BE(0);
  const rest = buf.toString('latin1', 4);
  const lines = rest.split('\n').filter(Boolean);
  const nodes = lines.map((l) => /^name (\S+) at port (\d+)$/.exec(l));
  if (port > 65535 || nodes.some((n) => !n)) return undefined;
  if (lines.length === 0 && (buf.length !== 4 || port !== connectedPort)) return undefined;
  return {
    name: 'epmd',
    product: 'Erlang Port Mapper Daemon',
    banner: printable(buf),
    extra: { epmdPort: port, nodes: nodes.map((n) => ({ name: n![1], port: Number(n![2]) })) },
  };
}

const epmd: TcpFingerprint = {
  name: 'epmd',
  async run(conn, ctx) {
    conn.write(Buffer.from([0, 1, 0x6e])); // NAMES_REQ; epmd answers and closes
    await conn.read((b) => b.length >= 4, ctx.timeoutMs, ctx.signal);
    const buf = conn.buffer.length >= 4 ? await conn.read(() => false, 200, ctx.signal) : conn.buffer;
    return parseEpmdNames(buf, conn.socket.remotePort);
  },
};

/** The broker fingerprints, tried after the older ones in fingerprints.ts. */
export const BROKER_FINGERPRINTS: readonly TcpFingerprint[] = [amqp, mqtt, epmd];
