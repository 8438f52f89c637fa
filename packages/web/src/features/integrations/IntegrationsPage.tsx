// /admin/integrations/email|slack|teams|webhooks|beyondtrust|azure (superusers): one integration of the signed-in user's
// customer (the ticketing integrations jira|servicenow|topdesk have their own page, TrackerPage, served from here too) — its settings (GET/PUT app1/customer/{id}/{type}/, secrets masked); for the notification channels a test
// message, for webhooks how a receiver checks the signature, and the delivery log of that channel; for BeyondTrust
// Password Safe a test of a managed account. One component serves the five routes; the page of each type is keyed by
// it, so moving between them starts afresh.
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import type { IntegrationSettings, SettingsIntegration } from '@bulwark/core';
import { messageOf } from '../../api/errors.ts';
import { useSession } from '../../session/session.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { NotAvailablePage } from '../system/NotAvailablePage.tsx';
import { AzureSyncNow } from './components/AzureFields.tsx';
import { BeyondTrustAccountTest } from './components/BeyondTrustAccountTest.tsx';
import { DeliveryLog } from './components/DeliveryLog.tsx';
import { IntegrationForm } from './components/IntegrationForm.tsx';
import { IntegrationNav } from './components/IntegrationNav.tsx';
import { integrationLabel, integrationOfPath, isNotificationIntegration } from './integration-form.ts';
import { INTEGRATION_KEYS, customerIdOf, fetchIntegration } from './api/integrations-api.ts';
import { WebhookVerification } from './components/WebhookVerification.tsx';
import { TrackerPage } from './TrackerPage.tsx';
import { trackerOfPath } from './tracker-form.ts';

const PAGES: Record<SettingsIntegration, { title: string; description: string }> = {
  email: {
    title: 'Email notifications',
    description:
      'The mail server notification e-mails leave through. Until you set up your own, the installation’s mail server sends them.',
  },
  slack: { title: 'Slack notifications', description: 'Scan notifications posted to a Slack channel.' },
  teams: { title: 'Microsoft Teams notifications', description: 'Scan notifications posted to a Microsoft Teams channel.' },
  webhooks: {
    title: 'Webhook notifications',
    description: 'Scan events sent as signed JSON to a system of your own: a SOAR, a ticketing bridge, a chat relay.',
  },
  beyondtrust: {
    title: 'BeyondTrust Password Safe',
    description:
      'Authenticated scans borrow the passwords and SSH keys of accounts Password Safe manages, so that they never need to be stored in Bulwark.',
  },
  azure: {
    title: 'Azure AD',
    description: 'Phishing recipients synced from your Microsoft Entra ID (Azure AD) through Microsoft Graph.',
  },
};

/** What follows the settings form: BeyondTrust's account test once the settings are loaded. */
function AfterForm({
  type,
  customerId,
  settings,
}: {
  type: SettingsIntegration;
  customerId: number | null;
  settings?: IntegrationSettings;
}) {
  if (type === 'beyondtrust')
    return customerId !== null && settings ? <BeyondTrustAccountTest customerId={customerId} settings={settings} /> : null;
  if (type === 'azure') return settings ? <AzureSyncNow enabled={settings.enabled} /> : null;
  return (
    <>
      {type === 'webhooks' && <WebhookVerification />}
      {isNotificationIntegration(type) && <DeliveryLog type={type} />}
    </>
  );
}

function IntegrationPage({ type }: { type: SettingsIntegration }) {
  const session = useSession();
  const customerId = customerIdOf(session);
  const settings = useQuery({
    queryKey: INTEGRATION_KEYS.settings(customerId ?? 0, type),
    queryFn: ({ signal }) => fetchIntegration(customerId ?? 0, type, signal),
    enabled: customerId !== null,
  });
  const page = PAGES[type];
  const label = integrationLabel(type);

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={page.title}
        description={
          isNotificationIntegration(type) ? (
            <>
              {page.description} Which scans notify whom is chosen on each{' '}
              <Anchor component={Link} to="/scans/schedules" inherit>
                schedule
              </Anchor>
              .
            </>
          ) : (
            page.description
          )
        }
      />
      <IntegrationNav current={type} />
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
        <IntegrationForm type={type} customerId={customerId} settings={settings.data} />
      )}
      <AfterForm type={type} customerId={customerId} settings={settings.data} />
    </Stack>
  );
}

export default function IntegrationsPage() {
  const { pathname } = useLocation();
  const tracker = trackerOfPath(pathname);
  if (tracker) return <TrackerPage key={tracker} tracker={tracker} />;
  const type = integrationOfPath(pathname);
  if (!type) return <NotAvailablePage title="Integrations" />;
  return <IntegrationPage key={type} type={type} />;
}
