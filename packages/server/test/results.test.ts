// Results into the inventory, on every test database: a run's delivered ScanResults become hosts, ports, services and
// findings (check findings, and CVEs that the real sample feeds match to service CPEs); findings move New → Active →
// Closed → Reopened across runs; processing twice changes nothing; the run's summary and result; the run page's APIs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assetRiskScore, findingRiskScore } from '@bulwark/intel';
import type { ScanResult } from '@bulwark/scanner';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findings,
  hostPorts,
  assets,
  jobProgress,
  scanErrors,
  scanRunFindings,
  scanRunHosts,
  scanRuns,
  scanTasks,
  scans,
  users,
} from '../src/db/schema/index.ts';
import type { NetworkProfileFields } from '../src/db/schema/scans.ts';
import { importSources } from '../src/modules/intel/import.ts';
import { processRun, type ProcessProgress } from '../src/modules/results/process.ts';
import { settleRunProcessing, startRunProcessing } from '../src/modules/results/queue.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD, startTestApp, type TestApp } from './helpers/app.ts';
import { BACKENDS } from './helpers/backends.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../intel/test/fixtures/feeds');

const OPENSSH = 'cpe:2.3:a:openbsd:openssh:8.9:p1:*:*:*:*:*:*';
const SMB = 'cpe:2.3:a:microsoft:server_message_block:1.0:*:*:*:*:*:*:*';
const A = '127.0.0.2';
const B = '127.0.0.3';
const C = '127.0.0.4';

const PROFILE: NetworkProfileFields = {
  standard_scan: false,
  ss_tcp_extra_ports: '',
  ss_use_tcp: true,
  custom_tcp_range: '21,22,80,443,445',
  custom_tcp_range_exclude: '',
  custom_udp_range: '161',
  custom_udp_range_exclude: '',
  plus_categories: [],
  minus_categories: [],
  plus_tests: [],
  minus_tests: [],
  safe_checks: true,
  win_auths: [],
  lin_auths: [],
  kubernetes_auth: null,
};

type Host = ScanResult['hosts'][number];
type Port = Host['ports'][number];

const ssh: Port = {
  port: 22,
  protocol: 'tcp',
  state: 'open',
  service: { name: 'ssh', product: 'OpenSSH', version: '8.9p1', cpe: [OPENSSH], banner: 'SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.6' },
};
const smb: Port = { port: 445, protocol: 'tcp', state: 'open', service: { name: 'microsoft-ds', product: 'Samba smbd', cpe: [SMB] } };
const http: Port = { port: 80, protocol: 'tcp', state: 'open', service: { name: 'http', product: 'nginx', version: '1.25.0', cpe: [] } };
const terrapin = {
  check: 'ssh-terrapin',
  name: 'SSH Terrapin prefix truncation',
  severity: 2 as const,
  confidence: 'confirmed' as const,
  port: 22,
  protocol: 'tcp' as const,
  evidence: 'chacha20-poly1305@openssh.com offered',
  cve: ['CVE-2023-48795'],
};
const timestamp = {
  check: 'icmp-timestamp',
  name: 'ICMP timestamp reply',
  severity: 0 as const,
  confidence: 'confirmed' as const,
  cve: [],
};
const trace = {
  check: 'http-trace',
  name: 'HTTP TRACE enabled',
  severity: 1 as const,
  confidence: 'confirmed' as const,
  port: 80,
  protocol: 'tcp' as const,
  cve: [],
};

const result = (hostList: Host[], errors: ScanResult['errors'] = []): ScanResult => ({
  hosts: hostList,
  errors,
  stats: { hostsTotal: hostList.length, hostsUp: hostList.filter((h) => h.alive).length, portsProbed: 0, openPorts: 0, startedAt: '' },
});
const host = (address: string, alive: boolean, ports: Port[] = [], found: Host['findings'] = [], hostnames: string[] = []): Host => ({
  address,
  hostnames,
  alive,
  ports,
  findings: found,
});

describe.each(BACKENDS)('results into the inventory on %s', (backend) => {
  let t: TestApp;
  let customerId: number;
  let scanId: number;
  let clock = Date.parse('2026-11-01T10:00:00Z');
  const runs: number[] = [];

  /** A run of the scan whose tasks delivered these results (the probe machinery is tested elsewhere). */
  async function deliveredRun(results: unknown[], o: { customer?: number; profile?: NetworkProfileFields } = {}): Promise<number> {
    const cid = o.customer ?? customerId;
    const [scan] = o.customer ? await t.ctx.db.insert(scans).values({ customerId: cid, name: 'Other scan' }).returning() : [{ id: scanId }];
    clock += 3_600_000;
    const [run] = await t.ctx.db
      .insert(scanRuns)
      .values({
        customerId: cid,
        scanId: scan.id,
        name: 'Office',
        targets: ['127.0.0.2-127.0.0.4'],
        profile: o.profile ?? PROFILE,
        state: 5,
        status: 4,
      })
      .returning();
    for (const r of results) {
      await t.ctx.db.insert(scanTasks).values({
        customerId: cid,
        runId: run.id,
        state: 5,
        targets: ['127.0.0.2-127.0.0.4'],
        result: r,
        progress: 100,
        hostsTotal: 3,
        hostsDone: 3,
        startedAt: new Date(clock - 60_000),
        finishedAt: new Date(clock),
      });
    }
    return run.id;
  }

  const findingsOf = async (address: string) =>
    t.ctx.db
      .select({ f: findings })
      .from(findings)
      .innerJoin(assets, eq(assets.id, findings.hostId))
      .where(eq(assets.address, address))
      .then((rows) => new Map(rows.map(({ f }) => [f.key, f])));

  /** Every row processing writes, in a stable order. */
  async function snapshot(runId: number) {
    const db = t.ctx.db;
    const [run] = await db.select().from(scanRuns).where(eq(scanRuns.id, runId));
    return {
      hosts: await db.select().from(assets).orderBy(asc(assets.id)),
      ports: await db.select().from(hostPorts).orderBy(asc(hostPorts.id)),
      findings: await db.select().from(findings).orderBy(asc(findings.id)),
      runFindings: await db.select().from(scanRunFindings).orderBy(asc(scanRunFindings.runId), asc(scanRunFindings.findingId)),
      runHosts: await db.select().from(scanRunHosts).orderBy(asc(scanRunHosts.runId), asc(scanRunHosts.hostId)),
      errors: await db.select().from(scanErrors).where(eq(scanErrors.runId, runId)).orderBy(asc(scanErrors.id)),
      tasks: await db.select().from(scanTasks).where(eq(scanTasks.runId, runId)).orderBy(asc(scanTasks.id)),
      run: { ...run, processedAt: null },
    };
  }

  /** Puts the run's tasks back to process results, processes again, and expects every row as it was. */
  async function expectIdempotent(runId: number) {
    const before = await snapshot(runId);
    await t.ctx.db.update(scanTasks).set({ state: 5 }).where(eq(scanTasks.runId, runId));
    await processRun(t.ctx.db, runId);
    expect(await snapshot(runId)).toEqual(before);
  }

  beforeAll(async () => {
    t = await startTestApp(backend);
    await importSources(
      t.ctx.db,
      ['nvd', 'kev', 'epss'].map((d) => path.join(FIXTURES, d)),
    );
    const [admin] = await t.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    customerId = admin.customerId;
    const [scan] = await t.ctx.db.insert(scans).values({ customerId, name: 'Office' }).returning();
    scanId = scan.id;
  });
  afterAll(() => t.close());

  describe('processing', () => {
    it('stores hosts, ports and services, and makes CVE findings from intel and check findings, all New', async () => {
      const run = await deliveredRun([
        result([host(A, true, [ssh, smb, http], [terrapin, timestamp], ['files.example']), host(B, true, [http], [trace])]),
        result([host(C, false), host(A, true, [], [], ['nas.example'])]),
      ]);
      runs.push(run);
      const progress: ProcessProgress[] = [];
      const summary = await processRun(t.ctx.db, run, (p) => void progress.push(p), { batchSize: 1 });
      // Progress per batch of hosts; the dead host C is not processed.
      expect(progress).toEqual([
        { current: 0, total: 2 },
        { current: 1, total: 2 },
        { current: 2, total: 2 },
      ]);

      const stored = await t.ctx.db.select().from(assets).orderBy(assets.address);
      expect(stored.map((h) => h.address)).toEqual([A, B]);
      const a = stored[0];
      expect(a).toMatchObject({ hostnames: ['files.example', 'nas.example'], os: 'Ubuntu', openPorts: 3, lastRunId: run });
      expect(a.firstSeen?.toISOString()).toBe(new Date(clock).toISOString());
      expect(a).toMatchObject({ kind: 'host', type: 2, value: A, isServer: true, internetFacing: false });
      const ports = await t.ctx.db.select().from(hostPorts).where(eq(hostPorts.hostId, a.id)).orderBy(hostPorts.port);
      expect(ports.map((p) => [p.port, p.protocol, p.open, p.service, p.product])).toEqual([
        [22, 0, true, 'ssh', 'OpenSSH'],
        [80, 0, true, 'http', 'nginx'],
        [445, 0, true, 'microsoft-ds', 'Samba smbd'],
      ]);
      expect(ports[0]).toMatchObject({ version: '8.9p1', cpe: [OPENSSH], banner: 'SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.6' });

      const f = await findingsOf(A);
      // EternalBlue through the SMB service's CPE: KEV, ransomware, EPSS, CVSS and the risk score from those facts.
      const eternal = f.get('cve:CVE-2017-0144@445/tcp')!;
      expect(eternal).toMatchObject({ cve: 'CVE-2017-0144', cves: ['CVE-2017-0144'], port: 445, protocol: 0, severity: 3 });
      expect(eternal).toMatchObject({ exploitKnown: true, ransomwareKnown: true, state: 0, confidence: 'potential' });
      expect(eternal.cvss).toBeCloseTo(8.8, 1);
      expect(eternal.cvssVector).toMatch(/^CVSS:3\.\d\//);
      expect(eternal.epss).toBeGreaterThan(0.9);
      expect(eternal.epssPercentile).toBeGreaterThan(0.9);
      expect(eternal.riskScore).toBeCloseTo(findingRiskScore({ cvss: eternal.cvss, epss: eternal.epss, kev: true, ransomware: true }), 1);
      expect(eternal.riskScore).toBeGreaterThanOrEqual(60);
      expect(eternal.name).toBe('CVE-2017-0144 in Samba smbd');
      expect(eternal.evidence).toContain(SMB);
      expect(eternal.matchedBy).toContain('server_message_block');
      // regreSSHion through the OpenSSH CPE: not in KEV.
      expect(f.get('cve:CVE-2024-6387@22/tcp')).toMatchObject({ severity: 3, exploitKnown: false, name: 'CVE-2024-6387 in OpenSSH 8.9p1' });
      // The check's finding carries the facts of its CVE (Terrapin: in EPSS, not in KEV).
      const check = f.get('check:ssh-terrapin@22/tcp')!;
      expect(check).toMatchObject({ checkId: 'ssh-terrapin', cve: 'CVE-2023-48795', severity: 2, matchedBy: 'check', state: 0 });
      expect(check.epss).toBeGreaterThan(0);
      expect(check.riskScore).toBeCloseTo(findingRiskScore({ cvss: check.cvss, severity: 2, epss: check.epss }), 1);
      expect(check.evidence).toBe(terrapin.evidence);
      // A host-level check: port 0 in the key, no port.
      expect(f.get('check:icmp-timestamp@0/tcp')).toMatchObject({ port: null, protocol: null, severity: 0, riskScore: 0 });
      expect([...f.values()].every((x) => x.lastRunId === run && x.state === 0)).toBe(true);
      // The host asset's risk score: from its open findings, internal, of medium criticality (docs/risk-score.md).
      const [assetA] = await t.ctx.db.select().from(assets).where(eq(assets.address, A));
      expect(assetA!.riskScore).toBe(Math.round(assetRiskScore([...f.values()].map((x) => x.riskScore))));
      expect(assetA!.riskScore).toBeGreaterThanOrEqual(Math.round(eternal.riskScore));

      // The run's summary: 2 hosts up, 4 open ports, a KEV finding → Fail; the task completed.
      const [r] = await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, run));
      const seen = [...f.values(), ...(await findingsOf(B)).values()];
      const counts = [0, 1, 2, 3, 4].map((s) => seen.filter((x) => x.severity === s).length);
      expect(r).toMatchObject({ hostsUp: 2, openPorts: 4, severityCounts: counts, cntVulns: seen.length - counts[0], result: 2 });
      expect(r).toMatchObject({ state: 4, status: 2 });
      expect(r.processedAt).not.toBeNull();
      expect(summary).toMatchObject({ runId: run, tasks: 2, result: 2, hostsUp: 2 });
      const tasks = await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.runId, run));
      expect(tasks.map((x) => x.state)).toEqual([4, 4]);
      const runHosts = await t.ctx.db.select().from(scanRunHosts).where(eq(scanRunHosts.runId, run)).orderBy(scanRunHosts.address);
      expect(runHosts.map((h) => [h.address, h.findingsCount, h.maxSeverity])).toEqual([
        [A, f.size, Math.max(...[...f.values()].map((x) => x.severity))],
        [B, 1, 1],
      ]);
      const runFindings = await t.ctx.db.select().from(scanRunFindings).where(eq(scanRunFindings.runId, run));
      expect(runFindings).toHaveLength(seen.length);
      expect(runFindings.every((x) => x.state === 0)).toBe(true);
    });

    it('changes nothing when the same results are processed again (New stays New)', async () => {
      await expectIdempotent(runs[0]);
      expect([...(await findingsOf(A)).values()].every((x) => x.state === 0)).toBe(true);
    });

    it('closes what a later run no longer sees on a live host, keeps the rest Active, and touches no dead host', async () => {
      // Host A without its SMB service and its host-level finding; host B down.
      const run = await deliveredRun([result([host(A, true, [ssh, http], [terrapin]), host(B, false)])]);
      runs.push(run);
      await processRun(t.ctx.db, run);
      const f = await findingsOf(A);
      const eternal = f.get('cve:CVE-2017-0144@445/tcp')!;
      expect(eternal.state).toBe(3);
      expect(eternal.closedAt?.toISOString()).toBe(new Date(clock).toISOString());
      expect(f.get('check:icmp-timestamp@0/tcp')?.state).toBe(3);
      expect(f.get('cve:CVE-2024-6387@22/tcp')?.state).toBe(1);
      expect(f.get('check:ssh-terrapin@22/tcp')).toMatchObject({ state: 1, firstSeen: f.get('check:ssh-terrapin@22/tcp')!.firstSeen });
      expect(f.get('check:ssh-terrapin@22/tcp')!.lastSeen.toISOString()).toBe(new Date(clock).toISOString());
      // The port the profile covered and the run did not see open is closed; host B (down) keeps its port and finding.
      const [a] = await t.ctx.db.select().from(assets).where(eq(assets.address, A));
      expect(a.openPorts).toBe(2);
      const smbPort = await t.ctx.db
        .select()
        .from(hostPorts)
        .where(sql`${hostPorts.hostId} = ${a.id} and ${hostPorts.port} = 445`);
      expect(smbPort[0].open).toBe(false);
      const b = await findingsOf(B);
      expect(b.get('check:http-trace@80/tcp')).toMatchObject({ state: 0, closedAt: null, lastRunId: runs[0] });
      const [bHost] = await t.ctx.db.select().from(assets).where(eq(assets.address, B));
      expect(bHost).toMatchObject({ openPorts: 1, lastRunId: runs[0] });
      // What the run closed is on its record, as closed.
      const closed = await t.ctx.db
        .select()
        .from(scanRunFindings)
        .where(sql`${scanRunFindings.runId} = ${run} and ${scanRunFindings.state} = 3`);
      expect(closed.map((x) => x.findingId).sort()).toEqual([eternal.id, f.get('check:icmp-timestamp@0/tcp')!.id].sort());
      const [r] = await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, run));
      // Still a High finding (regreSSHion) → Fail; 1 host up.
      expect(r).toMatchObject({ hostsUp: 1, openPorts: 2, result: 2 });
      expect(r.severityCounts[3]).toBe(1);
    });

    it('changes nothing when a run that closed findings is processed again (Closed stays Closed)', async () => {
      await expectIdempotent(runs[1]);
    });

    it('reopens a finding that comes back, and marks a task with scan errors completed with errors', async () => {
      const run = await deliveredRun([
        result([host(A, true, [ssh, smb, http], [terrapin])], [{ type: 6, message: 'No response from 127.0.0.9', host: '127.0.0.9' }]),
      ]);
      runs.push(run);
      await processRun(t.ctx.db, run);
      const f = await findingsOf(A);
      expect(f.get('cve:CVE-2017-0144@445/tcp')).toMatchObject({ state: 2, closedAt: null, lastRunId: run });
      expect(f.get('check:ssh-terrapin@22/tcp')?.state).toBe(1);
      // The host-level finding stays closed: the live host still does not have it.
      expect(f.get('check:icmp-timestamp@0/tcp')?.state).toBe(3);
      const [task] = await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.runId, run));
      expect(task.state).toBe(6);
      const errors = await t.ctx.db.select().from(scanErrors).where(eq(scanErrors.runId, run));
      expect(errors.map((e) => [e.type, e.taskId, e.host])).toEqual([[6, task.id, '127.0.0.9']]);
      const [r] = await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, run));
      expect(r).toMatchObject({ state: 6, status: 2, result: 2 });
      const [reopened] = await t.ctx.db
        .select()
        .from(scanRunFindings)
        .where(sql`${scanRunFindings.runId} = ${run} and ${scanRunFindings.findingId} = ${f.get('cve:CVE-2017-0144@445/tcp')!.id}`);
      expect(reopened.state).toBe(2);
      // Errors recorded once: processing again adds none.
      await expectIdempotent(run);
    });

    it('does not close a finding whose check the profile left out', async () => {
      const run = await deliveredRun([result([host(A, true, [ssh, smb, http], [])])], {
        profile: { ...PROFILE, minus_tests: ['ssh-terrapin'] },
      });
      await processRun(t.ctx.db, run);
      const f = await findingsOf(A);
      expect(f.get('check:ssh-terrapin@22/tcp')).toMatchObject({ state: 1, closedAt: null });
      expect(f.get('cve:CVE-2024-6387@22/tcp')?.state).toBe(1);
    });

    it('gives Unknown for a run that reached no host, and Pass for one with only informational findings', async () => {
      const none = await deliveredRun([result([host('127.0.0.50', false)])]);
      await processRun(t.ctx.db, none);
      const [r] = await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, none));
      expect(r).toMatchObject({ state: 4, result: 3, hostsUp: 0, cntVulns: 0, severityCounts: [0, 0, 0, 0, 0] });
      const quiet = await deliveredRun([result([host('127.0.0.51', true, [http], [timestamp])])]);
      await processRun(t.ctx.db, quiet);
      const [q] = await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, quiet));
      expect(q).toMatchObject({ state: 4, result: 0, hostsUp: 1, cntVulns: 0, severityCounts: [1, 0, 0, 0, 0] });
    });

    it('records error 13 and ends the tasks in error when the results cannot be processed', async () => {
      const run = await deliveredRun([{ hosts: 'not a list' }]);
      await expect(processRun(t.ctx.db, run)).rejects.toThrow(/not a scan result: hosts/);
      const errors = await t.ctx.db.select().from(scanErrors).where(eq(scanErrors.runId, run));
      expect(errors.map((e) => e.type)).toEqual([13]);
      expect(errors[0].message).toMatch(/^Processing the results failed: /);
      const [task] = await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.runId, run));
      expect(task.state).toBe(-2);
      const [r] = await t.ctx.db.select().from(scanRuns).where(eq(scanRuns.id, run));
      expect(r).toMatchObject({ state: -2, status: 3, result: 3 });
    });

    it('runs in the background with its progress on the job row', async () => {
      const run = await deliveredRun([result([host('127.0.0.60', true, [ssh]), host('127.0.0.61', true, [http])])]);
      const jobId = await startRunProcessing(t.ctx, run);
      await settleRunProcessing(t.ctx);
      const [job] = await t.ctx.db.select().from(jobProgress).where(eq(jobProgress.id, jobId));
      expect(job).toMatchObject({ state: 'SUCCESS', current: 2, total: 2, customerId });
      expect(job.result).toMatchObject({ runId: run, hostsUp: 2 });
      const f = await findingsOf('127.0.0.60');
      expect(f.has('cve:CVE-2024-6387@22/tcp')).toBe(true);
    });
  });

  describe('API', () => {
    type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
    type RunHost = { host_id: number; address: string; ports: { port: number; service: string | null }[]; max_severity: number | null };
    type Finding = {
      id: number;
      name: string;
      cve: string | null;
      severity: number;
      state: number;
      state_label: string;
      risk_score: number;
    };

    async function admin() {
      const c = t.client();
      await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      return c;
    }

    it('lists the hosts a run saw, paged, ordered and searched', async () => {
      const c = await admin();
      const all = await c.get<Page<RunHost>>(`/api/scan/nruns/${runs[0]}/hosts/`);
      expect(all.status).toBe(200);
      expect(all.body.count).toBe(2);
      expect(all.body.results.map((h) => h.address)).toEqual([A, B]);
      expect(all.body.results[0].ports.map((p) => [p.port, p.service])).toEqual([
        [22, 'ssh'],
        [80, 'http'],
        [445, 'microsoft-ds'],
      ]);
      const first = await c.get<Page<RunHost>>(`/api/scan/nruns/${runs[0]}/hosts/?page_size=1&ordering=-address`);
      expect(first.body.results.map((h) => h.address)).toEqual([B]);
      expect(first.body.next).toContain('page=2');
      const worst = await c.get<Page<RunHost>>(`/api/scan/nruns/${runs[0]}/hosts/?ordering=max_severity`);
      expect(worst.body.results.map((h) => h.address)).toEqual([B, A]);
      expect(worst.body.results[0].max_severity).toBe(1);
      const search = await c.get<Page<RunHost>>(`/api/scan/nruns/${runs[0]}/hosts/?search=0.0.3`);
      expect(search.body.results.map((h) => h.address)).toEqual([B]);
    });

    it('lists the findings a run saw or closed, riskiest first, with filters', async () => {
      const c = await admin();
      const all = await c.get<Page<Finding>>(`/api/scan/nruns/${runs[0]}/findings/?page_size=1000`);
      expect(all.status).toBe(200);
      expect(all.body.results[0]).toMatchObject({ cve: 'CVE-2017-0144', state: 0, state_label: 'New' });
      const risks = all.body.results.map((f) => f.risk_score);
      expect(risks).toEqual([...risks].sort((x, y) => y - x));
      const high = await c.get<Page<Finding>>(`/api/scan/nruns/${runs[0]}/findings/?severity=3&severity=4&page_size=1000`);
      expect(high.body.count).toBe(all.body.results.filter((f) => f.severity >= 3).length);
      expect(high.body.results.every((f) => f.severity >= 3)).toBe(true);
      const closed = await c.get<Page<Finding>>(`/api/scan/nruns/${runs[1]}/findings/?state=3`);
      expect(closed.body.results.map((f) => f.name).sort()).toEqual(['CVE-2017-0144 in Samba smbd', 'ICMP timestamp reply']);
      expect(closed.body.results.every((f) => f.state_label === 'Closed')).toBe(true);
      const byCve = await c.get<Page<Finding>>(`/api/scan/nruns/${runs[0]}/findings/?search=cve-2023-48795`);
      expect(byCve.body.results.map((f) => f.name)).toEqual(['SSH Terrapin prefix truncation']);
      const hostB = (await t.ctx.db.select().from(assets).where(eq(assets.address, B)))[0];
      const ofB = await c.get<Page<Finding>>(`/api/scan/nruns/${runs[0]}/findings/?host=${hostB.id}`);
      expect(ofB.body.results.map((f) => f.name)).toEqual(['HTTP TRACE enabled']);
      const byName = await c.get<Page<Finding>>(`/api/scan/nruns/${runs[0]}/findings/?ordering=name&page_size=2`);
      expect(byName.body.results.map((f) => f.name)).toEqual(
        all.body.results
          .map((f) => f.name)
          .sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase()))
          .slice(0, 2),
      );
    });

    it('explains bad parameters field by field', async () => {
      const c = await admin();
      const bad = await c.get<Record<string, string[]>>(`/api/scan/nruns/${runs[0]}/findings/?severity=9&state=x&ordering=size&host=abc`);
      expect(bad.status).toBe(400);
      expect(bad.body.severity[0]).toBe('Choose a severity from 0 (Info), 1 (Low), 2 (Medium), 3 (High), 4 (Critical).');
      expect(bad.body.state[0]).toMatch(/^Choose a state from 0 \(New\)/);
      expect(bad.body.ordering[0]).toMatch(/^Order by one of: risk_score, severity, epss/);
      expect(bad.body.host).toEqual(['A valid integer is required.']);
      const hostsBad = await c.get<Record<string, string[]>>(`/api/scan/nruns/${runs[0]}/hosts/?page=0&ordering=-name`);
      expect(hostsBad.status).toBe(400);
      expect(hostsBad.body).toMatchObject({ page: ['Page numbers start at 1.'] });
      expect(hostsBad.body.ordering[0]).toMatch(/^Order by one of: address/);
      expect((await c.get(`/api/scan/nruns/abc/hosts/`)).status).toBe(400);
    });

    it('answers 404 for a run of another customer or no run, 401 without a session, 403 without net_scans', async () => {
      const other = await t.otherCustomer();
      const theirRun = await deliveredRun([result([host('127.0.0.70', true, [http], [trace])])], { customer: other.customerId });
      await processRun(t.ctx.db, theirRun);
      const c = await admin();
      for (const url of [`/api/scan/nruns/${theirRun}/hosts/`, `/api/scan/nruns/${theirRun}/findings/`, '/api/scan/nruns/999999/hosts/']) {
        expect((await c.get(url)).status, url).toBe(404);
      }
      const them = t.client();
      await them.login(other.adminEmail, PASSWORD);
      expect((await them.get(`/api/scan/nruns/${runs[0]}/findings/`)).status).toBe(404);
      const theirs = await them.get<Page<Finding>>(`/api/scan/nruns/${theirRun}/findings/`);
      expect(theirs.body.results.map((f) => f.name)).toEqual(['HTTP TRACE enabled']);
      // The same address in two customers is two hosts.
      expect((await t.ctx.db.select().from(assets).where(eq(assets.address, '127.0.0.70'))).map((h) => h.customerId)).toEqual([
        other.customerId,
      ]);

      const anonymous = t.client();
      expect((await anonymous.get(`/api/scan/nruns/${runs[0]}/hosts/`)).status).toBe(401);
      expect((await anonymous.get(`/api/scan/nruns/${runs[0]}/findings/`)).status).toBe(401);

      const analyst = await t.user({ email: `analyst-${backend}@example.com` });
      const u = t.client();
      await u.login(`analyst-${backend}@example.com`, PASSWORD);
      expect((await u.get(`/api/scan/nruns/${runs[0]}/hosts/`)).status).toBe(403);
      expect((await u.get(`/api/scan/nruns/${runs[0]}/findings/`)).status).toBe(403);
      await t.ctx.db
        .update(users)
        .set({ permissions: { net_scans: ['read'] } })
        .where(eq(users.id, analyst.id));
      const allowed = t.client();
      await allowed.login(`analyst-${backend}@example.com`, PASSWORD);
      expect((await allowed.get(`/api/scan/nruns/${runs[0]}/findings/`)).status).toBe(200);
    });
  });
});
