// Fields shared by the kinds: the login method (a username with a password or key, or a privileged-access vault), the
// vault's managed system and account, and a plain text field of the form.
import { Radio, Stack, TextInput } from '@mantine/core';
import { CREDENTIAL_METHODS_OF, type ScanAuthOs } from '@bulwark/core';
import { methodLabel } from '../credential-format.ts';
import type { CredentialFieldsProps } from '../fields.ts';

type FormProps = Pick<CredentialFieldsProps, 'form'>;
type TextFieldName = 'name' | 'username' | 'system_name' | 'account_name' | 'domain' | 'url';

/** A plain text field of the form. */
export function TextField({
  form,
  field,
  label,
  description,
  placeholder,
  required = true,
}: FormProps & { field: TextFieldName; label: string; description?: string; placeholder?: string; required?: boolean }) {
  return (
    <TextInput
      {...form.getInputProps(field)}
      label={label}
      description={description}
      placeholder={placeholder}
      withAsterisk={required}
      autoComplete="off"
      spellCheck={false}
    />
  );
}

export function MethodField({ form, kind }: FormProps & { kind: ScanAuthOs }) {
  return (
    <Radio.Group {...form.getInputProps('method')} label="Method">
      <Stack gap={6} mt={6}>
        {CREDENTIAL_METHODS_OF[kind].map((method) => (
          <Radio key={method} value={method} label={methodLabel(method, true)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The managed system and account a vault credential requests at scan time. */
export function VaultFields({ form }: FormProps) {
  return (
    <>
      <TextField form={form} field="system_name" label="System name" description="The managed system in the vault." />
      <TextField
        form={form}
        field="account_name"
        label="Account name"
        description="The managed account whose password Bulwark requests when a scan starts."
      />
    </>
  );
}
