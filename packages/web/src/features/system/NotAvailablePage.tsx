// The honest page of an area a later release builds: it says the area is not available yet and offers a way back.
import { Anchor, Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { INDEX_PATH } from '@bulwark/core';
import { PageHeader } from '../../components/PageHeader.tsx';

export function NotAvailablePage({ title }: { title: string }) {
  return (
    <Stack gap="lg" data-testid="not-available">
      <PageHeader title={title} />
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Text fw={600}>This area is not available yet.</Text>
          <Text c="dimmed">
            {title} is part of Bulwark but has not been built in this version. Nothing on this page works yet, and no data is shown here.
          </Text>
          <Anchor component={Link} to={INDEX_PATH}>
            Back to the dashboard
          </Anchor>
        </Stack>
      </Card>
    </Stack>
  );
}
