// "Sync from Azure AD": reads the directory through Microsoft Graph (the customer's `azure` integration) and says what
// changed — users read, created, updated, deactivated, pages and throttled answers waited out. Offered when the azure
// integration is enabled, or when its settings cannot be read by this user (the server then decides).
import { useState } from 'react';
import { Alert, Button, List, Modal, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, type DirectorySyncResult } from '@bulwark/core';
import { toastFailure, toastSuccess } from '../../../components/toasts.tsx';
import { useSession } from '../../../session/session.ts';
import { INTEGRATION_KEYS, customerIdOf, fetchIntegration } from '../../integrations/api/integrations-api.ts';
import { FRA_KEYS, recipients } from '../api.ts';
import { plural } from '../format.ts';

export function SyncResult({ result }: { result: DirectorySyncResult }) {
  return (
    <Alert color="green" title="Directory synchronised" role="status">
      <List size="sm">
        <List.Item>{plural(result.fetched, 'user read', 'users read')} from Azure AD</List.Item>
        <List.Item>{plural(result.created, 'recipient created', 'recipients created')}</List.Item>
        <List.Item>{plural(result.updated, 'recipient updated', 'recipients updated')}</List.Item>
        <List.Item>{plural(result.deactivated, 'recipient deactivated', 'recipients deactivated')} (gone or disabled)</List.Item>
        <List.Item>
          {plural(result.pages, 'page', 'pages')} read; {plural(result.throttled, 'throttled answer', 'throttled answers')} waited out
        </List.Item>
      </List>
      <Text size="xs" c="dimmed" mt="xs">
        Finished {formatDateTime(result.finished)}
      </Text>
    </Alert>
  );
}

export function AzureSyncButton() {
  const session = useSession();
  const queryClient = useQueryClient();
  const customerId = customerIdOf(session);
  const settings = useQuery({
    queryKey: INTEGRATION_KEYS.settings(customerId ?? 0, 'azure'),
    queryFn: ({ signal }) => fetchIntegration(customerId ?? 0, 'azure', signal),
    enabled: customerId !== null,
    retry: false,
  });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<DirectorySyncResult | null>(null);
  if (!(settings.data?.enabled || settings.isError)) return null;

  async function sync() {
    setBusy(true);
    try {
      const answer = await recipients.syncAzure();
      setResult(answer);
      toastSuccess('Directory synchronised.');
      await queryClient.invalidateQueries({ queryKey: FRA_KEYS.recipients });
    } catch (error) {
      toastFailure(error, 'The directory could not be synchronised.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="light" loading={busy} onClick={() => void sync()}>
        Sync from Azure AD
      </Button>
      <Modal opened={result !== null} onClose={() => setResult(null)} title="Sync from Azure AD">
        {result && <SyncResult result={result} />}
      </Modal>
    </>
  );
}
