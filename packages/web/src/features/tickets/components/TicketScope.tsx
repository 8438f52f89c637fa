// A ticket's assets and vulnerabilities (§3: a ticket has subtasks, assets and vulnerabilities), each with how many of
// its findings the ticket holds and how many are still open; and the tickets that share an asset or a vulnerability.
import { Link } from 'react-router';
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { issueRoute, SEVERITY_LABELS, type Severity } from '@bulwark/core';
import { ListEmpty, ListError, ListLoading } from '../../../components/data-table/index.ts';
import { riskScoreColor } from '../../../components/risk-colors.ts';
import { fetchRelated, fetchTicketScope, TICKET_KEYS } from '../api/tickets-api.ts';
import { ticketViewPath } from '../ticket-format.ts';
import { TicketStatusBadge } from './ticket-columns.tsx';

export function TicketScope({ ticketRef, part }: { ticketRef: string; part: 'asset' | 'vulnerability' }) {
  const { data, error, refetch } = useQuery({
    queryKey: TICKET_KEYS.scope(ticketRef, part),
    queryFn: ({ signal }) => fetchTicketScope(ticketRef, part, signal),
  });
  const noun = part === 'asset' ? 'assets' : 'vulnerabilities';
  if (error) return <ListError error={error} fallback={`The ${noun} could not be loaded.`} onRetry={() => void refetch()} />;
  if (!data) return <ListLoading label={`Loading ${noun}…`} />;
  if (data.length === 0) return <ListEmpty empty={{ title: `No ${noun}: the ticket has no subtasks.` }} />;
  return (
    <Table striped verticalSpacing="xs" aria-label={part === 'asset' ? 'Assets' : 'Vulnerabilities'}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{part === 'asset' ? 'Asset' : 'Vulnerability'}</Table.Th>
          {part === 'vulnerability' && <Table.Th>Severity</Table.Th>}
          <Table.Th>Risk</Table.Th>
          <Table.Th>Open findings</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>
              <Anchor
                component={Link}
                to={part === 'asset' ? `/assets/unified-assets/view/${row.id}` : issueRoute(row.hid ?? '')}
                size="sm"
              >
                {row.name}
              </Anchor>
              {row.detail && row.detail !== row.name && (
                <Text size="xs" c="dimmed">
                  {row.detail}
                </Text>
              )}
            </Table.Td>
            {part === 'vulnerability' && (
              <Table.Td>
                <Text size="sm">{row.severity !== null ? (SEVERITY_LABELS[row.severity as Severity] ?? row.severity) : '–'}</Text>
              </Table.Td>
            )}
            <Table.Td>
              <Text size="sm" fw={600} c={riskScoreColor(Math.min(100, row.risk_score))}>
                {Math.round(row.risk_score)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{`${row.open_findings} of ${row.findings}`}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function RelatedTickets({ ticketRef }: { ticketRef: string }) {
  const { data, error } = useQuery({ queryKey: TICKET_KEYS.related(ticketRef), queryFn: ({ signal }) => fetchRelated(ticketRef, signal) });
  if (error)
    return (
      <Text size="sm" c="red">
        The related tickets could not be loaded.
      </Text>
    );
  if (!data) return null;
  if (data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No other ticket shares an asset or a vulnerability with this one.
      </Text>
    );
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Related tickets">
      {data.map((t) => (
        <Group key={t.id} component="li" gap="xs" wrap="nowrap">
          <TicketStatusBadge status={t.status} label={t.status_label} />
          <Anchor component={Link} to={ticketViewPath(t.uuid)} size="sm" lineClamp={1}>
            #{t.number} {t.title}
          </Anchor>
        </Group>
      ))}
    </Stack>
  );
}
