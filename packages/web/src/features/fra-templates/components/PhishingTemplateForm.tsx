// Adds or edits a phishing template: name, kind (with a landing page, or e-mail only — then the landing pages disappear
// and "-" is sent), language, difficulty, sender, subject, the message's HTML and the landing pages' HTML, each HTML
// field with a placeholder picker. Server field errors land on their fields.
import { useRef } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  crudMessages,
  LANGUAGE_LABELS,
  LANGUAGES,
  PHISHING_DIFFICULTIES,
  PHISHING_DIFFICULTY_LABELS,
  PHISHING_TEMPLATE_TYPE_LABELS,
  PHISHING_TEMPLATE_TYPES,
  type PhishingTemplate,
} from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { phishingTemplates } from '../api.ts';
import { PHISHING_ERROR_FIELDS, phishingFormValues, phishingInput, validatePhishing, type PhishingFormValues } from './phishing-form.ts';
import { PlaceholderPicker } from './PlaceholderPicker.tsx';

const MESSAGES = crudMessages('phishing_template');
export const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }));

function HtmlField({
  form,
  field,
  label,
  description,
  rows = 8,
}: {
  form: UseFormReturnType<PhishingFormValues>;
  field: 'email_body' | 'website_main_template' | 'website_response_template';
  label: string;
  description: string;
  rows?: number;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  return (
    <Stack gap={4}>
      <Group justify="flex-end">
        <PlaceholderPicker field={label} target={ref} value={form.values[field]} onInsert={(t) => form.setFieldValue(field, t)} />
      </Group>
      <Textarea
        {...form.getInputProps(field)}
        ref={ref}
        label={label}
        description={description}
        autosize
        minRows={rows}
        maxRows={24}
        ff="monospace"
        spellCheck={false}
        required
      />
    </Stack>
  );
}

export function PhishingTemplateForm({ template, onDone }: { template: PhishingTemplate | null; onDone(saved?: PhishingTemplate): void }) {
  const queryClient = useQueryClient();
  const form = useForm<PhishingFormValues>({ initialValues: phishingFormValues(template), validate: validatePhishing });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: PHISHING_ERROR_FIELDS,
    failed: template ? MESSAGES.updateFailed : MESSAGES.createFailed,
  });
  const website = form.values.template_type === 'website';

  async function save(v: PhishingFormValues) {
    const input = phishingInput(v);
    const saved = template ? await phishingTemplates.update(template.id, input) : await phishingTemplates.create(input);
    toastSuccess(template ? MESSAGES.updated : MESSAGES.created);
    await queryClient.invalidateQueries({ queryKey: phishingTemplates.keys.all });
    onDone(saved);
  }

  const title = template ? 'Edit phishing template' : 'Add phishing template';
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={title}>
      <Stack gap="md">
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Name" required data-autofocus autoComplete="off" />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            {...form.getInputProps('template_type')}
            label="Kind"
            description="With a landing page, or the e-mail alone"
            data={PHISHING_TEMPLATE_TYPES.map((t) => ({ value: t, label: PHISHING_TEMPLATE_TYPE_LABELS[t] }))}
            allowDeselect={false}
            required
          />
          <Select {...form.getInputProps('language')} label="Language" data={LANGUAGE_OPTIONS} allowDeselect={false} searchable />
          <Select
            {...form.getInputProps('difficulty')}
            label="Difficulty"
            description="How hard the lure is to spot"
            data={PHISHING_DIFFICULTIES.map((d) => ({ value: String(d), label: PHISHING_DIFFICULTY_LABELS[d]! }))}
            allowDeselect={false}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...form.getInputProps('sender_name')} label="Sender name" description="The name the message seems to come from" />
          <TextInput
            {...form.getInputProps('sender_local_part')}
            label="Sender address (before the @)"
            description="The assessment's sender domain follows the @"
            autoComplete="off"
          />
        </SimpleGrid>
        <TextInput {...form.getInputProps('email_subject')} label="Subject" required autoComplete="off" />
        <HtmlField
          form={form}
          field="email_body"
          label="Message (HTML)"
          description={
            website ? 'Link to the landing page with {{link}}: each recipient gets their own tracked link.' : 'The e-mail as HTML.'
          }
        />
        {website && (
          <>
            <HtmlField
              form={form}
              field="website_main_template"
              label="Landing page (HTML)"
              description="What {{link}} opens. A form on it records which fields were filled, never what was typed."
            />
            <HtmlField
              form={form}
              field="website_response_template"
              label="Page after a submission (HTML)"
              description="Shown once the landing page's form was sent (unless the training follows at once)."
              rows={4}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone()}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {template ? 'Save phishing template' : 'Add phishing template'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
