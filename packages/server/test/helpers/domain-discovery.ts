// Test services of domain asset discovery, all on loopback: a real bind9 (Debian's named) on 127.0.0.1 serving a zone
// that allows zone transfers and one that refuses them (and answers every name through a wildcard); a stand-in for
// crt.sh's JSON interface (`/?q=%25.<domain>&output=json`, an array of certificates with `common_name` and
// `name_value`, names one per line, as crt.sh documents and answers); and a TLS server whose certificate names hosts,
// for a real scan to see.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { DAEMONS, startDaemon, unavailable, type DaemonSpec, type RunningDaemon } from '../../../scanner/test/services-helpers/daemons.ts';

export const OPEN_ZONE = 'open-zone.test';
export const CLOSED_ZONE = 'closed-zone.test';

/** Zone name -> allow-transfer and records (SOA and NS added here; the name server is 127.0.0.1). */
const ZONES: Record<string, { transfer: boolean; records: string[] }> = {
  [OPEN_ZONE]: {
    transfer: true,
    records: [
      '@ IN MX 10 mail',
      'www IN A 127.0.77.10',
      'mail IN A 127.0.77.11',
      // Found only by the zone transfer: no word list has it.
      'build-7 IN A 127.0.77.12',
      'build-7 IN AAAA fd00::12',
      'vpn IN CNAME www',
    ],
  },
  [CLOSED_ZONE]: {
    transfer: false,
    records: [
      'www IN A 127.0.77.20',
      'dev IN A 127.0.77.21',
      // Found only by the certificate-transparency log.
      'secret-intranet IN A 127.0.77.22',
      // Found only on a certificate a scan saw.
      'tls-only IN A 127.0.77.23',
      // Every other name answers: guessed names that get only this are not hosts.
      '* IN A 127.0.77.99',
    ],
  },
};

export function bindUnavailable(): string | undefined {
  return unavailable(DAEMONS.bind9!);
}

/** Starts named on 127.0.0.1 (a free port) with both zones. */
export function startZones(): Promise<RunningDaemon> {
  const base = DAEMONS.bind9!;
  const spec: DaemonSpec = {
    ...base,
    id: 'bind9-domain-discovery',
    config(ctx) {
      const { args, files = {} } = base.config!(ctx);
      const zoneFiles: Record<string, string> = {};
      const decl: string[] = [];
      for (const [zone, z] of Object.entries(ZONES)) {
        decl.push(
          `zone "${zone}" { type primary; file "${join(ctx.dir, `${zone}.zone`)}"; allow-transfer { ${z.transfer ? 'any' : 'none'}; }; };`,
        );
        zoneFiles[`${zone}.zone`] =
          [
            `$ORIGIN ${zone}.`,
            '$TTL 60',
            `@ IN SOA ns1 hostmaster 1 3600 600 86400 60`,
            '@ IN NS ns1',
            'ns1 IN A 127.0.0.1',
            ...z.records,
          ].join('\n') + '\n';
      }
      return { args, files: { ...files, 'named.conf': `${files['named.conf'] ?? ''}${decl.join('\n')}\n`, ...zoneFiles } };
    },
  };
  return startDaemon(spec, '127.0.0.1');
}

export interface CtStandIn {
  url: string;
  /** The query strings asked, in order. */
  queries: string[];
  close(): Promise<void>;
}

/** crt.sh's JSON answer for the names given per domain (the CT log of each). */
export async function startCtLog(names: Record<string, string[][]>): Promise<CtStandIn> {
  const queries: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    queries.push(url.search);
    const q = url.searchParams.get('q') ?? '';
    if (url.searchParams.get('output') !== 'json' || !q.startsWith('%.')) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad query');
      return;
    }
    const certs = names[q.slice(2)] ?? [];
    const body = certs.map((n, i) => ({
      issuer_ca_id: 183267,
      issuer_name: "C=US, O=Let's Encrypt, CN=R3",
      common_name: n[0],
      name_value: n.join('\n'),
      id: 9_000_000 + i,
      entry_timestamp: '2026-01-05T10:11:12.123',
      not_before: '2026-01-05T09:11:12',
      not_after: '2026-04-05T09:11:11',
      serial_number: `04a1b2c3d4${i}`,
      result_count: n.length,
    }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/`, queries, close: () => new Promise((r) => server.close(() => r())) };
}

/** A TLS server on 127.0.0.1 whose self-signed certificate carries `cn` and the `sans`. */
export async function startTlsServer(cn: string, sans: string[]): Promise<{ port: number; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-dd-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '30',
        '-subj',
        `/CN=${cn}`,
        '-addext',
        `subjectAltName=${sans.map((s) => `DNS:${s}`).join(',')}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const server = tls.createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (s) => {
      s.on('error', () => undefined);
      s.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    return { port: (server.address() as { port: number }).port, close: () => new Promise((r) => server.close(() => r())) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
