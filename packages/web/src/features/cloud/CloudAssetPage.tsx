// Cloud asset (issue 32): being built.
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function CloudAssetPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Cloud asset" />
      <Text c="dimmed">This page is being built.</Text>
    </Stack>
  );
}
