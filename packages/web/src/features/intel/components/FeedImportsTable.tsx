// Superusers: the feed imports, newest first, ten per page from the server; asks again every 2 s while one is under way.
import { Card, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../../components/data-table/index.ts';
import type { ListState } from '../../../components/filter-bar/index.ts';
import { FEED_IMPORT_COLUMNS } from './feed-import-columns.tsx';
import { feedImportsQuery } from '../api/intel-queries.ts';
import { useRefreshStatusWhenSettled } from '../api/use-refresh-status-when-settled.ts';

export function FeedImportsTable({ list }: { list: ListState }) {
  const { data, error, isFetching, refetch } = useQuery(feedImportsQuery(list.query));
  useRefreshStatusWhenSettled(data?.results);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="feed-imports-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="feed-imports-heading">
          Imports
        </Title>
        <DataTable
          id="feed-imports"
          caption="Imports"
          columns={FEED_IMPORT_COLUMNS}
          rows={data?.results}
          rowKey={(item) => item.id}
          rowProps={(item) => ({ 'data-import-id': item.id })}
          error={error}
          errorMessage="The imports could not be loaded. Reload the page to try again."
          onRetry={() => void refetch()}
          loadingLabel="Loading the imports…"
          empty={{ title: 'No import has been started from Bulwark yet.' }}
          fetching={isFetching}
          paging={list.paging(data?.count ?? 0, 'imports', 'import')}
          minWidth={980}
        />
      </Stack>
    </Card>
  );
}
