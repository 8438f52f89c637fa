// Test helper: UDP servers (node:dgram) on loopback with port 0 that answer each datagram through a handler; stop them all.
import dgram from 'node:dgram';

/** Returns the reply datagram(s), or undefined to stay silent. */
export type UdpHandler = (msg: Buffer) => Buffer | Buffer[] | undefined;

const open: dgram.Socket[] = [];

export function listenUdp(address: string, handler: UdpHandler): Promise<number> {
  return new Promise((resolve, reject) => {
    const sock = dgram.createSocket('udp4');
    sock.once('error', reject);
    sock.on('message', (msg, rinfo) => {
      const out = handler(msg);
      for (const d of out === undefined ? [] : Array.isArray(out) ? out : [out]) sock.send(d, rinfo.port, rinfo.address);
    });
    sock.bind(0, address, () => {
      open.push(sock);
      resolve(sock.address().port);
    });
  });
}

export async function closeUdp(): Promise<void> {
  await Promise.all(open.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
}
