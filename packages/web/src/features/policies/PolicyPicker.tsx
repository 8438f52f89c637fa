// The policy of a profile: a searchable choice of the library (SCAP content, then imported OVAL files) showing each
// policy's benchmark and number of rules; a chosen policy the library no longer has still shows, by its last known name.
import { Group, Select, Stack, Text, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { OvalPolicy } from './policies-api.ts';
import { policiesQuery } from './policy-queries.ts';
import { rulesText } from './policy-format.ts';

interface PolicyItem extends ComboboxItem {
  benchmark: string;
  rules: number | null;
}

/** The choices grouped by source; `chosen` is added (as missing) when the library does not hold it. */
export function policyChoices(policies: readonly OvalPolicy[], chosen: string | null, chosenName: string | null) {
  const item = (p: OvalPolicy): PolicyItem => ({ value: p.id, label: p.name, benchmark: p.benchmark, rules: p.rules });
  const groups = [
    { group: 'SCAP Security Guide', items: policies.filter((p) => p.source === 'ssg').map(item) },
    { group: 'Imported OVAL files', items: policies.filter((p) => p.source === 'imported').map(item) },
  ];
  if (chosen && !policies.some((p) => p.id === chosen)) {
    const missing: PolicyItem = {
      value: chosen,
      label: `${chosenName ?? chosen} (no longer in the library)`,
      benchmark: 'Not in the library',
      rules: null,
    };
    groups.push({ group: 'Chosen before', items: [missing] });
  }
  return groups.filter((g) => g.items.length > 0);
}

const renderPolicy: SelectProps['renderOption'] = ({ option, checked }) => {
  const p = option as PolicyItem;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={checked ? 600 : 400}>
        {p.label}
      </Text>
      <Group gap={6}>
        <Text size="xs" c="dimmed">
          {p.benchmark}
          {p.rules !== null ? ` · ${rulesText(p.rules)}` : ''}
        </Text>
      </Group>
    </Stack>
  );
};

export interface PolicyPickerProps extends Omit<SelectProps, 'data' | 'renderOption'> {
  /** The name the profile last knew its policy by (policy_name), for a policy no longer in the library. */
  chosenName?: string | null;
}

export function PolicyPicker({ chosenName = null, ...props }: PolicyPickerProps) {
  const { data, isPending, error } = useQuery(policiesQuery());
  const value = typeof props.value === 'string' ? props.value : null;
  const choices = policyChoices(data ?? [], value, chosenName);
  return (
    <Select
      label="Policy"
      searchable
      nothingFoundMessage="No policy matches"
      maxDropdownHeight={360}
      placeholder={isPending ? 'Loading the policy library…' : error ? 'The policy library could not be loaded' : 'Choose a policy'}
      {...props}
      data={choices}
      renderOption={renderPolicy}
    />
  );
}
