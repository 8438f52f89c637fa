// The filter bar of a list (feature-areas §3 filter kinds): one input per filter, the filters set as removable chips, and
// "Clear filters". Filters marked advanced wait behind a "More filters" toggle. Controlled: useListState keeps the values
// in the page URL.
import { useId, useState, type ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { FilterChips } from './FilterChips.tsx';
import { FilterField } from './FilterField.tsx';
import { isSet } from './filter-params.ts';
import type { FilterDef, FilterValue, FilterValues } from './filter-types.ts';

export interface FilterBarProps {
  /** Names the search landmark, e.g. 'Filter scans'. */
  label: string;
  filters: readonly FilterDef[];
  values: FilterValues;
  onChange(name: string, value: FilterValue | undefined): void;
  onClear(): void;
  /** Further controls at the end of the bar. */
  children?: ReactNode;
}

export function FilterBar({ label, filters, values, onChange, onClear, children }: FilterBarProps) {
  const [showMore, setShowMore] = useState(false);
  const moreId = useId();
  const anySet = filters.some((def) => isSet(values[def.name]));
  const basic = filters.filter((def) => !def.advanced);
  const advanced = filters.filter((def) => def.advanced);
  const advancedSet = advanced.filter((def) => isSet(values[def.name])).length;
  const field = (def: FilterDef) => (
    <FilterField key={def.name} def={def} value={values[def.name]} onChange={(value) => onChange(def.name, value)} />
  );
  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="sm" wrap="wrap" role="search" aria-label={label}>
        {basic.map(field)}
        {children}
        {advanced.length > 0 && (
          <Button variant="default" mt={25} onClick={() => setShowMore((v) => !v)} aria-expanded={showMore} aria-controls={moreId}>
            {showMore ? 'Fewer filters' : 'More filters'}
            {advancedSet > 0 ? ` (${advancedSet} set)` : ''}
          </Button>
        )}
        {anySet && (
          <Button variant="subtle" onClick={onClear} mt={25}>
            Clear filters
          </Button>
        )}
        {advanced.length > 0 && showMore && (
          <Group id={moreId} align="flex-start" gap="sm" wrap="wrap" w="100%" role="group" aria-label="More filters">
            {advanced.map(field)}
          </Group>
        )}
      </Group>
      <FilterChips filters={filters} values={values} onChange={onChange} />
    </Stack>
  );
}
