// Sends an `unsafe: true` raw request: the template's bytes over a TCP (or TLS) socket to the target, as written, and
// reads the HTTP response by hand (Node's client would rewrite or refuse such requests).
import net from 'node:net';
import tls from 'node:tls';
import type { CheckTarget } from './target.ts';

const MAX = 1 << 20;

export interface RawResponse {
  status: number;
  line: string;
  rawHeaders: string[];
  body: string;
  location?: string;
}

function complete(buf: Buffer): boolean {
  const end = buf.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const head = buf.subarray(0, end).toString('latin1');
  const body = buf.subarray(end + 4);
  const len = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (len) return body.length >= Number(len[1]);
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) return body.includes('0\r\n\r\n');
  return /^HTTP\/[0-9.]+ (1\d\d|204|304)/.test(head);
}

function dechunk(body: Buffer): Buffer {
  const out: Buffer[] = [];
  let i = 0;
  for (;;) {
    const nl = body.indexOf('\r\n', i);
    if (nl < 0) break;
    const size = parseInt(body.subarray(i, nl).toString('latin1'), 16);
    if (!Number.isFinite(size) || size <= 0) break;
    out.push(body.subarray(nl + 2, nl + 2 + size));
    i = nl + 2 + size + 2;
  }
  return Buffer.concat(out);
}

export function parseRawResponse(buf: Buffer): RawResponse | null {
  const end = buf.indexOf('\r\n\r\n');
  const headEnd = end < 0 ? buf.length : end;
  const [line, ...lines] = buf.subarray(0, headEnd).toString('latin1').split('\r\n');
  const m = /^HTTP\/[0-9.]+\s+(\d{3})/.exec(line);
  if (!m) return null;
  const rawHeaders: string[] = [];
  for (const l of lines) {
    const i = l.indexOf(':');
    if (i > 0) rawHeaders.push(l.slice(0, i).trim(), l.slice(i + 1).trim());
  }
  let body = end < 0 ? Buffer.alloc(0) : buf.subarray(end + 4);
  const at = (n: string) => {
    const i = rawHeaders.findIndex((h, j) => j % 2 === 0 && h.toLowerCase() === n);
    return i < 0 ? undefined : rawHeaders[i + 1];
  };
  if (/chunked/i.test(at('transfer-encoding') ?? '')) body = dechunk(body);
  return { status: Number(m[1]), line: line.trimEnd(), rawHeaders, body: body.toString('utf8'), location: at('location') };
}

export function sendRaw(t: CheckTarget, bytes: string, timeoutMs: number): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const opts = { host: t.address, port: t.port, timeout: timeoutMs };
    const sock = t.tls
      ? tls.connect({ ...opts, rejectUnauthorized: false, servername: net.isIP(t.name) ? undefined : t.name })
      : net.connect(opts);
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      t.signal?.removeEventListener('abort', onAbort);
      sock.destroy();
      const r = parseRawResponse(Buffer.concat(chunks));
      if (r) resolve(r);
      else reject(new Error('no HTTP response'));
    };
    const onAbort = () => {
      settled = true;
      sock.destroy();
      reject(new Error('aborted'));
    };
    t.signal?.addEventListener('abort', onAbort, { once: true });
    sock.once(t.tls ? 'secureConnect' : 'connect', () => sock.write(Buffer.from(bytes, 'latin1')));
    sock.on('data', (d: Buffer) => {
      if (size < MAX) chunks.push(d);
      size += d.length;
      if (complete(Buffer.concat(chunks)) || size >= MAX) finish();
    });
    sock.on('end', finish);
    sock.on('close', finish);
    sock.on('timeout', finish);
    sock.on('error', (e) => {
      if (chunks.length) return finish();
      if (!settled) {
        settled = true;
        t.signal?.removeEventListener('abort', onAbort);
        reject(e);
      }
    });
  });
}
