// Adds or changes a tag: name, colour, description, the business impact it gives its assets, and whether it is dynamic
// with the rules that decide its assets. Server field errors land on their fields; saving a dynamic tag says it applies.
import { Button, ColorInput, Group, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { crudMessages, BUSINESS_CRITICALITY_LABELS, type BusinessCriticality, type Tag, type TagRule } from '@bulwark/core';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastInfo, toastSuccess } from '../../components/toasts.tsx';
import { RuleEditor } from './RuleEditor.tsx';
import { TAG_KEYS, createTag, updateTag } from './tags-api.ts';

interface TagFormValues {
  name: string;
  description: string;
  color: string;
  business_impact: string | null;
  is_dynamic: boolean;
  rules: TagRule[];
}

const MESSAGES = crudMessages('tag');
const FIELDS = ['name', 'description', 'color', 'business_impact', 'is_dynamic', 'rules'];
const IMPACT_OPTIONS = ([1, 2, 3, 4] as BusinessCriticality[]).map((c) => ({ value: String(c), label: BUSINESS_CRITICALITY_LABELS[c] }));

export function TagForm({ tag, unified, onDone }: { tag?: Tag; unified: boolean; onDone(): void }) {
  const queryClient = useQueryClient();
  const form = useForm<TagFormValues>({
    initialValues: {
      name: tag?.name ?? '',
      description: tag?.description ?? '',
      color: tag?.color ?? '#1c7ed6',
      business_impact: tag?.business_impact ? String(tag.business_impact) : null,
      is_dynamic: tag?.is_dynamic ?? false,
      rules: tag?.rules ?? [],
    },
    validate: {
      name: (v) => (v.trim() === '' ? 'Name is required' : null),
      rules: (v, values) => (values.is_dynamic && v.length === 0 ? 'A dynamic tag needs at least one rule.' : null),
    },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: FIELDS,
    failed: tag ? MESSAGES.updateFailed : MESSAGES.createFailed,
  });

  async function save(values: TagFormValues) {
    const input = {
      name: values.name.trim(),
      description: values.description,
      color: values.color,
      business_impact: values.business_impact ? Number(values.business_impact) : null,
      is_dynamic: values.is_dynamic,
      rules: values.is_dynamic ? values.rules : [],
    };
    const saved = tag ? await updateTag(tag.id, input, unified) : await createTag(input, unified);
    toastSuccess(tag ? MESSAGES.updated : MESSAGES.created);
    if (saved.message) toastInfo(saved.message);
    await queryClient.invalidateQueries({ queryKey: TAG_KEYS.all });
    await queryClient.invalidateQueries({ queryKey: ['assets'] });
    onDone();
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={tag ? 'Edit tag' : 'Add a tag'}>
      <Stack gap="md">
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Name" required data-autofocus autoComplete="off" />
        <Group grow>
          <ColorInput {...form.getInputProps('color')} label="Colour" format="hex" />
          <Select
            {...form.getInputProps('business_impact')}
            label="Business impact"
            description="Assets with this tag are at least this critical"
            placeholder="None"
            data={IMPACT_OPTIONS}
            clearable
          />
        </Group>
        <Textarea {...form.getInputProps('description')} label="Description" autosize minRows={2} />
        <Switch
          {...form.getInputProps('is_dynamic', { type: 'checkbox' })}
          label="Dynamic: assets get this tag by rules"
          description="A static tag is put on assets by hand or by import."
        />
        {form.values.is_dynamic && (
          <RuleEditor
            rules={form.values.rules}
            onChange={(rules) => form.setFieldValue('rules', rules)}
            error={typeof form.errors.rules === 'string' ? form.errors.rules : undefined}
            unified={unified}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {tag ? 'Save' : 'Add tag'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
