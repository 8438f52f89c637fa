// Where each feed's automatic sync stands (state, progress, last success, records, errors) and when the next one runs,
// for everyone; platform operators can start a sync now.
import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable } from '../../../components/data-table/index.ts';
import { messageOf } from '../../../api/errors.ts';
import { toastFailure, toastSuccess } from '../../../components/toasts.tsx';
import { FEED_SYNC_COLUMNS } from './feed-sync-columns.tsx';
import { startFeedSync } from '../api/intel-api.ts';
import { INTEL_KEYS, intelStatusQuery } from '../api/intel-queries.ts';
import { syncScheduleText } from '../intel-format.ts';

export function FeedSyncSection({ canSync }: { canSync: boolean }) {
  const queryClient = useQueryClient();
  const { data, error, isFetching, refetch } = useQuery(intelStatusQuery);
  const [busy, setBusy] = useState(false);
  const sync = data?.sync;

  async function syncNow() {
    setBusy(true);
    try {
      const started = await startFeedSync();
      toastSuccess(`${started.detail} Sources: ${started.sources.join(', ')}.`);
      await queryClient.invalidateQueries({ queryKey: INTEL_KEYS.status });
    } catch (failure) {
      toastFailure(failure, messageOf(failure, 'The feed sync could not be started.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="feed-sync-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} size="h4" id="feed-sync-heading">
              Feed sync
            </Title>
            {sync && (
              <Text size="sm" c="dimmed" data-testid="sync-schedule">
                {syncScheduleText(sync)}
              </Text>
            )}
          </Stack>
          {canSync && sync && (
            <Button onClick={() => void syncNow()} loading={busy || sync.running} disabled={sync.sources.length === 0}>
              {sync.running ? 'Syncing…' : 'Sync now'}
            </Button>
          )}
        </Group>
        {sync?.sources.some((s) => s.state === 'failed') && (
          <Alert color="red" variant="light" title="A feed could not be synced">
            Findings may miss what changed in it since its last success. The error of each source is in the table; the next sync tries
            again.
          </Alert>
        )}
        <DataTable
          id="feed-sync"
          caption="Feed sync"
          columns={FEED_SYNC_COLUMNS}
          rows={sync?.sources}
          rowKey={(item) => item.source}
          rowProps={(item) => ({ 'data-source': item.source, 'data-state': item.state })}
          error={error}
          errorMessage="The feed sync state could not be loaded. Reload the page to try again."
          onRetry={() => void refetch()}
          loadingLabel="Loading the feed sync state…"
          empty={{ title: 'No feed source is configured (BULWARK_FEEDS_SOURCES).' }}
          fetching={isFetching}
          minWidth={860}
        />
      </Stack>
    </Card>
  );
}
