// A mail service that greets as Exim 4.87 does, for the browser tests that need real findings: no Exim in the CISA KEV
// catalogue's range can run here, and the scanner's SMTP checks judge a server by what it answers, as they would a real one.
import { createServer } from 'node:net';

export interface EximGreeter {
  port: number;
  close(): Promise<void>;
}

/**
 * Listens on `host` (a free port). It greets with Exim 4.87's banner, says goodbye to QUIT, and answers EHLO/HELO; with
 * `openRelay` it accepts every other command too, so the relay and STARTTLS checks find an open relay without STARTTLS.
 */
export async function startEximGreeter(host: string, options: { openRelay?: boolean } = {}): Promise<EximGreeter> {
  const server = createServer((socket) => {
    socket.write('220 mail.example.test ESMTP Exim 4.87 Mon, 24 Nov 2026 10:00:00 +0000\r\n');
    socket.on('data', (data) => {
      const line = data.toString().trim().toUpperCase();
      if (line.startsWith('QUIT')) socket.end('221 mail.example.test closing connection\r\n');
      else if (options.openRelay || line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 mail.example.test Hello\r\n');
      else socket.write('500 unrecognized command\r\n');
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
