// The Hosts tab of a run: each host that answered, its names, and its open ports with service, product and version.
import { useState } from 'react';
import { Alert, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { RunHost } from '@bulwark/core';
import { messageOf } from '../../api/errors.ts';
import { ListPager } from '../../components/ListPager.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { runHostsQuery } from './scan-queries.ts';
import { hostsQuery, RESULT_PAGE_SIZE, productText, severityColor, severityLabel } from './result-format.ts';

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
            <Badge variant="light" color="gray">
              {host.ports.length} port{host.ports.length === 1 ? '' : 's'}
            </Badge>
            <Badge variant="light" color={host.max_severity === null ? 'gray' : severityColor(host.max_severity)}>
              {host.findings_count} finding{host.findings_count === 1 ? '' : 's'}
              {host.max_severity !== null && host.findings_count > 0 ? ` · worst ${severityLabel(host.max_severity)}` : ''}
            </Badge>
          </Group>
        </Group>
        {host.ports.length === 0 ? (
          <Text size="sm" c="dimmed">
            No open port found.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={4} aria-label={`Ports of ${host.address}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Port</Table.Th>
                  <Table.Th scope="col">State</Table.Th>
                  <Table.Th scope="col">Service</Table.Th>
                  <Table.Th scope="col">Product and version</Table.Th>
                  <Table.Th scope="col">TLS</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {host.ports.map((port) => (
                  <Table.Tr key={`${port.protocol}-${port.port}`}>
                    <Table.Td ff="monospace">
                      {port.port}/{port.protocol}
                    </Table.Td>
                    <Table.Td>{port.state}</Table.Td>
                    <Table.Td>{port.service ?? '–'}</Table.Td>
                    <Table.Td>{productText(port)}</Table.Td>
                    <Table.Td>{port.tls ? 'Yes' : 'No'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

export function HostsTab({ runId, polling }: { runId: number; polling: number | false }) {
  const [page, setPage] = useState(1);
  const { data, error } = useQuery(runHostsQuery(runId, hostsQuery(page), polling));
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {messageOf(error, 'The hosts could not be loaded.')}
      </Alert>
    );
  }
  if (!data) return <PageLoader label="Loading hosts…" />;
  if (data.count === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        No host has answered in this run{polling ? ' yet' : ''}.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {data.results.map((host) => (
        <HostCard key={host.host_id} host={host} />
      ))}
      <ListPager count={data.count} page={page} pageSize={RESULT_PAGE_SIZE} onPageChange={setPage} noun="hosts" singular="host" />
    </Stack>
  );
}
