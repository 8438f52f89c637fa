// The issue's proof, end to end: real Debian daemons (OpenSSH, nginx with HTTPS, vsftpd, Exim) and the machine's Redis on
// loopback addresses, the sample feeds imported, a scan started through the API and run by the built-in probe; the
// hosts, ports, services and CVE findings stored; then a run without sshd closes its findings and a run with it back
// reopens them. Each daemon is skipped, saying so, when its package is missing.
import path from 'node:path';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindingRow, IssueDetails, RunHost, ScanRunRow, VulnerabilityDetail, vulnerabilityMatch } from '@bulwark/core';
import type { z } from 'zod';
import { importSources } from '../src/modules/intel/import.ts';
import { settleRunProcessing } from '../src/modules/results/queue.ts';
import { DAEMONS, startDaemon, unavailable, type RunningDaemon } from '../../scanner/test/services-helpers/daemons.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { waitForRun } from './helpers/scans.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../intel/test/fixtures/feeds');
const SSH_HOST = '127.0.5.1';
const WEB_HOST = '127.0.5.2';
const FTP_HOST = '127.0.5.3';
const SMTP_HOST = '127.0.5.4';
const REDIS = { host: '127.0.0.1', port: 6379 };

const missing = ['openssh', 'nginx'].map((id) => unavailable(DAEMONS[id])).filter(Boolean);
if (missing.length) console.warn(`network-scan: ${missing.join('; ')}; the end-to-end scan test is skipped`);

function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection(REDIS, () => s.write('PING\r\n'));
    s.setTimeout(1000, () => (s.destroy(), resolve(false)));
    s.once('data', (d) => (s.destroy(), resolve(d.toString().startsWith('+PONG'))));
    s.once('error', () => resolve(false));
  });
}

describe.skipIf(missing.length > 0)('a network scan of real services, end to end', () => {
  let t: TestApp;
  let admin: Client;
  let ssh: RunningDaemon;
  const others: RunningDaemon[] = [];
  let sshPort = 0;
  let withRedis = false;
  let scanId = 0;
  const ports: number[] = [];

  beforeAll(async () => {
    t = await startTestApp('pglite');
    admin = t.client();
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    await importSources(t.ctx.db, [path.join(FIXTURES, 'nvd'), path.join(FIXTURES, 'kev'), path.join(FIXTURES, 'epss')]);

    ssh = await startDaemon(DAEMONS.openssh, SSH_HOST);
    sshPort = ssh.ports.ssh;
    const nginx = await startDaemon(DAEMONS.nginx, WEB_HOST);
    others.push(nginx);
    ports.push(sshPort, nginx.ports.http, nginx.ports.https);
    for (const [id, host] of [
      ['vsftpd', FTP_HOST],
      ['exim4', SMTP_HOST],
    ] as const) {
      if (unavailable(DAEMONS[id])) continue;
      const d = await startDaemon(DAEMONS[id], host);
      others.push(d);
      ports.push(...Object.values(d.ports));
    }
    withRedis = await redisAnswers();
    if (withRedis) ports.push(REDIS.port);

    const profile = await admin.post<{ id: number }>('/api/scan/nprofiles/', {
      name: 'Loopback services',
      standard_scan: false,
      custom_tcp_range: [...new Set(ports)].join(','),
    });
    expect(profile.status).toBe(201);
    const targets = [SSH_HOST, WEB_HOST, ...others.slice(1).map((d) => d.host), ...(withRedis ? [REDIS.host] : [])];
    const scan = await admin.post<{ id: number; last_run: number }>('/api/scan/nscans/', {
      name: 'Services on loopback',
      targets,
      profile: profile.body.id,
    });
    expect(scan.status).toBe(201);
    scanId = scan.body.id;
  }, 180_000);

  afterAll(async () => {
    await settleRunProcessing(t.ctx);
    await ssh?.stop().catch(() => undefined);
    for (const d of others) await d.stop().catch(() => undefined);
    await t?.close();
  });

  async function runToEnd(runId: number): Promise<ScanRunRow> {
    await waitForRun(admin, runId, (r) => r.status === 2 || r.status === 3, 150_000);
    await settleRunProcessing(t.ctx);
    return (await admin.get<ScanRunRow>(`/api/scan/nruns/${runId}/`)).body;
  }

  async function findingsOf(runId: number): Promise<FindingRow[]> {
    const res = await admin.get<{ count: number; results: FindingRow[] }>(`/api/scan/nruns/${runId}/findings/?page_size=1000`);
    expect(res.status).toBe(200);
    return res.body.results;
  }

  let firstRun = 0;
  let sshCves: string[] = [];

  it('finds the hosts, ports, services and the CVEs of the OpenSSH version, with CVSS, EPSS and KEV facts', async () => {
    const scan = await admin.get<{ last_run: number }>(`/api/scan/nscans/${scanId}/`);
    firstRun = scan.body.last_run;
    const run = await runToEnd(firstRun);
    expect(run.status_label).toBe('Finished');
    expect(run.state_label).toBe('Finished');
    expect(run.progress).toBe(100);
    expect(run.hosts_up).toBe(2 + others.length - 1 + (withRedis ? 1 : 0));

    const hosts = await admin.get<{ results: RunHost[] }>(`/api/scan/nruns/${firstRun}/hosts/?page_size=100`);
    const byAddress = new Map(hosts.body.results.map((h) => [h.address, h]));
    const sshPortRow = byAddress.get(SSH_HOST)?.ports.find((p) => p.port === sshPort);
    expect(sshPortRow).toMatchObject({ protocol: 'tcp', service: 'ssh', product: 'OpenSSH' });
    expect(sshPortRow?.version).toMatch(/^9\.|^\d+\.\d+p\d/);
    const web = byAddress.get(WEB_HOST)!;
    expect(web.ports.map((p) => p.service).sort()).toEqual(['http', 'https']);
    expect(web.ports.every((p) => p.product === 'nginx')).toBe(true);
    expect(web.ports.find((p) => p.service === 'https')?.tls).toBe(true);
    for (const d of others.slice(1)) {
      const product = { vsftpd: 'vsftpd', exim4: 'Exim smtpd' }[d.spec.id as 'vsftpd' | 'exim4'];
      expect(byAddress.get(d.host)?.ports[0]?.product).toBe(product);
    }
    if (withRedis) expect(byAddress.get(REDIS.host)?.ports.find((p) => p.port === REDIS.port)?.service).toBe('redis');

    // The CVE findings on the SSH port are exactly what intel matches for the service's CPE, with its facts.
    const cpe = sshPortRow!.cpe[0];
    expect(cpe).toMatch(/^cpe:2\.3:a:openbsd:openssh:/);
    const match = await admin.get<z.infer<typeof vulnerabilityMatch>[]>(`/api/intel/match/?cpe=${encodeURIComponent(cpe)}`);
    expect(match.status).toBe(200);
    expect(match.body.length).toBeGreaterThan(0);
    const findings = await findingsOf(firstRun);
    const onSsh = findings.filter((f) => f.address === SSH_HOST && f.port === sshPort && f.cve);
    sshCves = onSsh.map((f) => f.cve!).sort();
    expect(sshCves).toEqual(match.body.map((m) => m.cve).sort());
    expect(sshCves).toContain('CVE-2024-6387');
    for (const m of match.body) {
      const f = onSsh.find((x) => x.cve === m.cve)!;
      expect(f).toMatchObject({
        state: 0,
        state_label: 'New',
        cvss: m.cvss?.score ?? null,
        epss: m.epss,
        exploit_known: m.kev,
        ransomware_known: m.ransomware,
        risk_score: m.risk_score,
      });
    }
    // The checks' findings say what the weakness is and how to fix it, from their YAML (issue 26).
    const yamlFacts: [string, string, RegExp, string][] = [];
    if (others.some((d) => d.spec.id === 'vsftpd'))
      yamlFacts.push([FTP_HOST, 'ftp-anonymous-login', /^Disable anonymous FTP \(vsftpd: anonymous_enable=NO\)/, 'CWE-287']);
    if (withRedis) yamlFacts.push([REDIS.host, 'redis-no-auth', /requirepass|protected-mode|bind/i, 'CWE-306']);
    for (const [host, check, solution, cwe] of yamlFacts) {
      const seen = findings.find((f) => f.address === host && f.check_id === check);
      expect(seen, check).toBeDefined();
      const list = await admin.get<{ results: { id: number; hid: string }[] }>(`/api/remediation/vulnerability-simple/?check=${check}`);
      const detail = await admin.get<VulnerabilityDetail>(`/api/remediation/vulnerability/${list.body.results[0]!.id}/`);
      expect(detail.body.description, check).toBeTruthy();
      expect(detail.body.solution, check).toMatch(solution);
      expect(detail.body.cwes, check).toContain(cwe);
      const issue = await admin.get<IssueDetails>(`/api/unified-assets/issues/nvt-${check}/details/`);
      expect(issue.body).toMatchObject({ description: detail.body.description, solution: detail.body.solution });
    }
    // CVE-2024-6387 (regreSSHion) is High: the run fails.
    expect(run.result_label).toBe('Fail');
    expect(run.cnt_vulns).toBeGreaterThanOrEqual(sshCves.length);
  }, 200_000);

  it('closes the SSH findings when a later run reaches the host and no longer sees the service', async () => {
    await ssh.stop();
    // Something must still answer on the host for it to count as reached: a listener on another scanned port.
    const keep = await startDaemon(DAEMONS.nginx, SSH_HOST);
    const profileId = (await admin.get<{ profile: { id: number } }>(`/api/scan/nscans/${scanId}/`)).body.profile.id;
    const profile = await admin.get<{ custom_tcp_range: string }>(`/api/scan/nprofiles/${profileId}/`);
    await admin.request('PATCH', `/api/scan/nprofiles/${profileId}/`, {
      custom_tcp_range: `${profile.body.custom_tcp_range},${keep.ports.http}`,
    });
    try {
      const started = await admin.post<ScanRunRow>(`/api/scan/nscans/${scanId}/start/`, {});
      expect(started.status).toBe(201);
      await runToEnd(started.body.id);
      const closed = (await findingsOf(started.body.id)).filter((f) => f.address === SSH_HOST && f.port === sshPort && f.cve);
      expect(closed.map((f) => f.cve).sort()).toEqual(sshCves);
      expect(closed.every((f) => f.state === 3 && f.state_label === 'Closed')).toBe(true);
      // The web server's findings stay open (Active when seen again, never Closed).
      const web = (await findingsOf(started.body.id)).filter((f) => f.address === WEB_HOST);
      expect(web.every((f) => f.state !== 3)).toBe(true);

      ssh = await startDaemon(DAEMONS.openssh, SSH_HOST, [sshPort]);
      const again = await admin.post<ScanRunRow>(`/api/scan/nscans/${scanId}/start/`, {});
      await runToEnd(again.body.id);
      const reopened = (await findingsOf(again.body.id)).filter((f) => f.address === SSH_HOST && f.port === sshPort && f.cve);
      expect(reopened.map((f) => f.cve).sort()).toEqual(sshCves);
      expect(reopened.every((f) => f.state === 2 && f.state_label === 'Reopened')).toBe(true);
    } finally {
      await keep.stop();
    }
  }, 400_000);
});
