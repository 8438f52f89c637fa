// Adds or edits a sender or landing-page domain: its name, category, purpose and DKIM selector, checked with core's
// domainInput; the server's field errors (a name in use) land on their fields.
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { domainInput, type Domain, type DomainInput, type DomainPurpose } from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { schemaErrors } from '../../../components/forms/schema-field.ts';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { FRA_KEYS, domains, type DomainCategory } from '../api.ts';
import { MESSAGES, PURPOSE_OPTIONS } from '../format.ts';

interface Values {
  name: string;
  category: string | null;
  purpose: DomainPurpose;
  dkim_selector: string;
}
const FIELDS = ['name', 'category', 'purpose', 'dkim_selector'];
const inputOf = (v: Values): DomainInput => ({ ...v, name: v.name.trim(), category: v.category === null ? null : Number(v.category) });

export function DomainForm({ domain, categories, onDone }: { domain: Domain | null; categories: DomainCategory[]; onDone(): void }) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    initialValues: {
      name: domain?.name ?? '',
      category: domain?.category ? String(domain.category.id) : null,
      purpose: domain?.purpose ?? 'both',
      dkim_selector: domain?.dkim_selector ?? '',
    },
    validate: (v) => schemaErrors(domainInput, inputOf(v)),
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: FIELDS,
    failed: domain ? MESSAGES.domainUpdateFailed : MESSAGES.domainCreateFailed,
  });

  async function save(v: Values) {
    if (domain) await domains.update(domain.id, inputOf(v));
    else await domains.create(inputOf(v));
    toastSuccess(domain ? MESSAGES.domainUpdated : MESSAGES.domainCreated);
    await queryClient.invalidateQueries({ queryKey: FRA_KEYS.domains });
    onDone();
  }

  const label = domain ? 'Edit domain' : 'Add domain';
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Domain name" placeholder="mail.example.com" required data-autofocus />
        <Select
          {...form.getInputProps('category')}
          label="Category"
          data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
          clearable
          placeholder="None"
        />
        <Select {...form.getInputProps('purpose')} label="Used for" data={PURPOSE_OPTIONS} allowDeselect={false} />
        <TextInput
          {...form.getInputProps('dkim_selector')}
          label="DKIM selector"
          description="The selector the sending service signs with, to check its key (empty: DKIM is not checked)"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
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
