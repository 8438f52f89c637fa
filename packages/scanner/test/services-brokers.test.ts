// AMQP, MQTT, NATS and epmd identification: replayed bytes recorded from RabbitMQ, Mosquitto, NATS and epmd, the parsers'
// edge cases, a real Mosquitto that refuses anonymous clients, and this machine's real brokers when they run.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amqpTable, mqttPackets, parseAmqpStart, parseEpmdNames, parseNatsInfo } from '../src/services/brokers.ts';
import { identifyService } from '../src/services/index.ts';
import { DAEMONS, startDaemon, unavailable, type RunningDaemon } from './services-helpers/daemons.ts';
import { EPMD_NAMES, MOSQUITTO_CONNACK, MOSQUITTO_SUBSCRIBED, NATS_INFO, RABBITMQ_CONNECTION_START } from './services-helpers/recorded.ts';
import { close, listen } from './services-helpers/servers.ts';

const T = { timeoutMs: 1000 };
const HOST = '127.0.0.46';

/** Answers each chunk the client sends through `reply` (undefined: say nothing; 'close': send and close). */
function replay(greeting: Buffer | string, reply: (chunk: Buffer) => Buffer | string | { close: Buffer } | undefined): net.Server {
  return net.createServer((sock) => {
    sock.on('error', () => {});
    if (greeting.length > 0) sock.write(greeting);
    sock.on('data', (d) => {
      const r = reply(d);
      if (r && typeof r === 'object' && 'close' in r) sock.end(r.close);
      else if (r !== undefined) sock.write(r);
    });
  });
}

const servers: Record<string, { server: net.Server; port: number }> = {};
beforeAll(async () => {
  const start = async (name: string, server: net.Server) => (servers[name] = { server, port: await listen(server, HOST) });
  await start(
    'rabbitmq',
    replay('', (d) =>
      d.toString('latin1', 0, 4) === 'AMQP' && d[7] === 1 ? RABBITMQ_CONNECTION_START : { close: Buffer.from('AMQP\0\0\x09\x01') },
    ),
  );
  await start(
    'amqp10',
    replay('', (d) => ({ close: d.toString('latin1', 0, 4) === 'AMQP' ? Buffer.from('AMQP\x03\x01\x00\x00', 'latin1') : Buffer.alloc(0) })),
  );
  await start(
    'mosquitto',
    replay('', (d) => (d[0] === 0x10 ? MOSQUITTO_CONNACK : d[0] === 0x82 ? MOSQUITTO_SUBSCRIBED : { close: Buffer.alloc(0) })),
  );
  await start(
    'nats',
    replay(NATS_INFO, () => "-ERR 'Unknown Protocol Operation'\r\n"),
  );
  await start(
    'epmd',
    replay('', (d) => ({ close: d.equals(Buffer.from([0, 1, 0x6e])) ? EPMD_NAMES : Buffer.alloc(0) })),
  );
});
afterAll(async () => {
  for (const { server } of Object.values(servers)) await close(server);
});

describe('replayed broker conversations', () => {
  it('AMQP: RabbitMQ product, version and server properties from Connection.Start', async () => {
    const s = await identifyService(HOST, servers.rabbitmq.port, T);
    expect(s).toMatchObject({ name: 'amqp', product: 'RabbitMQ', version: '3.10.8' });
    expect(s!.cpe).toEqual(['cpe:2.3:a:vmware:rabbitmq:3.10.8:*:*:*:*:*:*:*']);
    expect(s!.extra).toMatchObject({
      protocol: '0-9',
      platform: 'Erlang/OTP 25.2.3',
      clusterName: 'rabbit@vm',
      mechanisms: ['PLAIN', 'AMQPLAIN'],
    });
    expect((s!.extra!.capabilities as Record<string, unknown>).publisher_confirms).toBe(true);
  });

  it('AMQP: a broker speaking another version answers with its own protocol header', async () => {
    const s = await identifyService(HOST, servers.amqp10.port, T);
    expect(s).toMatchObject({ name: 'amqp', extra: { protocol: '1-0-0', protocolId: 3 } });
    expect(s!.product).toBeUndefined();
  });

  it('MQTT: Mosquitto accepts an anonymous client and tells its version in $SYS/broker/version', async () => {
    const s = await identifyService(HOST, servers.mosquitto.port, T);
    expect(s).toMatchObject({ name: 'mqtt', product: 'Mosquitto', version: '2.0.11' });
    expect(s!.cpe).toEqual(['cpe:2.3:a:eclipse:mosquitto:2.0.11:*:*:*:*:*:*:*']);
    expect(s!.extra).toMatchObject({ unauthenticated: true, brokerVersion: 'mosquitto version 2.0.11' });
  });

  it('NATS: product and version from the INFO greeting', async () => {
    const s = await identifyService(HOST, servers.nats.port, T);
    expect(s).toMatchObject({ name: 'nats', product: 'NATS Server', version: '2.9.10' });
    expect(s!.cpe).toEqual(['cpe:2.3:a:linuxfoundation:nats-server:2.9.10:*:*:*:*:*:*:*']);
    expect(s!.extra).toMatchObject({ go: 'go1.19.8', jetstream: true, authRequired: false, tlsRequired: false });
  });

  it('epmd: the Erlang port mapper and its registered nodes', async () => {
    const s = await identifyService(HOST, servers.epmd.port, T);
    expect(s).toMatchObject({ name: 'epmd', product: 'Erlang Port Mapper Daemon' });
    expect(s!.extra).toMatchObject({ epmdPort: 4369, nodes: [{ name: 'rabbit', port: 25672 }] });
  });
});

describe('broker parsers', () => {
  it('decodes AMQP field tables, nested tables and integer types', () => {
    const key = (k: string) => Buffer.concat([Buffer.from([k.length]), Buffer.from(k)]);
    const inner = Buffer.concat([key('on'), Buffer.from('t'), Buffer.from([1])]);
    const table = Buffer.concat([
      key('s'),
      Buffer.from('S'),
      Buffer.from([0, 0, 0, 2]),
      Buffer.from('hi'),
      key('n'),
      Buffer.from('I'),
      Buffer.from([0xff, 0xff, 0xff, 0xfe]),
      key('f'),
      Buffer.from('F'),
      Buffer.from([0, 0, 0, inner.length]),
      inner,
    ]);
    expect(amqpTable(table, 0, table.length)).toEqual({ s: 'hi', n: -2, f: { on: true } });
  });

  it('rejects what is not an AMQP Connection.Start', () => {
    expect(parseAmqpStart(Buffer.from('HTTP/1.1 400 Bad Request\r\n\r\n'))).toBeUndefined();
    expect(parseAmqpStart(RABBITMQ_CONNECTION_START.subarray(0, 100))).toBeUndefined();
    const wrongEnd = Buffer.from(RABBITMQ_CONNECTION_START);
    wrongEnd[wrongEnd.length - 1] = 0;
    expect(parseAmqpStart(wrongEnd)).toBeUndefined();
  });

  it('splits MQTT packets with multi-byte remaining lengths and leaves an incomplete one out', () => {
    const big = Buffer.concat([Buffer.from([0x30, 0xc8, 0x01]), Buffer.alloc(200, 0x61)]);
    const packets = mqttPackets(Buffer.concat([MOSQUITTO_CONNACK, big, Buffer.from([0x90, 0x03, 0x00])]));
    expect(packets.map((p) => [p.head, p.body.length])).toEqual([
      [0x20, 2],
      [0x30, 200],
    ]);
  });

  it('NATS INFO needs JSON with a server id; epmd needs its name lines or its own port', () => {
    expect(parseNatsInfo('INFO not json\r\n')).toBeUndefined();
    expect(parseNatsInfo('INFO {"version":"1"}\r\n')).toBeUndefined();
    expect(parseEpmdNames(Buffer.from([0, 0, 0x11, 0x11]), 4369)).toMatchObject({ name: 'epmd', extra: { nodes: [] } });
    expect(parseEpmdNames(Buffer.from([0, 0, 0x11, 0x11]), 8080)).toBeUndefined();
    expect(parseEpmdNames(Buffer.from('\0\0\x11\x11HTTP/1.0 200 OK\r\n', 'latin1'))).toBeUndefined();
  });
});

const mosquittoMissing = unavailable(DAEMONS['mosquitto-auth']);
if (mosquittoMissing) console.warn(`services-brokers: ${mosquittoMissing}, the real-Mosquitto test is skipped`);

describe.skipIf(!!mosquittoMissing)('a real Mosquitto that refuses anonymous clients (skipped without the mosquitto package)', () => {
  let broker: RunningDaemon;
  beforeAll(async () => {
    broker = await startDaemon(DAEMONS['mosquitto-auth'], '127.0.0.47');
  });
  afterAll(() => broker?.stop());

  it('is MQTT, with the CONNACK refusal noted and no product guessed', async () => {
    const s = await identifyService(broker.host, broker.ports.mqtt, T);
    expect(s).toMatchObject({ name: 'mqtt', extra: { connectReturnCode: 5, authRequired: true, error: 'not authorized' } });
    expect(s!.product).toBeUndefined();
  });
});

/** This machine's brokers (RabbitMQ with its epmd, Mosquitto, NATS); each test is skipped when its port is closed. */
async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port }, () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}
const LOCAL: [string, number, Record<string, unknown>][] = [
  ['RabbitMQ', 5672, { name: 'amqp', product: 'RabbitMQ' }],
  ['epmd', 4369, { name: 'epmd', product: 'Erlang Port Mapper Daemon' }],
  ['Mosquitto', 1883, { name: 'mqtt', product: 'Mosquitto' }],
  ['NATS', 4222, { name: 'nats', product: 'NATS Server' }],
];
const up = await Promise.all(LOCAL.map(([, port]) => listening(port)));

describe('real local brokers', () => {
  for (const [i, [label, port, expected]] of LOCAL.entries()) {
    if (!up[i]) console.warn(`services-brokers: nothing listens on 127.0.0.1:${port}, the real-${label} test is skipped`);
    it.skipIf(!up[i])(`${label} at 127.0.0.1:${port} (skipped when it is not running)`, async () => {
      const s = await identifyService('127.0.0.1', port, { timeoutMs: 1500 });
      expect(s).toMatchObject(expected);
      if (label !== 'epmd') expect(s!.version).toMatch(/^\d+\.\d+\.\d+$/);
    });
  }
});
