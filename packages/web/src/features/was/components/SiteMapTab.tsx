// The site map of a web run: the path tree on one side, and the requests (URL, method, status, how the crawl found it,
// parameters) on the other — under the node chosen in the tree, searchable and filtered by source and status.
import { useState } from 'react';
import { Alert, Badge, Grid, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SITEMAP_SOURCES, SITEMAP_SOURCE_LABELS, type SitemapSource } from '@bulwark/core';
import { messageOf } from '../../../api/errors.ts';
import { DataTable, type DataColumn } from '../../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../../components/filter-bar/index.ts';
import { fetchSitemap, fetchSitemapTree, type SitemapEntry } from '../api/web-results-api.ts';
import { WEB_KEYS } from '../web-queries.ts';
import { SiteMapTree } from './SiteMapTree.tsx';

const FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search URLs', placeholder: 'Path or parameter', width: 220 },
  {
    kind: 'select',
    name: 'source',
    label: 'Found by',
    options: SITEMAP_SOURCES.map((s) => ({ value: s, label: SITEMAP_SOURCE_LABELS[s] })),
  },
  {
    kind: 'select',
    name: 'status',
    label: 'Status',
    options: ['2xx', '3xx', '4xx', '5xx'].map((s) => ({ value: s, label: s })),
  },
];

const statusColor = (status: number) => (status >= 500 ? 'red' : status >= 400 ? 'orange' : status >= 300 ? 'blue' : 'green');

const COLUMNS: DataColumn<SitemapEntry>[] = [
  {
    key: 'url',
    header: 'URL',
    sortKey: 'url',
    cell: (e) => (
      <>
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {e.url}
        </Text>
        {e.title && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {e.title}
          </Text>
        )}
      </>
    ),
  },
  { key: 'method', header: 'Method', cell: (e) => <Text size="sm">{e.method}</Text> },
  {
    key: 'status',
    header: 'Status',
    sortKey: 'status',
    cell: (e) => (
      <Badge variant="light" color={statusColor(e.status)}>
        {e.status}
      </Badge>
    ),
  },
  {
    key: 'source',
    header: 'Found by',
    hideable: true,
    cell: (e) => <Text size="sm">{SITEMAP_SOURCE_LABELS[e.source as SitemapSource] ?? e.source}</Text>,
  },
  {
    key: 'parameters',
    header: 'Parameters',
    hideable: true,
    cell: (e) => (
      <Group gap={4}>
        {e.parameters.length === 0 ? (
          <Text size="sm">—</Text>
        ) : (
          e.parameters.map((p) => (
            <Badge key={p} variant="outline" color="gray" size="sm" tt="none">
              {p}
            </Badge>
          ))
        )}
      </Group>
    ),
  },
];

export function SiteMapTab({ runId, polling, prefix = 'sitemap' }: { runId: number; polling: number | false; prefix?: string }) {
  const [under, setUnder] = useState<string | null>(null);
  const tree = useQuery({
    queryKey: WEB_KEYS.runPart(runId, 'tree'),
    queryFn: ({ signal }) => fetchSitemapTree(runId, signal),
    refetchInterval: polling,
  });
  const list = useListState({ prefix, pageSize: 50, defaultOrdering: 'url', sortKeys: ['url', 'status'], filters: FILTERS });
  const query = { ...list.query, under: under ?? undefined };
  const entries = useQuery({
    queryKey: WEB_KEYS.runPart(runId, 'sitemap', query),
    queryFn: ({ signal }) => fetchSitemap(runId, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: polling,
  });
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="xs" component="section" aria-label="Site map tree">
          {tree.error && (
            <Alert color="red" variant="light" role="alert">
              {messageOf(tree.error, 'The site map could not be loaded.')}
            </Alert>
          )}
          {tree.data && tree.data.nodes.length === 0 && (
            <Text size="sm" c="dimmed">
              No pages yet.
            </Text>
          )}
          {tree.data && <SiteMapTree nodes={tree.data.nodes} selected={under} onSelect={setUnder} />}
          {tree.data?.truncated && (
            <Text size="xs" c="dimmed">
              The tree shows the largest folders; every request is in the list.
            </Text>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="sm">
          <FilterBar
            label="Filter the site map"
            filters={FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          {under && (
            <Text size="sm">
              Under <code>{under}</code>
            </Text>
          )}
          <DataTable
            id="web-sitemap"
            caption="Site map"
            columns={COLUMNS}
            rows={entries.data?.results}
            rowKey={(e) => e.id}
            error={entries.error}
            errorMessage="The site map could not be loaded."
            onRetry={() => void entries.refetch()}
            loadingLabel="Loading the site map…"
            empty={{ title: list.activeFilters > 0 || under ? 'No request matches.' : 'The crawl has found no pages yet.' }}
            fetching={entries.isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(entries.data?.count ?? 0, 'requests', 'request')}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
