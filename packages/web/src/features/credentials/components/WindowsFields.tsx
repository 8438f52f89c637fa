// The fields of a Windows (SMB) credential: method, username, password and domain, or the vault's system and account;
// and whether only NTLMv2 may be used.
import { Stack, Switch } from '@mantine/core';
import { CredentialSecret } from './CredentialSecret.tsx';
import type { CredentialFieldsProps } from '../fields.ts';
import { MethodField, TextField, VaultFields } from './CommonFields.tsx';

export function WindowsFields({ form, saved }: CredentialFieldsProps) {
  const vault = form.values.method === 'vault';
  return (
    <Stack gap="md">
      <MethodField form={form} kind="windows" />
      {vault ? (
        <VaultFields form={form} />
      ) : (
        <>
          <TextField form={form} field="username" label="Username" />
          <CredentialSecret label="Password" saved={saved.has('passwd')} input={form.getInputProps('passwd')} required />
        </>
      )}
      <TextField
        form={form}
        field="domain"
        label="Domain"
        description="The Active Directory domain; empty for a local account."
        placeholder="CORP"
        required={false}
      />
      <Switch
        {...form.getInputProps('ntlm_v2_only', { type: 'checkbox' })}
        label="NTLMv2 only"
        description="Never fall back to the older NTLM and LM logins."
      />
    </Stack>
  );
}
