// Domains (issue 31): being built.
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function DomainsPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Domains" />
      <Text c="dimmed">This page is being built.</Text>
    </Stack>
  );
}
