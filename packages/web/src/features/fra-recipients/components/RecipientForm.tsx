// Adds or edits a recipient: e-mail, names, department, job title, language, tags and on/off. The form checks with core's
// recipientInput (the server's own words); the server's field errors land on their fields.
import { Button, Group, MultiSelect, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { recipientInput, type Language, type Recipient, type RecipientInput } from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { schemaErrors } from '../../../components/forms/schema-field.ts';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { FRA_KEYS, fetchTagBasics, recipients } from '../api.ts';
import { LANGUAGE_OPTIONS, MESSAGES } from '../format.ts';

interface Values {
  email: string;
  first_name: string;
  last_name: string;
  department: string;
  job_title: string;
  language: Language;
  tags: string[];
  active: boolean;
}
const FIELDS = ['email', 'first_name', 'last_name', 'department', 'job_title', 'language', 'tags', 'active'];

function valuesOf(r: Recipient | null): Values {
  return {
    email: r?.email ?? '',
    first_name: r?.first_name ?? '',
    last_name: r?.last_name ?? '',
    department: r?.department ?? '',
    job_title: r?.job_title ?? '',
    language: r?.language ?? 'english',
    tags: r?.tags.map((t) => String(t.id)) ?? [],
    active: r?.active ?? true,
  };
}

export const inputOf = (v: Values): RecipientInput => ({ ...v, email: v.email.trim(), tags: v.tags.map(Number) });

export function RecipientForm({ recipient, onDone }: { recipient: Recipient | null; onDone(saved?: Recipient): void }) {
  const queryClient = useQueryClient();
  const tags = useQuery({ queryKey: FRA_KEYS.tags, queryFn: ({ signal }) => fetchTagBasics(signal) });
  const form = useForm<Values>({ initialValues: valuesOf(recipient), validate: (v) => schemaErrors(recipientInput, inputOf(v)) });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: FIELDS,
    failed: recipient ? MESSAGES.recipientUpdateFailed : MESSAGES.recipientCreateFailed,
  });

  async function save(v: Values) {
    const input = inputOf(v);
    const saved = recipient ? await recipients.update(recipient.id, input) : await recipients.create(input);
    toastSuccess(recipient ? MESSAGES.recipientUpdated : MESSAGES.recipientCreated);
    await queryClient.invalidateQueries({ queryKey: FRA_KEYS.recipients });
    onDone(saved);
  }

  const label = recipient ? 'Edit recipient' : 'Add recipient';
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        <FormError message={error} />
        <TextInput {...form.getInputProps('email')} label="E-mail" required data-autofocus autoComplete="off" type="email" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...form.getInputProps('first_name')} label="First name" />
          <TextInput {...form.getInputProps('last_name')} label="Last name" />
          <TextInput {...form.getInputProps('department')} label="Department" />
          <TextInput {...form.getInputProps('job_title')} label="Job title" />
        </SimpleGrid>
        <Select
          {...form.getInputProps('language')}
          label="Language"
          description="The language of the templates this person gets"
          data={LANGUAGE_OPTIONS}
          allowDeselect={false}
        />
        <MultiSelect
          {...form.getInputProps('tags')}
          label="Tags"
          description="Assessments can pick recipients by tag"
          data={(tags.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          searchable
        />
        <Switch {...form.getInputProps('active', { type: 'checkbox' })} label="Active (receives assessments)" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone()}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
