// A text filter: the text (debounced) and, when the filter has §3 operators, which one applies (starts with, contains…).
import { useState } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import type { FilterOperator } from '@bulwark/core';
import { operatorOptions } from './filter-params.ts';
import type { FilterValue, TextFilterDef } from './filter-types.ts';
import { useDebouncedDraft } from './use-debounced-draft.ts';

type TextValue = Extract<FilterValue, { kind: 'text' }>;

export function TextFilterInput({
  def,
  value,
  onChange,
}: {
  def: TextFilterDef;
  value: TextValue | undefined;
  onChange(value: FilterValue | undefined): void;
}) {
  const operators = operatorOptions(def);
  // The operator chosen before any text is typed is kept here until the text makes it a filter.
  const [operator, setOperator] = useState<FilterOperator | undefined>(value?.operator ?? operators[0]?.value);
  const [seenOperator, setSeenOperator] = useState(value?.operator);
  if (value?.operator !== seenOperator) {
    setSeenOperator(value?.operator);
    if (value?.operator) setOperator(value.operator);
  }
  const emit = (text: string, op: FilterOperator | undefined) =>
    onChange(text.trim() === '' ? undefined : { kind: 'text', text, operator: op });
  const text = useDebouncedDraft(value?.text ?? '', (next: string) => emit(next, operator));

  const input = (
    <TextInput
      label={def.label}
      placeholder={def.placeholder}
      value={text.draft}
      onChange={(e) => text.change(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') text.flush();
      }}
      w={def.width ?? 200}
    />
  );
  if (operators.length === 0) return input;
  return (
    <Group gap={4} align="flex-end" wrap="nowrap">
      <Select
        aria-label={`${def.label}: operator`}
        data={operators}
        value={operator ?? null}
        onChange={(choice) => {
          const op = operators.find((o) => o.value === choice)?.value;
          if (!op) return;
          setOperator(op);
          if (text.draft.trim() !== '') emit(text.draft, op);
        }}
        allowDeselect={false}
        w={130}
      />
      {input}
    </Group>
  );
}
