// A web task's progress as its probe reports it (kept on the task, summed on the run's row), and the rule that a web
// task goes only to a probe whose web engine is the server's: an older or unknown one fails it with error 11.
import { eq } from 'drizzle-orm';
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import { WEB_ENGINE_VERSION } from '@bulwark/scanner';
import type { Db } from '../../db/client.ts';
import { scanTasks } from '../../db/schema/index.ts';
import type { TaskOutcome } from '../tasks/index.ts';

export interface WebProgressReport {
  urlsFound: number;
  requestsSent: number;
  phase: string;
  auth: string;
}

/** Keeps the last web progress of a task (each report carries the totals so far). */
export async function saveWebProgress(db: Db, taskId: number, web: WebProgressReport | undefined): Promise<void> {
  if (!web) return;
  const { urlsFound, requestsSent, phase, auth } = web;
  await db.update(scanTasks).set({ webProgress: { urlsFound, requestsSent, phase, auth } }).where(eq(scanTasks.id, taskId));
}

/** The failure a web task ends with when the probe's web engine is older than the server's (or it did not say). */
export function webEngineRefusal(probeEngine: number | null): TaskOutcome | null {
  if (probeEngine !== null && probeEngine >= WEB_ENGINE_VERSION) return null;
  return {
    outcome: 'failed',
    type: SCAN_ERROR_TYPE.was_version_too_old,
    message:
      probeEngine === null
        ? `The probe's web scanner is too old (it does not say its version; the server needs version ${WEB_ENGINE_VERSION}): update the probe.`
        : `The probe's web scanner is version ${probeEngine}; the server needs version ${WEB_ENGINE_VERSION}: update the probe.`,
  };
}
