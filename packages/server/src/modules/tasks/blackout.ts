// The customer's blackout window at work (feature-areas §3 Customer settings `blackouts`): every minute (and when the
// window is changed) each customer's `blackout_active` is set from the window and the clock, which keeps probes from
// claiming its tasks; running tasks are paused when a window begins — error 12 "In blackout window" on their runs —
// and the ones it paused are resumed when it ends. Tasks paused by a person are left alone.
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { SCAN_ERROR_TYPE, SCAN_TASK_STATE as S, inBlackout, blackoutText, type BlackoutWindow } from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { customers, scanTasks } from '../../db/schema/index.ts';
import { addScanErrors, dispatchTask, moveTask, type ProbeClock } from './queue.ts';
import { refreshRun } from './runs.ts';
import { handOver, notifyRunEvent, type Send } from '../notifications/index.ts';

export interface BlackoutChange {
  customerId: number;
  active: boolean;
  paused: number;
  resumed: number;
}

/** Applies every customer's window (or one's) at `now`; answers what changed. */
export async function enforceBlackouts(
  db: Db,
  timing: ProbeClock,
  now: Date,
  customerId?: number,
  events?: { publicUrl: string; send: Send },
): Promise<BlackoutChange[]> {
  const rows = await db
    .select({ id: customers.id, blackouts: customers.blackouts, active: customers.blackoutActive })
    .from(customers)
    .where(
      and(
        customerId === undefined ? undefined : eq(customers.id, customerId),
        or(isNotNull(customers.blackouts), eq(customers.blackoutActive, true)),
      ),
    );
  const changes: BlackoutChange[] = [];
  for (const c of rows) {
    const inside = inBlackout(c.blackouts as BlackoutWindow | null, now);
    let paused = 0;
    let resumed = 0;
    if (inside) {
      if (!c.active) await db.update(customers).set({ blackoutActive: true }).where(eq(customers.id, c.id));
      paused = await pauseRunning(db, c.id, c.blackouts as BlackoutWindow, events);
    } else {
      if (c.active) await db.update(customers).set({ blackoutActive: false }).where(eq(customers.id, c.id));
      resumed = await resumePaused(db, timing, c.id);
    }
    if (inside !== c.active || paused || resumed) changes.push({ customerId: c.id, active: inside, paused, resumed });
  }
  return changes;
}

/** Asks the probes to pause the customer's running tasks (they keep their checkpoints), marked as the window's doing. */
async function pauseRunning(
  db: Db,
  customerId: number,
  window: BlackoutWindow,
  events?: { publicUrl: string; send: Send },
): Promise<number> {
  const running = await db
    .select()
    .from(scanTasks)
    .where(and(eq(scanTasks.customerId, customerId), eq(scanTasks.state, S.running)));
  for (const task of running) {
    await db.transaction(async (tx) => {
      const moved = await moveTask(tx, task.id, [S.running], S.created_stop, { pausedByBlackout: true });
      if (!moved) return;
      await addScanErrors(tx, { id: task.runId, customerId }, task.id, [
        {
          type: SCAN_ERROR_TYPE.in_blackout_window,
          message: `Paused for the blackout window (${blackoutText(window)}); it resumes when the window ends.`,
        },
      ]);
    });
    await refreshRun(db, task.runId);
  }
  if (events) {
    // One message per run, however many of its tasks were paused.
    for (const runId of new Set(running.map((t) => t.runId)))
      await notifyRunEvent(
        db,
        runId,
        'scan_paused_blackout',
        events.publicUrl,
        `Paused for the blackout window (${blackoutText(window)}); it resumes when the window ends.`,
      );
    if (running.length) await handOver(db, events.send);
  }
  return running.length;
}

/** Resumes the tasks the window paused once their probes have stopped them. */
async function resumePaused(db: Db, timing: ProbeClock, customerId: number): Promise<number> {
  const stopped = await db
    .select()
    .from(scanTasks)
    .where(and(eq(scanTasks.customerId, customerId), eq(scanTasks.pausedByBlackout, true), inArray(scanTasks.state, [S.stopped])));
  for (const task of stopped) {
    await db.transaction(async (tx) => {
      const moved = await moveTask(tx, task.id, [S.stopped], S.created_resume, { pausedByBlackout: false });
      if (moved) await dispatchTask(tx, timing, moved);
    });
    await refreshRun(db, task.runId);
  }
  return stopped.length;
}
