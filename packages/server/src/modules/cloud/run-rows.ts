// The rows of scan/cruns/: the shared run row with the account the run read (scan_runs.cloud, set when its result is
// processed) and the engine's progress summed over its tasks (scan_tasks.cloud_progress: calls, resources, regions;
// the least advanced task's phase).
import { CLOUD_PROVIDER_LABELS, type CloudProvider, type CloudScanRunRow } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { taskProgressByRun, toRunRows } from '../scans/index.ts';
import type { RunRow } from '../tasks/index.ts';

const PHASES = ['authenticate', 'inventory', 'evaluate', 'done'];

export async function toCloudRunRows(db: Db, customerId: number, runs: RunRow[], now: Date = new Date()): Promise<CloudScanRunRow[]> {
  const rows = await toRunRows(db, customerId, runs, now);
  if (runs.length === 0) return [];
  const progress = await taskProgressByRun(
    db,
    customerId,
    runs.map((r) => r.id),
    'cloudProgress',
  );
  const byRun = new Map(runs.map((r) => [r.id, r]));
  return rows.map((row) => {
    const facts = byRun.get(row.id)!.cloud;
    const reported = (progress.get(row.id) ?? []).filter((p): p is NonNullable<typeof p> => p !== null);
    const phases = reported.map((p) => PHASES.indexOf(p.phase)).filter((i) => i >= 0);
    const sum = (f: (p: (typeof reported)[number]) => number) => reported.reduce((n, p) => n + (f(p) || 0), 0);
    return {
      ...row,
      scan_type: 'cloud' as const,
      cloud: facts
        ? {
            provider: facts.provider,
            provider_label: CLOUD_PROVIDER_LABELS[facts.provider as CloudProvider] ?? String(facts.provider),
            account: facts.account,
            account_name: facts.accountName ?? null,
            regions: facts.regions,
            phase: phases.length ? PHASES[Math.min(...phases)]! : null,
            calls: sum((p) => p.calls),
            resources: sum((p) => p.resources),
            regions_done: sum((p) => p.regionsDone),
            regions_total: reported.length ? sum((p) => p.regionsTotal) : facts.regions.length,
          }
        : null,
    };
  });
}
