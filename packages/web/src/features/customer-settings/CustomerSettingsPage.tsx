// /admin/subscription (superusers): the customer's subscription (read-only) and its settings (lifecycle management,
// risk-acceptance approval, blackout window) and single sign-on (SAML), read fresh from GET customer/.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../api/errors.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { CUSTOMER_SETTINGS_KEYS, fetchCustomerSettings } from './customer-settings-api.ts';
import { SamlSettingsCard } from './SamlSettingsCard.tsx';
import { SettingsForm } from './SettingsForm.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';

export default function CustomerSettingsPage() {
  const customer = useQuery({ queryKey: CUSTOMER_SETTINGS_KEYS.customer, queryFn: ({ signal }) => fetchCustomerSettings(signal) });
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title="Subscription and settings"
        description="Your organisation's subscription, and how Bulwark archives hosts, approves accepted risks and pauses scans."
      />
      {customer.isPending ? (
        <PageLoader label="Loading the subscription…" />
      ) : customer.isError ? (
        <Alert color="red" variant="light" role="alert" title="The subscription cannot be shown">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{messageOf(customer.error, 'The subscription and settings could not be loaded.')}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void customer.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : (
        <>
          <SubscriptionCard customer={customer.data} />
          <SettingsForm customer={customer.data} />
          <SamlSettingsCard customer={customer.data} />
        </>
      )}
    </Stack>
  );
}
