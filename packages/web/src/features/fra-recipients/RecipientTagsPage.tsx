// Recipient tags (issue 31): being built.
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function RecipientTagsPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Recipient tags" />
      <Text c="dimmed">This page is being built.</Text>
    </Stack>
  );
}
