// Adds or edits a web training template: name, accent colour, colour scheme, logo (an image link that must load),
// language and its steps. A media link that did not load stops the save with its message on the field.
import { useRef } from 'react';
import { Button, ColorInput, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { crudMessages, type SessionTemplate } from '@bulwark/core';
import { focusFirstError } from '../../../components/forms/focus.ts';
import { FormError } from '../../../components/forms/FormError.tsx';
import { MediaInput } from '../../../components/forms/MediaInput.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { sessionTemplates } from '../api.ts';
import { LANGUAGE_OPTIONS } from './PhishingTemplateForm.tsx';
import { StepsEditor } from './StepsEditor.tsx';
import { validateWebTemplate, webTemplateInput, webTemplateValues, type WebTemplateValues } from './web-template-form.ts';

const MESSAGES = crudMessages('web_template');
const ERROR_FIELDS = ['name', 'accent_color', 'color_scheme', 'logo_url', 'language', 'training_steps'];

export function WebTemplateForm({ template, onDone }: { template: SessionTemplate | null; onDone(saved?: SessionTemplate): void }) {
  const queryClient = useQueryClient();
  // The media inputs' own verdicts (an image that did not load), by form path: the schema cannot know them.
  const mediaErrors = useRef(new Map<string, string>());
  const form = useForm<WebTemplateValues>({
    initialValues: webTemplateValues(template),
    validate: (v) => {
      const errors = validateWebTemplate(v);
      for (const [path, message] of mediaErrors.current) errors[path] ??= message;
      return errors;
    },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: ERROR_FIELDS,
    failed: template ? MESSAGES.updateFailed : MESSAGES.createFailed,
  });

  function onMediaValidity(path: string, message: string | null) {
    if (message) mediaErrors.current.set(path, message);
    else mediaErrors.current.delete(path);
  }

  async function save(v: WebTemplateValues) {
    const input = webTemplateInput(v);
    const saved = template ? await sessionTemplates.update(template.id, input) : await sessionTemplates.create(input);
    toastSuccess(template ? MESSAGES.updated : MESSAGES.created);
    await queryClient.invalidateQueries({ queryKey: sessionTemplates.keys.all });
    onDone(saved);
  }

  const title = template ? 'Edit web template' : 'Add web template';
  const logoError = form.errors.logo_url;
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={title} onInvalid={() => focusFirstError(container.current)}>
      <Stack gap="md">
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Name" required data-autofocus autoComplete="off" />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <ColorInput {...form.getInputProps('accent_color')} label="Accent colour" description="Buttons and highlights" format="hex" />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="color-scheme-label">
              Colour scheme
            </Text>
            <SegmentedControl
              {...form.getInputProps('color_scheme')}
              aria-labelledby="color-scheme-label"
              data={[
                { value: 'light', label: 'Light' },
                { value: 'dark', label: 'Dark' },
              ]}
            />
          </Stack>
          <Select {...form.getInputProps('language')} label="Language" data={LANGUAGE_OPTIONS} allowDeselect={false} searchable />
        </SimpleGrid>
        <MediaInput
          label="Logo"
          types={['image']}
          value={form.values.logo_url}
          onChange={(m) => form.setFieldValue('logo_url', m)}
          error={typeof logoError === 'string' ? logoError : null}
          onValidity={(m) => onMediaValidity('logo_url', m)}
        />
        <StepsEditor form={form} onMediaValidity={onMediaValidity} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone()}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {template ? 'Save web template' : 'Add web template'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
