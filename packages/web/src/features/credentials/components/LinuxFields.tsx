// The fields of a Linux (SSH) credential: method, port, username with a password or an SSH key (and its passphrase),
// or the vault's system and account; then privilege escalation, with the root password for su.
import { NumberInput, Radio, Stack, Switch } from '@mantine/core';
import { PRIVILEGE_ESCALATIONS, PRIVILEGE_ESCALATION_LABELS } from '@bulwark/core';
import { DEFAULT_SSH_PORT } from '../credential-form.ts';
import { CredentialSecret } from './CredentialSecret.tsx';
import type { CredentialFieldsProps } from '../fields.ts';
import { MethodField, TextField, VaultFields } from './CommonFields.tsx';

export function LinuxFields({ form, saved }: CredentialFieldsProps) {
  const v = form.values;
  const vault = v.method === 'vault';
  return (
    <Stack gap="md">
      <MethodField form={form} kind="linux" />
      <NumberInput
        {...form.getInputProps('port')}
        label="SSH port"
        description={`Empty: ${DEFAULT_SSH_PORT}.`}
        placeholder={String(DEFAULT_SSH_PORT)}
        min={1}
        max={65535}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        w={{ base: '100%', sm: 200 }}
      />
      {vault ? (
        <>
          <VaultFields form={form} />
          <Switch
            {...form.getInputProps('use_dsskey', { type: 'checkbox' })}
            label="Log in with the account's SSH key"
            description="On: Bulwark retrieves the managed account's SSH key from the vault. Off: its password."
          />
        </>
      ) : (
        <>
          <TextField form={form} field="username" label="Username" />
          <Switch
            {...form.getInputProps('use_dsskey', { type: 'checkbox' })}
            label="Log in with an SSH key"
            description="Off: log in with the password. The key and its passphrase are removed on save."
          />
          {v.use_dsskey ? (
            <>
              <CredentialSecret
                label="Private key"
                description="The whole key in OpenSSH or PEM format, from -----BEGIN to -----END. Pasted \n escapes become line breaks."
                saved={saved.has('priv_key')}
                input={form.getInputProps('priv_key')}
                required
                multiline
                placeholder="-----BEGIN OPENSSH PRIVATE KEY-----"
              />
              <CredentialSecret
                label="Passphrase"
                description="Only for an encrypted key."
                saved={saved.has('priv_key_passwd')}
                input={form.getInputProps('priv_key_passwd')}
              />
              <CredentialSecret
                label="Password"
                description="Optional with a key: the account's password, for sudo when it asks for one."
                saved={saved.has('passwd')}
                input={form.getInputProps('passwd')}
              />
            </>
          ) : (
            <CredentialSecret label="Password" saved={saved.has('passwd')} input={form.getInputProps('passwd')} required />
          )}
        </>
      )}
      <Radio.Group
        {...form.getInputProps('privilege_escalation')}
        label="Privilege escalation"
        description="Some package lists and system files need root."
      >
        <Stack gap={6} mt={6}>
          {PRIVILEGE_ESCALATIONS.map((escalation) => (
            <Radio key={escalation} value={escalation} label={PRIVILEGE_ESCALATION_LABELS[escalation]} />
          ))}
        </Stack>
      </Radio.Group>
      {v.privilege_escalation === 'su' && (
        <CredentialSecret
          label="Root password"
          saved={saved.has('escalation_passwd')}
          input={form.getInputProps('escalation_passwd')}
          required
        />
      )}
    </Stack>
  );
}
