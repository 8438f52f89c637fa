// How the scan-kind descriptors say their scans are scheduled (issue 33): every kind is schedulable, only a cloud
// schedule names no targets, and the schedule schema follows the descriptor (a policy schedule without targets is
// refused on `assets`, a cloud one is not; an unknown kind is refused on `scan_type`).
import { describe, expect, it } from 'vitest';
import { SCAN_KINDS, SCHEDULABLE_SCAN_TYPES, scheduleInput, scheduleNeedsTargets } from '../src/index.ts';

const timing = { name: 'Nightly', profile: 3, start_date: '2026-12-07', time: '03:00' };
const errorsOf = (input: Record<string, unknown>) => {
  const parsed = scheduleInput.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('scheduling by descriptor', () => {
  it('makes every kind schedulable, each with its label', () => {
    expect(SCHEDULABLE_SCAN_TYPES).toEqual(['nvt', 'oval', 'was', 'cloud']);
    expect(SCAN_KINDS.map((k) => k.schedule?.label)).toEqual(['network schedule', 'policy schedule', 'web schedule', 'cloud schedule']);
  });

  it('asks for targets of every kind but cloud, and of a schedule that says no kind', () => {
    expect(['nvt', 'oval', 'was', 'cloud', undefined].map((t) => scheduleNeedsTargets(t as never))).toEqual([
      true,
      true,
      true,
      false,
      true,
    ]);
    expect(errorsOf({ ...timing, scan_type: 'oval' })).toEqual({ assets: 'Choose at least one target.' });
    expect(errorsOf({ ...timing, scan_type: 'oval', targets: ['10.0.0.5'] })).toEqual({});
    expect(errorsOf({ ...timing, scan_type: 'cloud' })).toEqual({});
    expect(errorsOf({ ...timing, scan_type: 'ftp', targets: ['10.0.0.5'] })).toEqual({
      scan_type: 'Choose one of: nvt, oval, was, cloud.',
    });
  });
});
