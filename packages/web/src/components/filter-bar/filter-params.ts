// Pure rules of the filters: reading and writing them in the page URL, turning them into the API call's parameters
// (§3 date bounds, §9 0-100 caps), and the text of each filter's chip.
import {
  capQueryBound,
  dateRangeParams,
  FILTER_OPERATOR_LABELS,
  FILTER_OPERATORS,
  QUERY_MIN_MAX_CAP,
  type FilterOperator,
} from '@bulwark/core';
import type { QueryParams, QueryValue } from '../../api/query-string.ts';
import type { DateRangeFilterDef, FilterDef, FilterValue, FilterValues, NumberRangeFilterDef, TextFilterDef } from './filter-types.ts';

/** The URL parameter of `name` in a list whose parameters carry `prefix` ('findings' → 'findings.page'). */
export function urlParam(prefix: string | undefined, name: string): string {
  return prefix ? `${prefix}.${name}` : name;
}

// ---------------------------------------------------------------------------------------------------------------
// Days and numbers.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(text: string | null | undefined): text is string {
  return typeof text === 'string' && DAY.test(text) && !Number.isNaN(new Date(`${text}T00:00:00`).getTime());
}

/** Start of a local day as an instant: '2026-11-20' → its 00:00 local in ISO form; null for an invalid date. */
export function dayStart(day: string): string | null {
  return isDay(day) ? new Date(`${day}T00:00:00`).toISOString() : null;
}

/** End of a local day (its last millisecond) as an instant, so that 'to' includes the whole day. */
export function dayEnd(day: string): string | null {
  return isDay(day) ? new Date(`${day}T23:59:59.999`).toISOString() : null;
}

/** The bounds of a number range: 0 and 100 unless narrower (§9: _min and _max are capped at 100). */
export function rangeBounds(def: Pick<NumberRangeFilterDef, 'min' | 'max'>): { min: number; max: number } {
  return { min: Math.max(0, def.min ?? 0), max: capQueryBound(def.max ?? QUERY_MIN_MAX_CAP) };
}

/** A number held within the filter's bounds; null for no number. */
export function clampToRange(def: Pick<NumberRangeFilterDef, 'min' | 'max'>, value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const { min, max } = rangeBounds(def);
  return Math.min(max, Math.max(min, value));
}

function numberParam(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function operatorsOf(def: TextFilterDef): readonly FilterOperator[] {
  return def.operators ?? [];
}

// ---------------------------------------------------------------------------------------------------------------
// The URL.

/** The URL parameters a filter owns (all of them, so that writing can clear the old value). */
export function ownedParams(def: FilterDef, prefix?: string): string[] {
  switch (def.kind) {
    case 'text':
      return def.operators ? def.operators.map((op) => urlParam(prefix, `${def.name}__${op}`)) : [urlParam(prefix, def.name)];
    case 'date-range':
      return [urlParam(prefix, `${def.name}_after`), urlParam(prefix, `${def.name}_before`)];
    case 'number-range':
      return [urlParam(prefix, `${def.name}_min`), urlParam(prefix, `${def.name}_max`)];
    default:
      return [urlParam(prefix, def.name)];
  }
}

/** A filter's value as the URL holds it; undefined when it is not set or the URL holds nothing valid for it. */
export function readFilterValue(def: FilterDef, params: URLSearchParams, prefix?: string): FilterValue | undefined {
  const get = (name: string) => params.get(urlParam(prefix, name));
  switch (def.kind) {
    case 'text': {
      for (const operator of operatorsOf(def)) {
        const text = get(`${def.name}__${operator}`);
        if (text) return { kind: 'text', text, operator };
      }
      if (def.operators) return undefined;
      const text = get(def.name);
      return text ? { kind: 'text', text } : undefined;
    }
    case 'select': {
      const value = get(def.name);
      return value ? { kind: 'select', value } : undefined;
    }
    case 'multi-select': {
      const values = params.getAll(urlParam(prefix, def.name)).filter((v) => v !== '');
      return values.length > 0 ? { kind: 'multi-select', values: [...new Set(values)] } : undefined;
    }
    case 'date-range': {
      const from = get(`${def.name}_after`);
      const to = get(`${def.name}_before`);
      const range = { kind: 'date-range' as const, from: isDay(from) ? from : undefined, to: isDay(to) ? to : undefined };
      return range.from || range.to ? range : undefined;
    }
    case 'number-range': {
      const min = clampToRange(def, numberParam(get(`${def.name}_min`)));
      const max = clampToRange(def, numberParam(get(`${def.name}_max`)));
      return min !== null || max !== null ? { kind: 'number-range', min: min ?? undefined, max: max ?? undefined } : undefined;
    }
    case 'boolean': {
      const value = get(def.name);
      return value === 'true' || value === 'false' ? { kind: 'boolean', value: value === 'true' } : undefined;
    }
  }
}

export function readFilterValues(defs: readonly FilterDef[], params: URLSearchParams, prefix?: string): FilterValues {
  const values: Record<string, FilterValue> = {};
  for (const def of defs) {
    const value = readFilterValue(def, params, prefix);
    if (value) values[def.name] = value;
  }
  return values;
}

/** Whether a value sets anything (an emptied input is no filter). */
export function isSet(value: FilterValue | undefined): value is FilterValue {
  if (!value) return false;
  switch (value.kind) {
    case 'text':
      return value.text.trim() !== '';
    case 'select':
      return value.value !== '';
    case 'multi-select':
      return value.values.length > 0;
    case 'date-range':
      return Boolean(value.from || value.to);
    case 'number-range':
      return value.min !== undefined || value.max !== undefined;
    case 'boolean':
      return true;
  }
}

/** Puts a filter's value into `params` (in place), replacing whatever it held; undefined removes it. */
export function writeFilterValue(def: FilterDef, params: URLSearchParams, value: FilterValue | undefined, prefix?: string): void {
  for (const name of ownedParams(def, prefix)) params.delete(name);
  if (!isSet(value) || value.kind !== def.kind) return;
  const set = (name: string, text: string) => params.set(urlParam(prefix, name), text);
  switch (value.kind) {
    case 'text': {
      const operator = def.kind === 'text' && def.operators ? (value.operator ?? def.operators[0]) : undefined;
      set(operator ? `${def.name}__${operator}` : def.name, value.text);
      return;
    }
    case 'select':
      set(def.name, value.value);
      return;
    case 'multi-select':
      for (const v of value.values) params.append(urlParam(prefix, def.name), v);
      return;
    case 'date-range':
      if (value.from) set(`${def.name}_after`, value.from);
      if (value.to) set(`${def.name}_before`, value.to);
      return;
    case 'number-range': {
      if (def.kind !== 'number-range') return;
      const min = clampToRange(def, value.min);
      const max = clampToRange(def, value.max);
      if (min !== null) set(`${def.name}_min`, String(min));
      if (max !== null) set(`${def.name}_max`, String(max));
      return;
    }
    case 'boolean':
      set(def.name, String(value.value));
      return;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The API call.

/** The API parameters of the filters set: text trimmed, days as local-day bounds, numbers capped (and converted). */
export function filterQuery(defs: readonly FilterDef[], values: FilterValues): QueryParams {
  const out: Record<string, QueryValue> = {};
  for (const def of defs) {
    const value = values[def.name];
    if (!isSet(value) || value.kind !== def.kind) continue;
    switch (value.kind) {
      case 'text': {
        const text = value.text.trim();
        const operator = def.kind === 'text' && def.operators ? (value.operator ?? def.operators[0]) : undefined;
        const key = operator ? `${def.name}__${operator}` : def.name;
        if (text !== '') out[key] = def.kind === 'text' && def.toQuery ? def.toQuery(text) : text;
        break;
      }
      case 'select':
        out[def.name] = value.value;
        break;
      case 'multi-select':
        out[def.name] = [...value.values];
        break;
      case 'date-range':
        Object.assign(
          out,
          dateRangeParams(def.name, { from: value.from ? dayStart(value.from) : null, to: value.to ? dayEnd(value.to) : null }),
        );
        break;
      case 'number-range': {
        if (def.kind !== 'number-range') break;
        // Held within the bounds (at most 100, §9) whatever the URL said, then converted when the API counts otherwise.
        const send = (n: number | null) => (n === null ? undefined : (def.toQuery?.(n) ?? n));
        out[`${def.name}_min`] = send(clampToRange(def, value.min));
        out[`${def.name}_max`] = send(clampToRange(def, value.max));
        break;
      }
      case 'boolean':
        out[def.name] = value.value;
        break;
    }
  }
  return out;
}

/** A query as it is stored (e.g. a saved filter): each parameter a string or a list of strings. */
export type StoredQuery = Readonly<Record<string, string | readonly string[]>>;

/** The parameters of `query` that are filters, as strings (paging and ordering left out): a bulk call's `filter`. */
export function storedQuery(
  query: QueryParams,
  leaveOut: readonly string[] = ['page', 'page_size', 'ordering'],
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || leaveOut.includes(key)) continue;
    out[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}

function firstOf(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.[0];
}

/** The local day of an instant the API was sent ('2026-11-20T23:00:00Z' → its local YYYY-MM-DD), or a day as it is. */
export function dayOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (isDay(value)) return value;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The filter values of a stored API query (the inverse of filterQuery): a saved filter read back into the bar. */
export function filterValuesFromQuery(defs: readonly FilterDef[], query: StoredQuery): FilterValues {
  const values: Record<string, FilterValue> = {};
  const num = (v: string | readonly string[] | undefined) => {
    const text = firstOf(v);
    return text === undefined || text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text);
  };
  for (const def of defs) {
    let value: FilterValue | undefined;
    switch (def.kind) {
      case 'text': {
        const keys = def.operators ? def.operators.map((op) => [`${def.name}__${op}`, op] as const) : [[def.name, undefined] as const];
        for (const [key, operator] of keys) {
          const raw = query[key];
          if (raw === undefined) continue;
          const text = def.fromQuery ? def.fromQuery(raw) : (firstOf(raw) ?? '');
          if (text !== '') value = { kind: 'text', text, ...(operator ? { operator } : {}) };
          break;
        }
        break;
      }
      case 'select': {
        const v = firstOf(query[def.name]);
        if (v) value = { kind: 'select', value: v };
        break;
      }
      case 'multi-select': {
        const raw = query[def.name];
        const list = raw === undefined ? [] : typeof raw === 'string' ? [raw] : [...raw];
        if (list.length > 0) value = { kind: 'multi-select', values: [...new Set(list)] };
        break;
      }
      case 'date-range': {
        const from = dayOf(firstOf(query[`${def.name}_after`]));
        const to = dayOf(firstOf(query[`${def.name}_before`]));
        if (from || to) value = { kind: 'date-range', from, to };
        break;
      }
      case 'number-range': {
        const back = (n: number | undefined) =>
          n === undefined ? undefined : (clampToRange(def, def.fromQuery ? def.fromQuery(n) : n) ?? undefined);
        const min = back(num(query[`${def.name}_min`]));
        const max = back(num(query[`${def.name}_max`]));
        if (min !== undefined || max !== undefined) value = { kind: 'number-range', min, max };
        break;
      }
      case 'boolean': {
        const v = firstOf(query[def.name]);
        if (v === 'true' || v === 'false') value = { kind: 'boolean', value: v === 'true' };
        break;
      }
    }
    if (value) values[def.name] = value;
  }
  return values;
}

// ---------------------------------------------------------------------------------------------------------------
// What the user sees.

function optionLabel(def: FilterDef, value: string): string {
  if (def.kind !== 'select' && def.kind !== 'multi-select') return value;
  return def.options.find((o) => o.value === value)?.label ?? value;
}

/** The text of a filter's chip: 'Status: Running, Paused', 'Finished: 2026-11-01 – 2026-11-20', 'Name starts with: web'. */
export function chipText(def: FilterDef, value: FilterValue): string {
  switch (value.kind) {
    case 'text':
      return value.operator
        ? `${def.label} ${FILTER_OPERATOR_LABELS[value.operator].toLowerCase()}: ${value.text}`
        : `${def.label}: ${value.text}`;
    case 'select':
      return `${def.label}: ${optionLabel(def, value.value)}`;
    case 'multi-select':
      return `${def.label}: ${value.values.map((v) => optionLabel(def, v)).join(', ')}`;
    case 'date-range':
      if (value.from && value.to) return `${def.label}: ${value.from} – ${value.to}`;
      return value.from ? `${def.label}: from ${value.from}` : `${def.label}: until ${value.to}`;
    case 'number-range':
      if (value.min !== undefined && value.max !== undefined) return `${def.label}: ${value.min}–${value.max}`;
      return value.min !== undefined ? `${def.label}: ≥ ${value.min}` : `${def.label}: ≤ ${value.max}`;
    case 'boolean':
      return def.kind === 'boolean' ? `${def.label}: ${value.value ? def.trueLabel : def.falseLabel}` : `${def.label}: ${value.value}`;
  }
}

/** A range that cannot match anything says so on its second field. */
export function rangeError(def: DateRangeFilterDef | NumberRangeFilterDef, value: FilterValue | undefined): string | null {
  if (value?.kind === 'date-range' && def.kind === 'date-range') {
    return value.from && value.to && value.to < value.from ? 'The end date is before the start date.' : null;
  }
  if (value?.kind === 'number-range' && def.kind === 'number-range') {
    return value.min !== undefined && value.max !== undefined && value.max < value.min ? 'The maximum is below the minimum.' : null;
  }
  return null;
}

/** The operators offered by a text filter, with their §3 labels. */
export function operatorOptions(def: TextFilterDef): { value: FilterOperator; label: string }[] {
  return (def.operators ?? [])
    .filter((op) => FILTER_OPERATORS.includes(op))
    .map((op) => ({ value: op, label: FILTER_OPERATOR_LABELS[op] }));
}
