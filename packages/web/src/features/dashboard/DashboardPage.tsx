// /dashboard: a welcome overview of the signed-in user, their organisation and licence, and the areas they can open.
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../app/session.ts';
import { displayName } from '../../components/display-name.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { AccountCard } from './AccountCard.tsx';
import { OrganisationCard } from './OrganisationCard.tsx';
import { AreaLinks } from './AreaLinks.tsx';

export default function DashboardPage() {
  const session = useSession();
  const { profile } = session;
  if (!profile) return null;
  const greeting = profile.first_name.trim() || displayName(profile);
  return (
    <Stack gap="lg">
      <PageHeader title="Dashboard" description={`Welcome, ${greeting}.`} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <AccountCard profile={profile} />
        <OrganisationCard profile={profile} customer={session.customer} />
      </SimpleGrid>
      <Card withBorder padding="lg" data-testid="dashboard-widgets-note">
        <Title order={2} size="h4" mb={4}>
          Dashboard widgets
        </Title>
        <Text c="dimmed" size="sm">
          The configurable widget grid (risk score, vulnerability trend, asset inventory and more) is not available yet. Until it is, this
          page shows your account and the areas you can open.
        </Text>
      </Card>
      <AreaLinks session={session} />
    </Stack>
  );
}
