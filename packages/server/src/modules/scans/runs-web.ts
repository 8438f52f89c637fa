// The rows of scan/wruns/: the shared run row with the web progress summed over the run's tasks (URLs found, requests
// sent) and the sign-in state and phase of its tasks (the worst sign-in state wins: one failed login fails the run's).
import { WEB_AUTH_STATE_LABELS, type WebAuthState, type WebScanPhase, type WebScanRunRow } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { taskProgressByRun, toRunRows } from './runs-repo.ts';
import type { RunRow } from '../tasks/index.ts';

const AUTH_RANK: Record<WebAuthState, number> = { none: 0, 'signed-in': 1, pending: 2, lost: 3, failed: 4 };
const PHASES: readonly WebScanPhase[] = ['login', 'crawl', 'browser', 'test', 'done'];

export async function toWebRunRows(db: Db, customerId: number, runs: RunRow[], now: Date = new Date()): Promise<WebScanRunRow[]> {
  const rows = await toRunRows(db, customerId, runs, now);
  if (runs.length === 0) return [];
  const progress = await taskProgressByRun(
    db,
    customerId,
    runs.map((r) => r.id),
    'webProgress',
  );
  const byRun = new Map(runs.map((r) => [r.id, r]));
  return rows.map((row) => {
    const run = byRun.get(row.id)!;
    const mine = progress.get(row.id) ?? [];
    const reported = mine.filter((w): w is NonNullable<typeof w> => w !== null);
    let auth: WebAuthState | null = null;
    for (const w of reported) {
      const a = (w.auth in AUTH_RANK ? w.auth : 'none') as WebAuthState;
      if (auth === null || AUTH_RANK[a] > AUTH_RANK[auth]) auth = a;
    }
    if (auth === null && mine.length > 0) auth = (run.profile as { auth_kind?: string }).auth_kind === 'none' ? 'none' : 'pending';
    // The run's phase is its least advanced task's.
    const phases = reported.map((w) => PHASES.indexOf(w.phase as WebScanPhase)).filter((i) => i >= 0);
    return {
      ...row,
      scan_type: 'was' as const,
      is_was_discovery: run.isWasDiscovery,
      urls_found: reported.reduce((n, w) => n + (w.urlsFound || 0), 0),
      requests_sent: reported.reduce((n, w) => n + (w.requestsSent || 0), 0),
      auth_state: auth,
      auth_state_label: auth ? WEB_AUTH_STATE_LABELS[auth] : null,
      phase: phases.length ? PHASES[Math.min(...phases)]! : null,
    };
  });
}
