// The actions on a saved schedule that the list and its page share: activate or deactivate it (PATCH
// schedule_is_active) and delete it, each with its toast, the schedule lists refreshed, and which ones are busy.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Schedule } from '@bulwark/core';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { SCHEDULE_KEYS, deleteSchedule, setScheduleActive } from './schedules-api.ts';
import { SCHEDULE_MESSAGES } from './ScheduleForm.tsx';

export function useScheduleActions() {
  const queryClient = useQueryClient();
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(() => new Set());

  function setBusy(id: number, busy: boolean) {
    setBusyIds((s) => {
      const next = new Set(s);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  /** Switches a schedule on or off; true when it worked. */
  async function setActive(s: Schedule, active: boolean): Promise<boolean> {
    setBusy(s.id, true);
    try {
      await setScheduleActive(s.id, active);
      toastSuccess(active ? SCHEDULE_MESSAGES.activated : SCHEDULE_MESSAGES.deactivated);
      await queryClient.invalidateQueries({ queryKey: SCHEDULE_KEYS.all });
      return true;
    } catch (failure) {
      toastFailure(failure, SCHEDULE_MESSAGES.toggleFailed);
      return false;
    } finally {
      setBusy(s.id, false);
    }
  }

  /**
   * Deletes a schedule; `done` (close the dialog, or leave the schedule's page) runs before the lists are refreshed, so
   * that the page of the deleted schedule is not asked for again.
   */
  async function remove(s: Schedule, done: () => void): Promise<boolean> {
    try {
      await deleteSchedule(s.id);
      toastSuccess(SCHEDULE_MESSAGES.deleted);
      done();
      queryClient.removeQueries({ queryKey: SCHEDULE_KEYS.byScan(s.scan) });
      await queryClient.invalidateQueries({ queryKey: SCHEDULE_KEYS.lists });
      return true;
    } catch (failure) {
      toastFailure(failure, SCHEDULE_MESSAGES.deleteFailed);
      return false;
    }
  }

  return { busyIds, setActive, remove };
}
