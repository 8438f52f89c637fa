// Turns a run's delivered task results into the inventory: hosts, ports and services, CVEs matched through intel, and
// findings merged across runs (New / Active / Reopened / Closed); then closes the tasks and sums the run up.
import { SCAN_ERROR_TYPE, SCAN_TASK_STATE as S } from '@bulwark/core';
import { distroPackageOfBanner, type DistroFix, type DistroPackage, type VulnerabilityMatch } from '@bulwark/intel';
import { kubeCheckFacts, profilePorts } from '@bulwark/scanner';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scanErrors, scanRuns, scans, scanTaskHosts, scanTasks } from '../../db/schema/index.ts';
import { distroFixes, distroFixKey, matchHost } from '../intel/index.ts';
import { addTaskHosts, liveTaskHostPages, addScanErrors, moveTask, refreshRun, type TaskRow } from '../tasks/index.ts';
import { hostCpes, hostFindings, type FindingInput } from './findings.ts';
import { cveFacts, type CveFacts } from './intel-facts.ts';
import { snapshotRunHosts, upsertHosts, type BatchContext, type RunHostSummary } from './inventory.ts';
import { afterFindingsChanged } from '../vulnerabilities/index.ts';
import { closePassedRules, closeUnseen, upsertFindings } from './merge.ts';
import { mergeHosts, parseResult, type DeliveredAuth, type DeliveredHost, type DeliveredResult } from './scan-result.ts';
import { lookFindings, type LookOutcome } from './package-findings.ts';
import { saveHostAuth, type AuthStateInput } from '../credentials/index.ts';
import { resultOf, runSummary, type RunSummary } from './summary.ts';
import { passedCheckIds, policyFindings, policyHostInput } from './policy-findings.ts';
import { savePolicyHosts } from '../policies/index.ts';
import { catalogue, type Catalogue } from '../catalogue/index.ts';
import { testFactsOf, type TestFacts } from './solutions.ts';
import type { TestFactsLookup } from './findings.ts';
import { webResultOf } from './web-delivered.ts';
import { processWebTask } from './web-run.ts';
import { cloudResultOf } from './cloud-findings.ts';
import { processCloudTask } from './cloud-process.ts';

/** The catalogue's test facts by id, built once per loaded catalogue. */
const factsByCatalogue = new WeakMap<Catalogue, Map<string, TestFacts>>();
async function testFactsLookup(): Promise<TestFactsLookup> {
  const c = await catalogue().catch(() => null);
  if (!c) return kubeFacts;
  let byId = factsByCatalogue.get(c);
  if (!byId) {
    byId = new Map(c.templates.map((t) => [t.id, testFactsOf(t)]));
    factsByCatalogue.set(c, byId);
  }
  const map = byId;
  return (id) => map.get(id) ?? kubeFacts(id);
}

/** A cluster check's facts (issue 32): the `k8s-…` checks are the scanner's own (kube/checks.ts), not templates. */
function kubeFacts(id: string): TestFacts | undefined {
  const k = id.startsWith('k8s-') ? kubeCheckFacts(id) : undefined;
  return k
    ? { description: k.description, solution: k.solution, cwes: [], references: k.references, cvss: null, cvssVector: null }
    : undefined;
}

export interface ProcessProgress {
  current: number;
  total: number;
}

export interface ProcessSummary extends RunSummary {
  runId: number;
  tasks: number;
  result: number | null;
}

export interface ProcessOptions {
  /** Hosts merged per transaction (default 500). */
  batchSize?: number;
  /**
   * Whether a failure ends the run in error (default). A job attempt that will be retried passes false: the tasks stay
   * delivered for the retry, which starts over (processing is idempotent).
   */
  failRunOnError?: boolean;
}

/** Pause between two batches of hosts, ms (see processRun). */
const BATCH_PAUSE_MS = 5;

/** Intel answers kept for the whole run: hosts running the same software ask intel once. */
export class MatchCache {
  private readonly byCpe = new Map<string, VulnerabilityMatch[]>();
  private readonly facts = new Map<string, CveFacts | null>();
  private readonly distro = new Map<string, DistroFix | null>();

  /** One matchHost call per host, for the CPEs of it no earlier host of the run had. */
  async matchHosts(db: Db, hosts: readonly DeliveredHost[]): Promise<void> {
    for (const h of hosts) {
      const unknown = hostCpes(h).filter((c) => !this.byCpe.has(c));
      if (unknown.length === 0) continue;
      const { byCpe } = await matchHost(db, { cpes: unknown });
      for (const c of unknown) this.byCpe.set(c, byCpe.get(c) ?? []);
    }
  }

  async loadFacts(db: Db, hosts: readonly DeliveredHost[]): Promise<void> {
    const wanted = new Set<string>();
    for (const h of hosts)
      for (const f of h.findings) for (const c of f.cve) if (!this.facts.has(c.toUpperCase())) wanted.add(c.toUpperCase());
    // The CVEs matched on services too: their records' CWEs (and references) go on the findings.
    for (const matches of this.byCpe.values()) for (const m of matches) if (!this.facts.has(m.cve)) wanted.add(m.cve);
    if (wanted.size === 0) return;
    const found = await cveFacts(db, wanted);
    for (const c of wanted) this.facts.set(c, found.get(c) ?? null);
  }

  /** The distribution's records of the CVEs matched on ports whose banner names a Debian or Ubuntu package and revision. */
  async loadDistroFixes(db: Db, hosts: readonly DeliveredHost[]): Promise<void> {
    const wanted = new Map<string, { pkg: DistroPackage; cves: Set<string> }>();
    for (const h of hosts)
      for (const p of h.ports) {
        if (p.state !== 'open') continue;
        const pkg = distroPackageOfBanner(p.service?.banner);
        if (!pkg) continue;
        const group = `${pkg.distro}|${pkg.release}|${pkg.package}`;
        const entry = wanted.get(group) ?? { pkg, cves: new Set<string>() };
        for (const cpe of p.service?.cpe ?? [])
          for (const m of this.byCpe.get(cpe) ?? []) if (!this.distro.has(distroFixKey(pkg, m.cve))) entry.cves.add(m.cve);
        wanted.set(group, entry);
      }
    for (const { pkg, cves } of wanted.values()) {
      if (cves.size === 0) continue;
      const found = await distroFixes(db, pkg, [...cves]);
      for (const cve of cves) this.distro.set(distroFixKey(pkg, cve), found.get(distroFixKey(pkg, cve)) ?? null);
    }
  }

  /** CVE facts of package findings, across the run's hosts. */
  readonly lookFacts = new Map<string, CveFacts | null>();

  readonly distroFix = (pkg: DistroPackage, cve: string): DistroFix | undefined => this.distro.get(distroFixKey(pkg, cve)) ?? undefined;

  get matches(): ReadonlyMap<string, readonly VulnerabilityMatch[]> {
    return this.byCpe;
  }

  get knownFacts(): ReadonlyMap<string, CveFacts> {
    return new Map([...this.facts].filter((e): e is [string, CveFacts] => e[1] !== null));
  }
}

/** What saveHostAuth needs of one host's look (the delivered JSON's nulls as absent fields). */
function authStateOf(c: BatchContext, hostId: number, auth: DeliveredAuth, look: LookOutcome): AuthStateInput {
  return {
    customerId: c.customerId,
    hostId,
    runId: c.runId,
    seen: c.seen,
    auth: {
      ...auth,
      hostKey: auth.hostKey ?? undefined,
      os: auth.os ?? undefined,
      kernel: auth.kernel ?? undefined,
      packages: auth.packages ?? undefined,
      listening: auth.listening ?? undefined,
    },
    health: look.health,
    message: look.message,
    kernelLatest: look.kernelLatest,
  };
}

/** How many different live hosts the tasks found. */
async function liveHostCount(db: Db, taskIds: readonly number[]): Promise<number> {
  if (taskIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${scanTaskHosts.address})::int` })
    .from(scanTaskHosts)
    .where(and(inArray(scanTaskHosts.taskId, [...taskIds]), eq(scanTaskHosts.alive, true)));
  return row?.n ?? 0;
}

/** When the run saw its hosts: the latest delivery of its tasks (stable, so re-processing writes the same times). */
function seenAt(tasks: readonly TaskRow[], run: { startedAt: Date | null }): Date {
  const times = tasks.map((t) => t.finishedAt?.getTime()).filter((t): t is number => t !== undefined);
  return times.length > 0 ? new Date(Math.max(...times)) : (run.startedAt ?? new Date());
}

/**
 * A policy run's batch: the hosts, their failed rules as findings, their results rule by rule; findings of rules they
 * now pass are closed. Nothing else of the hosts is closed: a policy run says nothing about ports or vulnerabilities.
 */
export async function processPolicyBatch(db: Db, c: BatchContext, hosts: DeliveredHost[]): Promise<void> {
  const evaluated = hosts.filter((h) => h.policy);
  const perHost = evaluated.map((h) => ({ host: h, findings: policyFindings(h.policy!) }));
  const summaries = new Map<string, RunHostSummary>(
    hosts.map((host) => {
      const findings = perHost.find((p) => p.host === host)?.findings ?? [];
      return [
        host.address,
        {
          findingsCount: findings.length,
          maxSeverity: findings.length ? Math.max(...findings.map((f) => f.severity)) : null,
          credentialHealth: host.auth?.health ?? null,
          credentialMessage: host.auth?.message ?? null,
        },
      ];
    }),
  );
  await db.transaction(async (tx) => {
    const ids = await upsertHosts(tx, c, hosts);
    const found = perHost.flatMap(({ host, findings }) => findings.map((f) => ({ hostId: ids.get(host.address)!, finding: f })));
    await upsertFindings(tx, c, found);
    await savePolicyHosts(
      tx,
      c.customerId,
      c.runId,
      evaluated.map((h) =>
        policyHostInput(ids.get(h.address)!, h.address, h.policy!, h.auth ? { health: h.auth.health, message: h.auth.message } : null),
      ),
    );
    await closePassedRules(
      tx,
      c,
      evaluated.map((h) => ({ hostId: ids.get(h.address)!, checkIds: passedCheckIds(h.policy!) })),
    );
    await afterFindingsChanged(tx, c.customerId, [...ids.values()]);
    await snapshotRunHosts(tx, c, hosts, ids, summaries);
  });
}

/** Merges one batch of live hosts and their findings in one transaction. */
export async function processBatch(
  db: Db,
  c: BatchContext,
  hosts: DeliveredHost[],
  cache: MatchCache,
  skippedChecks: string[],
): Promise<void> {
  await cache.matchHosts(db, hosts);
  await cache.loadFacts(db, hosts);
  await cache.loadDistroFixes(db, hosts);
  const facts = cache.knownFacts;
  const tests = await testFactsLookup();
  // Authenticated looks: package findings, end of life, a pending restart, and the health the run records.
  const looks = new Map<string, LookOutcome>();
  for (const h of hosts) if (h.auth) looks.set(h.address, await lookFindings(db, h.auth, c.seen, cache.lookFacts));
  const perHost = hosts.map((h) => ({
    host: h,
    findings: [...hostFindings(h, cache.matches, facts, cache.distroFix, tests), ...(looks.get(h.address)?.findings ?? [])],
  }));
  const summaries = new Map<string, RunHostSummary>(
    perHost.map(({ host, findings }) => [
      host.address,
      {
        findingsCount: findings.length,
        maxSeverity: findings.length ? Math.max(...findings.map((f) => f.severity)) : null,
        credentialHealth: looks.get(host.address)?.health ?? null,
        credentialMessage: looks.get(host.address)?.message ?? null,
      },
    ]),
  );
  await db.transaction(async (tx) => {
    const ids = await upsertHosts(tx, c, hosts);
    const found: { hostId: number; finding: FindingInput }[] = [];
    for (const { host, findings } of perHost) for (const f of findings) found.push({ hostId: ids.get(host.address)!, finding: f });
    await upsertFindings(tx, c, found);
    for (const h of hosts) {
      const look = looks.get(h.address);
      if (h.auth && look) await saveHostAuth(tx, authStateOf(c, ids.get(h.address)!, h.auth, look));
    }
    const listed = hosts.filter((h) => h.auth?.packages).map((h) => ids.get(h.address)!);
    await closeUnseen(tx, c, [...ids.values()], skippedChecks, listed);
    // Tags, then risk (a tag's business impact weighs it), then issue counts: in one order, in one place.
    await afterFindingsChanged(tx, c.customerId, [...ids.values()]);
    await snapshotRunHosts(tx, c, hosts, ids, summaries);
  });
}

/**
 * Processes every task of the run in state process results, batch by batch, then moves the tasks to completed (or
 * completed with errors when the task had scan errors) and writes the run's summary and result. Idempotent: run again
 * on the same delivered results (tasks put back to process results), it leaves every row as it was. A failure records
 * error 13 (processing results failed) on the run, ends the tasks in error and is thrown again.
 */
export async function processRun(
  db: Db,
  runId: number,
  onProgress?: (p: ProcessProgress) => void | Promise<void>,
  options: ProcessOptions = {},
): Promise<ProcessSummary> {
  const [run] = await db.select().from(scanRuns).where(eq(scanRuns.id, runId));
  if (!run) throw new Error(`Run ${runId} does not exist.`);
  // Delivered tasks, and tasks that were cancelled or failed: the hosts they reported are kept, never thrown away.
  const tasks = await db
    .select()
    .from(scanTasks)
    .where(and(eq(scanTasks.runId, runId), inArray(scanTasks.state, [S.process_results, S.cancelled, S.error])))
    .orderBy(scanTasks.id);
  try {
    const results: [TaskRow, DeliveredResult][] = tasks.map((t) => [
      t,
      parseResult(t.id, t.state === S.process_results ? t.result : { hosts: [] }),
    ]);
    // A result that still carries its hosts (delivered before scan_task_hosts, or written whole) joins the rows first.
    for (const [task, result] of results) {
      if (result.hosts.length > 0) await db.transaction((tx) => addTaskHosts(tx, task, result.hosts));
      result.hosts = [];
    }
    const ports = profilePorts(run.profile);
    const [scan] = run.scanId === null ? [] : await db.select({ targetIds: scans.targetIds }).from(scans).where(eq(scans.id, run.scanId));
    const c: BatchContext = {
      customerId: run.customerId,
      runId,
      seen: seenAt(tasks, run),
      targetAssetIds: scan?.targetIds ?? [],
      tcp: ports.tcp,
      udp: ports.udp,
      onlyFindings: run.retest?.findingIds ?? null,
    };
    // Web tasks deliver the engine's WebScanResult under `web`: each is processed on its asset (web-run.ts).
    for (const t of tasks) {
      // A cancelled or failed web task's partial result counts too (web-run.ts: incomplete, it closes nothing).
      const web = webResultOf(t.id, t.result);
      if (web) await processWebTask(db, run, t, web, c.seen);
    }
    // Cloud tasks deliver the engine's CloudScanResult under `cloud`: its resources and control results (cloud-process.ts).
    let cloudResources: number | null = null;
    for (const t of tasks) {
      const cloud = cloudResultOf(t.id, t.result);
      if (cloud) cloudResources = (cloudResources ?? 0) + (await processCloudTask(db, run, t, cloud, c.seen)).resources;
    }
    const skippedChecks = Array.isArray(run.profile.minus_tests) ? run.profile.minus_tests.map(String) : [];
    const batchSize = Math.max(1, options.batchSize ?? 500);
    const cache = new MatchCache();
    const taskIds = tasks.map((t) => t.id);
    const total = await liveHostCount(db, taskIds);
    await onProgress?.({ current: 0, total });
    // Page by page from scan_task_hosts: a run of any size is held one batch at a time.
    let current = 0;
    for await (const page of liveTaskHostPages(db, taskIds, batchSize)) {
      const live = mergeHosts([parseResult(taskIds[0], { hosts: page })]).filter((h) => h.alive);
      if (run.scanType === 'oval') await processPolicyBatch(db, c, live);
      else await processBatch(db, c, live, cache, skippedChecks);
      current = Math.min(total, current + live.length);
      await onProgress?.({ current, total });
      // A breath between batches: on the embedded database every query waits its turn behind the batch in progress,
      // and a web request makes several in a row; without the pause each of them waited for a whole batch.
      await new Promise((resolve) => setTimeout(resolve, BATCH_PAUSE_MS));
    }
    return await finishRun(db, run, results, cloudResources);
  } catch (err) {
    if (options.failRunOnError !== false) await failRun(db, run, tasks, err);
    throw err;
  }
}

/** Closes the tasks, refreshes the run from them and writes its summary, in one transaction. */
async function finishRun(
  db: Db,
  run: typeof scanRuns.$inferSelect,
  results: [TaskRow, DeliveredResult][],
  /** A cloud run's resources: its hosts up (it has no scan_run_hosts). */
  cloudResources: number | null = null,
): Promise<ProcessSummary> {
  return db.transaction(async (tx) => {
    const ids = results.map(([t]) => t.id);
    const withErrors = new Set(
      ids.length === 0
        ? []
        : (await tx.selectDistinct({ id: scanErrors.taskId }).from(scanErrors).where(inArray(scanErrors.taskId, ids))).map((r) => r.id),
    );
    for (const [task, result] of results) {
      // A cancelled or failed task keeps its own end (the run still says so); only delivered tasks complete.
      if (task.state !== S.process_results) continue;
      // Errors the probe put only in its result document are recorded once, with the task.
      if (!withErrors.has(task.id) && result.errors.length > 0) {
        await addScanErrors(tx, run, task.id, result.errors);
        withErrors.add(task.id);
      }
      await moveTask(tx, task.id, [S.process_results], withErrors.has(task.id) ? S.completed_with_errors : S.completed);
    }
    const refreshed = await refreshRun(tx, run.id);
    const counted = await runSummary(tx, run.id);
    const summary = cloudResources === null ? counted : { ...counted, hostsUp: counted.hostsUp + cloudResources };
    const state = refreshed?.state ?? run.state;
    const result = resultOf(state, summary);
    await tx
      .update(scanRuns)
      .set({
        processedAt: new Date(),
        result,
        hostsUp: summary.hostsUp,
        openPorts: summary.openPorts,
        cntVulns: summary.cntVulns,
        severityCounts: summary.severityCounts,
      })
      .where(eq(scanRuns.id, run.id));
    return { runId: run.id, tasks: results.length, result, ...summary };
  });
}

/** Error 13 on the run, the undelivered tasks in error, the run's state refreshed. */
async function failRun(db: Db, run: typeof scanRuns.$inferSelect, tasks: readonly TaskRow[], err: unknown): Promise<void> {
  const message = err instanceof Error ? err.message : String(err);
  await db.transaction(async (tx) => {
    await addScanErrors(tx, run, null, [
      { type: SCAN_ERROR_TYPE.processing_results_failed, message: `Processing the results failed: ${message}` },
    ]);
    for (const t of tasks) await moveTask(tx, t.id, [S.process_results], S.error, { finishedAt: t.finishedAt ?? new Date() });
    const refreshed = await refreshRun(tx, run.id);
    const summary = await runSummary(tx, run.id);
    await tx
      .update(scanRuns)
      .set({ processedAt: new Date(), result: resultOf(refreshed?.state ?? S.error, summary) })
      .where(eq(scanRuns.id, run.id));
  });
}
