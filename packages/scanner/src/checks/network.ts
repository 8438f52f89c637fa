// Runs a template's network (tcp/tls/udp) conversation against one target: send each input, collect what comes back.
import dgram from 'node:dgram';
import net from 'node:net';
import tls from 'node:tls';
import { dnsAxfrProbe } from './dns.ts';
import type { Value } from './dsl.ts';
import type { ResponseView } from './match.ts';
import { sshProbe } from './ssh.ts';
import { fillTemplate } from './expr.ts';
import type { CheckTarget } from './target.ts';
import type { NetworkRequest } from './types.ts';

/** How long the peer may stay quiet before a read is considered complete. */
const QUIET_MS = 300;

export interface NetworkExchange {
  address: string;
  view: ResponseView;
}

function makeView(all: string, named: Record<string, string>, extra: Record<string, Value> = {}): ResponseView {
  const parts: Record<string, string> = {
    data: all,
    body: all,
    raw: all,
    all,
    response: all,
    hex: Buffer.from(all, 'latin1').toString('hex'),
    ...named,
  };
  return { parts, env: { ...parts, ...extra } };
}

/** Bulwark's read rule: after connecting and after each input, wait for data until `QUIET_MS` of silence, `max` bytes, or the timeout. */
class Conversation {
  buf = '';
  closed = false;
  private waiter?: () => void;
  constructor(private sock: net.Socket) {
    sock.on('data', (d: Buffer) => {
      this.buf += d.toString('latin1');
      this.waiter?.();
    });
    sock.on('close', () => {
      this.closed = true;
      this.waiter?.();
    });
    sock.on('error', () => undefined);
  }
  async read(max: number, firstWaitMs: number, timeoutMs: number): Promise<string> {
    const start = this.buf.length;
    const deadline = Date.now() + timeoutMs;
    let lastLen = start;
    let lastAt = Date.now();
    for (;;) {
      const got = this.buf.length - start;
      if (got >= max || this.closed) break;
      const now = Date.now();
      if (now >= deadline) break;
      if (got === 0 && now - lastAt >= firstWaitMs) break;
      if (got > 0 && now - lastAt >= QUIET_MS) break;
      await new Promise<void>((r) => {
        const timer = setTimeout(r, Math.min(50, deadline - now));
        this.waiter = () => {
          clearTimeout(timer);
          r();
        };
      });
      this.waiter = undefined;
      if (this.buf.length !== lastLen) {
        lastLen = this.buf.length;
        lastAt = Date.now();
      }
    }
    return this.buf.slice(start, start + Math.max(max, 0));
  }
}

function connect(t: CheckTarget, port: number, useTls: boolean): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const opts = { host: t.address, port, timeout: t.timeoutMs };
    const sock = useTls
      ? tls.connect(
          {
            ...opts,
            rejectUnauthorized: false,
            servername: net.isIP(t.name) ? undefined : t.name,
            ciphers: 'DEFAULT:@SECLEVEL=0',
            minVersion: 'TLSv1',
          },
          () => resolve(sock),
        )
      : net.connect(opts, () => resolve(sock));
    const onAbort = () => sock.destroy(new Error('aborted'));
    t.signal?.addEventListener('abort', onAbort, { once: true });
    sock.once('close', () => t.signal?.removeEventListener('abort', onAbort));
    sock.once('timeout', () => sock.destroy(new Error('timeout')));
    sock.once('error', reject);
  });
}

async function tcpExchange(
  req: NetworkRequest,
  t: CheckTarget,
  port: number,
  useTls: boolean,
  env: Record<string, Value>,
): Promise<ResponseView> {
  const sock = await connect(t, port, useTls);
  try {
    const conv = new Conversation(sock);
    const named: Record<string, string> = {};
    // The greeting of talk-first protocols (FTP, SMTP, SSH …); short wait for those that wait for us. A first input that
    // sends nothing is that read itself (Nuclei reads only after inputs): reading the greeting before it would leave it
    // waiting the whole timeout for a second greeting.
    const greetingInput = req.inputs[0]?.data === '' ? req.inputs[0] : undefined;
    named.banner = await conv.read(
      greetingInput?.read ?? req.readSize,
      greetingInput ? t.timeoutMs : req.inputs.length ? 700 : t.timeoutMs,
      t.timeoutMs,
    );
    if (greetingInput?.name) named[greetingInput.name] = named.banner;
    for (const input of greetingInput ? req.inputs.slice(1) : req.inputs) {
      if (conv.closed) break;
      sock.write(Buffer.from(fillTemplate(input.data, env), 'latin1'));
      const got = await conv.read(input.read ?? req.readSize, t.timeoutMs, t.timeoutMs);
      if (input.name) named[input.name] = got;
    }
    return makeView(conv.buf, named);
  } finally {
    sock.destroy();
  }
}

function udpExchange(req: NetworkRequest, t: CheckTarget, port: number, env: Record<string, Value>): Promise<ResponseView> {
  return new Promise((resolve, reject) => {
    const sock = dgram.createSocket(net.isIPv6(t.address) ? 'udp6' : 'udp4');
    let all = '';
    const named: Record<string, string> = {};
    let i = 0;
    let timer: NodeJS.Timeout;
    const done = () => {
      clearTimeout(timer);
      t.signal?.removeEventListener('abort', abort);
      sock.close();
      resolve(makeView(all, named));
    };
    const abort = () => {
      clearTimeout(timer);
      sock.close();
      reject(new Error('aborted'));
    };
    t.signal?.addEventListener('abort', abort, { once: true });
    const sendNext = () => {
      if (i >= req.inputs.length) return done();
      sock.send(Buffer.from(fillTemplate(req.inputs[i].data, env), 'latin1'), port, t.address);
      clearTimeout(timer);
      timer = setTimeout(done, t.timeoutMs);
    };
    sock.on('message', (msg) => {
      const s = msg.toString('latin1');
      all += s;
      const name = req.inputs[i]?.name;
      if (name) named[name] = (named[name] ?? '') + s;
      i++;
      sendNext();
    });
    sock.on('error', (e) => {
      clearTimeout(timer);
      sock.close();
      reject(e);
    });
    sendNext();
  });
}

/** One exchange per host entry of the block (tcp, tls:// or udp://). */
export async function* runNetwork(req: NetworkRequest, t: CheckTarget, env: Record<string, Value>): AsyncGenerator<NetworkExchange> {
  for (const h of req.hosts) {
    const m = /^(?:(tls|udp):\/\/)?\{\{(?:Hostname|Host)\}\}(?::([0-9]+))?$/.exec(h)!;
    const port = m[2] ? Number(m[2]) : t.port;
    const address = `${m[1] ? `${m[1]}://` : ''}${t.address}:${port}`;
    if (req.probe) {
      const r = req.probe === 'dns-axfr' ? await dnsAxfrProbe(t, port) : await sshProbe(req.probe, t, port);
      yield { address, view: makeView(r.text, {}, r.env) };
    } else if (m[1] === 'udp') yield { address, view: await udpExchange(req, t, port, env) };
    else yield { address, view: await tcpExchange(req, t, port, m[1] === 'tls', env) };
  }
}
