// Tests of the filter matching and query-building rules (feature-areas §3-§4, platform-core §3) and scan error aggregation.
import { describe, it, expect } from 'vitest';
import {
  dateRangeParams,
  epssToQuery,
  parseUnifiedTagValue,
  scanFilterParams,
  tagFilterParams,
  vulnerabilityStateFilter,
} from '../src/query-filters.ts';
import { aggregateScanErrors } from '../src/scan-errors.ts';

describe('vulnerability state filter', () => {
  it('active means not disabled and not ignored; ignored means ignored; both means no filter', () => {
    expect(vulnerabilityStateFilter(['active'])).toBe('not_ignored_disabled');
    expect(vulnerabilityStateFilter(['ignored'])).toBe('ignored_disabled');
    expect(vulnerabilityStateFilter(['active', 'ignored'])).toBeNull();
    expect(vulnerabilityStateFilter([])).toBeNull();
  });
});

describe('scan filter', () => {
  it('node -1 sets is_external instead of node', () => {
    expect(scanFilterParams({ node: -1 })).toEqual({ is_external: true });
    expect(scanFilterParams({ node: 4 })).toEqual({ node: 4 });
    expect(scanFilterParams({ node: null })).toEqual({});
  });
  it('converts created and assessment dates into _after and _before bounds', () => {
    expect(
      scanFilterParams({
        created: { from: '2025-01-01', to: '2025-01-31' },
        last_started_assessment: { from: '2025-02-01' },
        last_finished_assessment: { to: '2025-03-01' },
      }),
    ).toEqual({
      created_after: '2025-01-01',
      created_before: '2025-01-31',
      last_started_assessment_after: '2025-02-01',
      last_finished_assessment_before: '2025-03-01',
    });
  });
  it('passes finished, scheduled and unified tags', () => {
    expect(
      scanFilterParams({ finished: { from: 'a', to: 'b' }, scheduled: false, unified_tags_include: [1], unified_tags_exclude: [] }),
    ).toEqual({
      finished_from: 'a',
      finished_to: 'b',
      scheduled: false,
      unified_tags_include: [1],
    });
  });
  it('leaves out empty range ends', () => {
    expect(dateRangeParams('created', { from: '', to: null })).toEqual({});
    expect(dateRangeParams('created', undefined)).toEqual({});
  });
});

describe('tag filter', () => {
  const sel = { include: [1, 2], exclude: [3], includeModeAll: true, excludeModeAll: false };
  it("stage 2: inclusion/exclusion_unified_tags, a leading '-' meaning any-of", () => {
    expect(tagFilterParams(sel, true)).toEqual({ inclusion_unified_tags: ['1', '2'], exclusion_unified_tags: ['-3'] });
    expect(parseUnifiedTagValue('-3')).toEqual({ id: 3, anyOf: true });
    expect(parseUnifiedTagValue('7')).toEqual({ id: 7, anyOf: false });
    expect(parseUnifiedTagValue('x')).toBeNull();
  });
  it('without stage 2: all_tags / any_tags and all_tags_exc / any_tags_exc', () => {
    expect(tagFilterParams(sel, false)).toEqual({ all_tags: [1, 2], any_tags_exc: [3] });
    expect(tagFilterParams({ include: [5], exclude: [6], includeModeAll: false, excludeModeAll: true }, false)).toEqual({
      any_tags: [5],
      all_tags_exc: [6],
    });
    expect(tagFilterParams({ include: [], exclude: [], includeModeAll: true, excludeModeAll: true }, false)).toEqual({});
  });
});

describe('EPSS', () => {
  it('is shown 0-100 and sent as 0-1', () => {
    expect(epssToQuery(100)).toBe(1);
    expect(epssToQuery(25)).toBe(0.25);
  });
});

describe('scan error aggregation', () => {
  const errors = [
    { type: 1 as const, message: 'Connection refused' },
    { type: 0 as const, message: 'Traceback' },
    { type: 1 as const, message: 'Connection refused' },
    { type: 15 as const, message: 'Reset by peer' },
    { type: 4 as const, message: 'Login failed' },
  ];
  it('groups by message with counts and hides internal and connection reset', () => {
    expect(aggregateScanErrors(errors)).toEqual([
      { type: 1, message: 'Connection refused', count: 2 },
      { type: 4, message: 'Login failed', count: 1 },
    ]);
  });
  it('shows the hidden ones when asked', () => {
    expect(aggregateScanErrors(errors, true).map((e) => e.message)).toEqual([
      'Connection refused',
      'Traceback',
      'Reset by peer',
      'Login failed',
    ]);
  });
});
