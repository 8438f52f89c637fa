// Training finding (issue 31): being built.
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function PatFindingPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Training finding" />
      <Text c="dimmed">This page is being built.</Text>
    </Stack>
  );
}
