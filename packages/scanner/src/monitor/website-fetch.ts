// One HTTP(S) request of a website check: no redirect following (the caller records each hop), the TLS session and
// the certificate chain as they were on that connection, and a bounded, decompressed body.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import zlib from 'node:zlib';

/** Bodies are read up to this many bytes (after decompression); the rest is not read. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

const REQUEST_HEADERS = {
  'user-agent': 'Bulwark-WebsiteMonitor/1.0',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  connection: 'close',
};

/** The TLS session of one hop, read before its body. */
export interface HopTls {
  protocol: string | null;
  cipher: string | null;
  /** The leaf with its issuers linked (`issuerCertificate`), as Node's TLS socket gives it. */
  peer: tls.DetailedPeerCertificate | null;
  authorized: boolean;
  /** OpenSSL's verification error code, e.g. DEPTH_ZERO_SELF_SIGNED_CERT. */
  authorizationError: string | null;
}

export interface Hop {
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  tls: HopTls | null;
  /** The body as text, decoded by its charset (null for a redirect, whose body is drained). */
  body: string | null;
  truncated: boolean;
}

export interface HopOptions {
  signal: AbortSignal;
  /** Resolves a host name to one address instead of the system resolver (the monitor's own DNS servers; tests). */
  resolveHost?: (hostname: string) => Promise<string>;
  /** Node's roots plus the extra CA (a secure context built once per extra CA). */
  secureContext: tls.SecureContext;
}

const contexts = new Map<string, tls.SecureContext>();

/**
 * A client context that trusts Node's roots and `extraCa`, and can still talk to old servers (TLS 1.0, legacy suites:
 * OpenSSL security level 0) so that their weakness is reported instead of a failed handshake.
 */
export function secureContextFor(extraCa: string | undefined): tls.SecureContext {
  const key = extraCa ?? '';
  let ctx = contexts.get(key);
  if (!ctx) {
    ctx = tls.createSecureContext({
      ca: extraCa ? [...tls.rootCertificates, extraCa] : [...tls.rootCertificates],
      minVersion: 'TLSv1',
      ciphers: 'DEFAULT:@SECLEVEL=0',
    });
    if (contexts.size > 8) contexts.clear();
    contexts.set(key, ctx);
  }
  return ctx;
}

/** One GET of `url`. Rejects on a network error (refused, DNS, TLS handshake, abort). */
export function fetchHop(url: URL, opts: HopOptions): Promise<Hop> {
  const isHttps = url.protocol === 'https:';
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise<Hop>((resolve, reject) => {
    const options: https.RequestOptions = {
      method: 'GET',
      headers: REQUEST_HEADERS,
      agent: false,
      signal: opts.signal,
    };
    if (opts.resolveHost) options.lookup = lookupVia(opts.resolveHost);
    if (isHttps) {
      Object.assign(options, {
        rejectUnauthorized: false,
        secureContext: opts.secureContext,
      });
      // SNI carries names only, never addresses.
      if (!net.isIP(hostname)) options.servername = hostname;
    }
    const req = (isHttps ? https : http).request(url, options, (res) => {
      const sock = res.socket as tls.TLSSocket;
      const hopTls: HopTls | null = isHttps
        ? {
            protocol: sock.getProtocol?.() ?? null,
            cipher: sock.getCipher?.()?.standardName ?? sock.getCipher?.()?.name ?? null,
            peer: peerOf(sock),
            authorized: sock.authorized === true,
            authorizationError: sock.authorizationError ? String(sock.authorizationError) : null,
          }
        : null;
      const hop: Hop = { url: url.href, status: res.statusCode ?? 0, headers: res.headers, tls: hopTls, body: null, truncated: false };
      // A redirect's body is not the page: it is drained, not read.
      if (hop.status >= 300 && hop.status < 400 && res.headers.location) {
        res.resume();
        res.once('end', () => resolve(hop));
        res.once('error', reject);
        return;
      }
      readBody(res, (err, buf, truncated) => {
        if (err) return reject(err);
        hop.body = decodeText(buf, res.headers['content-type']);
        hop.truncated = truncated;
        resolve(hop);
      });
    });
    req.once('error', reject);
    req.end();
  });
}

/** `resolveHost` as the `lookup` function Node's sockets call (one address, or a list when asked for all). */
function lookupVia(resolveHost: (hostname: string) => Promise<string>): net.LookupFunction {
  return (hostname, options, callback) => {
    resolveHost(hostname).then(
      (address) => {
        const family = net.isIP(address) || 4;
        // Node's happy-eyeballs connect asks for every address; a plain connect for one.
        if (options.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
        else callback(null, address, family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

function peerOf(sock: tls.TLSSocket): tls.DetailedPeerCertificate | null {
  const cert = sock.getPeerCertificate?.(true);
  return cert && Object.keys(cert).length > 0 ? cert : null;
}

/**
 * Reads the body through its content decoding, stopping at MAX_BODY_BYTES. A connection that breaks before the body
 * ends, or a broken encoding, is an error: half a page must not pass for a changed page.
 */
function readBody(res: http.IncomingMessage, done: (err: Error | null, buf: Buffer, truncated: boolean) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  let rawEnded = false;
  const finish = (err: Error | null, truncated: boolean) => {
    if (finished) return;
    finished = true;
    done(err, Buffer.concat(chunks), truncated);
  };
  const enc = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    enc === 'gzip' || enc === 'x-gzip'
      ? zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH })
      : enc === 'deflate'
        ? zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH })
        : enc === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  const source: NodeJS.ReadableStream = decoder ? res.pipe(decoder) : res;
  source.on('data', (chunk: Buffer) => {
    if (finished) return;
    const room = MAX_BODY_BYTES - size;
    chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
    size += Math.min(chunk.length, room);
    if (size >= MAX_BODY_BYTES) {
      finish(null, true);
      res.destroy();
      decoder?.destroy();
    }
  });
  source.on('end', () => finish(null, false));
  decoder?.on('error', (e: Error) => finish(new Error(`The ${enc} body does not decode: ${e.message}`), false));
  res.on('end', () => {
    rawEnded = true;
  });
  res.on('error', (e) => finish(e, false));
  res.on('close', () => {
    if (!rawEnded) finish(new Error('The connection closed before the body ended.'), false);
  });
}

/** The body as text by the Content-Type's charset (UTF-8 when absent or unknown). */
function decodeText(buf: Buffer, contentType: string | undefined): string {
  const charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(buf);
  } catch {
    return new TextDecoder('utf-8').decode(buf);
  }
}
