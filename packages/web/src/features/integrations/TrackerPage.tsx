// /admin/integrations/jira|servicenow|topdesk (superusers): one ticketing integration of the signed-in user's customer —
// its settings (GET/PUT app1/customer/{id}/{tracker}/, secrets masked) with the connection and test-ticket checks, the
// sync state, and the log of every call made to the tracker.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Tracker } from '@bulwark/core';
import { messageOf } from '../../api/errors.ts';
import { useSession } from '../../session/session.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { IntegrationNav } from './components/IntegrationNav.tsx';
import { TrackerDeliveryLog } from './components/TrackerDeliveryLog.tsx';
import { TrackerSettingsForm } from './components/TrackerSettingsForm.tsx';
import { TrackerSyncPanel } from './components/TrackerSyncPanel.tsx';
import { customerIdOf } from './api/integrations-api.ts';
import { TRACKER_KEYS, fetchTrackerSettings } from './api/trackers-api.ts';
import { trackerLabel } from './tracker-form.ts';

const DESCRIPTIONS: Record<Tracker, string> = {
  jira: 'Tickets become Jira issues (Cloud or Data Center) and stay in sync both ways: fields, comments and status. Closing an issue in Jira starts Bulwark’s re-test.',
  servicenow:
    'Tickets become ServiceNow incidents (or records of a table you choose) and stay in sync both ways. Resolving one in ServiceNow starts Bulwark’s re-test.',
  topdesk: 'Tickets become TOPdesk incidents and stay in sync both ways. Completing one in TOPdesk starts Bulwark’s re-test.',
};

export function TrackerPage({ tracker }: { tracker: Tracker }) {
  const session = useSession();
  const customerId = customerIdOf(session);
  const label = trackerLabel(tracker);
  const settings = useQuery({
    queryKey: TRACKER_KEYS.settings(customerId ?? 0, tracker),
    queryFn: ({ signal }) => fetchTrackerSettings(customerId ?? 0, tracker, signal),
    enabled: customerId !== null,
  });

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={label} description={DESCRIPTIONS[tracker]} />
      <IntegrationNav current={tracker} />
      {customerId === null ? (
        <Alert color="red" variant="light" role="alert">
          Your organisation is not known yet, so its {label} settings cannot be shown. Reload the page.
        </Alert>
      ) : settings.isPending ? (
        <PageLoader label={`Loading the ${label} settings…`} />
      ) : settings.isError ? (
        <Alert color="red" variant="light" role="alert" title={`The ${label} settings cannot be shown`}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{messageOf(settings.error, `The ${label} settings could not be loaded.`)}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : (
        <>
          <TrackerSettingsForm tracker={tracker} customerId={customerId} settings={settings.data} />
          <TrackerSyncPanel tracker={tracker} />
          <TrackerDeliveryLog tracker={tracker} />
        </>
      )}
    </Stack>
  );
}
