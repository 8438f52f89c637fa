// /assets/applications and /assets/ports: what runs across the inventory — applications by product and version, or
// open ports with their services — with how many assets carry each and their open findings; a row opens its assets
// and findings.
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Badge, Button, Card, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEVERITY_LABELS, type InstalledApp, type PortSummary, type Severity } from '@bulwark/core';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { protocolLabel } from '../assets/asset-format.ts';
import { fetchApps, fetchPorts } from './apps-api.ts';
import { GroupDrawer } from './GroupDrawer.tsx';

const SEVERITY_COLORS = ['gray', 'blue', 'yellow', 'orange', 'red'];
const APP_FILTERS: FilterDef[] = [{ kind: 'text', name: 'search', label: 'Search', placeholder: 'Product or version', width: 220 }];
const PORT_FILTERS: FilterDef[] = [{ kind: 'text', name: 'port', label: 'Port', placeholder: 'e.g. 443', width: 140 }];

function Worst({ severity }: { severity: number | null }) {
  if (severity === null) return <Text size="sm">–</Text>;
  return (
    <Badge color={SEVERITY_COLORS[severity]} variant="light">
      {SEVERITY_LABELS[severity as Severity]}
    </Badge>
  );
}

export default function AppsPage() {
  const ports = useLocation().pathname.startsWith('/assets/ports');
  const [open, setOpen] = useState<{ title: string; base: string } | null>(null);
  const list = useListState({
    pageSize: 50,
    defaultOrdering: '-assets',
    sortKeys: ports ? ['port', 'assets', 'vulnerabilities'] : ['name', 'assets', 'vulnerabilities'],
    filters: ports ? PORT_FILTERS : APP_FILTERS,
  });
  const apps = useQuery({
    queryKey: ['apps', list.query],
    queryFn: ({ signal }) => fetchApps(list.query, signal),
    placeholderData: keepPreviousData,
    enabled: !ports,
  });
  const portList = useQuery({
    queryKey: ['ports', list.query],
    queryFn: ({ signal }) => fetchPorts(list.query, signal),
    placeholderData: keepPreviousData,
    enabled: ports,
  });
  const shared = { key: 'assets', header: 'Assets', sortKey: 'assets', descendingFirst: true };

  const appColumns: DataColumn<InstalledApp>[] = [
    {
      key: 'name',
      header: 'Application',
      sortKey: 'name',
      cell: (a) => (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() =>
            setOpen({ title: [a.name, a.version].filter(Boolean).join(' '), base: `assets/na-installed-apps/{list}/${a.id}/` })
          }
        >
          {[a.name, a.version].filter(Boolean).join(' ')}
        </Button>
      ),
    },
    { key: 'ports', header: 'Ports', cell: (a) => <Text size="sm">{a.ports.join(', ')}</Text> },
    { ...shared, cell: (a) => <Text size="sm">{a.assets}</Text> },
    {
      key: 'vulnerabilities',
      header: 'Open findings',
      sortKey: 'vulnerabilities',
      descendingFirst: true,
      cell: (a) => <Text size="sm">{a.vulnerabilities}</Text>,
    },
    { key: 'worst', header: 'Worst', cell: (a) => <Worst severity={a.max_severity} /> },
    {
      key: 'cpe',
      header: 'CPE',
      hiddenByDefault: true,
      cell: (a) => (
        <Text size="xs" ff="monospace">
          {a.cpe ?? '–'}
        </Text>
      ),
    },
  ];
  const portColumns: DataColumn<PortSummary>[] = [
    {
      key: 'port',
      header: 'Port',
      sortKey: 'port',
      cell: (p) => {
        const label = `${p.port}/${protocolLabel(p.protocol).toLowerCase()}`;
        return (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setOpen({ title: `Port ${label}`, base: `assets/ports/{list}/${p.port}/${p.protocol}/` })}
          >
            {label}
          </Button>
        );
      },
    },
    { key: 'services', header: 'Services', cell: (p) => <Text size="sm">{p.services.join(', ') || 'unknown'}</Text> },
    { ...shared, cell: (p) => <Text size="sm">{p.assets}</Text> },
    {
      key: 'vulnerabilities',
      header: 'Open findings',
      sortKey: 'vulnerabilities',
      descendingFirst: true,
      cell: (p) => <Text size="sm">{p.vulnerabilities}</Text>,
    },
    { key: 'worst', header: 'Worst', cell: (p) => <Worst severity={p.max_severity} /> },
  ];
  const common = {
    fetching: ports ? portList.isFetching : apps.isFetching,
    ordering: list.ordering,
    onOrderingChange: list.setOrdering,
    loadingLabel: 'Loading…',
    errorMessage: 'The list could not be loaded. Reload the page to try again.',
    empty: {
      title: ports ? 'No open ports seen yet.' : 'No applications seen yet.',
      description: 'Scan your networks: the services they find are listed here.',
    },
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={ports ? 'Ports' : 'Applications'}
        description={
          ports
            ? 'Every open port across your assets, with its services and findings.'
            : 'Every product and version running on your assets, with its findings.'
        }
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label={ports ? 'Filter ports' : 'Filter applications'}
            filters={ports ? PORT_FILTERS : APP_FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          {ports ? (
            <DataTable
              id="ports"
              caption="Ports"
              columns={portColumns}
              rows={portList.data?.results}
              rowKey={(p) => `${p.port}/${p.protocol}`}
              error={portList.error}
              onRetry={() => void portList.refetch()}
              paging={list.paging(portList.data?.count ?? 0, 'ports', 'port')}
              {...common}
            />
          ) : (
            <DataTable
              id="applications"
              caption="Applications"
              columns={appColumns}
              rows={apps.data?.results}
              rowKey={(a) => a.id}
              error={apps.error}
              onRetry={() => void apps.refetch()}
              paging={list.paging(apps.data?.count ?? 0, 'applications', 'application')}
              {...common}
            />
          )}
        </Stack>
      </Card>
      <GroupDrawer title={open?.title ?? null} base={open?.base ?? null} onClose={() => setOpen(null)} />
    </Stack>
  );
}
