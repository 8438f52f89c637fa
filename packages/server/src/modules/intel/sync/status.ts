// The feed sync as the intelligence page shows it: each configured source's state, progress and last outcome, whether
// a sync holds the lease now, and when the next scheduled one runs.
import type { FeedSyncSource, FeedSyncStatus } from '@bulwark/core';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { currentLease } from '../../../jobs/leases.ts';
import { nextSyncAt } from './schedule.ts';
import { plannedSources } from './sources.ts';
import { sourceStates, type FeedSourceRow } from './state.ts';
import { FEED_SYNC_LEASE } from './sync.ts';

function stateOf(row: FeedSourceRow | undefined, syncing: boolean): FeedSyncSource['state'] {
  if (!row) return 'never';
  if (row.running && syncing) return 'running';
  if (row.lastErrorAt && (!row.lastSuccessAt || row.lastErrorAt >= row.lastSuccessAt)) return 'failed';
  return row.lastSuccessAt ? 'ok' : 'never';
}

export async function feedSyncStatus(db: Db, config: Pick<Config, 'feedSync'>, now = new Date()): Promise<FeedSyncStatus> {
  const [rows, lease] = await Promise.all([sourceStates(db), currentLease(db, FEED_SYNC_LEASE, now)]);
  const byName = new Map(rows.map((r) => [r.source, r]));
  const syncing = lease !== null;
  const sources = plannedSources(config.feedSync).map((planned): FeedSyncSource => {
    const row = byName.get(planned.name);
    const state = stateOf(row, syncing);
    const p = state === 'running' ? (row?.progress ?? null) : null;
    return {
      source: planned.name,
      label: planned.label,
      state,
      last_attempt_at: row?.lastAttemptAt?.toISOString() ?? null,
      last_success_at: row?.lastSuccessAt?.toISOString() ?? null,
      last_error: row?.lastError ?? null,
      last_error_at: row?.lastErrorAt?.toISOString() ?? null,
      records: row?.records ?? 0,
      unchanged: row?.unchanged ?? false,
      progress: p && {
        phase: p.phase,
        done: p.done,
        total: p.total,
        unit: p.unit,
        percent: p.total ? Math.min(100, Math.floor((p.done / p.total) * 1000) / 10) : null,
        note: p.note ?? null,
      },
    };
  });
  return {
    enabled: config.feedSync.enabled,
    at: config.feedSync.at,
    time_zone: config.feedSync.timeZone,
    next_run_at: nextSyncAt(config.feedSync, now)?.toISOString() ?? null,
    running: syncing,
    sources,
  };
}
