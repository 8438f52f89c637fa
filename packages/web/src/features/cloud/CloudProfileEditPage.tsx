// Cloud scan profile (issue 32): being built.
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function CloudProfileEditPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Cloud scan profile" />
      <Text c="dimmed">This page is being built.</Text>
    </Stack>
  );
}
