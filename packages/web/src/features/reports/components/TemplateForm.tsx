// Adds or changes a report template: name, title, description, logo (uploaded, at most 200 KB), the sections in order
// and how many rows the top lists have; "Preview" draws today's figures with these settings below the form. A taken
// name (409) is said on the name field.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Group, NumberInput, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_REPORT_TEMPLATE, type ReportTemplate } from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { LogoField } from './LogoField.tsx';
import { REPORT_KEYS, createTemplate, updateTemplate } from '../api/reports-api.ts';
import { SectionOrder } from './SectionOrder.tsx';
import { TemplatePreview } from './TemplatePreview.tsx';
import { TEMPLATE_FIELDS, templateBody, templateValues, validateTemplate, type TemplateValues } from '../template-format.ts';

export const TEMPLATE_MESSAGES = {
  created: 'Template created.',
  createFailed: 'Cannot create the template.',
  updated: 'Template saved.',
  updateFailed: 'Cannot save the template.',
  deleted: 'Template deleted.',
  deleteFailed: 'Cannot delete the template.',
};

export interface TemplateFormProps {
  /** The template to change; a new one otherwise. */
  template?: ReportTemplate;
  onDone(): void;
}

export function TemplateForm({ template, onDone }: TemplateFormProps) {
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [previewing, setPreviewing] = useState(false);
  const form = useForm<TemplateValues>({ initialValues: templateValues(template), validate: validateTemplate });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: TEMPLATE_FIELDS,
    failed: template ? TEMPLATE_MESSAGES.updateFailed : TEMPLATE_MESSAGES.createFailed,
  });
  // One body per change of the values, so the preview redraws only when something changed.
  const body = useMemo(() => templateBody(form.values), [form.values]);

  // The editor replaces the list: take the keyboard there.
  useEffect(() => heading.current?.focus(), []);

  async function save(values: TemplateValues) {
    const input = templateBody(values);
    if (template) await updateTemplate(template.id, input);
    else await createTemplate(input);
    toastSuccess(template ? TEMPLATE_MESSAGES.updated : TEMPLATE_MESSAGES.created);
    await queryClient.invalidateQueries({ queryKey: REPORT_KEYS.templates });
    onDone();
  }

  const title = template ? `Edit template “${template.name}”` : 'New template';
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <form ref={container} onSubmit={onSubmit} noValidate aria-label={title}>
          <Stack gap="md">
            <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
              {title}
            </Title>
            <FormError message={error} />
            <TextInput
              {...form.getInputProps('name')}
              label="Name"
              description="How you find the template when starting a report."
              required
              autoComplete="off"
              maxLength={100}
            />
            <TextInput
              {...form.getInputProps('title')}
              label="Title"
              description={`The heading of the report; “${DEFAULT_REPORT_TEMPLATE.title}” when empty.`}
              autoComplete="off"
              maxLength={200}
            />
            <Textarea
              {...form.getInputProps('description')}
              label="Description"
              description="A few lines under the title, e.g. who the report is for."
              autosize
              minRows={2}
              maxRows={6}
              maxLength={2000}
            />
            <LogoField
              value={form.values.logo}
              onChange={(logo) => form.setFieldValue('logo', logo)}
              error={typeof form.errors.logo === 'string' ? form.errors.logo : null}
              onError={(message) => form.setFieldError('logo', message)}
            />
            <SectionOrder
              value={form.values.sections}
              onChange={(sections) => form.setFieldValue('sections', sections)}
              error={typeof form.errors.sections === 'string' ? form.errors.sections : null}
            />
            <NumberInput
              {...form.getInputProps('top_n')}
              label="Rows in top lists"
              description="How many issues and assets the top issues, most exposed assets and known exploited sections list (5 to 50)."
              min={5}
              max={50}
              step={5}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              w={260}
              required
            />
            <Group justify="space-between">
              <Button
                variant="default"
                onClick={() => setPreviewing((p) => !p)}
                aria-expanded={previewing}
                aria-controls="template-preview"
              >
                {previewing ? 'Hide preview' : 'Preview'}
              </Button>
              <Group gap="xs">
                <Button variant="default" onClick={onDone} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  {template ? 'Save template' : 'Create template'}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Card>
      <section id="template-preview" aria-label="Preview of the report" hidden={!previewing}>
        {previewing && (
          <TemplatePreview templateId={template?.id ?? null} edits={body} savedTopN={template?.top_n ?? DEFAULT_REPORT_TEMPLATE.top_n} />
        )}
      </section>
    </Stack>
  );
}
