// What the summary shows before any feed is imported: what is missing and how to import it.
import { Card, Code, Stack, Text, Title } from '@mantine/core';

export const FEEDS_IMPORT_COMMAND = 'npx bulwark feeds import nvdcve-2.0-2024.json.xz known_exploited_vulnerabilities.json …';

export function FeedsEmptyState({ canImport }: { canImport: boolean }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="feeds-empty-heading" data-testid="feeds-empty">
      <Stack gap="xs">
        <Title order={2} size="h4" id="feeds-empty-heading">
          No vulnerability feeds imported yet
        </Title>
        <Text size="sm">
          Without the feeds Bulwark cannot tell which CVEs affect a product or package. Import the NVD CVE files, the CISA KEV catalog, the
          FIRST EPSS scores and OSV advisories on the server with the command line:
        </Text>
        <Code block>{FEEDS_IMPORT_COMMAND}</Code>
        <Text size="sm" c="dimmed">
          {canImport
            ? 'Or place the files in the server’s feeds directory and start an import with the form below.'
            : 'Ask an administrator to import them.'}
        </Text>
      </Stack>
    </Card>
  );
}
