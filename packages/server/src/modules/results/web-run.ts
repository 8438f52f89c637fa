// The call site of web results: processRun hands each delivered web task (its stored result holds `web`, the engine's
// WebScanResult) to processWebRun with what the run says about it: the web-application asset it scanned, whether it was
// a discovery run, whether it finished normally, and the tests its profile selected.
import { SCAN_ERROR_TYPE, SCAN_TASK_STATE as S } from '@bulwark/core';
import { selectWebTests, type WebScanResult } from '@bulwark/scanner';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assets, scans, type scanRuns } from '../../db/schema/index.ts';
import type { TaskRow } from '../tasks/index.ts';
import { textArray } from './sql.ts';
import { processWebRun, type WebRunOutcome } from './web-process.ts';

/** Errors that cut a crawl short: such a run did not look everywhere, so it closes nothing. */
const CUT_SHORT: readonly number[] = [
  SCAN_ERROR_TYPE.run_time_exceeded,
  SCAN_ERROR_TYPE.auth_failed,
  SCAN_ERROR_TYPE.max_urls_reached,
  SCAN_ERROR_TYPE.url_redirect,
  SCAN_ERROR_TYPE.waf_detected,
];

type RunRow = typeof scanRuns.$inferSelect;

/** The run's settings as a plain record (the web profile's fields are not the network profile's). */
const settingsOf = (run: RunRow): Record<string, unknown> => (run.profile ?? {}) as unknown as Record<string, unknown>;

/** A discovery run: the run says so (copied from its scan at start), or the task's stored result does. */
function isDiscovery(run: RunRow, stored: unknown): boolean {
  const fromTask = typeof stored === 'object' && stored !== null && (stored as { discovery?: unknown }).discovery === true;
  return run.isWasDiscovery || fromTask;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/**
 * The tests the run ran: the task's own list when it carries one (the engine's spec.tests), else what the run's profile
 * selects. A finding of a test the run did not run stays open.
 */
function selectedTests(run: RunRow, stored: unknown): string[] {
  const fromTask = typeof stored === 'object' && stored !== null ? (stored as { tests?: unknown }).tests : undefined;
  if (Array.isArray(fromTask)) return fromTask.map(String);
  const s = settingsOf(run);
  return selectWebTests({
    passive_only: s.passive_only === true,
    plus_categories: strings(s.plus_categories),
    minus_categories: strings(s.minus_categories),
    plus_tests: strings(s.plus_tests),
    minus_tests: strings(s.minus_tests),
  });
}

/** The web-application asset a web task scanned: the scan's target whose URL is the task's, else its only one. */
async function webAssetOf(db: Db, run: RunRow, task: TaskRow, target: string): Promise<number | null> {
  const [scan] = await db.select({ targetIds: scans.targetIds }).from(scans).where(eq(scans.id, run.scanId));
  const ids = scan?.targetIds ?? [];
  const candidates = ids.length
    ? await db
        .select({ id: assets.id, value: assets.value })
        .from(assets)
        .where(and(eq(assets.customerId, run.customerId), eq(assets.kind, 'webapp'), inArray(assets.id, ids)))
    : await db
        .select({ id: assets.id, value: assets.value })
        .from(assets)
        .where(
          and(
            eq(assets.customerId, run.customerId),
            eq(assets.kind, 'webapp'),
            sql`lower(${assets.value}) = any(${textArray([...task.targets, target].map((t) => t.toLowerCase()))})`,
          ),
        );
  const wanted = new Set([...task.targets, target].map((t) => t.toLowerCase()));
  const exact = candidates.find((a) => wanted.has(a.value.toLowerCase()));
  return exact?.id ?? (candidates.length === 1 ? candidates[0].id : null);
}

/** Processes a delivered web task of the run; throws when the asset it scanned cannot be found. */
export async function processWebTask(db: Db, run: RunRow, task: TaskRow, web: WebScanResult, seen: Date): Promise<WebRunOutcome> {
  const assetId = await webAssetOf(db, run, task, web.target);
  if (assetId === null) throw new Error(`No web-application asset of this customer is the target ${web.target} of task ${task.id}.`);
  const complete = task.state === S.process_results && !web.errors.some((e) => CUT_SHORT.includes(e.type));
  return processWebRun(db, {
    customerId: run.customerId,
    runId: run.id,
    assetId,
    result: web,
    complete,
    now: seen,
    discovery: isDiscovery(run, task.result),
    tests: run.retest ? run.retest.tests : selectedTests(run, task.result),
    onlyFindings: run.retest?.findingIds ?? null,
  });
}
