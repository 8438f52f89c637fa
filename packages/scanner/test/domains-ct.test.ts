// The certificate-transparency client of domain discovery against a local server answering as crt.sh's JSON interface
// does (and as it fails): names read from common_name and name_value, wildcards and other domains dropped, and each
// failure (an HTTP error, an answer that is not JSON or not a list, one too big, one too slow) said in words. A zone
// transfer to a port nobody listens on is answered with its reason rather than thrown.
import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateName, ctNames, ctSearchUrl, wordlistLabels, zoneTransfer } from '../src/index.ts';
import { freePort } from './services-helpers/daemons.ts';

describe('certificate-transparency names', () => {
  let server: Server;
  let base: string;
  const asked: string[] = [];
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/fail/') return void res.writeHead(500).end('busy');
      if (path === '/html/') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>rate limited</html>');
      if (path === '/object/') return void res.writeHead(200).end('{"error":"x"}');
      if (path === '/big/') return void res.writeHead(200).end(`[${'{"name_value":"a.example.com"},'.repeat(40_000)}{}]`);
      // Never answers while the test runs (no timer): the client gives up at its own limit.
      if (path === '/slow/') return void held.push(res);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify([
            { issuer_ca_id: 1, common_name: `www.${q.slice(2)}`, name_value: `www.${q.slice(2)}\n*.dev.${q.slice(2)}\nother.example.net` },
            { issuer_ca_id: 1, common_name: 'Some CA Name', name_value: `API.${q.slice(2)}.` },
            'not an entry',
          ]),
        );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => {
    for (const res of held) res.writeHead(200).end('[]');
    return new Promise<void>((r) => server.close(() => r()));
  });

  it('asks as crt.sh is asked and keeps only names under the domain', async () => {
    expect(await ctNames(`${base}/`, 'example.com', { timeoutMs: 5000 })).toEqual([
      'api.example.com',
      'dev.example.com',
      'www.example.com',
    ]);
    expect(asked.at(-1)).toBe('/?q=%25.example.com&output=json');
    expect(ctSearchUrl('https://crt.sh/', 'example.com')).toBe('https://crt.sh/?q=%25.example.com&output=json');
    expect(certificateName('*.Example.COM', 'example.com')).toBe('example.com');
    expect(certificateName('evil-example.com', 'example.com')).toBeNull();
  });

  it('says how the source failed', async () => {
    const fail = (path: string, timeoutMs = 5000, maxBytes?: number) =>
      ctNames(`${base}${path}`, 'example.com', { timeoutMs, maxBytes }).then(
        () => 'no error',
        (e: Error) => e.message,
      );
    expect(await fail('/fail/')).toBe('answered HTTP 500');
    expect(await fail('/html/')).toBe('answered something other than JSON');
    expect(await fail('/object/')).toBe('answered JSON that is not a list of certificates');
    expect(await fail('/big/', 5000, 100_000)).toBe('answered more than 98 KB');
    expect(await fail('/slow/', 300)).toBe('did not answer in time');
  });

  it('answers a zone transfer nobody serves with its reason', async () => {
    const port = await freePort('127.0.0.1');
    expect(await zoneTransfer({ address: '127.0.0.1', port }, 'example.com', { timeoutMs: 2000 })).toEqual({
      ok: false,
      reason: 'could not be reached (connection refused)',
    });
  });

  it('has word lists of the sizes offered, most common first, without repeats', () => {
    expect(wordlistLabels('none')).toEqual([]);
    expect(wordlistLabels('small')).toHaveLength(50);
    expect(wordlistLabels('large')).toHaveLength(400);
    expect(new Set(wordlistLabels('large')).size).toBe(400);
    expect(wordlistLabels('small').slice(0, 2)).toEqual(['www', 'mail']);
  });
});
