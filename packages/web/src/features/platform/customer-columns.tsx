// The columns of the platform's customer list: name, tier, licence (expired in red), scan tasks at once, feature flags,
// users, created, Edit.
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { formatDate, type PlatformCustomer } from '@bulwark/core';
import { tierLabel } from '../../components/account-labels.ts';
import type { DataColumn } from '../../components/data-table/index.ts';
import { customerLicence, taskLimitText, type LicenceState } from './customer-form.ts';

const LICENCE_COLORS: Record<LicenceState, string | undefined> = { expired: 'red', expiring: 'orange', active: 'dimmed', none: 'dimmed' };

function Licence({ customer }: { customer: PlatformCustomer }) {
  const licence = customerLicence(customer);
  return (
    <Stack gap={0}>
      {customer.license_end_date && <Text size="sm">{customer.license_end_date.slice(0, 10)}</Text>}
      <Text
        size={customer.license_end_date ? 'xs' : 'sm'}
        c={LICENCE_COLORS[licence.state]}
        fw={licence.state === 'expired' ? 600 : undefined}
        data-licence={licence.state}
      >
        {licence.text}
      </Text>
    </Stack>
  );
}

export function customerColumns(onEdit: (customer: PlatformCustomer) => void): DataColumn<PlatformCustomer>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      cell: (customer) => (
        <Text size="sm" fw={500}>
          {customer.name}
        </Text>
      ),
    },
    { key: 'tier', header: 'Tier', cell: (customer) => <Text size="sm">{tierLabel(customer.subscription_tier)}</Text> },
    { key: 'licence', header: 'Licence', cell: (customer) => <Licence customer={customer} /> },
    {
      key: 'tasks',
      header: 'Scan tasks at once',
      hideable: true,
      cell: (customer) => (
        <Text
          size="sm"
          c={customer.max_concurrent_tasks === null ? 'dimmed' : undefined}
          data-task-limit={customer.max_concurrent_tasks ?? 'none'}
        >
          {taskLimitText(customer.max_concurrent_tasks)}
        </Text>
      ),
    },
    {
      key: 'flags',
      header: 'Feature flags',
      hideable: true,
      cell: (customer) =>
        customer.feature_flags.length === 0 ? (
          <Text size="sm" c="dimmed">
            No flags
          </Text>
        ) : (
          <Group gap={4}>
            {customer.feature_flags.map((flag) => (
              <Badge key={flag} size="sm" variant="outline" tt="none">
                {flag}
              </Badge>
            ))}
          </Group>
        ),
    },
    { key: 'users', header: 'Users', hideable: true, cell: (customer) => <Text size="sm">{customer.users}</Text> },
    { key: 'created', header: 'Created', hideable: true, cell: (customer) => <Text size="sm">{formatDate(customer.created) || '–'}</Text> },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (customer) => (
        <Button size="compact-sm" variant="light" onClick={() => onEdit(customer)} aria-label={`Edit ${customer.name}`}>
          Edit
        </Button>
      ),
    },
  ];
}
