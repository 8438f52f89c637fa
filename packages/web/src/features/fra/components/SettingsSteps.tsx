// The fields of each step of an assessment's settings, shared by the assessment form and the schedule form: name and
// phishing templates; recipients (by name, tag or department, with how many people that is); sender and landing
// domains with their DNS check ("mail may not be delivered"); the training and when it follows; rate and tracking.
import { Alert, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LANGUAGE_LABELS, type Domain } from '@bulwark/core';
import { TRIGGER_CHOICES } from '../assessment-format.ts';
import type { SettingsValues } from '../assessment-form.ts';
import { RecipientPicker } from './RecipientPicker.tsx';
import { useDepartmentChoices, useDomainChoices, useTagChoices, useTemplateChoices, useTrainingChoices } from './use-choices.ts';

export type SettingsForm = UseFormReturnType<SettingsValues>;

export function TemplatesStep({ form }: { form: SettingsForm }) {
  const templates = useTemplateChoices();
  return (
    <Stack gap="sm">
      <TextInput {...form.getInputProps('name')} label="Name" required maxLength={100} autoComplete="off" data-autofocus />
      <MultiSelect
        {...form.getInputProps('phishing_templates')}
        label="Phishing templates"
        description="Each recipient gets one of them, spread evenly; in the recipient's language when one is in it."
        placeholder={templates.isLoading ? 'Loading templates…' : 'Choose templates'}
        data={(templates.data ?? []).map((t) => ({
          value: String(t.id),
          label: `${t.name} (${t.template_type === 'email' ? 'e-mail' : 'website'}, ${LANGUAGE_LABELS[t.language]})`,
        }))}
        searchable
        nothingFoundMessage="No template matches (archived ones are left out)"
        required
      />
    </Stack>
  );
}

export function RecipientsStep({ form }: { form: SettingsForm }) {
  const tags = useTagChoices();
  const departments = useDepartmentChoices();
  const v = form.values;
  const listed = v.recipients.length;
  const inDepartments = (departments.data ?? []).filter((d) => v.departments.includes(d.department)).reduce((n, d) => n + d.count, 0);
  const parts = [
    listed > 0 ? `${listed} listed` : null,
    v.departments.length > 0 ? `${inDepartments} in the chosen departments` : null,
    v.tags.length > 0 ? 'everyone with the chosen tags' : null,
  ].filter((p): p is string => p !== null);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Recipients listed by name, those with any of the tags and those in any of the departments are all included, each once. Only active
        recipients get a message.
      </Text>
      <RecipientPicker value={v.recipients} onChange={(ids) => form.setFieldValue('recipients', ids)} error={form.errors.recipients} />
      <MultiSelect
        {...form.getInputProps('tags')}
        label="Tags"
        data={(tags.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
        searchable
        clearable
      />
      <MultiSelect
        {...form.getInputProps('departments')}
        label="Departments"
        data={(departments.data ?? []).map((d) => ({ value: d.department, label: `${d.department} (${d.count})` }))}
        searchable
        clearable
      />
      <Text size="sm" data-testid="recipient-count" aria-live="polite">
        {parts.length === 0 ? 'No one chosen yet.' : `Who gets it: ${parts.join(', ')} (each person once; counted when it starts).`}
      </Text>
    </Stack>
  );
}

function dnsWords(d: Domain): string {
  if (!d.dns) return 'DNS not checked';
  return d.dns.deliverable ? 'DNS check passed' : 'mail may not be delivered';
}

function DnsWarning({ domain }: { domain: Domain | undefined }) {
  if (!domain?.dns || domain.dns.deliverable) return null;
  return (
    <Alert color="orange" title={`Mail from ${domain.name} may not be delivered`}>
      <Stack gap={2}>
        {domain.dns.messages.map((m) => (
          <Text key={m} size="sm">
            {m}
          </Text>
        ))}
        <Text size="sm">Fix its DNS records under Domains and check it again, or choose another domain.</Text>
      </Stack>
    </Alert>
  );
}

export function DomainsStep({ form }: { form: SettingsForm }) {
  const domains = useDomainChoices();
  const all = domains.data ?? [];
  const options = (purpose: 'sender' | 'landing') =>
    all
      .filter((d) => d.purpose === purpose || d.purpose === 'both')
      .map((d) => ({ value: String(d.id), label: `${d.name} — ${dnsWords(d)}` }));
  const sender = all.find((d) => String(d.id) === form.values.sender_domain);
  return (
    <Stack gap="sm">
      <Select
        {...form.getInputProps('sender_domain')}
        label="Sender domain"
        description="The messages come from an address at this domain."
        data={options('sender')}
        searchable
        required
        nothingFoundMessage="No sender domain: add one under Domains"
      />
      <DnsWarning domain={sender} />
      <Select
        {...form.getInputProps('landing_domain')}
        label="Landing domain"
        description="The domain of the links and landing pages. Empty: the sender domain."
        data={options('landing')}
        searchable
        clearable
      />
    </Stack>
  );
}

export function TrainingStep({ form }: { form: SettingsForm }) {
  const trainings = useTrainingChoices();
  const none = form.values.training_trigger === 'none';
  return (
    <Stack gap="sm">
      <Select
        {...form.getInputProps('training_trigger')}
        label="Training follows"
        description="A person who clicks (or submits data) is taken to the training at once."
        data={TRIGGER_CHOICES}
        allowDeselect={false}
      />
      <Select
        {...form.getInputProps('training_template')}
        label="Training"
        data={(trainings.data ?? []).map((t) => ({ value: String(t.id), label: `${t.name} (${LANGUAGE_LABELS[t.language]})` }))}
        searchable
        clearable
        disabled={none}
        required={!none}
      />
    </Stack>
  );
}

export function RateFields({ form }: { form: SettingsForm }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <NumberInput
        {...form.getInputProps('rate_per_minute')}
        label="Messages a minute"
        description="At most; the installation may set a lower ceiling."
        min={1}
        max={6000}
        allowDecimal={false}
        allowNegative={false}
      />
      <NumberInput
        {...form.getInputProps('tracking_days')}
        label="Tracking days"
        description="How long after the last message clicks and submissions still count."
        min={1}
        max={90}
        allowDecimal={false}
        allowNegative={false}
      />
    </SimpleGrid>
  );
}
