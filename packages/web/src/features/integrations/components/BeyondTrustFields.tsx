// The BeyondTrust Password Safe integration's fields: on or off, the Password Safe API's base URL, the run-as user and the
// API registration key (a secret, answered masked), with what Bulwark does with them at scan time.
import { Anchor, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import type { IntegrationFieldsProps } from '../fields.ts';
import { hasSavedApiKey } from '../integration-form.ts';
import { SecretField } from './SecretField.tsx';

export function BeyondTrustFields({ form, settings }: IntegrationFieldsProps) {
  const on = form.values.enabled;
  return (
    <Stack gap="md">
      <Text size="sm" data-testid="beyondtrust-how">
        <Anchor component={Link} to="/scans/scan-credentials" inherit>
          Scan credentials
        </Anchor>{' '}
        of the method “Privileged-access vault” name a managed system and account instead of a password. When a scan task starts, Bulwark
        signs in to Password Safe as the run-as user, requests that account, retrieves its password or SSH key for the task, and checks the
        request in when the task ends. The password or key is only held while the task runs: Bulwark never stores it.
      </Text>
      <Switch
        {...form.getInputProps('enabled', { type: 'checkbox' })}
        label="Borrow scan credentials from BeyondTrust Password Safe"
        description="While off, Bulwark asks Password Safe for nothing, and scans cannot log in with vault credentials."
      />
      <TextInput
        {...form.getInputProps('url')}
        label="API URL"
        description="The base URL of the Password Safe public API, as Bulwark’s server reaches it. Use https://."
        placeholder="https://vault.example.com/BeyondTrust/api/public/v3"
        withAsterisk={on}
        autoComplete="off"
        spellCheck={false}
        type="url"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...form.getInputProps('api_user')}
          label="Run-as user"
          description="The Password Safe user Bulwark signs in as. It must be allowed to request the managed accounts your credentials name."
          placeholder="svc-bulwark"
          withAsterisk={on}
          autoComplete="off"
          spellCheck={false}
        />
        <SecretField
          label="API key"
          name="API key"
          description="The key of an API registration (Configuration › General › API Registrations) that lets this user in from Bulwark’s address. Stored encrypted."
          saved={hasSavedApiKey(settings)}
          mode={form.values.api_key_mode}
          onModeChange={(mode) => form.setFieldValue('api_key_mode', mode)}
          input={form.getInputProps('api_key')}
          required={on}
        />
      </SimpleGrid>
    </Stack>
  );
}
