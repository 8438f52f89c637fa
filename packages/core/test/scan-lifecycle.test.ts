// Tests of the scan lifecycle rules: legal task transitions, actions offered per state, run state, status and result.
import { describe, expect, it } from 'vitest';
import {
  ACTION_FROM_STATES,
  TASK_TRANSITIONS,
  actionRefusedMessage,
  allowedActions,
  canTransition,
  isFinalTaskState,
  runResult,
  runStatus,
  runTaskState,
} from '../src/scan-lifecycle.ts';
import { SCAN_RESULT, SCAN_RUN_STATUS, SCAN_TASK_STATE as S } from '../src/codes/scans.ts';

describe('task transitions', () => {
  it('has an entry for every one of the 18 task states', () => {
    expect(
      Object.keys(TASK_TRANSITIONS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(Object.values(S).sort((a, b) => a - b));
  });

  it('follows the happy path new → created start → requested → running → process results → completed', () => {
    expect(canTransition(S.new, S.created_start)).toBe(true);
    expect(canTransition(S.created_start, S.requested)).toBe(true);
    expect(canTransition(S.requested, S.running)).toBe(true);
    expect(canTransition(S.running, S.process_results)).toBe(true);
    expect(canTransition(S.process_results, S.completed)).toBe(true);
    expect(canTransition(S.process_results, S.completed_with_errors)).toBe(true);
  });

  it('pauses through created stop and stop requested, and resumes through created resume', () => {
    expect(canTransition(S.running, S.created_stop)).toBe(true);
    expect(canTransition(S.created_stop, S.stop_requested)).toBe(true);
    expect(canTransition(S.stop_requested, S.stopped)).toBe(true);
    expect(canTransition(S.stopped, S.created_resume)).toBe(true);
    expect(canTransition(S.created_resume, S.running)).toBe(true);
  });

  it('never leaves a final state, and a group run never changes', () => {
    for (const s of [S.completed, S.completed_with_errors, S.error, S.cancelled, S.group_run]) {
      expect(TASK_TRANSITIONS[s]).toEqual([]);
    }
    expect(canTransition(S.completed, S.running)).toBe(false);
    expect(canTransition(S.cancelled, S.requested)).toBe(false);
  });

  it('refuses shortcuts: a new task cannot run, a stopped task cannot run without resume', () => {
    expect(canTransition(S.new, S.running)).toBe(false);
    expect(canTransition(S.stopped, S.running)).toBe(false);
    expect(canTransition(S.requested, S.completed)).toBe(false);
  });

  it('lets a running task go back to the queue (lost probe)', () => {
    expect(canTransition(S.running, S.requested)).toBe(true);
  });

  it('knows the final states', () => {
    expect([S.completed, S.completed_with_errors, S.error, S.cancelled].every(isFinalTaskState)).toBe(true);
    expect(isFinalTaskState(S.running)).toBe(false);
    expect(isFinalTaskState(S.stopped)).toBe(false);
  });
});

describe('actions', () => {
  it('offers pause and cancel while running, not resume', () => {
    expect(allowedActions([S.running])).toEqual(['pause', 'cancel', 'force_cancel']);
  });

  it('offers resume and cancel when paused', () => {
    expect(allowedActions([S.stopped])).toEqual(['resume', 'cancel', 'force_cancel']);
  });

  it('offers only force cancel while a cancel is under way', () => {
    expect(allowedActions([S.created_cancel])).toEqual(['force_cancel']);
    expect(allowedActions([S.cancel_requested])).toEqual(['force_cancel']);
  });

  it('offers nothing once finished', () => {
    expect(allowedActions([S.completed, S.error, S.cancelled])).toEqual([]);
  });

  it('offers the union over a run’s tasks', () => {
    expect(allowedActions([S.stopped, S.running])).toEqual(['pause', 'resume', 'cancel', 'force_cancel']);
  });

  it('every action’s source states can really make the move the action stands for', () => {
    for (const s of ACTION_FROM_STATES.resume) expect(canTransition(s, S.created_resume)).toBe(true);
    for (const s of ACTION_FROM_STATES.force_cancel) {
      expect(canTransition(s, S.cancelled) || s === S.process_results).toBe(true);
    }
  });

  it('says why an action is refused', () => {
    expect(actionRefusedMessage('pause', 'Finished')).toBe('This scan cannot be paused while it is Finished.');
    expect(actionRefusedMessage('force_cancel', 'Stopped')).toBe('This scan cannot be force-cancelled while it is Stopped.');
  });
});

describe('run state and status', () => {
  it('is running while any task runs', () => {
    expect(runTaskState([S.group_run, S.completed, S.running, S.requested])).toBe(S.running);
    expect(runStatus(S.running, false)).toBe(SCAN_RUN_STATUS.in_progress);
  });

  it('shows a cancel under way before anything else', () => {
    expect(runTaskState([S.running, S.created_cancel])).toBe(S.created_cancel);
  });

  it('is pending while tasks wait in the queue', () => {
    expect(runTaskState([S.requested, S.requested])).toBe(S.requested);
    expect(runTaskState([S.delayed_node_assignment])).toBe(S.delayed_node_assignment);
    expect(runStatus(S.requested, false)).toBe(SCAN_RUN_STATUS.pending);
  });

  it('is paused when every unfinished task is paused', () => {
    expect(runTaskState([S.stopped, S.completed])).toBe(S.stopped);
    expect(runStatus(S.stopped, false)).toBe(SCAN_RUN_STATUS.pending);
  });

  it('is processing results once every task delivered', () => {
    expect(runTaskState([S.process_results, S.completed])).toBe(S.process_results);
    expect(runStatus(S.process_results, false)).toBe(SCAN_RUN_STATUS.processing_results);
    // A delivered task while others still wait keeps the run going.
    expect(runTaskState([S.process_results, S.requested])).toBe(S.running);
  });

  it('ends completed, completed with errors, cancelled or error', () => {
    expect(runTaskState([S.completed, S.completed])).toBe(S.completed);
    expect(runTaskState([S.completed, S.error])).toBe(S.completed_with_errors);
    expect(runTaskState([S.cancelled, S.cancelled])).toBe(S.cancelled);
    expect(runTaskState([S.error, S.cancelled])).toBe(S.cancelled);
    expect(runTaskState([S.error])).toBe(S.error);
    expect(runStatus(S.completed, false)).toBe(SCAN_RUN_STATUS.finished);
    expect(runStatus(S.cancelled, false)).toBe(SCAN_RUN_STATUS.finished);
    expect(runStatus(S.error, false)).toBe(SCAN_RUN_STATUS.error);
  });

  it('is new with no task', () => {
    expect(runTaskState([])).toBe(S.new);
    expect(runTaskState([S.group_run])).toBe(S.new);
  });
});

describe('run result', () => {
  const done = { state: S.completed, hostsUp: 1, maxSeverity: 0, exploited: false };
  it('passes with only informational findings', () => {
    expect(runResult(done)).toBe(SCAN_RESULT.pass);
    expect(runResult({ ...done, maxSeverity: null })).toBe(SCAN_RESULT.pass);
  });
  it('warns on Low or Medium, or when part of the run failed', () => {
    expect(runResult({ ...done, maxSeverity: 1 })).toBe(SCAN_RESULT.warn);
    expect(runResult({ ...done, maxSeverity: 2 })).toBe(SCAN_RESULT.warn);
    expect(runResult({ ...done, state: S.completed_with_errors })).toBe(SCAN_RESULT.warn);
  });
  it('fails on High, Critical or a known-exploited vulnerability', () => {
    expect(runResult({ ...done, maxSeverity: 3 })).toBe(SCAN_RESULT.fail);
    expect(runResult({ ...done, maxSeverity: 4 })).toBe(SCAN_RESULT.fail);
    expect(runResult({ ...done, maxSeverity: 1, exploited: true })).toBe(SCAN_RESULT.fail);
  });
  it('is unknown when the run did not finish or reached no host', () => {
    expect(runResult({ ...done, state: S.cancelled })).toBe(SCAN_RESULT.unknown);
    expect(runResult({ ...done, state: S.error, maxSeverity: 4 })).toBe(SCAN_RESULT.unknown);
    expect(runResult({ ...done, hostsUp: 0 })).toBe(SCAN_RESULT.unknown);
  });
});
