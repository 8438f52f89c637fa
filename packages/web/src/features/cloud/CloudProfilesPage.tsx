// Cloud scan profiles (issue 32): being built.
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function CloudProfilesPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Cloud scan profiles" />
      <Text c="dimmed">This page is being built.</Text>
    </Stack>
  );
}
