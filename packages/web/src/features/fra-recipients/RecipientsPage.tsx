// Recipients (issue 31): being built.
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function RecipientsPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Recipients" />
      <Text c="dimmed">This page is being built.</Text>
    </Stack>
  );
}
