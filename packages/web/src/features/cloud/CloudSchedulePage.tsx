// Cloud schedule (issue 32): being built.
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function CloudSchedulePage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Cloud schedule" />
      <Text c="dimmed">This page is being built.</Text>
    </Stack>
  );
}
