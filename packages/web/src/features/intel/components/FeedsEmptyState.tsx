// What the summary shows before any feed is stored: that the sync fetches them by itself (or that it is off), and how
// an installation without internet imports them.
import { Card, Code, Stack, Text, Title } from '@mantine/core';
import type { FeedSyncStatus } from '@bulwark/core';

export const FEEDS_IMPORT_COMMAND = 'npx bulwark feeds import bulwark-feeds.tar.gz';

export function FeedsEmptyState({ canImport, sync }: { canImport: boolean; sync: FeedSyncStatus }) {
  const running = sync.running;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="feeds-empty-heading" data-testid="feeds-empty">
      <Stack gap="xs">
        <Title order={2} size="h4" id="feeds-empty-heading">
          {running ? 'The first feed sync is running' : 'No vulnerability feeds stored yet'}
        </Title>
        <Text size="sm">
          Without the feeds Bulwark cannot tell which CVEs affect a product or package.{' '}
          {sync.enabled
            ? 'Bulwark downloads the NVD, CISA KEV, FIRST EPSS, OSV and Debian feeds by itself: the first sync starts with the server, then one runs every day. Feed sync below shows how far it is.'
            : 'Automatic sync is off on this server, so the feeds come only from a sync started by hand or an import.'}
        </Text>
        <Text size="sm">
          An installation without internet imports an offline bundle made with <Code>npx bulwark feeds bundle</Code> on one that has it:
        </Text>
        <Code block>{FEEDS_IMPORT_COMMAND}</Code>
        <Text size="sm" c="dimmed">
          {canImport
            ? 'Or place feed files in the server’s feeds directory and start an import with the form below.'
            : 'Ask a platform operator if the feeds stay empty.'}
        </Text>
      </Stack>
    </Card>
  );
}
