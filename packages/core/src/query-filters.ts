// Filter matching and query-building rules: vulnerability state filter (feature-areas §4), scan filters (platform-core §3), tag filters.
import { EXTERNAL_PROBE_ID } from './codes/scans.ts';
import type { IgnoredFilterValue, VulnerabilityStateFilterOption } from './codes/vulnerabilities.ts';

/**
 * The vulnerability state filter: 'active' alone means not disabled and not ignored, 'ignored' alone
 * means ignored (or disabled); both selected, or none, means no filter (null).
 */
export function vulnerabilityStateFilter(selected: Iterable<VulnerabilityStateFilterOption>): IgnoredFilterValue | null {
  const s = new Set(selected);
  if (s.has('active') && !s.has('ignored')) return 'not_ignored_disabled';
  if (s.has('ignored') && !s.has('active')) return 'ignored_disabled';
  return null;
}

export interface DateRange {
  from?: string | null;
  to?: string | null;
}

/** `{field}_after` and `{field}_before` bounds of a date range; empty ends are left out. */
export function dateRangeParams(field: string, range: DateRange | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (range?.from) out[`${field}_after`] = range.from;
  if (range?.to) out[`${field}_before`] = range.to;
  return out;
}

export interface ScanFilter {
  finished?: DateRange | null;
  /** A probe id; EXTERNAL_PROBE_ID (-1) means the external probe. */
  node?: number | null;
  scheduled?: boolean | null;
  unified_tags_include?: number[];
  unified_tags_exclude?: number[];
  created?: DateRange | null;
  last_started_assessment?: DateRange | null;
  last_finished_assessment?: DateRange | null;
}

export type QueryParams = Record<string, string | number | boolean | Array<string | number>>;

/** Query parameters of the scan list filter: node -1 sets is_external; date ranges become _after/_before. */
export function scanFilterParams(f: ScanFilter): QueryParams {
  const out: QueryParams = {};
  if (f.finished?.from) out.finished_from = f.finished.from;
  if (f.finished?.to) out.finished_to = f.finished.to;
  if (f.node === EXTERNAL_PROBE_ID) out.is_external = true;
  else if (f.node !== null && f.node !== undefined) out.node = f.node;
  if (f.scheduled !== null && f.scheduled !== undefined) out.scheduled = f.scheduled;
  if (f.unified_tags_include?.length) out.unified_tags_include = f.unified_tags_include;
  if (f.unified_tags_exclude?.length) out.unified_tags_exclude = f.unified_tags_exclude;
  Object.assign(
    out,
    dateRangeParams('created', f.created),
    dateRangeParams('last_started_assessment', f.last_started_assessment),
    dateRangeParams('last_finished_assessment', f.last_finished_assessment),
  );
  return out;
}

export interface TagSelection {
  include: number[];
  exclude: number[];
  /** true: the asset must carry all included tags; false: any of them. */
  includeModeAll: boolean;
  excludeModeAll: boolean;
}

/**
 * Tag filter parameters. With unified-tags-stage-2 on: inclusion_unified_tags / exclusion_unified_tags,
 * where a leading '-' on a value means any-of. With it off: all_tags / any_tags and all_tags_exc / any_tags_exc.
 */
export function tagFilterParams(sel: TagSelection, stage2: boolean): QueryParams {
  const out: QueryParams = {};
  if (stage2) {
    const mark = (ids: number[], all: boolean): string[] => ids.map((id) => (all ? String(id) : `-${id}`));
    if (sel.include.length) out.inclusion_unified_tags = mark(sel.include, sel.includeModeAll);
    if (sel.exclude.length) out.exclusion_unified_tags = mark(sel.exclude, sel.excludeModeAll);
    return out;
  }
  if (sel.include.length) out[sel.includeModeAll ? 'all_tags' : 'any_tags'] = sel.include;
  if (sel.exclude.length) out[sel.excludeModeAll ? 'all_tags_exc' : 'any_tags_exc'] = sel.exclude;
  return out;
}

/** Reads an inclusion_unified_tags / exclusion_unified_tags value: its tag id and whether it is any-of. */
export function parseUnifiedTagValue(value: string): { id: number; anyOf: boolean } | null {
  const m = /^(-?)([0-9]+)$/.exec(value);
  return m ? { id: Number(m[2]), anyOf: m[1] === '-' } : null;
}

/** EPSS filters are shown 0-100 and sent as 0-1. */
export function epssToQuery(percent: number): number {
  return percent / 100;
}
