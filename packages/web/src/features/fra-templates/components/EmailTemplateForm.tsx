// Adds or edits a training invitation e-mail: name, language, accent colour and its parts by subkind — subject,
// heading, body, button and footer ({{link}} in the body or the button is the recipient's training link).
import { Button, ColorInput, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  crudMessages,
  EMAIL_COMPONENT_SUBKINDS,
  sessionTemplateInput,
  type EmailComponentSubkind,
  type Language,
  type SessionTemplate,
  type SessionTemplateInput,
} from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { sessionTemplates } from '../api.ts';
import { LANGUAGE_OPTIONS } from './PhishingTemplateForm.tsx';

const MESSAGES = crudMessages('email_template');
export const SUBKIND_LABELS: Record<EmailComponentSubkind, string> = {
  subject: 'Subject',
  heading: 'Heading',
  body: 'Body',
  button: 'Button text',
  footer: 'Footer',
};
const SUBKIND_HINTS: Partial<Record<EmailComponentSubkind, string>> = {
  body: 'Placeholders such as {{first_name}} are filled for each recipient.',
  button: 'The button opens the recipient’s training.',
};

export interface EmailTemplateValues {
  name: string;
  language: Language;
  accent_color: string;
  components: Record<EmailComponentSubkind, string>;
}

function values(t: SessionTemplate | null): EmailTemplateValues {
  const c = t?.components ?? {};
  return {
    name: t?.name ?? '',
    language: t?.language ?? 'english',
    accent_color: t?.accent_color ?? '#1c7ed6',
    components: { subject: c.subject ?? '', heading: c.heading ?? '', body: c.body ?? '', button: c.button ?? '', footer: c.footer ?? '' },
  };
}

export function emailTemplateInput(v: EmailTemplateValues): SessionTemplateInput {
  return {
    name: v.name,
    language: v.language,
    accent_color: v.accent_color,
    color_scheme: 'light',
    logo_url: null,
    session_type: 'email',
    section: 'content',
    training_steps: [],
    components: v.components,
  };
}

function validate(v: EmailTemplateValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = sessionTemplateInput.safeParse(emailTemplateInput(v));
  if (!result.success) for (const i of result.error.issues) errors[i.path.map(String).join('.')] ??= i.message;
  return errors;
}

export function EmailTemplateForm({ template, onDone }: { template: SessionTemplate | null; onDone(saved?: SessionTemplate): void }) {
  const queryClient = useQueryClient();
  const form = useForm<EmailTemplateValues>({ initialValues: values(template), validate });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: { name: 'name', language: 'language', accent_color: 'accent_color', components: 'components.subject' },
    failed: template ? MESSAGES.updateFailed : MESSAGES.createFailed,
  });

  async function save(v: EmailTemplateValues) {
    const input = emailTemplateInput(v);
    const saved = template ? await sessionTemplates.update(template.id, input) : await sessionTemplates.create(input);
    toastSuccess(template ? MESSAGES.updated : MESSAGES.created);
    await queryClient.invalidateQueries({ queryKey: sessionTemplates.keys.all });
    onDone(saved);
  }

  const title = template ? 'Edit email template' : 'Add email template';
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={title}>
      <Stack gap="md">
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Name" required data-autofocus autoComplete="off" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select {...form.getInputProps('language')} label="Language" data={LANGUAGE_OPTIONS} allowDeselect={false} searchable />
          <ColorInput {...form.getInputProps('accent_color')} label="Accent colour" description="The button's colour" format="hex" />
        </SimpleGrid>
        {EMAIL_COMPONENT_SUBKINDS.map((k) =>
          k === 'body' || k === 'footer' ? (
            <Textarea
              key={k}
              {...form.getInputProps(`components.${k}`)}
              label={SUBKIND_LABELS[k]}
              description={SUBKIND_HINTS[k]}
              autosize
              minRows={k === 'body' ? 5 : 2}
            />
          ) : (
            <TextInput
              key={k}
              {...form.getInputProps(`components.${k}`)}
              label={SUBKIND_LABELS[k]}
              description={SUBKIND_HINTS[k]}
              required={k === 'subject'}
            />
          ),
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone()}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {template ? 'Save email template' : 'Add email template'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
