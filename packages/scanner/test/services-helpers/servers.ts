// Test helpers for service identification: a self-signed certificate from openssl, and listening on loopback.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCert {
  key: string;
  cert: string;
}

/** A self-signed RSA-2048 certificate for CN=scan.test with two SANs, made by the real openssl. */
export function selfSignedCert(cn = 'scan.test'): TestCert {
  const dir = mkdtempSync(join(tmpdir(), 'bulwark-svc-'));
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
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-subj',
        `/CN=${cn}/O=Bulwark Test`,
        '-addext',
        `subjectAltName=DNS:${cn},DNS:www.${cn}`,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts listening on host:port (0 = any free port) and resolves to the bound port. */
export function listen(server: net.Server, host: string, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const addr = server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : port);
    });
  });
}

export function close(server: { close(cb?: (err?: Error) => void): unknown } | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!server) return resolve();
    server.close(() => resolve());
  });
}
