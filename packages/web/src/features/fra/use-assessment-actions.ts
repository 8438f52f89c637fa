// The actions on an assessment from its list row or its results page: start, cancel and delete, each with its toast,
// the lists and the assessment refreshed afterwards. Rows whose action is under way are busy.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Assessment } from '@bulwark/core';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { FRA_KEYS, assessments } from './api.ts';

export const ASSESSMENT_MESSAGES = {
  created: 'Assessment saved as a draft.',
  createFailed: 'Cannot save the assessment.',
  updated: 'Assessment saved.',
  updateFailed: 'Cannot save the assessment.',
  started: 'Assessment started: its messages are being sent.',
  startFailed: 'Cannot start the assessment.',
  cancelled: 'Assessment cancelled: no more messages are sent.',
  cancelFailed: 'Cannot cancel the assessment.',
  deleted: 'Assessment deleted.',
  deleteFailed: 'Cannot delete the assessment.',
};

export interface AssessmentActions {
  busy: ReadonlySet<string>;
  start(a: Pick<Assessment, 'uuid'>): Promise<boolean>;
  cancel(a: Pick<Assessment, 'uuid'>): Promise<boolean>;
  remove(a: Pick<Assessment, 'uuid'>): Promise<boolean>;
}

export function useAssessmentActions(): AssessmentActions {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  async function run(uuid: string, work: () => Promise<unknown>, done: string, failed: string): Promise<boolean> {
    setBusy((b) => new Set([...b, uuid]));
    try {
      await work();
      toastSuccess(done);
      return true;
    } catch (failure) {
      toastFailure(failure, failed);
      return false;
    } finally {
      setBusy((b) => new Set([...b].filter((x) => x !== uuid)));
      await queryClient.invalidateQueries({ queryKey: FRA_KEYS.all });
    }
  }

  return {
    busy,
    start: (a) => run(a.uuid, () => assessments.start(a.uuid), ASSESSMENT_MESSAGES.started, ASSESSMENT_MESSAGES.startFailed),
    cancel: (a) => run(a.uuid, () => assessments.cancel(a.uuid), ASSESSMENT_MESSAGES.cancelled, ASSESSMENT_MESSAGES.cancelFailed),
    remove: async (a) => {
      const ok = await run(a.uuid, () => assessments.remove(a.uuid), ASSESSMENT_MESSAGES.deleted, ASSESSMENT_MESSAGES.deleteFailed);
      if (ok) queryClient.removeQueries({ queryKey: FRA_KEYS.one(a.uuid) });
      return ok;
    },
  };
}
