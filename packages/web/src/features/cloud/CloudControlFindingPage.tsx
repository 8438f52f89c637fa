// Cloud policy finding (issue 32): being built.
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function CloudControlFindingPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Cloud policy finding" />
      <Text c="dimmed">This page is being built.</Text>
    </Stack>
  );
}
