// Tests of the scan task state label table and status filter matching (platform-core §4).
import { describe, it, expect } from 'vitest';
import {
  SCAN_TASK_LABELS,
  SCAN_TASK_LABEL_STATES,
  isScanTaskLabel,
  statesForFilter,
  statesForFilters,
  taskStateLabel,
  taskStateMatches,
} from '../src/scan-status.ts';
import { SCAN_TASK_STATE as S } from '../src/codes/scans.ts';

describe('taskStateLabel', () => {
  it('labels every state as the §4 table shows it', () => {
    expect(taskStateLabel(S.throttling)).toBe('Queued');
    expect(taskStateLabel(S.delayed_node_assignment)).toBe('Queued');
    expect(taskStateLabel(S.requested)).toBe('Requested');
    expect(taskStateLabel(S.created_start)).toBe('Requested');
    expect(taskStateLabel(S.created_resume)).toBe('Requested');
    expect(taskStateLabel(S.cancel_requested)).toBe('Stopping...');
    expect(taskStateLabel(S.created_cancel)).toBe('Stopping...');
    expect(taskStateLabel(S.cancelled)).toBe('Stopped');
    expect(taskStateLabel(S.stop_requested)).toBe('Pausing...');
    expect(taskStateLabel(S.created_stop)).toBe('Pausing...');
    expect(taskStateLabel(S.stopped)).toBe('Paused');
    expect(taskStateLabel(S.error)).toBe('Error');
    expect(taskStateLabel(S.running)).toBe('Running');
    expect(taskStateLabel(S.process_results)).toBe('Running');
    expect(taskStateLabel(S.completed)).toBe('Finished');
    expect(taskStateLabel(S.completed_with_errors)).toBe('Finished');
  });

  it('shows new under its own label (display reading)', () => {
    expect(taskStateLabel(-3)).toBe('New');
  });

  it('gives no label to a group run or an unknown code', () => {
    expect(taskStateLabel(-9)).toBeNull();
    expect(taskStateLabel(9)).toBeNull();
    expect(taskStateLabel(-10)).toBeNull();
  });

  it('has the ten labels of the table', () => {
    expect(SCAN_TASK_LABELS).toEqual([
      'Queued',
      'Requested',
      'Stopping...',
      'Stopped',
      'Pausing...',
      'Paused',
      'New',
      'Error',
      'Running',
      'Finished',
    ]);
    expect(isScanTaskLabel('Pausing...')).toBe(true);
    expect(isScanTaskLabel('Pausing')).toBe(false);
  });
});

describe('status filter', () => {
  it('Requested also matches new and created start (matched-as-requested reading)', () => {
    expect(statesForFilter('Requested').sort((a, b) => a - b)).toEqual([-8, -5, -3, 0]);
    expect(taskStateMatches(-3, 'Requested')).toBe(true);
    expect(taskStateMatches(-5, 'Requested')).toBe(true);
  });

  it('New matches new only', () => {
    expect(statesForFilter('New')).toEqual([-3]);
    expect(taskStateMatches(0, 'New')).toBe(false);
  });

  it('Queued (throttling) also matches delayed node assignment', () => {
    expect(statesForFilter('Queued')).toEqual([7, 8]);
    expect(taskStateMatches(8, 'Queued')).toBe(true);
  });

  it('the other labels match their table rows', () => {
    expect(statesForFilter('Stopping...')).toEqual([-4, -7]);
    expect(statesForFilter('Stopped')).toEqual([-1]);
    expect(statesForFilter('Pausing...')).toEqual([1, -6]);
    expect(statesForFilter('Paused')).toEqual([2]);
    expect(statesForFilter('Error')).toEqual([-2]);
    expect(statesForFilter('Running')).toEqual([3, 5]);
    expect(statesForFilter('Finished')).toEqual([4, 6]);
    expect(taskStateMatches(3, 'Finished')).toBe(false);
  });

  it('every state with a display label is matched by that label', () => {
    for (let code = -8; code <= 8; code++) {
      const label = taskStateLabel(code);
      expect(label).not.toBeNull();
      if (label) expect(taskStateMatches(code, label)).toBe(true);
    }
  });

  it('unions several labels without duplicates, sorted', () => {
    expect(statesForFilters(['New', 'Requested'])).toEqual([-8, -5, -3, 0]);
    expect(statesForFilters(['Finished', 'Queued'])).toEqual([4, 6, 7, 8]);
    expect(statesForFilters([])).toEqual([]);
  });

  it('returns copies that cannot change the table', () => {
    statesForFilter('Paused').push(99 as never);
    expect(SCAN_TASK_LABEL_STATES.Paused).toEqual([2]);
  });
});
