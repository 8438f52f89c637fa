// Phishing templates (issue 31): being built.
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';

export default function PhishingTemplatesPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Phishing templates" />
      <Text c="dimmed">This page is being built.</Text>
    </Stack>
  );
}
