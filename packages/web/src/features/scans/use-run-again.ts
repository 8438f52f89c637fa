// "Run again" of a run's scan: whether it is offered now (not while this run is still active, with the reason) and
// the call to the scan's start endpoint, with its toast and fresh lists; the result page then shows the new run.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ScanRunRow } from '@bulwark/core';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { startScanRun } from './scans-api.ts';
import { isRunMoving } from './scan-format.ts';
import { SCAN_KEYS } from './scan-queries.ts';

/** Why the scan cannot be run again from this run now, or null when it can. */
export function runAgainBlocked(run: Pick<ScanRunRow, 'status' | 'state' | 'actions'>): string | null {
  if (isRunMoving(run) || run.actions.includes('resume')) return 'This run is still active: wait for it to end, or cancel it.';
  return null;
}

/** The confirmation of "Run again". */
export function runAgainText(name: string): { title: string; body: string; confirm: string } {
  return {
    title: 'Run the scan again?',
    body: `A new run of “${name}” starts now with the scan's current targets and profile. This run and its results are kept.`,
    confirm: 'Run again',
  };
}

export interface RunAgain {
  busy: boolean;
  /** Starts a new run of the run's scan; answers it, or null when the start failed (a toast says why). */
  start(run: ScanRunRow): Promise<ScanRunRow | null>;
}

export function useRunAgain(): RunAgain {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function start(run: ScanRunRow): Promise<ScanRunRow | null> {
    setBusy(true);
    try {
      const created = await startScanRun(run.scan_id, run.scan_type);
      queryClient.setQueryData(SCAN_KEYS.run(created.id), created);
      toastSuccess('Scan started.');
      return created;
    } catch (error) {
      toastFailure(error, 'Cannot start scan.');
      return null;
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: SCAN_KEYS.runs });
    }
  }

  return { busy, start };
}
