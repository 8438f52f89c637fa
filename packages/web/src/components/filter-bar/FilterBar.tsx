// The filter bar of a list (feature-areas §3 filter kinds): one input per filter, the filters set as removable chips, and
// "Clear filters". Controlled: useListState keeps the values in the page URL.
import type { ReactNode } from 'react';
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
  const anySet = filters.some((def) => isSet(values[def.name]));
  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="sm" wrap="wrap" role="search" aria-label={label}>
        {filters.map((def) => (
          <FilterField key={def.name} def={def} value={values[def.name]} onChange={(value) => onChange(def.name, value)} />
        ))}
        {children}
        {anySet && (
          <Button variant="subtle" onClick={onClear} mt={25}>
            Clear filters
          </Button>
        )}
      </Group>
      <FilterChips filters={filters} values={values} onChange={onChange} />
    </Stack>
  );
}
