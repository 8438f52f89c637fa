// The filter kinds of feature-areas §3 a list can offer (text with operators, select, multi-select, date range, number
// range, yes/no) and the value each holds.
import type { FilterOperator } from '@bulwark/core';
import type { QueryValue } from '../../api/query-string.ts';

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterBase {
  /** The query parameter (or its stem: `finished` → finished_after / finished_before). */
  name: string;
  label: string;
  /** Width of the input in px. */
  width?: number;
  /** Shown behind the bar's "More filters" toggle (its chip shows whenever it is set). */
  advanced?: boolean;
}

/** Free text: `name=text`, or with operators `name__starts_with=text` (§3 operators). */
export interface TextFilterDef extends FilterBase {
  kind: 'text';
  placeholder?: string;
  operators?: readonly FilterOperator[];
  /** The parameter sent for the text, e.g. a list of ports typed '22, 443' sent as a repeated parameter. */
  toQuery?(text: string): QueryValue;
  /** The text shown for a parameter value (the inverse of toQuery), when a saved query is read back. */
  fromQuery?(value: string | readonly string[]): string;
}

export interface SelectFilterDef extends FilterBase {
  kind: 'select';
  options: readonly FilterOption[];
  placeholder?: string;
}

/** Several values, sent as a repeated parameter (`status=Running&status=Paused`). */
export interface MultiSelectFilterDef extends FilterBase {
  kind: 'multi-select';
  options: readonly FilterOption[];
  placeholder?: string;
}

/** Two days, sent as `name_after` (the first day's start) and `name_before` (the last day's end), local time. */
export interface DateRangeFilterDef extends FilterBase {
  kind: 'date-range';
  fromLabel?: string;
  toLabel?: string;
}

/** Two numbers, sent as `name_min` / `name_max` and kept within 0-100 (§9 caps). */
export interface NumberRangeFilterDef extends FilterBase {
  kind: 'number-range';
  /** Lowest value allowed; 0 unless given. */
  min?: number;
  /** Highest value allowed; at most 100 (§9). */
  max?: number;
  /** The number sent for a shown one, e.g. EPSS shown 0-100 and sent 0-1. */
  toQuery?(value: number): number;
  /** The inverse of toQuery, when a saved query is read back. */
  fromQuery?(value: number): number;
}

/** Yes, no or either: `name=true` / `name=false`. */
export interface BooleanFilterDef extends FilterBase {
  kind: 'boolean';
  trueLabel: string;
  falseLabel: string;
  /** The choice that sets no filter; 'Any' unless given. */
  anyLabel?: string;
}

export type FilterDef =
  TextFilterDef | SelectFilterDef | MultiSelectFilterDef | DateRangeFilterDef | NumberRangeFilterDef | BooleanFilterDef;

export type FilterValue =
  | { kind: 'text'; text: string; operator?: FilterOperator }
  | { kind: 'select'; value: string }
  | { kind: 'multi-select'; values: readonly string[] }
  /** Days as YYYY-MM-DD; an open end is absent. */
  | { kind: 'date-range'; from?: string; to?: string }
  | { kind: 'number-range'; min?: number; max?: number }
  | { kind: 'boolean'; value: boolean };

/** The values set, by filter name; a filter not set is absent. */
export type FilterValues = Readonly<Record<string, FilterValue>>;
