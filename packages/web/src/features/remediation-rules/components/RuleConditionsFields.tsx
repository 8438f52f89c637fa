// The condition builder of a rule: which findings it takes, every condition given must hold (a list matches any of its
// items). Grouped as the user thinks of them: how bad, how exploited, where from, which assets, which issues, how old.
import { Alert, Checkbox, Fieldset, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  BUSINESS_CRITICALITY_LABELS,
  DETECTION_LABELS,
  DETECTION_METHODS,
  FINDING_CONFIDENCE,
  FINDING_CONFIDENCE_LABELS,
  SEVERITY_LABELS,
  VULNERABILITY_SOURCES,
  VULNERABILITY_SOURCE_LABELS,
  type Severity,
} from '@bulwark/core';
import type { Choice } from '../rule-choices.ts';
import type { RuleValues } from '../rule-form.ts';

const SEVERITIES: Severity[] = [4, 3, 2, 1, 0];
const options = <K extends string | number>(keys: readonly K[], labels: Record<K, string>): Choice[] =>
  keys.map((k) => ({ value: String(k), label: labels[k] }));
const SOURCE_OPTIONS = options(VULNERABILITY_SOURCES, VULNERABILITY_SOURCE_LABELS);
const DETECTION_OPTIONS = options(DETECTION_METHODS, DETECTION_LABELS);
const CONFIDENCE_OPTIONS = options(FINDING_CONFIDENCE, FINDING_CONFIDENCE_LABELS);
const CRITICALITY_OPTIONS = ([4, 3, 2, 1] as const).map((c) => ({
  value: String(c),
  label: c === 4 ? BUSINESS_CRITICALITY_LABELS[c] : `${BUSINESS_CRITICALITY_LABELS[c]} or above`,
}));

export function RuleConditionsFields({ form, tags }: { form: UseFormReturnType<RuleValues>; tags: Choice[] }) {
  const conditionsError = form.errors.conditions;
  return (
    <Fieldset legend="Which findings" variant="default">
      <Stack gap="md">
        {conditionsError && (
          <Alert color="red" variant="light" role="alert" data-invalid="true" tabIndex={-1}>
            {conditionsError}
          </Alert>
        )}
        <Checkbox.Group
          {...form.getInputProps('severities')}
          label="Severity"
          description="Any of those ticked. Untick all to match every severity (then give another condition)."
        >
          <Group gap="md" mt={6}>
            {SEVERITIES.map((s) => (
              <Checkbox key={s} value={String(s)} label={SEVERITY_LABELS[s]} />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            {...form.getInputProps('risk_score_min')}
            label="Risk score at least"
            min={0}
            max={100}
            placeholder="0"
            allowDecimal
          />
          <NumberInput
            {...form.getInputProps('risk_score_max')}
            label="Risk score at most"
            min={0}
            max={100}
            placeholder="100"
            allowDecimal
          />
          <NumberInput
            {...form.getInputProps('epss_min')}
            label="EPSS at least (%)"
            description="Chance of exploitation in the next 30 days"
            min={0}
            max={100}
            placeholder="0"
            allowDecimal
            suffix="%"
          />
        </SimpleGrid>
        <Group gap="xl">
          <Checkbox
            {...form.getInputProps('kev', { type: 'checkbox' })}
            label="Known exploited only (CISA KEV)"
            description="Findings of a CVE CISA lists as exploited in the wild"
          />
          <Checkbox
            {...form.getInputProps('ransomware', { type: 'checkbox' })}
            label="Used by ransomware only"
            description="Findings of a CVE known in ransomware campaigns"
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <MultiSelect {...form.getInputProps('sources')} label="Source" placeholder="Any source" data={SOURCE_OPTIONS} clearable />
          <MultiSelect {...form.getInputProps('detection')} label="Detection" placeholder="Any method" data={DETECTION_OPTIONS} clearable />
          <MultiSelect
            {...form.getInputProps('confidence')}
            label="Confidence"
            placeholder="Any confidence"
            data={CONFIDENCE_OPTIONS}
            clearable
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <MultiSelect
            {...form.getInputProps('tags_any')}
            label="Asset tagged with any of"
            placeholder={tags.length ? 'Any tags' : 'No tags yet'}
            data={tags}
            searchable
            clearable
          />
          <MultiSelect
            {...form.getInputProps('tags_all')}
            label="Asset tagged with all of"
            placeholder="—"
            data={tags}
            searchable
            clearable
          />
          <MultiSelect
            {...form.getInputProps('tags_minus')}
            label="Asset not tagged with"
            description="Minus tags: an asset with any of these is left out"
            placeholder="—"
            data={tags}
            searchable
            clearable
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            {...form.getInputProps('asset_criticality_min')}
            label="Asset criticality"
            placeholder="Any criticality"
            data={CRITICALITY_OPTIONS}
            clearable
            value={form.values.asset_criticality_min === '' ? null : form.values.asset_criticality_min}
            onChange={(value) => form.setFieldValue('asset_criticality_min', value ?? '')}
          />
          <NumberInput
            {...form.getInputProps('first_seen_days')}
            label="First seen at least (days ago)"
            description="Leave empty to ticket new findings at once"
            min={0}
            allowDecimal={false}
            placeholder="0"
          />
        </SimpleGrid>
        <Textarea
          {...form.getInputProps('issues')}
          label="Only these issues or CVEs"
          description="CVE ids or issue numbers, separated by commas or new lines. Empty: any issue."
          placeholder="CVE-2024-3094, CVE-2021-44228"
          autosize
          minRows={1}
          maxRows={4}
          spellCheck={false}
        />
      </Stack>
    </Fieldset>
  );
}
