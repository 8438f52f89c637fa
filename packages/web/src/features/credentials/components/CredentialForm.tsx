// Adds or changes a scan credential of one kind: its name and the kind's fields. Saved secrets stay masked unless
// replaced; the server's field errors land on their fields (a taken name, 409, on the name).
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { CREDENTIAL_KIND_LABELS, crudMessages, isMaskedSecret, type ScanAuthOs } from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { createCredential, updateCredential, type ScanCredential } from '../api/credentials-api.ts';
import { CREDENTIAL_KEYS } from '../api/credential-queries.ts';
import {
  CREDENTIAL_ERROR_FIELDS,
  credentialInput,
  credentialValues,
  newCredentialValues,
  validateCredential,
  type CredentialValues,
  type SecretName,
} from '../credential-form.ts';
import { KubernetesFields } from './KubernetesFields.tsx';
import { LinuxFields } from './LinuxFields.tsx';
import { WindowsFields } from './WindowsFields.tsx';

export const CREDENTIAL_MESSAGES = crudMessages('scan_authentication');

const SECRETS: readonly SecretName[] = ['passwd', 'priv_key', 'priv_key_passwd', 'escalation_passwd', 'token'];

/** The secrets a saved credential holds (answered masked). */
export function savedSecrets(credential: ScanCredential | undefined): ReadonlySet<SecretName> {
  if (!credential) return new Set();
  const values = credentialValues(credential);
  return new Set(SECRETS.filter((name) => isMaskedSecret(values[name])));
}

export interface CredentialFormProps {
  kind: ScanAuthOs;
  /** The credential to change; a new one when absent. */
  credential?: ScanCredential;
  onDone(saved?: ScanCredential): void;
}

export function CredentialForm({ kind, credential, onDone }: CredentialFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<CredentialValues>({
    initialValues: credential ? credentialValues(credential) : newCredentialValues(kind),
    validate: (values) => validateCredential(kind, values),
  });
  const saving = useFormSubmit(form, save, {
    fields: CREDENTIAL_ERROR_FIELDS,
    failed: credential ? CREDENTIAL_MESSAGES.updateFailed : CREDENTIAL_MESSAGES.createFailed,
  });
  const saved = savedSecrets(credential);
  const label = CREDENTIAL_KIND_LABELS[kind];

  async function save(values: CredentialValues) {
    const input = credentialInput(kind, values);
    const result = credential ? await updateCredential(kind, credential.id, input) : await createCredential(kind, input);
    toastSuccess(credential ? CREDENTIAL_MESSAGES.updated : CREDENTIAL_MESSAGES.created);
    await queryClient.invalidateQueries({ queryKey: CREDENTIAL_KEYS.all });
    onDone(result);
  }

  const fields = { form, saved };
  return (
    <form
      ref={saving.container}
      onSubmit={saving.onSubmit}
      noValidate
      aria-label={credential ? `Edit ${label} credential` : `New ${label} credential`}
    >
      <Stack gap="md">
        <FormError message={saving.error} />
        <TextInput
          {...form.getInputProps('name')}
          label="Name"
          description="Unique among the customer's credentials of this kind; scan profiles list it by this name."
          withAsterisk
          autoComplete="off"
          data-autofocus
        />
        {kind === 'linux' && <LinuxFields {...fields} />}
        {kind === 'windows' && <WindowsFields {...fields} />}
        {kind === 'kubernetes' && <KubernetesFields {...fields} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone()} disabled={saving.busy}>
            Cancel
          </Button>
          <Button type="submit" loading={saving.busy}>
            {credential ? 'Save' : 'Add credential'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
