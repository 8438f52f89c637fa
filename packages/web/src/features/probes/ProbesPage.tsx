// /sa/scan-appliances: the probes that scan for this customer (status, heartbeat, group, version, runs), adding one
// with its registration token, and probe groups.
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../api/errors.ts';
import { ListPager } from '../../components/ListPager.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { AddProbeForm } from './AddProbeForm.tsx';
import { ProbeGroupsSection } from './ProbeGroupsSection.tsx';
import { probeListOptions } from './probe-queries.ts';
import { heartbeatText, probePath, PROBES_PAGE_SIZE, probeStatusBadge } from './probe-format.ts';

const HEADINGS = ['Name', 'Status', 'Last heartbeat', 'Group', 'Host', 'Version', 'Active runs'];

export default function ProbesPage() {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const { data, error } = useQuery(probeListOptions(page));

  return (
    <Stack gap="md">
      <PageHeader
        title="Scan appliances"
        description="Probes scan the networks they can reach. The built-in probe runs on the Bulwark server itself."
        actions={<Button onClick={() => setAdding(true)}>Add probe</Button>}
      />
      <Card withBorder padding="md">
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {messageOf(error, 'The probes could not be loaded. Reload the page to try again.')}
          </Alert>
        ) : !data ? (
          <PageLoader label="Loading probes…" />
        ) : data.count === 0 ? (
          <Text size="sm" c="dimmed" py="md">
            No remote probes yet. Scans run on the built-in probe; add a probe to scan networks the server cannot reach.
          </Text>
        ) : (
          <Stack gap="md">
            <Table.ScrollContainer minWidth={860}>
              <Table verticalSpacing="sm" striped aria-label="Probes">
                <Table.Thead>
                  <Table.Tr>
                    {HEADINGS.map((h) => (
                      <Table.Th key={h} scope="col">
                        {h}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.results.map((probe) => {
                    const status = probeStatusBadge(probe);
                    return (
                      <Table.Tr key={probe.id} data-probe-id={probe.id}>
                        <Table.Td>
                          <Anchor component={Link} to={probePath(probe.id)} fw={500} size="sm">
                            {probe.name}
                          </Anchor>
                          {probe.builtin && (
                            <Badge ml="xs" size="xs" variant="light">
                              Built-in
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Badge color={status.color} variant="light">
                            {status.label}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{heartbeatText(probe.last_heartbeat)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{probe.group?.name ?? '–'}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{probe.hostname ?? '–'}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{probe.version ?? '–'}</Text>
                        </Table.Td>
                        <Table.Td>{probe.active_runs}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListPager count={data.count} page={page} pageSize={PROBES_PAGE_SIZE} onPageChange={setPage} noun="probes" singular="probe" />
          </Stack>
        )}
      </Card>
      <ProbeGroupsSection />
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add a probe" size="lg">
        <AddProbeForm onDone={() => setAdding(false)} />
      </Modal>
    </Stack>
  );
}
