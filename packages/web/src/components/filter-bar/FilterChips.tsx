// The filters set, as removable chips: what the list is narrowed by at a glance, each removed with its own button.
import { Group, Pill } from '@mantine/core';
import { chipText, isSet } from './filter-params.ts';
import type { FilterDef, FilterValue, FilterValues } from './filter-types.ts';

export function FilterChips({
  filters,
  values,
  onChange,
}: {
  filters: readonly FilterDef[];
  values: FilterValues;
  onChange(name: string, value: FilterValue | undefined): void;
}) {
  const chips = filters.flatMap((def) => {
    const value = values[def.name];
    return isSet(value) ? [{ def, text: chipText(def, value) }] : [];
  });
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" role="list" aria-label="Filters set">
      {chips.map(({ def, text }) => (
        <Pill
          key={def.name}
          role="listitem"
          size="md"
          withRemoveButton
          onRemove={() => onChange(def.name, undefined)}
          // Mantine leaves the remove button out of the tab order and the accessibility tree; a chip here is a control.
          removeButtonProps={{ 'aria-label': `Remove filter ${text}`, 'aria-hidden': false, tabIndex: 0 }}
        >
          {text}
        </Pill>
      ))}
    </Group>
  );
}
