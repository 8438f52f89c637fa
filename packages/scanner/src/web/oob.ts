// The out-of-band listener a probe runs for a web scan: a small HTTP server on the probe's address that hands out a
// unique URL per test and records who called it, so blind SSRF, remote file inclusion and XXE are confirmed by the
// target calling back, never guessed.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OobListener } from './types.ts';

export interface OobServer extends OobListener {
  /** The listener's base URL (http://host:port). */
  readonly base: string;
  close(): Promise<void>;
}

/** How long called() waits when the caller does not say: a target calling back after answering is usually quick. */
export const OOB_DEFAULT_WAIT_MS = 2000;

/** The first line every token URL answers: a page that shows what it fetched shows this marker. */
export function oobMarker(token: string): string {
  return `bwk-oob-${token}`;
}

/** Two factors whose product only running the answer writes: its source holds the factors, never the product. */
const EXEC_FACTORS = [48271, 16807] as const;

/** What a page that ran the listener's answer as code (remote file inclusion) shows; showing the source never does. */
export function oobExecMarker(token: string): string {
  return `bwk-exec-${token}-${EXEC_FACTORS[0] * EXEC_FACTORS[1]}`;
}

/**
 * The body every token URL answers: the marker, then a PHP block (the language remote inclusion lives in) that prints
 * the exec marker when included as code. A page that only shows the content shows the block's source instead.
 */
export function oobBody(token: string): string {
  return `${oobMarker(token)}\n<?php echo 'bwk-exec-', '${token}', '-', ${EXEC_FACTORS[0]} * ${EXEC_FACTORS[1]}; ?>\n`;
}

interface OobCall {
  from: string;
  request: string;
}

/** A request body is kept up to this size in the record (an XXE's exfiltrated line, an SSRF's POST). */
const MAX_RECORDED_BODY = 4096;

/** Listens on host (the probe's address the target can reach; default 127.0.0.1) and an ephemeral port unless given. */
export async function startOobListener(opts: { host?: string; port?: number; publicHost?: string } = {}): Promise<OobServer> {
  const host = opts.host ?? '127.0.0.1';
  // The first call per token is the proof; later ones add nothing.
  const calls = new Map<string, OobCall>();
  const issued = new Set<string>();
  const waiters = new Map<string, Set<(call: OobCall | null) => void>>();

  const record = (token: string, call: OobCall): void => {
    if (calls.has(token)) return;
    calls.set(token, call);
    for (const wake of waiters.get(token) ?? []) wake(call);
    waiters.delete(token);
  };

  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const token = /^\/([0-9a-f]{16})(?:[/?#.]|$)/.exec(path)?.[1];
    if (!token || !issued.has(token)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size < MAX_RECORDED_BODY) chunks.push(chunk.subarray(0, MAX_RECORDED_BODY - size));
      size += chunk.length;
    });
    req.on('end', () => {
      const head = [`${req.method ?? 'GET'} ${path} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) head.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      const body = Buffer.concat(chunks).toString('utf8');
      record(token, { from: req.socket.remoteAddress ?? 'unknown', request: `${head.join('\r\n')}\r\n\r\n${body}` });
      res.writeHead(200, { 'content-type': 'text/plain' }).end(oobBody(token));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const publicHost = opts.publicHost ?? host;
  const base = `http://${publicHost.includes(':') ? `[${publicHost}]` : publicHost}:${port}`;

  return {
    base,
    url() {
      const token = randomBytes(8).toString('hex');
      issued.add(token);
      return { token, url: `${base}/${token}` };
    },
    called(token, waitMs = OOB_DEFAULT_WAIT_MS) {
      const seen = calls.get(token);
      if (seen || waitMs <= 0 || !issued.has(token) || !server.listening) return Promise.resolve(seen ?? null);
      return new Promise((resolve) => {
        let set = waiters.get(token);
        if (!set) waiters.set(token, (set = new Set()));
        const wake = (call: OobCall | null): void => {
          clearTimeout(timer);
          set.delete(wake);
          resolve(call);
        };
        const timer = setTimeout(() => wake(null), waitMs);
        set.add(wake);
      });
    },
    async close() {
      // Whoever still waits learns now that no call will come.
      for (const set of waiters.values()) for (const wake of set) wake(null);
      waiters.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
