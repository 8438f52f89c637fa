// /admin/integrations/domain-asset-discovery (superusers): the customer's domains and how their host names are looked
// for (the settings), the discovery runs with their progress, and the host names found — each with where it came from,
// its addresses and whether it is an asset already — to add as host assets.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../api/errors.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useSession } from '../../session/session.ts';
import { IntegrationNav } from '../integrations/components/IntegrationNav.tsx';
import { customerIdOf } from '../integrations/api/integrations-api.ts';
import { DISCOVERY_KEYS, fetchDiscoverySettings } from './api/domain-discovery-api.ts';
import { DiscoveryRuns } from './components/DiscoveryRuns.tsx';
import { DiscoverySettingsForm } from './components/DiscoverySettingsForm.tsx';

export default function DomainDiscoveryPage() {
  const session = useSession();
  const customerId = customerIdOf(session);
  const settings = useQuery({
    queryKey: DISCOVERY_KEYS.settings(customerId ?? 0),
    queryFn: ({ signal }) => fetchDiscoverySettings(customerId ?? 0, signal),
    enabled: customerId !== null,
  });

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="Domain asset discovery"
        description="Finds the host names of your domains — common names, name and mail servers, zone transfers, certificates your scans have seen and certificate-transparency logs — and lets you add them as assets to scan."
      />
      <IntegrationNav current="domain-asset-discovery" />
      {customerId === null ? (
        <Alert color="red" variant="light" role="alert">
          Your organisation is not known yet, so its discovery settings cannot be shown. Reload the page.
        </Alert>
      ) : settings.isPending ? (
        <PageLoader label="Loading the discovery settings…" />
      ) : settings.isError ? (
        <Alert color="red" variant="light" role="alert" title="The discovery settings cannot be shown">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{messageOf(settings.error, 'The discovery settings could not be loaded.')}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : (
        <>
          <DiscoverySettingsForm customerId={customerId} settings={settings.data} />
          <DiscoveryRuns customerId={customerId} settings={settings.data} />
        </>
      )}
    </Stack>
  );
}
