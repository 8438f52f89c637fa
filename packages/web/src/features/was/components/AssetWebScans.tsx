// The web scans of one web-application asset (its asset page's "Web scans" tab): its web and discovery runs with their
// crawl progress and actions, newest first, and a button to start one on it.
import { Link } from 'react-router';
import { Button, Group, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable } from '../../../components/data-table/index.ts';
import { useListState } from '../../../components/filter-bar/index.ts';
import { DEFAULT_RUN_ORDERING, runPollInterval } from '../../scans/scan-format.ts';
import { fetchWebRuns } from '../api/web-scans-api.ts';
import { useWebAccess } from '../web-access.ts';
import { WEB_KEYS } from '../web-queries.ts';
import { WEB_RUN_COLUMNS } from './web-run-columns.tsx';

/** /was/scans/start/{assetId}. */
export const startWebScanPath = (assetId: number): string => `/was/scans/start/${assetId}`;

export function AssetWebScans({ assetId }: { assetId: number }) {
  const access = useWebAccess();
  const list = useListState({
    prefix: 'webscans',
    pageSize: 10,
    defaultOrdering: DEFAULT_RUN_ORDERING,
    sortKeys: ['name', 'started'],
    filters: [],
  });
  const query = { ...list.query, asset: assetId };
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: WEB_KEYS.assetPart(assetId, 'runs', query),
    queryFn: ({ signal }) => fetchWebRuns(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => runPollInterval(q.state.data?.results),
  });
  return (
    <Stack gap="sm">
      {access.create && (
        <Group justify="flex-end">
          <Button component={Link} to={startWebScanPath(assetId)}>
            Start web scan
          </Button>
        </Group>
      )}
      <DataTable
        id="asset-web-scans"
        caption="Web scans of this application"
        columns={WEB_RUN_COLUMNS}
        rows={data?.results}
        rowKey={(run) => run.id}
        error={error}
        errorMessage="The web scans could not be loaded."
        onRetry={() => void refetch()}
        loadingLabel="Loading web scans…"
        empty={{
          title: 'No web scan has run on this application yet.',
          description: 'Start one to crawl it and test what the crawl finds.',
        }}
        fetching={isFetching}
        ordering={list.ordering}
        onOrderingChange={list.setOrdering}
        paging={list.paging(data?.count ?? 0, 'runs', 'run')}
      />
    </Stack>
  );
}
