// Real Debian nginx (nginx-light, /usr/sbin/nginx) serving web sites that expose /.git/config, for the verified-fix
// test (issue 29 proof): one nginx (a master and one worker) in the foreground from a temporary prefix, one server
// block per site on its own loopback address and free port, each with its own access log (the target side's witness
// of which site a scan reached). `fix(site)` rewrites the configuration with `location ~ /\.git { deny all; }` for
// that site and reloads nginx with `nginx -s reload` (same -p/-c), the way an operator fixes it between two scans.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, waitForPort } from '../../../scanner/test/checks-helpers/fake-services.ts';
import { NGINX } from '../../../scanner/test/web/fixtures/site-passive-nginx.ts';

export { NGINX };

const run = promisify(execFile);

export interface NginxGitSite {
  host: string;
  port: number;
  /** The requests this site's server block has logged so far (nginx's access log, one line a request). */
  requests(): string[];
}

export interface NginxGitSites {
  sites: NginxGitSite[];
  /** Denies /.git on `site` in nginx's configuration, reloads nginx and waits until the site answers 403. */
  fix(site: NginxGitSite): Promise<void>;
  close(): Promise<void>;
}

/** GET http://host:port/path, the status code (the fixture's own probe, to see a reload take effect). */
function statusOf(host: string, port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host, port, path, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
}

/** Starts one nginx serving a git-exposing site on each of `hosts` (127.0.0.x addresses), each on a free port. */
export async function startNginxGitSites(hosts: readonly string[]): Promise<NginxGitSites> {
  if (!NGINX) throw new Error('nginx is not installed (Debian package nginx-light)');
  const bin = NGINX;
  const dir = mkdtempSync(join(tmpdir(), 'bwk-nginx-git-'));
  const root = join(dir, 'www');
  mkdirSync(join(root, '.git'), { recursive: true });
  mkdirSync(join(dir, 'logs'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><h1>Shop</h1></body></html>\n');
  // What `git init` writes: the check matches "[core]" and "repositoryformatversion" with a 200.
  writeFileSync(
    join(root, '.git', 'config'),
    '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n',
  );
  const ports: number[] = [];
  for (const host of hosts) ports.push(await freePort(host));
  const fixed = new Set<number>();
  const logOf = (i: number) => join(dir, 'logs', `site-${i}.log`);
  const conf = join(dir, 'nginx.conf');
  const errorLog = join(dir, 'logs', 'error.log');
  // The master runs as whoever runs the test; as root its worker would drop to nobody, who cannot read the 0700
  // temporary prefix, hence `user` (ignored with a notice when not root). A master, not master_process off: a reload
  // is what an operator does, and nginx documents the single-process mode as for development only.
  const writeConf = () =>
    writeFileSync(
      conf,
      `daemon off;
user ${userInfo().username};
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${errorLog} notice;
events { worker_connections 512; }
http {
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  types { text/html html; }
  default_type text/plain;
${hosts
  .map(
    (host, i) => `  server {
    listen ${host}:${ports[i]};
    root ${root};
    access_log ${logOf(i)};
${fixed.has(i) ? '    location ~ /\\.git { deny all; }\n' : ''}  }`,
  )
  .join('\n')}
}
`,
    );
  writeConf();
  // -e: the error log before the configuration is read (the default one under /var/log may not be writable).
  const base = ['-e', errorLog, '-p', dir, '-c', conf];
  const child: ChildProcess = spawn(bin, base, { stdio: 'ignore' });
  const errors = (tail = 2000) => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8').slice(-tail) : '');
  const workersExited = () => (errors(Infinity).match(/worker process \d+ exited/g) ?? []).length;
  for (const [i, host] of hosts.entries()) {
    if (await waitForPort(host, ports[i]!)) continue;
    child.kill('SIGTERM');
    throw new Error(`nginx did not listen on ${host}:${ports[i]} (exit ${child.exitCode}): ${errors()}`);
  }
  const sites: NginxGitSite[] = hosts.map((host, i) => ({
    host,
    port: ports[i]!,
    requests: () => (existsSync(logOf(i)) ? readFileSync(logOf(i), 'utf8').split('\n').filter(Boolean) : []),
  }));

  return {
    sites,
    async fix(site) {
      fixed.add(sites.indexOf(site));
      writeConf();
      await run(bin, [...base, '-t']);
      const exitedBefore = workersExited();
      await run(bin, [...base, '-s', 'reload']);
      // The reload is a signal: the master starts a worker with the new configuration, then the old worker finishes
      // (the master logs its exit). Done when the old worker is gone and the site refuses .git/config. The probe is
      // logged too: callers count requests from after the fix.
      for (let i = 0; workersExited() === exitedBefore || (await statusOf(site.host, site.port, '/.git/config')) !== 403; i++) {
        if (i > 200) throw new Error(`nginx did not apply the fix: ${errors()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
