// Test helpers: real TCP and UDP servers on loopback addresses, closed again after each test.
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Server } from 'node:net';

export class Servers {
  private readonly tcp: Server[] = [];
  private readonly udp: UdpSocket[] = [];

  /** A TCP server that accepts and closes every connection. */
  async listen(host: string, port: number): Promise<void> {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host, port }, () => resolve());
    });
    this.tcp.push(server);
  }

  /** A DNS responder: answers a well-formed query (QR set, same id and question, no records); ignores anything else. */
  async dns(host: string, port: number): Promise<void> {
    const socket = createSocket('udp4');
    socket.on('message', (msg, peer) => {
      if (msg.length < 12 || msg.readUInt16BE(4) !== 1) return;
      const reply = Buffer.from(msg);
      reply.writeUInt16BE(0x8180, 2);
      socket.send(reply, peer.port, peer.address);
    });
    await new Promise<void>((resolve) => socket.bind(port, host, () => resolve()));
    this.udp.push(socket);
  }

  async close(): Promise<void> {
    await Promise.all(this.tcp.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
    await Promise.all(this.udp.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
  }
}

/** Open TCP sockets of this process (for leak checks). */
export function tcpHandles(): number {
  return process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap' || r === 'TCPWRAP').length;
}
