// lookAtPorts against real sockets on loopback (127.30.9.x): open and closed ports, a host's own extra ports, the
// certificate of a TLS port (self-signed and expired ones are read, not refused), the lowest TLS version a server
// accepts (TLS 1.0 when allowed, 1.2 otherwise), TLS read only on the given ports, and abort.
import net from 'node:net';
import tls from 'node:tls';
import { createHash, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookAtPorts } from '../src/monitor/ports.ts';
import { makeCert } from './checks-helpers/certs.ts';
import { freePort } from './services-helpers/daemons.ts';

const HOST = '127.30.9.1';
const OTHER = '127.30.9.2';
const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();

async function listen(server: net.Server, host: string): Promise<number> {
  // The look resets its connections: a server socket's ECONNRESET is expected, not a failure.
  server.on('connection', (s: net.Socket) => {
    sockets.add(s.on('error', () => undefined).on('close', () => sockets.delete(s)));
  });
  server.on('tlsClientError', () => undefined);
  const port = await freePort(host);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
  servers.push(server);
  return port;
}

const fingerprint = (pem: string) => createHash('sha256').update(new X509Certificate(pem).raw).digest('hex');

describe('lookAtPorts', () => {
  let plain: number;
  let closed: number;
  let modern: number;
  let legacy: number;
  let other: number;
  const expired = makeCert({
    cn: 'old.example.test',
    san: ['DNS:old.example.test'],
    notBefore: new Date('2024-01-01'),
    notAfter: new Date('2025-01-01'),
  });
  const current = makeCert({ cn: 'www.example.test', san: ['DNS:www.example.test'] });

  beforeAll(async () => {
    plain = await listen(
      net.createServer((s) => s.end('hello\r\n')),
      HOST,
    );
    closed = await freePort(HOST);
    modern = await listen(
      tls.createServer({ ...current, minVersion: 'TLSv1.2' }, (s) => s.end()),
      HOST,
    );
    legacy = await listen(
      tls.createServer({ ...expired, minVersion: 'TLSv1', ciphers: 'DEFAULT:@SECLEVEL=0' }, (s) => s.end()),
      HOST,
    );
    other = await listen(
      net.createServer((s) => s.destroy()),
      OTHER,
    );
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });

  it('says which ports are open, with a host’s own ports beside the common list', async () => {
    const r = await lookAtPorts({
      hosts: [
        { assetId: 1, address: HOST },
        { assetId: 2, address: OTHER, ports: [other] },
      ],
      ports: [plain, closed],
      tls: false,
      concurrency: 4,
      timeoutMs: 2000,
    });
    expect(r.looks).toEqual([
      { assetId: 1, port: Math.min(plain, closed), open: Math.min(plain, closed) === plain },
      { assetId: 1, port: Math.max(plain, closed), open: Math.max(plain, closed) === plain },
      ...[
        { assetId: 2, port: plain, open: false },
        { assetId: 2, port: closed, open: false },
        { assetId: 2, port: other, open: true },
      ].sort((a, b) => a.port - b.port),
    ]);
    expect(r.attempts).toBe(5);
  });

  it('reads the certificate and the lowest TLS version of TLS ports, nothing on plain ones', async () => {
    const r = await lookAtPorts({
      hosts: [{ assetId: 7, address: HOST }],
      ports: [plain, modern, legacy],
      tls: true,
      concurrency: 3,
      timeoutMs: 3000,
    });
    const by = new Map(r.looks.map((l) => [l.port, l]));
    expect(by.get(plain)).toEqual({ assetId: 7, port: plain, open: true });
    expect(by.get(modern)!.tlsMin).toBe('TLSv1.2');
    expect(by.get(modern)!.cert).toMatchObject({
      fingerprint_sha256: fingerprint(current.cert),
      subject: 'www.example.test',
      issuer: 'www.example.test',
      san: ['www.example.test'],
    });
    expect(by.get(legacy)!.tlsMin).toBe('TLSv1');
    expect(by.get(legacy)!.cert).toMatchObject({ fingerprint_sha256: fingerprint(expired.cert), valid_to: '2025-01-01T00:00:00.000Z' });
  });

  it('reads TLS only on a host’s TLS ports when they are given', async () => {
    const r = await lookAtPorts({
      hosts: [{ assetId: 7, address: HOST, tlsPorts: [legacy] }],
      ports: [modern, legacy],
      tls: true,
      concurrency: 2,
      timeoutMs: 3000,
    });
    const by = new Map(r.looks.map((l) => [l.port, l]));
    expect(by.get(modern)).toEqual({ assetId: 7, port: modern, open: true });
    expect(by.get(legacy)!.cert?.fingerprint_sha256).toBe(fingerprint(expired.cert));
  });

  it('sweeps thousands of ports on the engine’s worker threads and finds the one open', async () => {
    const listener = net.createServer((s) => s.destroy());
    const open = await listen(listener, '127.30.9.3');
    const ports = Array.from({ length: 4200 }, (_, i) => 20_000 + i).filter((p) => p !== open);
    const r = await lookAtPorts({
      hosts: [{ assetId: 3, address: '127.30.9.3', ports: [open] }],
      ports,
      tls: false,
      concurrency: 512,
      timeoutMs: 2000,
    });
    expect(r.looks).toHaveLength(new Set([...ports, open]).size);
    expect(r.looks.filter((l) => l.open)).toEqual([{ assetId: 3, port: open, open: true }]);
    expect(r.attempts).toBeGreaterThanOrEqual(4200);
  });

  it('stops when aborted', async () => {
    const signal = AbortSignal.abort();
    const r = await lookAtPorts({
      hosts: [{ assetId: 1, address: HOST }],
      ports: [plain, closed],
      tls: false,
      concurrency: 1,
      timeoutMs: 1000,
      signal,
    });
    expect(r.looks).toEqual([]);
  });
});
