// One application's or port's details, in a drawer: the assets where it runs (links to their pages) and its open
// findings, worst first, each a paged table.
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Drawer, Tabs, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEVERITY_LABELS, type AppAsset, type AppVulnerability, type Severity } from '@bulwark/core';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { assetPath, protocolLabel, seenText } from '../assets/asset-format.ts';
import { fetchGroupAssets, fetchGroupVulnerabilities } from './apps-api.ts';

const SEVERITY_COLORS = ['gray', 'blue', 'yellow', 'orange', 'red'];

const assetColumns: DataColumn<AppAsset>[] = [
  {
    key: 'asset',
    header: 'Asset',
    cell: (a) => (
      <Anchor component={Link} to={assetPath(a.id)} size="sm">
        {a.asset_name}
      </Anchor>
    ),
  },
  {
    key: 'port',
    header: 'Port',
    cell: (a) => (
      <Text size="sm">
        {a.port === null || a.protocol === null ? 'Installed package' : `${a.port}/${protocolLabel(a.protocol).toLowerCase()}`}
      </Text>
    ),
  },
  {
    key: 'product',
    header: 'Service',
    cell: (a) => <Text size="sm">{[a.service, a.product, a.version].filter(Boolean).join(' · ') || '–'}</Text>,
  },
  { key: 'seen', header: 'Last detected', cell: (a) => <Text size="sm">{seenText(a.last_detected)}</Text> },
];

const vulnColumns: DataColumn<AppVulnerability>[] = [
  { key: 'name', header: 'Finding', cell: (v) => <Text size="sm">{v.cve ? `${v.name} (${v.cve})` : v.name}</Text> },
  {
    key: 'severity',
    header: 'Severity',
    cell: (v) => (
      <Badge color={SEVERITY_COLORS[v.severity]} variant="light">
        {SEVERITY_LABELS[v.severity as Severity]}
      </Badge>
    ),
  },
  { key: 'risk', header: 'Risk', cell: (v) => <Text size="sm">{Math.round(v.risk_score)}</Text> },
  {
    key: 'asset',
    header: 'Asset',
    cell: (v) => (
      <Anchor component={Link} to={assetPath(v.asset.id)} size="sm">
        {v.asset.asset_name}
      </Anchor>
    ),
  },
];

function Paged<Row>({
  id,
  caption,
  columns,
  load,
  rowKey,
  empty,
}: {
  id: string;
  caption: string;
  columns: DataColumn<Row>[];
  load(page: number, signal: AbortSignal): Promise<{ count: number; results: Row[] }>;
  rowKey(r: Row): string | number;
  empty: string;
}) {
  const [page, setPage] = useState(1);
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: [id, page],
    queryFn: ({ signal }) => load(page, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable
      id={id}
      caption={caption}
      columns={columns}
      rows={data?.results}
      rowKey={rowKey}
      error={error}
      errorMessage={`The ${caption.toLowerCase()} could not be loaded.`}
      onRetry={() => void refetch()}
      loadingLabel="Loading…"
      empty={{ title: empty }}
      fetching={isFetching}
      paging={{ page, pageSize: 25, count: data?.count ?? 0, onPageChange: setPage, noun: 'rows', singular: 'row' }}
    />
  );
}

/** `base` is the group's path with `{list}` where assets or vulnerabilities go, e.g. `assets/ports/{list}/22/0/`. */
export function GroupDrawer({ title, base, onClose }: { title: string | null; base: string | null; onClose(): void }) {
  return (
    <Drawer opened={title !== null} onClose={onClose} title={title} position="right" size="xl">
      {base && (
        <Tabs defaultValue="assets" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="assets">Assets</Tabs.Tab>
            <Tabs.Tab value="vulnerabilities">Open findings</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="assets" pt="md">
            <Paged
              id={`${base}-assets`}
              caption="Assets"
              columns={assetColumns}
              load={(p, s) => fetchGroupAssets(base, p, s)}
              rowKey={(a) => `${a.id}-${a.port}-${a.protocol}`}
              empty="No asset has it open now."
            />
          </Tabs.Panel>
          <Tabs.Panel value="vulnerabilities" pt="md">
            <Paged
              id={`${base}-vulns`}
              caption="Open findings"
              columns={vulnColumns}
              load={(p, s) => fetchGroupVulnerabilities(base, p, s)}
              rowKey={(v) => v.id}
              empty="No open findings."
            />
          </Tabs.Panel>
        </Tabs>
      )}
    </Drawer>
  );
}
