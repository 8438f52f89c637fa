// Web templates (issue 31): being built.
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function WebTemplatesPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Web templates" />
      <Text c="dimmed">This page is being built.</Text>
    </Stack>
  );
}
