// What a cloud run's pages read beyond the generic run: the provider of each cloud profile (the scan list names it) and
// the run's policy results, each control it evaluated with its counts and overall status, in the catalogue's words.
import { CLOUD_PROVIDER, type CloudControlStatus, type CloudPolicyResult } from '@bulwark/core';
import { cloudControls, type CloudControlInfo } from '@bulwark/scanner';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cloudControlResults, scanProfiles } from '../../db/schema/index.ts';
import type { RunRow } from '../tasks/index.ts';

/** The §3 provider code of each cloud profile named. */
export async function providerCodesOf(db: Db, profileIds: readonly number[]): Promise<Map<number, number>> {
  const ids = [...new Set(profileIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: scanProfiles.id, fields: scanProfiles.fields })
    .from(scanProfiles)
    .where(and(inArray(scanProfiles.id, ids), eq(scanProfiles.type, 'cloud')));
  return new Map(rows.map((r) => [r.id, Number((r.fields as unknown as { provider?: number }).provider ?? 0)]));
}

/** A control's overall status in a run: failed anywhere, else unreadable somewhere, else passed, else not applicable. */
export function overallStatus(passed: number, failed: number, errors: number): CloudControlStatus {
  if (failed > 0) return 'fail';
  if (errors > 0) return 'error';
  if (passed > 0) return 'pass';
  return 'not_applicable';
}

const RANK: Record<CloudControlStatus, number> = { fail: 0, error: 1, pass: 2, not_applicable: 3 };

let byId: Map<string, CloudControlInfo> | null = null;

/** Each control the run evaluated, failed first, then by severity (worst first) and id. */
export async function runPolicyResults(db: Db, customerId: number, run: Pick<RunRow, 'id' | 'cloud'>): Promise<CloudPolicyResult[]> {
  const rows = await db
    .select({
      control: cloudControlResults.controlId,
      passed: sql<number>`count(*) filter (where ${cloudControlResults.status} = 'pass')::int`,
      failed: sql<number>`count(*) filter (where ${cloudControlResults.status} = 'fail')::int`,
      errors: sql<number>`count(*) filter (where ${cloudControlResults.status} = 'error')::int`,
    })
    .from(cloudControlResults)
    .where(and(eq(cloudControlResults.customerId, customerId), eq(cloudControlResults.runId, run.id)))
    .groupBy(cloudControlResults.controlId);
  byId ??= new Map(cloudControls().map((c) => [c.id, c]));
  const catalogue = byId;
  const results = rows.map((r): CloudPolicyResult => {
    const c = catalogue.get(r.control);
    const [passed, failed, errors] = [Number(r.passed), Number(r.failed), Number(r.errors)];
    return {
      id: r.control,
      provider: c ? CLOUD_PROVIDER[c.provider] : (run.cloud?.provider ?? 0),
      benchmark: c?.benchmark ?? '',
      reference: c?.reference ?? '',
      title: c?.title ?? r.control,
      description: c?.description ?? '',
      solution: c?.solution ?? '',
      severity: c?.severity ?? 2,
      service: c?.service ?? '',
      resource_type: c?.resourceType ?? '',
      passed,
      failed,
      errors,
      status: overallStatus(passed, failed, errors),
    };
  });
  return results.sort((a, b) => RANK[a.status] - RANK[b.status] || b.severity - a.severity || a.id.localeCompare(b.id));
}
