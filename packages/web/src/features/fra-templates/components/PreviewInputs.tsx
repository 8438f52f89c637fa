// The preview's inputs (platform-core §2: "query parameters are passed as inputs"): each placeholder's value, shown
// and edited here, written to the query string so a preview link carries them. Unset ones use the sample values.
import { useState } from 'react';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { SAMPLE_TEMPLATE_VARS, TEMPLATE_PLACEHOLDERS, type TemplatePlaceholder, type TemplateVars } from '@bulwark/core';

/** Every placeholder but the link, which the preview cannot give a real address. */
export const PREVIEW_INPUTS = TEMPLATE_PLACEHOLDERS.filter((p) => p !== 'link');
const LABELS: Record<TemplatePlaceholder, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  full_name: 'Full name',
  email: 'E-mail address',
  department: 'Department',
  job_title: 'Job title',
  link: 'Link',
  sender_name: 'Sender name',
  date: 'Date',
};

/** The inputs the query string gives (known placeholders only). */
export function inputsOf(params: URLSearchParams): TemplateVars {
  const vars: TemplateVars = {};
  for (const p of PREVIEW_INPUTS) {
    const v = params.get(p);
    if (v !== null) vars[p] = v;
  }
  return vars;
}

/** The given inputs over the samples. */
export const withSamples = (vars: TemplateVars): Required<TemplateVars> => ({ ...SAMPLE_TEMPLATE_VARS, ...vars });

export function PreviewInputs({ vars, onApply }: { vars: TemplateVars; onApply(vars: TemplateVars): void }) {
  const [draft, setDraft] = useState<TemplateVars>(vars);
  return (
    <form
      aria-label="Preview inputs"
      onSubmit={(e) => {
        e.preventDefault();
        const given: TemplateVars = {};
        for (const p of PREVIEW_INPUTS) if (draft[p]?.trim()) given[p] = draft[p].trim();
        onApply(given);
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xs">
        {PREVIEW_INPUTS.map((p) => (
          <TextInput
            key={p}
            size="xs"
            label={LABELS[p]}
            placeholder={SAMPLE_TEMPLATE_VARS[p]}
            value={draft[p] ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setDraft((d) => ({ ...d, [p]: value }));
            }}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="xs">
        <Button type="submit" size="xs" variant="light">
          Show with these inputs
        </Button>
      </Group>
    </form>
  );
}
