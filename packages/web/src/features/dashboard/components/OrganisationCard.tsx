// Dashboard card: the customer the user belongs to, its subscription tier and licence status.
import { Badge, Card, Stack, Title } from '@mantine/core';
import { isLicenceExpired, type Customer, type UserProfile } from '@bulwark/core';
import { licenceStatus, LICENCE_WARNING_DAYS } from '../../../components/licence.ts';
import { tierLabel } from '../../../components/account-labels.ts';
import { Fact } from './Fact.tsx';

export function OrganisationCard({ profile, customer }: { profile: UserProfile; customer: Customer | null }) {
  const days = customer?.days_to_expiration ?? profile.days_to_expiration;
  const color = isLicenceExpired(days) ? 'red' : days !== null && days <= LICENCE_WARNING_DAYS ? 'yellow' : 'teal';
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Organisation
      </Title>
      <Stack gap={6} component="dl" m={0}>
        <Fact term="Customer" testId="customer">
          {customer?.name ?? profile.customer_name}
        </Fact>
        {customer && <Fact term="Subscription">{tierLabel(customer.subscription_tier)}</Fact>}
        <Fact term="Licence" testId="licence-status">
          <Badge color={color} variant="light">
            {licenceStatus(days)}
          </Badge>
        </Fact>
        {customer?.license_end_date && <Fact term="Licence ends">{customer.license_end_date.slice(0, 10)}</Fact>}
      </Stack>
    </Card>
  );
}
