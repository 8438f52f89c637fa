// The bulk action of the scan list: delete the selected runs (after a confirm), leaving out those a probe still holds.
import { useState } from 'react';
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ScanRunRow } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { deleteRun } from './scans-api.ts';
import { canDeleteRun, DELETE_TOASTS } from './scan-format.ts';
import { SCAN_KEYS } from './scan-queries.ts';

/** 'Scan removed.' for one run (§8), else how many were removed. */
export function removedText(count: number): string {
  return count === 1 ? DELETE_TOASTS.success : `${count} scan runs removed.`;
}

export function BulkDeleteRuns({ runs, onDone }: { runs: readonly ScanRunRow[]; onDone(): void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const deletable = runs.filter(canDeleteRun);
  const kept = runs.length - deletable.length;

  async function remove() {
    const results = await Promise.allSettled(deletable.map((run) => deleteRun(run.id, run.scan_type)));
    const removed = results.filter((r) => r.status === 'fulfilled').length;
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (removed > 0) toastSuccess(removedText(removed));
    if (failure) toastFailure(failure.reason, DELETE_TOASTS.failure);
    for (const run of deletable) queryClient.removeQueries({ queryKey: SCAN_KEYS.run(run.id) });
    await queryClient.invalidateQueries({ queryKey: SCAN_KEYS.runs, refetchType: 'active' });
    setConfirming(false);
    onDone();
  }

  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="red"
        disabled={deletable.length === 0}
        title={deletable.length === 0 ? 'Runs on a probe or being processed cannot be deleted' : undefined}
        onClick={() => setConfirming(true)}
      >
        Delete
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={deletable.length === 1 ? 'Delete the scan run?' : `Delete ${deletable.length} scan runs?`}
        confirmLabel="Delete"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      >
        {deletable.length === 1
          ? `The run of “${deletable[0].name}” and its results are removed.`
          : 'These runs and their results are removed.'}
        {kept > 0 &&
          ` ${kept} selected run${kept === 1 ? ' is' : 's are'} still on a probe or being processed and stay${kept === 1 ? 's' : ''}.`}
      </ConfirmDialog>
    </>
  );
}
