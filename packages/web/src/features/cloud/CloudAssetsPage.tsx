// Cloud assets (issue 32): being built.
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function CloudAssetsPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Cloud assets" />
      <Text c="dimmed">This page is being built.</Text>
    </Stack>
  );
}
