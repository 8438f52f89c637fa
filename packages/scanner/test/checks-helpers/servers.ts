// Test helper: start real servers on loopback 127.0.0.70–99 with port 0, describe them as a HostResult, stop them all.
import type { AddressInfo, Socket } from 'node:net';
import type { HostResult, PortResult } from '../../src/types.ts';

interface Closable {
  close(cb?: (err?: Error) => void): unknown;
  listen(port: number, host: string, cb: () => void): unknown;
  address(): AddressInfo | string | null;
  once(ev: 'error', cb: (e: Error) => void): unknown;
  on(ev: 'connection' | 'secureConnection', cb: (s: Socket) => void): unknown;
}

const open: Closable[] = [];
const sockets = new Set<Socket>();

export function listen(server: Closable, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.on('connection', (sock) => {
      sockets.add(sock);
      sock.once('close', () => sockets.delete(sock));
    });
    server.listen(0, host, () => {
      open.push(server);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function closeAll(): Promise<void> {
  const all = open.splice(0);
  for (const s of sockets) s.destroy();
  sockets.clear();
  await Promise.all(all.map((s) => new Promise<void>((r) => s.close(() => r()))));
}

export function host(address: string, ports: (Partial<PortResult> & { port: number })[], hostnames: string[] = []): HostResult {
  return {
    address,
    hostnames,
    alive: true,
    findings: [],
    ports: ports.map((p) => ({ protocol: 'tcp', state: 'open', ...p }) as PortResult),
  };
}

export function svc(name: string, tls = false): PortResult['service'] {
  return { name, cpe: [], tls };
}
