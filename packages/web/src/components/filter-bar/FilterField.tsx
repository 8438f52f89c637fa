// The input of one filter, by its kind: text, select, multi-select, date range, number range or yes/no.
import { Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { NumberRangeInput } from './NumberRangeInput.tsx';
import { rangeError } from './filter-params.ts';
import type { FilterDef, FilterValue } from './filter-types.ts';
import { TextFilterInput } from './TextFilterInput.tsx';

export interface FilterFieldProps {
  def: FilterDef;
  value: FilterValue | undefined;
  onChange(value: FilterValue | undefined): void;
}

export function FilterField({ def, value, onChange }: FilterFieldProps) {
  switch (def.kind) {
    case 'text':
      return <TextFilterInput def={def} value={value?.kind === 'text' ? value : undefined} onChange={onChange} />;
    case 'select':
      return (
        <Select
          label={def.label}
          placeholder={def.placeholder}
          data={[...def.options]}
          value={value?.kind === 'select' ? value.value : null}
          onChange={(v) => onChange(v ? { kind: 'select', value: v } : undefined)}
          clearable
          searchable={def.options.length > 8}
          w={def.width ?? 200}
        />
      );
    case 'multi-select': {
      const values = value?.kind === 'multi-select' ? [...value.values] : [];
      return (
        <MultiSelect
          label={def.label}
          placeholder={values.length === 0 ? def.placeholder : undefined}
          data={[...def.options]}
          value={values}
          onChange={(v) => onChange(v.length > 0 ? { kind: 'multi-select', values: v } : undefined)}
          clearable
          searchable={def.options.length > 8}
          w={def.width ?? 240}
        />
      );
    }
    case 'date-range': {
      const range = value?.kind === 'date-range' ? value : { kind: 'date-range' as const };
      const set = (from: string | undefined, to: string | undefined) =>
        onChange(from || to ? { kind: 'date-range', from: from || undefined, to: to || undefined } : undefined);
      const error = rangeError(def, range);
      return (
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <TextInput
            type="date"
            label={def.fromLabel ?? `${def.label} from`}
            value={range.from ?? ''}
            onChange={(e) => set(e.currentTarget.value, range.to)}
            w={def.width ?? 160}
          />
          <TextInput
            type="date"
            label={def.toLabel ?? `${def.label} to`}
            value={range.to ?? ''}
            onChange={(e) => set(range.from, e.currentTarget.value)}
            error={error}
            aria-invalid={error ? true : undefined}
            w={def.width ?? 160}
          />
        </Group>
      );
    }
    case 'number-range':
      return <NumberRangeInput def={def} value={value?.kind === 'number-range' ? value : undefined} onChange={onChange} />;
    case 'boolean':
      return (
        <Select
          label={def.label}
          data={[
            { value: 'any', label: def.anyLabel ?? 'Any' },
            { value: 'true', label: def.trueLabel },
            { value: 'false', label: def.falseLabel },
          ]}
          value={value?.kind === 'boolean' ? String(value.value) : 'any'}
          onChange={(v) => onChange(v === 'true' || v === 'false' ? { kind: 'boolean', value: v === 'true' } : undefined)}
          allowDeselect={false}
          w={def.width ?? 160}
        />
      );
  }
}
