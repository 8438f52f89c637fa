// Runs an action on a scan run (pause, resume, cancel, force cancel) or deletes it: the call, its §8 toast, fresh lists.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ScanAction, ScanRunRow } from '@bulwark/core';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { deleteRun, runAction } from './scans-api.ts';
import { ACTION_TOASTS, DELETE_TOASTS } from './scan-format.ts';
import { SCAN_KEYS } from './scan-queries.ts';

export interface RunActions {
  /** The action under way (one at a time), or 'delete'. */
  busy: ScanAction | 'delete' | null;
  perform(run: ScanRunRow, action: ScanAction): Promise<boolean>;
  remove(run: ScanRunRow): Promise<boolean>;
}

export function useRunActions(): RunActions {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<RunActions['busy']>(null);

  async function perform(run: ScanRunRow, action: ScanAction): Promise<boolean> {
    setBusy(action);
    try {
      const updated = await runAction(run.id, action, run.scan_type);
      queryClient.setQueryData(SCAN_KEYS.run(run.id), updated);
      toastSuccess(ACTION_TOASTS[action].success);
      return true;
    } catch (error) {
      // A 409 carries the server's reason ('This scan cannot be paused while it is Finished.'); it is preferred (§8).
      toastFailure(error, ACTION_TOASTS[action].failure);
      return false;
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: SCAN_KEYS.runs });
    }
  }

  async function remove(run: ScanRunRow): Promise<boolean> {
    setBusy('delete');
    try {
      await deleteRun(run.id, run.scan_type);
      queryClient.removeQueries({ queryKey: SCAN_KEYS.run(run.id) });
      toastSuccess(DELETE_TOASTS.success);
      return true;
    } catch (error) {
      toastFailure(error, DELETE_TOASTS.failure);
      return false;
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: SCAN_KEYS.runs, refetchType: 'active' });
    }
  }

  return { busy, perform, remove };
}
