// The Azure integration's fields: on or off, the directory (tenant) id, the app registration's client id and a client
// secret (answered masked), with what Bulwark does with them — read the users of the directory through Microsoft Graph
// into the phishing recipients ("Sync now", or "Sync from Azure AD" on the recipient list).
import { useState } from 'react';
import { Anchor, Button, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { DirectorySyncResult } from '@bulwark/core';
import { toastFailure, toastSuccess } from '../../../components/toasts.tsx';
import { FRA_KEYS, recipients } from '../../fra-recipients/api.ts';
import { SyncResult } from '../../fra-recipients/components/AzureSync.tsx';
import type { IntegrationFieldsProps } from '../fields.ts';
import { SecretField } from './SecretField.tsx';

/** "Sync now": runs the directory sync with the saved settings and shows what changed. */
export function AzureSyncNow({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<DirectorySyncResult | null>(null);
  async function sync() {
    setBusy(true);
    try {
      setResult(await recipients.syncAzure());
      toastSuccess('Directory synchronised.');
      await queryClient.invalidateQueries({ queryKey: FRA_KEYS.recipients });
    } catch (error) {
      toastFailure(error, 'The directory could not be synchronised.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap="sm">
      <Group>
        <Button variant="light" loading={busy} disabled={!enabled} onClick={() => void sync()}>
          Sync now
        </Button>
        {!enabled && (
          <Text size="sm" c="dimmed">
            Save the settings turned on to sync.
          </Text>
        )}
      </Group>
      {result && <SyncResult result={result} />}
    </Stack>
  );
}

export function AzureFields({ form, settings }: IntegrationFieldsProps) {
  const on = form.values.enabled;
  const saved = settings.client_secret !== null && settings.client_secret !== '';
  return (
    <Stack gap="md">
      <Text size="sm">
        Bulwark reads the users of your Microsoft Entra ID (Azure AD) through Microsoft Graph and keeps the{' '}
        <Anchor component={Link} to="/fra/recipients" inherit>
          phishing recipients
        </Anchor>{' '}
        in step: new users are added, changed ones updated, and disabled or departed ones deactivated. Register an application with the
        Microsoft Graph application permission User.Read.All (admin consent granted) and give its IDs and a client secret here.
      </Text>
      <Switch
        {...form.getInputProps('enabled', { type: 'checkbox' })}
        label="Sync phishing recipients from Azure AD"
        description="While off, Bulwark asks Microsoft Graph for nothing."
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...form.getInputProps('tenant')}
          label="Directory (tenant) ID"
          placeholder="00000000-0000-0000-0000-000000000000"
          withAsterisk={on}
          autoComplete="off"
          spellCheck={false}
        />
        <TextInput
          {...form.getInputProps('client_id')}
          label="Application (client) ID"
          placeholder="00000000-0000-0000-0000-000000000000"
          withAsterisk={on}
          autoComplete="off"
          spellCheck={false}
        />
      </SimpleGrid>
      <SecretField
        label="Client secret"
        name="client secret"
        description="A client secret of the app registration (Certificates & secrets). Stored encrypted."
        saved={saved}
        mode={form.values.client_secret_mode}
        onModeChange={(mode) => form.setFieldValue('client_secret_mode', mode)}
        input={form.getInputProps('client_secret')}
        required={on}
      />
    </Stack>
  );
}
