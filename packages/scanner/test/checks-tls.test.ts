// TLS checks against real Node TLS servers with chosen versions, ciphers and certificates (made with openssl), and a modern one that must yield nothing.
import net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTemplates, runChecks, type CheckTemplate } from '../src/checks/index.ts';
import type { Finding } from '../src/types.ts';
import { goodCert, makeCert } from './checks-helpers/certs.ts';
import { closeAll, host, listen, svc } from './checks-helpers/servers.ts';

let templates: CheckTemplate[] = [];
const proven = new Set<string>();
const A = '127.0.0.75';

async function scanTls(opts: tls.TlsOptions, hostnames: string[] = []): Promise<Finding[]> {
  const server = tls.createServer(opts, (s) => s.end('HTTP/1.1 200 OK\r\n\r\n'));
  server.on('tlsClientError', () => undefined);
  const port = await listen(server, A);
  return runChecks(templates, host(A, [{ port, service: svc('https', true) }], hostnames), { timeoutMs: 3000 });
}
const ids = (f: Finding[]) => f.map((x) => x.check).sort();
const expectFound = (found: Finding[], expected: string[]) => {
  expect(ids(found)).toEqual(expect.arrayContaining(expected));
  expected.forEach((id) => proven.add(id));
};

beforeAll(async () => {
  templates = (await loadTemplates()).templates.filter((t) => t.ssl.length > 0 || t.id === 'tls-sslv3');
});
afterAll(closeAll);

describe('TLS checks', () => {
  it('report nothing on a modern server: TLS 1.2–1.3, ECDHE suites, valid CA-signed 2048-bit certificate naming the host', async () => {
    // Node's default suite list still includes static-RSA suites (AES256-GCM-SHA384 …): a modern server lists ECDHE only.
    const ciphers =
      'TLS_AES_128_GCM_SHA256:TLS_AES_256_GCM_SHA384:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-RSA-CHACHA20-POLY1305';
    expect(await scanTls({ ...goodCert(A), minVersion: 'TLSv1.2', ciphers })).toEqual([]);
  });

  it('find TLS 1.0 and TLS 1.1 separately', async () => {
    const legacy = { ...goodCert(A), ciphers: 'DEFAULT:@SECLEVEL=0' };
    const v10 = await scanTls({ ...legacy, minVersion: 'TLSv1', maxVersion: 'TLSv1' });
    expectFound(v10, ['tls-version-1-0']);
    expect(ids(v10)).not.toContain('tls-version-1-1');
    expect(v10.find((f) => f.check === 'tls-version-1-0')?.evidence).toContain('tls10');
    const v11 = await scanTls({ ...legacy, minVersion: 'TLSv1.1', maxVersion: 'TLSv1.1' });
    expectFound(v11, ['tls-version-1-1']);
    expect(ids(v11)).not.toContain('tls-version-1-0');
  });

  it('find an expired, self-signed, 1024-bit certificate for another name', async () => {
    const bad = makeCert({
      cn: 'other.example',
      san: ['DNS:other.example'],
      bits: 1024,
      notBefore: new Date('2020-01-01'),
      notAfter: new Date('2021-01-01'),
    });
    const found = await scanTls({ ...bad, ciphers: 'DEFAULT:@SECLEVEL=0' });
    expectFound(found, ['tls-cert-expired', 'tls-cert-self-signed', 'tls-cert-short-key', 'tls-cert-name-mismatch']);
    const byId = Object.fromEntries(found.map((f) => [f.check, f]));
    expect(byId['tls-cert-expired'].evidence).toContain('2021-01-01');
    expect(byId['tls-cert-short-key'].evidence).toContain('1024');
    expect(ids(found)).not.toContain('tls-cert-expiring-soon');
  });

  it('find a certificate that expires within 30 days, and check the name against the host name', async () => {
    const soon = makeCert({
      cn: 'www.example.test',
      san: ['DNS:www.example.test'],
      ca: goodCert(),
      notAfter: new Date(Date.now() + 10 * 86_400_000),
    });
    const found = await scanTls({ ...soon, minVersion: 'TLSv1.2', ciphers: 'ECDHE-RSA-AES128-GCM-SHA256' }, ['www.example.test']);
    expectFound(found, ['tls-cert-expiring-soon']);
    expect(ids(found)).toEqual(['tls-cert-expiring-soon']);
  });

  it('find NULL, anonymous and static-RSA cipher suites', async () => {
    const base = { ...goodCert(A), maxVersion: 'TLSv1.2' as const };
    const nul = await scanTls({ ...base, ciphers: 'NULL-SHA256:ECDHE-RSA-AES128-GCM-SHA256:@SECLEVEL=0' });
    expectFound(nul, ['tls-null-cipher']);
    expect(ids(nul)).not.toContain('tls-anonymous-cipher');
    const anon = await scanTls({ ...base, ciphers: 'AECDH-AES128-SHA:ECDHE-RSA-AES128-GCM-SHA256:@SECLEVEL=0' });
    expectFound(anon, ['tls-anonymous-cipher']);
    expect(ids(anon)).not.toContain('tls-null-cipher');
    const rsa = await scanTls({ ...base, ciphers: 'AES128-SHA:ECDHE-RSA-AES128-GCM-SHA256' });
    expectFound(rsa, ['tls-static-rsa-key-exchange']);
    expect(rsa.find((f) => f.check === 'tls-static-rsa-key-exchange')?.evidence).toContain('TLS_RSA_WITH_AES_128_CBC_SHA');
  });

  it('find SSLv3 from the ServerHello of a peer that accepts it, and not on a real TLS server', async () => {
    // No SSLv3 stack is available locally (OpenSSL 3 has none): the vulnerable peer answers a ClientHello with an SSLv3 ServerHello.
    const sslv3 = net.createServer((s) =>
      s.once('data', (d) => {
        if (d[0] === 0x16 && d[1] === 3 && d[2] === 0 && d[5] === 1)
          s.end(
            Buffer.concat([
              Buffer.from('160300002a0200002603 00'.replace(/ /g, ''), 'hex'),
              Buffer.alloc(32, 7),
              Buffer.from('00002f00', 'hex'),
            ]),
          );
        else s.destroy();
      }),
    );
    const port = await listen(sslv3, A);
    const found = await runChecks(templates, host(A, [{ port, service: svc('https', true) }]), { timeoutMs: 2000 });
    expectFound(found, ['tls-sslv3']);
    expect(found.find((f) => f.check === 'tls-sslv3')?.cve).toEqual(['CVE-2014-3566']);
    const legacy = await scanTls({ ...goodCert(A), minVersion: 'TLSv1', ciphers: 'DEFAULT:@SECLEVEL=0' });
    expect(ids(legacy)).not.toContain('tls-sslv3');
  });

  it('every TLS template is proven by a test', () => {
    expect(templates.map((t) => t.id).filter((id) => !proven.has(id))).toEqual([]);
  });
});
