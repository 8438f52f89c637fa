// A community check library (Nuclei template tree) as the engine reads it: categories from where templates sit,
// unsafe ones (intrusive tags, the library's .nuclei-ignore) left out while safe checks are on, and web templates chosen
// by the technologies found on each port — what identification says and what the front page of a real server shows —
// so a template for another product never sends a request (the server's request log says so).
import http from 'node:http';
import net from 'node:net';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMUNITY_CATEGORIES,
  detectWebTechnologies,
  loadCheckCatalogue,
  parseTemplate,
  portTechnologies,
  runChecks,
  selectTemplates,
  type CheckTemplate,
} from '../src/checks/index.ts';
import { closeAll, host, listen, svc } from './checks-helpers/servers.ts';

const ADDRESS = '127.0.0.94';
const seen: string[] = [];
let nginxPort = 0;
let wordpressPort = 0;

const template = (id: string, tags: string, path_: string, extra = '') => `id: ${id}
info:
  name: ${id}
  author: bulwark
  severity: medium
  tags: ${tags}
http:
  - method: GET
    path:
      - "{{BaseURL}}${path_}"
    matchers:
      - type: status
        status:
          - 200
${extra}`;

const FILES: Record<string, string> = {
  'http/technologies/nginx-version.yaml': template('nginx-version', 'tech,nginx', '/'),
  'http/exposures/configs/git-config.yaml': template('git-config', 'config,git,exposure', '/.git/config'),
  'http/cves/2099/CVE-2099-0002.yaml': template('CVE-2099-0002', 'cve,apache,struts', '/struts'),
  'http/vulnerabilities/wordpress/wp-plugin-rce.yaml': template('wp-plugin-rce', 'wordpress,wp-plugin,rce', '/wp-content/plugins/x/'),
  'http/fuzzing/path-fuzz.yaml': template('path-fuzz', 'fuzz,nginx', '/fuzz'),
  'http/misconfiguration/nginx-status.yaml': template('nginx-status', 'nginx,misconfig', '/nginx_status'),
  'ssl/weak-cipher.yaml': `id: weak-cipher
info:
  name: weak cipher
  author: bulwark
  severity: low
  tags: ssl,tls
ssl:
  - address: "{{Host}}:{{Port}}"
    matchers:
      - type: dsl
        dsl:
          - "true"
`,
  '.nuclei-ignore': 'tags:\n  - "bruteforce"\nfiles:\n  - http/misconfiguration/nginx-status.yaml\n',
};

let library: CheckTemplate[] = [];

beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'bulwark-library-'));
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  const c = await loadCheckCatalogue({ dirs: [{ dir, origin: 'Nuclei community templates (test)' }] });
  library = c.templates.filter((t) => t.source === 'community');
  const nginx = http.createServer((req, res) => {
    seen.push(`nginx ${req.url}`);
    res.writeHead(req.url === '/' || req.url === '/.git/config' ? 200 : 404, { Server: 'nginx/1.22.1', 'Content-Type': 'text/html' });
    res.end('<title>Welcome to nginx!</title>');
  });
  const wordpress = http.createServer((req, res) => {
    seen.push(`wordpress ${req.url}`);
    if (req.url === '/') {
      res.writeHead(301, { Location: '/blog/', Server: 'Apache/2.4.62 (Debian)' });
      return res.end();
    }
    res.writeHead(200, {
      Server: 'Apache/2.4.62 (Debian)',
      'X-Powered-By': 'PHP/8.2.7',
      'Set-Cookie': 'wordpress_test_cookie=WP%20Cookie%20check; path=/',
      'Content-Type': 'text/html',
    });
    res.end('<meta name="generator" content="WordPress 6.4.2" /><link href="/wp-content/themes/x/style.css">');
  });
  nginxPort = await listen(nginx, ADDRESS);
  wordpressPort = await listen(wordpress, ADDRESS);
});
afterAll(closeAll);

describe('community check library', () => {
  it('gives each template the category of its folder, its origin, and says why an unsafe one stays off', () => {
    const by = Object.fromEntries(library.map((t) => [t.id, t]));
    expect(by['CVE-2099-0002'].bulwark.category).toBe('Community: CVEs');
    expect(by['git-config'].bulwark.category).toBe('Community: Exposures');
    expect(by['weak-cipher'].bulwark.category).toBe('Community: SSL/TLS');
    expect(COMMUNITY_CATEGORIES).toContain(by['wp-plugin-rce'].bulwark.category);
    expect(by['git-config'].origin).toBe('Nuclei community templates (test)');
    expect(by['path-fuzz'].unsafe).toBe('tagged fuzz');
    expect(by['nginx-status'].unsafe).toBe('left out by default by its library (.nuclei-ignore)');
    expect(by['git-config'].unsafe).toBeUndefined();
    const safe = selectTemplates(library, {}).map((t) => t.id);
    expect(safe).not.toContain('path-fuzz');
    expect(safe).not.toContain('nginx-status');
    expect(selectTemplates(library, { safe_checks: false }).map((t) => t.id)).toContain('path-fuzz');
  });

  it('reads technologies from identification: service, product and CPE', () => {
    const ssh = portTechnologies({
      port: 22,
      protocol: 'tcp',
      state: 'open',
      service: { name: 'ssh', product: 'OpenSSH', cpe: ['cpe:2.3:a:openbsd:openssh:9.2:p1:*:*:*:*:*:*'] },
    });
    expect([...ssh]).toEqual(expect.arrayContaining(['ssh', 'openssh']));
    // Not the CPE's vendor: nginx's is f5, and F5 BIG-IP templates have nothing to do on an nginx.
    const nginx = portTechnologies({
      port: 80,
      protocol: 'tcp',
      state: 'open',
      service: { name: 'http', product: 'nginx', cpe: ['cpe:2.3:a:f5:nginx:1.22.1:*:*:*:*:*:*:*'] },
    });
    expect([...nginx]).toEqual(['nginx']);
    expect([
      ...portTechnologies({ port: 22, protocol: 'tcp', state: 'open', service: { name: 'ssh', product: 'OpenSSH', cpe: [] } }, true),
    ]).toEqual(['openssh']);
    const web = portTechnologies({ port: 80, protocol: 'tcp', state: 'open', service: { name: 'http', product: 'Apache httpd', cpe: [] } });
    expect(web.has('apache')).toBe(true);
    expect(web.has('http')).toBe(false);
  });

  it('reads technologies from a real front page: headers, cookies, generator and markup, after a redirect', async () => {
    const found = await detectWebTechnologies({
      address: ADDRESS,
      name: ADDRESS,
      port: wordpressPort,
      protocol: 'tcp',
      tls: false,
      timeoutMs: 3000,
    });
    expect([...found]).toEqual(expect.arrayContaining(['apache', 'php', 'wordpress']));
    expect(seen).toContain('wordpress /blog/');
  });

  it('runs a web template only where its technology was found, unless the profile names it', async () => {
    const safe = selectTemplates(library, {});
    seen.length = 0;
    const target = host(ADDRESS, [{ port: nginxPort, service: { ...svc('http')!, product: 'nginx' } }]);
    const findings = await runChecks(safe, target);
    expect(findings.map((f) => f.check)).toEqual(['nginx-version']);
    // Nothing for git, Apache Struts or WordPress was asked of the nginx server (and nothing unsafe).
    const asked = seen.filter((s) => s.startsWith('nginx ')).map((s) => s.slice(6));
    expect(asked).not.toContain('/.git/config');
    expect(asked).not.toContain('/struts');
    expect(asked).not.toContain('/wp-content/plugins/x/');
    expect(asked).not.toContain('/fuzz');
    // What was found stays on the port, for the record.
    expect(target.ports[0].service?.extra?.technologies).toEqual(expect.arrayContaining(['nginx']));

    // Named one by one in the profile, the git template runs on every web port.
    seen.length = 0;
    const named = await runChecks(safe, host(ADDRESS, [{ port: nginxPort, service: svc('http') }]), {
      namedTests: new Set(['git-config']),
    });
    expect(named.map((f) => f.check).sort()).toEqual(['git-config', 'nginx-version']);

    // On the WordPress site, the WordPress template runs (and the nginx ones do not).
    seen.length = 0;
    await runChecks(safe, host(ADDRESS, [{ port: wordpressPort, service: svc('http') }]));
    const wp = seen.filter((s) => s.startsWith('wordpress ')).map((s) => s.slice(10));
    expect(wp).toContain('/wp-content/plugins/x/');
    expect(wp).not.toContain('/.git/config');
  });

  it('reads a talk-first greeting as the first input that sends nothing, as Nuclei does', async () => {
    const greeter = net.createServer((sock) => {
      sock.write('220 mail.example ESMTP ready\r\n');
      sock.on('data', (d) => {
        if (d.toString().startsWith('EHLO')) sock.write('250-mail.example\r\n250 STARTTLS\r\n');
      });
      sock.on('error', () => undefined);
    });
    const port = await listen(greeter, ADDRESS);
    const { templates } = await loadCheckCatalogue({ dirs: [] });
    const smtp = parseTemplate(
      `id: smtp-greeting
info:
  name: greeting
  severity: info
tcp:
  - inputs:
      - data: ""
        name: greeting
        read: 256
      - data: "EHLO x\\r\\n"
        name: ehlo
        read: 1024
    host:
      - "{{Hostname}}"
    port: ${port}
    matchers-condition: and
    matchers:
      - type: word
        part: greeting
        words:
          - "220 mail.example"
      - type: word
        part: ehlo
        words:
          - "250 STARTTLS"
`,
      'network/smtp-greeting.yaml',
      { source: 'community' },
    );
    const found = await runChecks([smtp], host(ADDRESS, [{ port, service: svc('smtp') }]));
    expect(found.map((f) => f.check)).toEqual(['smtp-greeting']);
    expect(templates.length).toBeGreaterThan(0);
  });

  it('reports nothing for a request whose matchers are all internal (they only gate what follows)', async () => {
    const gate = parseTemplate(
      `id: internal-gate
info:
  name: internal gate
  severity: high
  tags: nginx
http:
  - method: GET
    path:
      - "{{BaseURL}}/users"
    matchers:
      - type: status
        internal: true
        status:
          - 404
`,
      'http/internal-gate.yaml',
      { source: 'community' },
    );
    seen.length = 0;
    expect(await runChecks([gate], host(ADDRESS, [{ port: nginxPort, service: svc('http') }]))).toEqual([]);
    expect(seen).toContain('nginx /users');
  });
});
