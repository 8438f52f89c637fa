// Community checks: a template folder written here loads beside the shipped checks (refusals listed with their reasons,
// a shipped id wins), and its Nuclei-format templates find a real weak web application on loopback — directly, and
// through a probe task that carries them as the server sends them; chosen by the technology the application announces.
import http from 'node:http';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeTask, type TaskSpec } from '../src/agent/index.ts';
import { checksDirs, loadCheckCatalogue, runChecks } from '../src/checks/index.ts';
import { closeAll, host, listen, svc } from './checks-helpers/servers.ts';

const ADDRESS = '127.0.0.93';
let port = 0;
let dir = '';
const seen: string[] = [];

/** A small admin application with a default password, a version API and a reflecting search page. */
const app: http.RequestListener = (req, res) => {
  seen.push(`${req.method} ${req.url}`);
  // The application names itself, as most do: community web templates run where their technology (tag) is found.
  res.setHeader('X-Powered-By', 'Acme/1.4.2');
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.method === 'POST' && url.pathname === '/login') {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      if (form.get('user') === 'admin' && form.get('pass') === 'changeme') {
        res.writeHead(302, { Location: '/admin', 'Set-Cookie': 'sid=s3cr3t; HttpOnly' });
        return res.end();
      }
      res.writeHead(403).end('denied');
    });
    return;
  }
  if (url.pathname === '/admin') {
    const ok = /(^|;\s*)sid=s3cr3t/.test(req.headers.cookie ?? '');
    res.writeHead(ok ? 200 : 401, { 'Content-Type': 'text/html' });
    return res.end(ok ? '<h1>Acme admin console</h1>' : 'log in first');
  }
  if (url.pathname === '/api/version') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    return res.end(JSON.stringify({ product: { name: 'acme', version: '1.4.2' } }));
  }
  if (url.pathname === '/search') {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    return res.end(`<p>No result for ${url.searchParams.get('q') ?? ''}</p>`);
  }
  res.writeHead(404).end('not found');
};

const DEFAULT_LOGIN = `id: acme-default-login
info:
  name: Acme admin default password
  severity: high
  tags: acme,default-login
variables:
  landing: "/admin"
http:
  - raw:
      - |
        POST /login HTTP/1.1
        Host: {{Hostname}}
        Content-Type: application/x-www-form-urlencoded

        user={{user}}&pass={{pass}}
      - |
        GET {{landing}} HTTP/1.1
        Host: {{Hostname}}
    attack: clusterbomb
    payloads:
      user: [root, admin]
      pass: [admin, changeme, "123456"]
    matchers-condition: and
    matchers:
      - type: dsl
        dsl:
          - status_code_1 == 302 && status_code_2 == 200
      - type: word
        part: body_2
        words: ["Acme admin console"]
    extractors:
      - type: dsl
        dsl: ['concat(user, ":", pass)']
`;

const OLD_VERSION = `id: acme-old-version
info:
  name: Acme before 2.0
  severity: medium
  tags: acme,version
  classification:
    cve-id: CVE-2099-0001
http:
  - method: GET
    path: ["{{BaseURL}}/api/version"]
    extractors:
      - type: json
        name: version
        internal: true
        json: [".product.version"]
    matchers:
      - type: dsl
        dsl: ['compare_versions(version, "< 2.0")']
`;

const REFLECTED = `id: acme-reflected-search
info:
  name: Acme search reflects its input
  severity: low
  tags: acme,xss
http:
  - method: GET
    path: ["{{BaseURL}}/search?q={{url_encode(marker)}}"]
    variables:
      marker: "<b>{{randstr}}</b>"
    matchers:
      - type: word
        words: ["<b>{{randstr}}</b>"]
`;

beforeAll(async () => {
  port = await listen(http.createServer(app), ADDRESS);
  dir = await mkdtemp(path.join(tmpdir(), 'bulwark-community-'));
  await mkdir(path.join(dir, 'acme'));
  await writeFile(path.join(dir, 'acme', 'default-login.yaml'), DEFAULT_LOGIN);
  await writeFile(path.join(dir, 'acme', 'old-version.yaml'), OLD_VERSION);
  await writeFile(path.join(dir, 'acme', 'reflected.yaml'), REFLECTED);
  await writeFile(
    path.join(dir, 'flow.yaml'),
    'id: uses-flow\ninfo: {name: Flow, severity: low}\nflow: http(1) && http(2)\nhttp:\n  - path: ["{{BaseURL}}"]\n    matchers: [{type: status, status: [200]}]\n',
  );
  await writeFile(path.join(dir, 'broken.yaml'), 'id: broken-yaml\ninfo: {name: [unclosed\n');
  await writeFile(
    path.join(dir, 'oob.yaml'),
    'id: needs-oob\ninfo: {name: OOB, severity: high}\nhttp:\n  - path: ["{{BaseURL}}/?u={{interactsh-url}}"]\n    matchers: [{type: word, part: interactsh_protocol, words: [dns]}]\n',
  );
  // The same id as a shipped check: the shipped one wins.
  await writeFile(
    path.join(dir, 'trace.yaml'),
    'id: http-trace-enabled\ninfo: {name: Mine, severity: low}\nhttp:\n  - path: ["{{BaseURL}}"]\n    matchers: [{type: status, status: [200]}]\n',
  );
});
afterAll(closeAll);

describe('community checks', () => {
  it('reads BULWARK_CHECKS_DIRS as a list separated by the path delimiter', () => {
    expect(checksDirs({ BULWARK_CHECKS_DIRS: `/a/b${path.delimiter} /c ${path.delimiter}${path.delimiter}` })).toEqual(['/a/b', '/c']);
    expect(checksDirs({})).toEqual([]);
  });

  it('loads beside the shipped checks and lists every refusal with file, id and reason', async () => {
    const c = await loadCheckCatalogue({ dirs: [dir, path.join(dir, 'missing')] });
    const community = c.templates.filter((t) => t.source === 'community').map((t) => t.id);
    expect(community.sort()).toEqual(['acme-default-login', 'acme-old-version', 'acme-reflected-search']);
    expect(c.templates.find((t) => t.id === 'http-trace-enabled')?.source).toBe('shipped');
    const refused = Object.fromEntries(c.refused.map((r) => [r.file || r.folder, r]));
    expect(refused['flow.yaml']).toMatchObject({ id: 'uses-flow', source: 'community', reason: expect.stringMatching(/flow/) });
    expect(refused['broken.yaml']).toMatchObject({ id: 'broken-yaml', reason: expect.stringMatching(/^invalid YAML/) });
    expect(refused['oob.yaml'].reason).toMatch(/interactsh/);
    expect(refused['trace.yaml'].reason).toBe("duplicate id 'http-trace-enabled': the shipped check http/http-trace-enabled.yaml wins");
    expect(refused.missing.reason).toMatch(/cannot be read \(ENOENT\)/);
  });

  it('finds the default password, the old version and the reflection on a real server, and only talks to it', async () => {
    const { templates } = await loadCheckCatalogue({ dirs: [dir] });
    const mine = templates.filter((t) => t.source === 'community');
    seen.length = 0;
    const findings = await runChecks(mine, host(ADDRESS, [{ port, service: svc('http') }]));
    const byId = Object.fromEntries(findings.map((f) => [f.check, f]));
    expect(Object.keys(byId).sort()).toEqual(['acme-default-login', 'acme-old-version', 'acme-reflected-search']);
    expect(byId['acme-default-login'].evidence).toContain('admin:changeme');
    expect(byId['acme-default-login'].severity).toBe(3);
    expect(byId['acme-old-version'].cve).toEqual(['CVE-2099-0001']);
    // The clusterbomb stops at the first matching pair: root × 3, then admin:admin, then admin:changeme.
    expect(seen.filter((s) => s === 'POST /login')).toHaveLength(5);
    expect(seen.some((s) => s.startsWith('GET /search?q=%3Cb%3E'))).toBe(true);
  });

  it('runs in a probe task that carries the community templates (as the server sends them to remote probes)', async () => {
    const { templates } = await loadCheckCatalogue({ dirs: [dir] });
    const spec: TaskSpec = {
      id: 7,
      targets: [ADDRESS],
      exclude: [],
      profile: { standard_scan: false, custom_tcp_range: String(port) },
      checkpoint: null,
      tests: ['acme-old-version', 'http-trace-enabled'],
      community: templates.filter((t) => t.source === 'community').map((t) => ({ file: t.file ?? '', yaml: t.yaml ?? '' })),
    };
    const out = await executeTask(spec, { report: async () => 'continue' }, undefined, { scan: { discovery: 'none' } });
    expect(out.outcome).toBe('done');
    if (out.outcome !== 'done') return;
    const checks = out.result.hosts.flatMap((h) => h.findings.map((f) => f.check)).sort();
    // Only the selected tests ran: the other community templates (which find the weaknesses above) did not.
    expect(checks).toEqual(['acme-old-version']);
  });
});
