// Schedules (issue 31): being built.
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function SchedulesPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Schedules" />
      <Text c="dimmed">This page is being built.</Text>
    </Stack>
  );
}
