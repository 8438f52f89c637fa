// A target that stops answering in the middle of a scan (a request crashed it; it restarts): the client waits for
// it to come back, sends again the requests that failed meanwhile (not the first, the likely culprit), and the scan
// says so (an error naming the request); a target that stays away is given up on; one connection cut while the
// server is up is no outage, nor is a target that never answered. A real server on loopback that closes and listens again.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { runWebScan } from '../../src/web/engine.ts';
import { ScanHttpClient } from '../../src/web/http.ts';
import type { Outage } from '../../src/web/outage.ts';
import { webSpec } from './fixtures/site-spec.ts';

interface Flaky {
  base: string;
  hits: string[];
  close(): Promise<void>;
}

/**
 * GET /crash ends the server (its own connection first, the others a moment later) and it listens again after
 * `downMs` (never when null); GET /slow answers after 300 ms; GET /reset cuts its connection once, the server up.
 */
async function startFlaky(downMs: number | null): Promise<Flaky> {
  const hits: string[] = [];
  const sockets = new Set<Socket>();
  let port = 0;
  let resets = 0;
  let closed = false;
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.push(path);
    if (path === '/crash') {
      req.socket.destroy();
      setTimeout(() => {
        for (const s of sockets) s.destroy();
        server.close();
        if (downMs !== null) setTimeout(() => !closed && server.listen(port, '127.0.0.1'), downMs);
      }, 50);
      return;
    }
    if (path === '/reset' && resets++ === 0) return void req.socket.destroy();
    const answer = (): void => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(path === '/' ? '<a href="/crash">crash</a> <a href="/page">page</a>' : `ok ${path}`);
    };
    if (path === '/slow') setTimeout(answer, 300);
    else answer();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    hits,
    close: async () => {
      closed = true;
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}

const flakies: Flaky[] = [];
afterEach(async () => {
  await Promise.all(flakies.splice(0).map((f) => f.close()));
});

function client(outages: Outage[], outageWaitMs?: number): ScanHttpClient {
  return new ScanHttpClient({
    requestsPerSecond: 1000,
    parallel: 4,
    timeoutMs: 5000,
    signal: new AbortController().signal,
    inScope: () => true,
    onOutage: (o) => outages.push(o),
    ...(outageWaitMs !== undefined ? { outageWaitMs } : {}),
  });
}

describe('a target that stops answering', () => {
  it('waits for it, sends again what failed meanwhile but not the first to fail, and says so once', async () => {
    const site = await startFlaky(800);
    flakies.push(site);
    const outages: Outage[] = [];
    const c = client(outages);
    await c.send({ method: 'GET', url: `${site.base}/` });
    const crash = c.send({ method: 'GET', url: `${site.base}/crash` });
    const slow = c.send({ method: 'GET', url: `${site.base}/slow` });
    await expect(crash).rejects.toMatchObject({ code: 'ECONNRESET' });
    const res = await slow;
    expect(res.status).toBe(200);
    expect(res.body).toBe('ok /slow');
    expect(outages).toEqual([
      {
        origin: site.base,
        request: `GET ${site.base}/crash`,
        cause: expect.stringMatching(/socket hang up|ECONNRESET/),
        downMs: expect.any(Number),
      },
    ]);
    expect(outages[0]!.downMs).toBeGreaterThan(0);
    // The culprit went once; the request cut by the crash went again; later requests pass and start nothing.
    expect(site.hits.filter((h) => h === '/crash')).toHaveLength(1);
    expect(site.hits.filter((h) => h === '/slow')).toHaveLength(2);
    expect((await c.send({ method: 'GET', url: `${site.base}/later` })).body).toBe('ok /later');
    expect(outages).toHaveLength(1);
    c.close();
  });

  it('gives up on a target that stays away: said once, and later requests fail at once', async () => {
    const site = await startFlaky(null);
    flakies.push(site);
    const outages: Outage[] = [];
    const c = client(outages, 1000);
    await c.send({ method: 'GET', url: `${site.base}/` });
    await expect(c.send({ method: 'GET', url: `${site.base}/crash` })).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(outages).toMatchObject([{ origin: site.base, downMs: null }]);
    const probes = site.hits.length;
    await expect(c.send({ method: 'GET', url: `${site.base}/later` })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(outages).toHaveLength(1);
    expect(site.hits.length).toBe(probes);
    c.close();
  });

  it('takes one connection cut while the server is up for no outage: the request goes again, nothing is said', async () => {
    const site = await startFlaky(800);
    flakies.push(site);
    const outages: Outage[] = [];
    const c = client(outages);
    await c.send({ method: 'GET', url: `${site.base}/` });
    const res = await c.send({ method: 'GET', url: `${site.base}/reset` });
    expect(res.body).toBe('ok /reset');
    expect(outages).toEqual([]);
    c.close();
  });

  it('takes a target that never answered for one that is not there: no wait', async () => {
    const site = await startFlaky(null);
    const gone = site.base;
    await site.close();
    const outages: Outage[] = [];
    const c = client(outages);
    await expect(c.send({ method: 'GET', url: `${gone}/` })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(outages).toEqual([]);
    c.close();
  });

  it('a scan goes on after the target came back, and its errors name the request it stopped at', async () => {
    const site = await startFlaky(800);
    flakies.push(site);
    const result = await runWebScan(webSpec(`${site.base}/`, { limits: { parallel: 1 } as never }), {
      signal: new AbortController().signal,
    });
    const said = result.errors.filter((e) => e.type === SCAN_ERROR_TYPE.no_response).map((e) => e.message);
    expect(said).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^The target ${site.base} stopped answering \\(.+; the first request to fail: GET ${site.base}/crash\\) and answered again after \\d+\\.\\d s; the scan waited and went on`,
          ),
        ),
      ]),
    );
    expect(result.sitemap.map((e) => new URL(e.url).pathname)).toContain('/page');
  });
});
