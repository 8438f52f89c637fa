// Web results into the inventory (results/web-process.ts): a web run's findings merge into findings of the web-application
// asset by test × URL path × method × parameter — New, Active, Closed, Reopened across runs — with their OWASP category,
// evidence and where they are; a discovery or cut-short run closes nothing; processing the same run again changes
// nothing; the run's site map, forms, technologies and figures are stored.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_RESULT, SCAN_TASK_STATE } from '@bulwark/core';
import {
  findings,
  issues,
  scanRunFindings,
  scanRuns,
  scanTasks,
  webFindings,
  webForms,
  webRunResults,
  webSitemapEntries,
} from '../src/db/schema/index.ts';
import { processRun } from '../src/modules/results/process.ts';
import { runHasUnprocessedResults } from '../src/modules/tasks/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { aWebFinding, aWebResult, processTestWebRun, webAsset, webRuns } from './helpers/was-results.ts';

const TARGET = 'http://127.0.0.7:8080/';
const SQLI = aWebFinding('web-sqli-error', `${TARGET}shop/item?id=1`, 'id');
const XSS = aWebFinding('web-xss-reflected', `${TARGET}search?q=a`, 'q', {
  confidence: 'potential',
  evidence: { request: 'GET /search?q=<bwk> HTTP/1.1', response: '<p><bwk></p>', proof: '<bwk>', how: 'reflected unencoded' },
});

describe.each(BACKENDS)('web results processing on %s', (backend) => {
  let t: TestApp;
  let assetId: number;
  let runs: number[];
  const customerId = 1;

  const stateOf = async () =>
    Object.fromEntries(
      (
        await t.ctx.db
          .select({ key: findings.key, state: findings.state })
          .from(findings)
          .where(eq(findings.hostId, assetId))
          .orderBy(asc(findings.key))
      ).map((r) => [r.key.split('@')[0], r.state]),
    );

  beforeAll(async () => {
    t = await startTestApp(backend);
    assetId = await webAsset(t.ctx.db, customerId, TARGET);
    runs = await webRuns(t.ctx.db, customerId, assetId, 6);
  });
  afterAll(() => t?.close());

  it('opens the first run’s findings as New, on the web-application asset, with their category and evidence', async () => {
    const out = await processTestWebRun(t.ctx.db, { customerId, runId: runs[0], assetId, result: aWebResult(TARGET, [SQLI, XSS]), day: 1 });
    expect(out).toEqual({ findings: 2, closed: 0, urls: 5, forms: 1 });
    expect(await stateOf()).toEqual({ 'web:web-sqli-error': 0, 'web:web-xss-reflected': 0 });
    const [sqli] = await t.ctx.db.select().from(findings).where(eq(findings.checkId, 'web-sqli-error'));
    expect(sqli).toMatchObject({
      key: 'web:web-sqli-error@/shop/item|GET|id',
      source: 'web',
      owasp: 'A03:2021',
      severity: 4,
      confidence: 'confirmed',
      port: null,
      name: 'SQL injection (error based)',
      solution: 'SQL injection (error based): fixed.',
      cwes: ['CWE-89'],
      lastRunId: runs[0],
    });
    expect(sqli!.evidence).toContain('Payload: \'"<bwk>');
    expect(sqli!.evidence).toContain('You have an error in your SQL syntax');
    // One issue per web test, from the web.
    const [issue] = await t.ctx.db.select().from(issues).where(eq(issues.id, sqli!.issueId!));
    expect(issue).toMatchObject({ hid: 'nvt-web-sqli-error', source: 'web', checkId: 'web-sqli-error' });
    const [where] = await t.ctx.db.select().from(webFindings).where(eq(webFindings.findingId, sqli!.id));
    expect(where).toMatchObject({ runId: runs[0], test: 'web-sqli-error', method: 'GET', parameter: 'id', location: 'query' });
    expect(where!.evidence).toMatchObject({ how: 'database error message' });
    // The run's own rows.
    const [result] = await t.ctx.db.select().from(webRunResults).where(eq(webRunResults.runId, runs[0]));
    expect(result).toMatchObject({ assetId, urls: 5, forms: 1, findings: 2, vhosts: ['admin.local'], complete: true });
    expect(result!.technologies).toEqual([{ name: 'nginx', version: '1.22.1', cpe: null, evidence: 'Server: nginx/1.22.1' }]);
    expect(await t.ctx.db.$count(webSitemapEntries, eq(webSitemapEntries.runId, runs[0]))).toBe(5);
    expect(await t.ctx.db.$count(webForms, eq(webForms.runId, runs[0]))).toBe(1);
  });

  it('a complete run that sees one again makes it Active and closes the one it did not see', async () => {
    const out = await processTestWebRun(t.ctx.db, { customerId, runId: runs[1], assetId, result: aWebResult(TARGET, [SQLI]), day: 2 });
    expect(out.closed).toBe(1);
    expect(await stateOf()).toEqual({ 'web:web-sqli-error': 1, 'web:web-xss-reflected': 3 });
    const recorded = await t.ctx.db.select().from(scanRunFindings).where(eq(scanRunFindings.runId, runs[1]));
    expect(recorded.map((r) => r.state).sort()).toEqual([1, 3]);
  });

  it('a discovery run, or a run cut short, closes nothing', async () => {
    await processTestWebRun(t.ctx.db, { customerId, runId: runs[2], assetId, result: aWebResult(TARGET, []), discovery: true, day: 3 });
    expect(await stateOf()).toEqual({ 'web:web-sqli-error': 1, 'web:web-xss-reflected': 3 });
    const cut = aWebResult(TARGET, [], { errors: [{ type: 7, message: 'max urls reached' }] });
    await processTestWebRun(t.ctx.db, { customerId, runId: runs[3], assetId, result: cut, complete: false, day: 4 });
    expect(await stateOf()).toEqual({ 'web:web-sqli-error': 1, 'web:web-xss-reflected': 3 });
  });

  it('a closed finding seen again is Reopened', async () => {
    await processTestWebRun(t.ctx.db, { customerId, runId: runs[4], assetId, result: aWebResult(TARGET, [SQLI, XSS]), day: 5 });
    expect(await stateOf()).toEqual({ 'web:web-sqli-error': 1, 'web:web-xss-reflected': 2 });
  });

  it('processing the same run again changes nothing', async () => {
    const snapshot = async () => ({
      findings: await t.ctx.db.select().from(findings).where(eq(findings.hostId, assetId)).orderBy(asc(findings.id)),
      where: await t.ctx.db.select().from(webFindings).orderBy(asc(webFindings.findingId)),
      recorded: await t.ctx.db
        .select()
        .from(scanRunFindings)
        .where(eq(scanRunFindings.runId, runs[4]))
        .orderBy(asc(scanRunFindings.findingId)),
      sitemap: (await t.ctx.db.select().from(webSitemapEntries).where(eq(webSitemapEntries.runId, runs[4]))).map(({ id: _id, ...e }) => e),
      result: await t.ctx.db.select().from(webRunResults).where(eq(webRunResults.runId, runs[4])),
    });
    const before = await snapshot();
    await processTestWebRun(t.ctx.db, { customerId, runId: runs[4], assetId, result: aWebResult(TARGET, [SQLI, XSS]), day: 5 });
    expect(await snapshot()).toEqual(before);
  });

  it('the same test on another path or parameter is another finding of the same issue; a query value is not', async () => {
    const again = [
      SQLI,
      aWebFinding('web-sqli-error', `${TARGET}shop/item?id=2`, 'id'),
      aWebFinding('web-sqli-error', `${TARGET}shop/cart/?id=1`, 'id'),
      aWebFinding('web-sqli-error', `http://admin.local/shop/item?id=1`, 'id'),
      XSS,
    ];
    await processTestWebRun(t.ctx.db, { customerId, runId: runs[5], assetId, result: aWebResult(TARGET, again), day: 6 });
    const rows = await t.ctx.db
      .select({ key: findings.key, issueId: findings.issueId })
      .from(findings)
      .where(and(eq(findings.hostId, assetId), eq(findings.checkId, 'web-sqli-error')))
      .orderBy(asc(findings.key));
    expect(rows.map((r) => r.key)).toEqual([
      'web:web-sqli-error@/shop/cart|GET|id',
      'web:web-sqli-error@/shop/item|GET|id',
      'web:web-sqli-error@admin.local/shop/item|GET|id',
    ]);
    expect(new Set(rows.map((r) => r.issueId)).size).toBe(1);
  });

  it('processRun hands a delivered web task to processing on the asset it scanned', async () => {
    const target = 'http://127.0.0.9:8080/';
    const other = await webAsset(t.ctx.db, customerId, target);
    const [runId] = await webRuns(t.ctx.db, customerId, other, 1);
    await t.ctx.db.insert(scanTasks).values({
      customerId,
      runId: runId!,
      state: SCAN_TASK_STATE.process_results,
      targets: [target],
      result: { hosts: [], errors: [], web: aWebResult(target, [aWebFinding('web-sqli-error', `${target}x?id=1`, 'id')]) },
      finishedAt: new Date(Date.UTC(2026, 10, 7)),
    });
    const summary = await processRun(t.ctx.db, runId!);
    // One web application up, a critical finding: the run failed.
    expect(summary).toMatchObject({ cntVulns: 1, hostsUp: 1, result: SCAN_RESULT.fail });
    const [f] = await t.ctx.db.select().from(findings).where(eq(findings.hostId, other));
    expect(f).toMatchObject({ key: 'web:web-sqli-error@/x|GET|id', source: 'web', state: 0, lastRunId: runId });
    expect(await t.ctx.db.$count(webSitemapEntries, eq(webSitemapEntries.runId, runId!))).toBe(5);
    const [task] = await t.ctx.db.select().from(scanTasks).where(eq(scanTasks.runId, runId!));
    expect(task!.state).toBe(SCAN_TASK_STATE.completed);
  });

  it('a run whose profile left a test out does not close that test’s findings', async () => {
    const target = 'http://127.0.0.11:8080/';
    const other = await webAsset(t.ctx.db, customerId, target);
    const [first, narrow] = await webRuns(t.ctx.db, customerId, other, 2);
    const deliver = (runId: number, findings: ReturnType<typeof aWebFinding>[]) =>
      t.ctx.db.insert(scanTasks).values({
        customerId,
        runId,
        state: SCAN_TASK_STATE.process_results,
        targets: [target],
        result: { web: aWebResult(target, findings) },
        finishedAt: new Date(Date.UTC(2026, 10, 10 + runId - first!)),
      });
    await deliver(first!, [aWebFinding('web-sqli-error', `${target}a?id=1`, 'id')]);
    await processRun(t.ctx.db, first!);
    // Only the XSS tests ran (plus category xss): the SQL injection finding says nothing about this run.
    await t.ctx.db
      .update(scanRuns)
      .set({ profile: { plus_categories: ['xss'] } as unknown as (typeof scanRuns.$inferInsert)['profile'] })
      .where(eq(scanRuns.id, narrow!));
    await deliver(narrow!, []);
    await processRun(t.ctx.db, narrow!);
    const [f] = await t.ctx.db.select().from(findings).where(eq(findings.hostId, other));
    expect(f).toMatchObject({ checkId: 'web-sqli-error', state: 0 });
  });

  it('keeps what a cancelled web task found so far, and closes nothing with it', async () => {
    const target = 'http://127.0.0.10:8080/';
    const other = await webAsset(t.ctx.db, customerId, target);
    const [first, cancelled] = await webRuns(t.ctx.db, customerId, other, 2);
    const task = (runId: number, state: number, findings: ReturnType<typeof aWebFinding>[]) =>
      t.ctx.db.insert(scanTasks).values({
        customerId,
        runId,
        state,
        targets: [target],
        result: { web: aWebResult(target, findings) },
        finishedAt: new Date(Date.UTC(2026, 10, 8 + runId - first!)),
      });
    await task(first!, SCAN_TASK_STATE.process_results, [aWebFinding('web-sqli-error', `${target}a?id=1`, 'id')]);
    await processRun(t.ctx.db, first!);
    await task(cancelled!, SCAN_TASK_STATE.cancelled, [aWebFinding('web-xss-reflected', `${target}b?q=1`, 'q')]);
    expect(await runHasUnprocessedResults(t.ctx.db, cancelled!)).toBe(true);
    await processRun(t.ctx.db, cancelled!);
    const rows = await t.ctx.db.select({ check: findings.checkId, state: findings.state }).from(findings).where(eq(findings.hostId, other));
    expect(rows.sort((a, b) => a.check!.localeCompare(b.check!))).toEqual([
      { check: 'web-sqli-error', state: 0 },
      { check: 'web-xss-reflected', state: 0 },
    ]);
    const [result] = await t.ctx.db.select().from(webRunResults).where(eq(webRunResults.runId, cancelled!));
    expect(result!.complete).toBe(false);
  });
});
