// Community checks through the API: a template folder named in BULWARK_CHECKS_DIRS (written here) shows in the test
// catalogue beside the shipped checks, its refused templates are listed with their reasons (a shipped id wins), and a
// scan run by the built-in probe finds what its template looks for on a real web server on loopback.
import http from 'node:http';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindingRow } from '@bulwark/core';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { waitForRun } from './helpers/scans.ts';

const HOST = '127.0.0.94';
type Page<T> = { count: number; results: T[] };
type Refused = { source: string; folder: string; file: string; template_id: string | null; reason: string };
type Test = { id: string; name: string; source: string; category: string };

const EXPOSED_CONSOLE = `id: acme-console-exposed
info:
  name: Acme console open without login
  severity: high
  tags: acme,exposure
http:
  - method: GET
    path: ["{{BaseURL}}/console/status"]
    matchers-condition: and
    matchers:
      - type: status
        status: [200]
      - type: word
        words: ["Acme console"]
    extractors:
      - type: json
        json: [".build"]
`;

describe('community checks in the catalogue and in a scan', () => {
  let t: TestApp;
  let admin: Client;
  let server: http.Server;
  let port = 0;
  const before = process.env.BULWARK_CHECKS_DIRS;

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bulwark-community-'));
    await writeFile(path.join(dir, 'acme-console.yaml'), EXPOSED_CONSOLE);
    await writeFile(
      path.join(dir, 'flow.yaml'),
      'id: uses-flow\ninfo: {name: Flow, severity: low}\nflow: http(1)\nhttp:\n  - path: ["{{BaseURL}}"]\n    matchers: [{type: status, status: [200]}]\n',
    );
    await writeFile(
      path.join(dir, 'jarm.yaml'),
      'id: c2-jarm\ninfo: {name: C2, severity: info}\nnetwork:\n  - host: ["{{Hostname}}"]\n    matchers: [{type: dsl, dsl: ["jarm(Hostname) == \\"x\\""]}]\n',
    );
    await writeFile(
      path.join(dir, 'redis.yaml'),
      'id: redis-no-auth\ninfo: {name: Mine, severity: low}\nnetwork:\n  - inputs: [{data: "PING\\r\\n"}]\n    port: 6379\n    matchers: [{type: word, words: [PONG]}]\n',
    );
    process.env.BULWARK_CHECKS_DIRS = ['/nonexistent-bulwark-checks', dir].join(path.delimiter);
    server = http.createServer((req, res) => {
      // The application names itself, as most do: community web templates run where their technology (tag) is found.
      res.setHeader('X-Powered-By', 'Acme/2024.1');
      if (req.url === '/console/status') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify({ product: 'Acme console', build: '2024.1' }));
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
    port = (server.address() as { port: number }).port;
    t = await startTestApp('pglite');
    admin = t.client();
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    if (before === undefined) delete process.env.BULWARK_CHECKS_DIRS;
    else process.env.BULWARK_CHECKS_DIRS = before;
    server?.close();
    await t?.close();
  });

  it('lists the community template as a test and the refused ones with their reasons', async () => {
    const tests = await admin.get<Page<Test>>('/api/nvt/nvtests-simple/?source=community');
    expect(tests.status).toBe(200);
    expect(tests.body.results).toEqual([
      // A template at the top of its folder (not under http/, network/ or ssl/): the library's "other" category.
      expect.objectContaining({ id: 'acme-console-exposed', source: 'community', category: 'community-other', unsafe: null }),
    ]);
    const shipped = await admin.get<Page<Test>>('/api/nvt/nvtests-simple/?search=redis-no-auth');
    expect(shipped.body.results).toEqual([
      expect.objectContaining({ id: 'redis-no-auth', source: 'shipped', name: 'Redis without authentication' }),
    ]);

    const refused = await admin.get<Page<Refused>>('/api/nvt/refused-templates/?source=community&page_size=50');
    expect(refused.status).toBe(200);
    const byFile = Object.fromEntries(refused.body.results.map((r) => [r.file || r.folder, r]));
    expect(byFile['flow.yaml']).toMatchObject({ template_id: 'uses-flow', reason: expect.stringMatching(/flow/) });
    expect(byFile['jarm.yaml']).toMatchObject({ template_id: 'c2-jarm', reason: "dsl function 'jarm' not supported" });
    expect(byFile['redis.yaml'].reason).toBe("duplicate id 'redis-no-auth': the shipped check database/redis-no-auth.yaml wins");
    expect(byFile['nonexistent-bulwark-checks'].reason).toMatch(/cannot be read/);
    const searched = await admin.get<Page<Refused>>('/api/nvt/refused-templates/?search=jarm');
    expect(searched.body.results.map((r) => r.template_id)).toEqual(['c2-jarm']);
  });

  it('runs the community template in a scan by the built-in probe and finds the exposed console', { timeout: 180_000 }, async () => {
    const profile = await admin.post<{ id: number }>('/api/scan/nprofiles/', {
      name: 'Acme console',
      standard_scan: false,
      custom_tcp_range: String(port),
      plus_categories: ['community-other'],
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    const scan = await admin.post<{ id: number; last_run: number }>('/api/scan/nscans/', {
      name: 'Acme',
      targets: [HOST],
      profile: profile.body.id,
    });
    expect(scan.status, JSON.stringify(scan.body)).toBe(201);
    await waitForRun(admin, scan.body.last_run, (r) => r.status === 2 || r.status === 3, 150_000);
    await settleRunProcessing(t.ctx);
    const findings = await admin.get<{ results: FindingRow[] }>(`/api/scan/nruns/${scan.body.last_run}/findings/?page_size=1000`);
    const found = findings.body.results.find((f) => f.check_id === 'acme-console-exposed');
    expect(found, JSON.stringify(findings.body.results.map((f) => f.check_id))).toMatchObject({ port });
  });
});
