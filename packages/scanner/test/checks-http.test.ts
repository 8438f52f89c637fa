// HTTP checks against real Node http/https servers: misconfigured ones must be found, a hardened one must yield nothing.
import http from 'node:http';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTemplates, runChecks, type CheckTemplate } from '../src/checks/index.ts';
import type { Finding } from '../src/types.ts';
import { goodCert } from './checks-helpers/certs.ts';
import { PROTOCOL_CHECKS } from './checks-helpers/protocol-checks.ts';
import { closeAll, host, listen, svc } from './checks-helpers/servers.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let templates: CheckTemplate[] = [];
const proven = new Set<string>();

const page = (res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'text/html', ...headers });
  res.end(body);
};

/** A site with every web misconfiguration our checks look for (as a careless Apache/PHP install would have). */
const misconfigured: Handler = (req, res) => {
  const base = { Server: 'Apache/2.4.41 (Ubuntu)', 'X-Powered-By': 'PHP/7.4.3' };
  if (req.headers.origin)
    Object.assign(base, { 'Access-Control-Allow-Origin': req.headers.origin, 'Access-Control-Allow-Credentials': 'true' });
  if (req.method === 'TRACE') {
    const echo =
      `TRACE ${req.url} HTTP/1.1\r\n` +
      Object.entries(req.headers)
        .map(([k, v]) => `${k}: ${String(v)}\r\n`)
        .join('');
    return page(res, 200, echo, { ...base, 'Content-Type': 'message/http' });
  }
  const files: Record<string, [number, string, Record<string, string>?]> = {
    '/': [200, '<html><head><title>Index of /</title></head><body><h1>Index of /</h1><a href="app/">app/</a></body></html>'],
    '/.git/config': [200, '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n', { 'Content-Type': 'text/plain' }],
    '/.git/HEAD': [200, 'ref: refs/heads/main\n', { 'Content-Type': 'text/plain' }],
    '/.env': [200, 'APP_ENV=production\nDB_PASSWORD=hunter2\n', { 'Content-Type': 'text/plain' }],
    '/phpinfo.php': [
      200,
      '<html><head><title>PHP 7.4.3 - phpinfo()</title></head><body><h1 class="p">PHP Version 7.4.3</h1></body></html>',
    ],
    '/server-status': [
      200,
      '<html><head><title>Apache Status</title></head><body><h1>Apache Server Status for localhost (via 127.0.0.1)</h1></body></html>',
    ],
    '/phpmyadmin/': [200, '<!doctype html><html><head><title>phpMyAdmin</title></head><body>login</body></html>'],
    '/manager/html': [401, '<html>401 Unauthorized</html>', { 'WWW-Authenticate': 'Basic realm="Tomcat Manager Application"' }],
    '/wp-login.php': [200, '<form><input name="log"><input name="pwd" type="password"><input type="submit" name="wp-submit"></form>'],
    '/login': [200, '<html>Sign in [Jenkins]</html>', { 'X-Jenkins': '2.426.1' }],
    '/.DS_Store': [
      200,
      Buffer.from('0000000142756431000010000000080000001000', 'hex').toString('latin1'),
      { 'Content-Type': 'application/octet-stream' },
    ],
    '/.svn/entries': [200, '12\n', { 'Content-Type': 'text/plain' }],
  };
  const f = files[req.url ?? ''];
  if (!f) return page(res, 404, 'Not Found', base);
  if (req.url === '/.DS_Store') {
    res.writeHead(200, { ...base, ...f[2] });
    return res.end(Buffer.from(f[1], 'latin1'));
  }
  page(res, f[0], f[1], { ...base, ...f[2] });
};

/** A hardened site: every security header, no versions, no TRACE, nothing but its own pages. */
const hardened: Handler = (req, res) => {
  const h = {
    Server: 'web',
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'self'; frame-ancestors 'none'",
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': 'camera=()',
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'Access-Control-Allow-Origin': 'https://app.example',
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') return page(res, 405, 'Method Not Allowed', h);
  if (req.url === '/')
    return page(res, 200, '<html><head><title>Intranet</title></head><body>Welcome. Log in to continue.</body></html>', h);
  if (req.url === '/login') return page(res, 200, '<form><input name="user"><input name="password"></form>', h);
  page(res, 404, '<html><title>Not found</title>Not found</html>', h);
};

const body =
  (html: string, headers: Record<string, string> = {}): Handler =>
  (_req, res) =>
    page(res, 200, html, headers);

async function scan(handler: Handler, address: string, opts: { tls?: boolean; name?: string } = {}): Promise<Finding[]> {
  const server = opts.tls ? https.createServer(goodCert(address), handler) : http.createServer(handler);
  const port = await listen(server, address);
  const found = await runChecks(
    templates,
    host(address, [{ port, service: svc(opts.name ?? (opts.tls ? 'https' : 'http'), !!opts.tls) }]),
    { timeoutMs: 3000 },
  );
  return found;
}
const ids = (f: Finding[]) => f.map((x) => x.check).sort();
function expectFound(found: Finding[], expected: string[]) {
  expect(ids(found)).toEqual(expect.arrayContaining(expected));
  for (const id of expected) proven.add(id);
}

beforeAll(async () => {
  const all = await loadTemplates();
  templates = all.templates.filter((t) => t.http.length > 0);
});
afterAll(closeAll);

describe('HTTP checks', () => {
  it('find every misconfiguration of a careless server, with evidence', async () => {
    const found = await scan(misconfigured, '127.0.0.70');
    const expected = [
      'http-missing-x-frame-options',
      'http-missing-x-content-type-options',
      'http-missing-content-security-policy',
      'http-missing-referrer-policy',
      'http-missing-permissions-policy',
      'http-server-version-disclosure',
      'http-x-powered-by-disclosure',
      'http-directory-listing',
      'http-trace-enabled',
      'http-git-config-exposed',
      'http-git-head-exposed',
      'http-env-file-exposed',
      'http-phpinfo-exposed',
      'http-apache-server-status',
      'http-admin-phpmyadmin',
      'http-admin-tomcat-manager',
      'http-admin-wordpress-login',
      'http-admin-jenkins',
      'http-cors-reflected-origin',
      'http-ds-store-exposed',
      'http-svn-exposed',
    ];
    expectFound(found, expected);
    const byId = Object.fromEntries(found.map((f) => [f.check, f]));
    expect(byId['http-server-version-disclosure'].evidence).toContain('Apache/2.4.41');
    expect(byId['http-env-file-exposed']).toMatchObject({ severity: 4, confidence: 'confirmed', protocol: 'tcp' });
    expect(byId['http-env-file-exposed'].evidence).toContain('/.env');
    expect(byId['http-env-file-exposed'].evidence).not.toContain('hunter2');
    expect(byId['http-phpinfo-exposed'].evidence).toContain('7.4.3');
    expect(byId['http-admin-jenkins'].evidence).toContain('2.426.1');
    // Neither default pages nor HTTPS-only checks fire here.
    expect(ids(found).filter((id) => id.startsWith('http-default') || id === 'tls-missing-hsts')).toEqual([]);
  });

  it('find default pages, Basic auth over HTTP, open Elasticsearch and HTTPS without HSTS', async () => {
    expectFound(
      await scan(
        body('<html><head><title>Apache2 Debian Default Page: It works</title></head><body>Apache2 Debian Default Page</body></html>'),
        '127.0.0.71',
      ),
      ['http-default-apache-page'],
    );
    expectFound(await scan(body('<html><head><title>Welcome to nginx!</title></head></html>'), '127.0.0.71'), ['http-default-nginx-page']);
    expectFound(await scan(body('<html><head><title>IIS Windows Server</title></head></html>'), '127.0.0.71'), ['http-default-iis-page']);
    expectFound(await scan(body("<h2>If you're seeing this, you've successfully installed Tomcat. Congratulations!</h2>"), '127.0.0.71'), [
      'http-default-tomcat-page',
    ]);
    const basic: Handler = (_q, res) => page(res, 401, 'auth', { 'WWW-Authenticate': 'Basic realm="admin"' });
    expectFound(await scan(basic, '127.0.0.71'), ['http-basic-auth-cleartext']);
    expect(ids(await scan(basic, '127.0.0.71', { tls: true }))).not.toContain('http-basic-auth-cleartext');
    const es = body(
      JSON.stringify({ name: 'node-1', cluster_name: 'prod', version: { number: '7.17.9' }, tagline: 'You Know, for Search' }),
      { 'Content-Type': 'application/json' },
    );
    const esFound = await scan(es, '127.0.0.71', { name: 'elasticsearch' });
    expectFound(esFound, ['elasticsearch-no-auth']);
    expect(esFound.find((f) => f.check === 'elasticsearch-no-auth')?.evidence).toContain('7.17.9');
    const tlsNoHsts = await scan((_q, res) => page(res, 200, 'ok', { 'X-Frame-Options': 'DENY' }), '127.0.0.71', { tls: true });
    expectFound(tlsNoHsts, ['tls-missing-hsts']);
    // On plain HTTP the HSTS check does not apply.
    expect(ids(await scan((_q, res) => page(res, 200, 'ok'), '127.0.0.71'))).not.toContain('tls-missing-hsts');
  });

  it('report nothing on a hardened server, over HTTP and HTTPS (no false positive)', async () => {
    expect(await scan(hardened, '127.0.0.72')).toEqual([]);
    expect(await scan(hardened, '127.0.0.72', { tls: true })).toEqual([]);
    expect(await scan(hardened, '127.0.0.72', { name: 'elasticsearch' })).toEqual([]);
  });

  it('every HTTP template is proven by a test', () => {
    // The checks in PROTOCOL_CHECKS are proven by checks-protocols-*.test.ts.
    expect(templates.map((t) => t.id).filter((id) => !proven.has(id) && !PROTOCOL_CHECKS.has(id))).toEqual([]);
  });
});
