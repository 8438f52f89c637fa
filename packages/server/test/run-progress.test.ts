// A run's progress by hosts done across its tasks, and what the run view says of a task that delivered its results.
import { describe, expect, it } from 'vitest';
import { SCAN_TASK_STATE as S, taskPhase } from '@bulwark/core';
import { runProgress } from '../src/modules/tasks/index.ts';

const task = (state: number, hostsDone: number, hostsTotal: number, progress = 0) => ({ state, hostsDone, hostsTotal, progress });

describe('runProgress', () => {
  it('moves by hosts done over every task, whatever their sizes', () => {
    // A /16 split in 16 children of 4,096 hosts: one done, one half way, the rest waiting.
    const tasks = [
      task(S.completed, 4096, 4096),
      task(S.running, 2048, 4096),
      ...Array.from({ length: 14 }, () => task(S.requested, 0, 4096)),
    ];
    expect(runProgress(tasks)).toBeCloseTo((6144 / 65536) * 100, 6);
    // Uneven children: a small finished one does not count as much as a big running one.
    expect(runProgress([task(S.process_results, 10, 10, 100), task(S.running, 0, 990, 0)])).toBeCloseTo(1, 6);
  });

  it('counts a delivered or ended task whole, and never more than its hosts', () => {
    expect(runProgress([task(S.process_results, 3, 4096), task(S.cancelled, 0, 4096)])).toBe(100);
    expect(runProgress([task(S.running, 5000, 4096)])).toBe(100);
    expect(runProgress([])).toBe(0);
  });

  it('falls back to the mean of the tasks’ own percentages when a task knows no host count', () => {
    expect(runProgress([task(S.running, 0, 0, 40), task(S.completed, 3, 3, 100)])).toBe(70);
  });
});

describe('taskPhase', () => {
  it('says a delivered task was scanned and waits for processing, or is being processed, instead of Running at 100 %', () => {
    expect(taskPhase(S.process_results, false)).toEqual({ label: 'Scanned', detail: 'waiting for processing' });
    expect(taskPhase(S.process_results, true)).toEqual({ label: 'Scanned', detail: 'processing results' });
    expect(taskPhase(S.running, false)).toEqual({ label: 'Running', detail: null });
    expect(taskPhase(S.completed, true)).toEqual({ label: 'Finished', detail: null });
    expect(taskPhase(S.group_run, false)).toBeNull();
  });
});
