// The Hosts tab of a run: each host that answered, its names, how its authenticated look went (credential health, the
// message as tooltip), and its open ports with service, product and version; paged by the server, the page kept in the
// URL (hosts.page).
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { RunHost } from '@bulwark/core';
import { DataTable, ListEmpty, ListError, ListLoading, TablePager, type DataColumn } from '../../components/data-table/index.ts';
import { useListState } from '../../components/filter-bar/index.ts';
import { CredentialHealthBadge } from '../credentials/components/CredentialHealthBadge.tsx';
import { runHostsQuery } from './scan-queries.ts';
import { productText, RESULT_PAGE_SIZE, severityColor, severityLabel } from './result-format.ts';

type Port = RunHost['ports'][number];

const PORT_COLUMNS: readonly DataColumn<Port>[] = [
  { key: 'port', header: 'Port', cellProps: { ff: 'monospace' }, cell: (p) => `${p.port}/${p.protocol}` },
  { key: 'state', header: 'State', cell: (p) => p.state },
  { key: 'service', header: 'Service', cell: (p) => p.service ?? '–' },
  { key: 'product', header: 'Product and version', cell: productText },
  { key: 'tls', header: 'TLS', cell: (p) => (p.tls ? 'Yes' : 'No') },
];

function HostCard({ host }: { host: RunHost }) {
  const headingId = `host-${host.host_id}-heading`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId} data-host={host.address}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={0}>
            <Text fw={600} ff="monospace" id={headingId}>
              {host.address}
            </Text>
            {host.hostnames.length > 0 && (
              <Text size="xs" c="dimmed">
                {host.hostnames.join(', ')}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            {host.credential_health !== null && (
              <CredentialHealthBadge health={host.credential_health} message={host.credential_message} prefix="Authentication: " />
            )}
            <Badge variant="light" color="gray">
              {host.ports.length} port{host.ports.length === 1 ? '' : 's'}
            </Badge>
            <Badge variant="light" color={host.max_severity === null ? 'gray' : severityColor(host.max_severity)}>
              {host.findings_count} finding{host.findings_count === 1 ? '' : 's'}
              {host.max_severity !== null && host.findings_count > 0 ? ` · worst ${severityLabel(host.max_severity)}` : ''}
            </Badge>
          </Group>
        </Group>
        <DataTable
          id="host-ports"
          caption={`Ports of ${host.address}`}
          columns={PORT_COLUMNS}
          rows={host.ports}
          rowKey={(p) => `${p.protocol}-${p.port}`}
          empty={{ title: 'No open port found.' }}
          minWidth={560}
          striped={false}
          verticalSpacing={4}
        />
      </Stack>
    </Card>
  );
}

export function HostsTab({ runId, polling }: { runId: number; polling: number | false }) {
  const list = useListState({ prefix: 'hosts', pageSize: RESULT_PAGE_SIZE });
  const { data, error, refetch } = useQuery(runHostsQuery(runId, list.query, polling));
  if (error) return <ListError error={error} fallback="The hosts could not be loaded." onRetry={() => void refetch()} />;
  if (!data) return <ListLoading label="Loading hosts…" />;
  if (data.count === 0)
    return <ListEmpty empty={{ title: `No host has answered in this run${polling ? ' yet' : ''}.` }} testId="hosts-empty" />;
  return (
    <Stack gap="md">
      {data.results.map((host) => (
        <HostCard key={host.host_id} host={host} />
      ))}
      <TablePager {...list.paging(data.count, 'hosts', 'host')} />
    </Stack>
  );
}
