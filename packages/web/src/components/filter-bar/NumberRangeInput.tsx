// A number-range filter: minimum and maximum inputs held within the filter's bounds (0-100, §9), debounced.
import { Group, NumberInput } from '@mantine/core';
import { clampToRange, rangeBounds, rangeError } from './filter-params.ts';
import type { FilterValue, NumberRangeFilterDef } from './filter-types.ts';
import { useDebouncedDraft } from './use-debounced-draft.ts';

type RangeValue = Extract<FilterValue, { kind: 'number-range' }>;

/** A typed bound within the filter's range; undefined for an emptied input. */
function toBound(def: NumberRangeFilterDef, input: string | number): number | undefined {
  if (typeof input === 'string' && input.trim() === '') return undefined;
  return clampToRange(def, Number(input)) ?? undefined;
}

export function NumberRangeInput({
  def,
  value,
  onChange,
}: {
  def: NumberRangeFilterDef;
  value: RangeValue | undefined;
  onChange(value: FilterValue | undefined): void;
}) {
  const { min, max } = rangeBounds(def);
  const emit = (lo: number | undefined, hi: number | undefined) =>
    onChange(lo === undefined && hi === undefined ? undefined : { kind: 'number-range', min: lo, max: hi });
  // Each end sends the range as the user sees it: the other end's draft, which may not have reached the URL yet.
  const low = useDebouncedDraft(value?.min, (next: number | undefined) => emit(next, high.draft));
  const high = useDebouncedDraft(value?.max, (next: number | undefined) => emit(low.draft, next));
  const error = rangeError(def, { kind: 'number-range', min: low.draft, max: high.draft });
  const common = { min, max, clampBehavior: 'strict' as const, allowDecimal: true, w: (def.width ?? 200) / 2 };

  return (
    <Group gap={4} align="flex-start" wrap="nowrap" role="group" aria-label={def.label}>
      <NumberInput
        {...common}
        label={`${def.label} min`}
        placeholder={String(min)}
        value={low.draft ?? ''}
        onChange={(v) => low.change(toBound(def, v))}
      />
      <NumberInput
        {...common}
        label={`${def.label} max`}
        placeholder={String(max)}
        value={high.draft ?? ''}
        onChange={(v) => high.change(toBound(def, v))}
        error={error}
      />
    </Group>
  );
}
