// Receivers for tests that check what Bulwark sent out: a real SMTP server (smtp-server) that keeps every message
// (envelope recipients and raw text), and a local HTTP receiver (webhooks, Slack, Teams, an SMS provider) that records
// every request and answers as the test says; and `until`, which waits for a delivery the job queue makes.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Hit {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface HttpReceiver {
  url: string;
  hits: Hit[];
  close(): Promise<void>;
}

/** Records every request and answers with `answer(hit, n)`: a status, or a status and a body (JSON when it looks so). */
export async function httpReceiver(
  host: string,
  answer: (hit: Hit, n: number) => number | { status: number; body?: string },
): Promise<HttpReceiver> {
  const hits: Hit[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hit = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      hits.push(hit);
      const a = answer(hit, hits.length);
      const { status, body = '' } = typeof a === 'number' ? { status: a } : a;
      res.writeHead(status, { 'content-type': body.startsWith('{') ? 'application/json' : 'text/plain' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return { url, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits (up to 20 s) for something the job queue does in the background, e.g. a delivery. */
export async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`waited in vain for ${what}`);
}

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface MailReceiver {
  server: SMTPServer;
  port: number;
  /** `smtp://host:port`, for SMTP_URL. */
  url: string;
  /** Every message received so far, in order (tests may empty it). */
  mails: ReceivedMail[];
  close(): Promise<void>;
}

export interface MailReceiverOptions {
  /** Refuses a recipient (RCPT TO) with this SMTP code and text, e.g. 550 for a mailbox that does not exist. */
  refuse?: (address: string) => { code: number; message: string } | undefined;
}

export async function startMailReceiver(host: string, port = 0, options: MailReceiverOptions = {}): Promise<MailReceiver> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refused = options.refuse?.(address.address);
      if (!refused) return callback();
      return callback(Object.assign(new Error(refused.message), { responseCode: refused.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    server,
    port: bound,
    url: `smtp://${host}:${bound}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
