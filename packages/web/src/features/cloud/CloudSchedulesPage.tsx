// Cloud schedules (issue 32): being built.
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function CloudSchedulesPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Cloud schedules" />
      <Text c="dimmed">This page is being built.</Text>
    </Stack>
  );
}
