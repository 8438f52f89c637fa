// Cloud scan result (issue 32): being built.
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function CloudScanResultPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Cloud scan result" />
      <Text c="dimmed">This page is being built.</Text>
    </Stack>
  );
}
