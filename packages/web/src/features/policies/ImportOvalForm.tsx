// Imports an OVAL definitions file into the policy library: the file (read as text in the browser) and a name; the
// server's objections land on their fields (not OVAL: the file; a taken name: the name).
import { Button, FileInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { validateRequired } from '@bulwark/core';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { importOvalFile, type OvalPolicyDetail } from './policies-api.ts';
import { POLICY_KEYS } from './policy-queries.ts';
import { rulesText } from './policy-format.ts';

interface ImportValues {
  name: string;
  file: File | null;
}

/** The server's `content` error is about the file. */
const ERROR_FIELDS = { name: 'name', content: 'file' } as const;
/** The server's limit (core ovalImportInput): 50 MB of text. */
export const MAX_OVAL_BYTES = 50_000_000;

/** A name from the file's: 'ssh-rules.oval.xml' → 'ssh-rules'. */
export function nameFromFile(fileName: string): string {
  return fileName.replace(/(\.oval)?\.xml$/i, '').trim();
}

function validate(values: ImportValues): Partial<Record<keyof ImportValues, string>> {
  const errors: Partial<Record<keyof ImportValues, string>> = {};
  const name = validateRequired(values.name.trim(), 'Name');
  if (name) errors.name = name;
  if (!values.file) errors.file = 'Choose an OVAL definitions file (XML).';
  else if (values.file.size > MAX_OVAL_BYTES) errors.file = 'The file is larger than 50 MB.';
  return errors;
}

export function ImportOvalForm({ onDone, onCancel }: { onDone(policy: OvalPolicyDetail): void; onCancel(): void }) {
  const queryClient = useQueryClient();
  const form = useForm<ImportValues>({ initialValues: { name: '', file: null }, validate });
  const saving = useFormSubmit(form, save, { fields: ERROR_FIELDS, failed: 'Cannot import the OVAL file.' });

  async function save(values: ImportValues) {
    if (!values.file) return;
    const content = await values.file.text();
    const policy = await importOvalFile(values.name.trim(), content);
    toastSuccess(`Policy imported: ${rulesText(policy.rules)}.`);
    await queryClient.invalidateQueries({ queryKey: POLICY_KEYS.library });
    onDone(policy);
  }

  return (
    <form ref={saving.container} onSubmit={saving.onSubmit} noValidate aria-label="Import an OVAL file">
      <Stack gap="md">
        <FormError message={saving.error} />
        <Text size="sm" c="dimmed">
          Each definition of the file becomes a rule of a new policy; choose it in a policy profile to evaluate it on your hosts.
        </Text>
        <FileInput
          {...form.getInputProps('file')}
          onChange={(file) => {
            form.setFieldValue('file', file);
            if (file && form.values.name.trim() === '') form.setFieldValue('name', nameFromFile(file.name));
          }}
          label="OVAL file"
          description="An OVAL 5 definitions document (.xml)."
          placeholder="Choose a file"
          accept=".xml,application/xml,text/xml"
          required
          clearable
          data-autofocus
        />
        <TextInput {...form.getInputProps('name')} label="Name" required autoComplete="off" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving.busy}>
            Import
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
