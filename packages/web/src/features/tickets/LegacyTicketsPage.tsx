// /remediation/tickets (unified-remediation off) and filter/vuln/{vulnId}: the legacy ticket list — number, title, the
// legacy type (incident or ticket) and status (new or closed) — server-paged, each row opening its edit page;
// filter/vuln/{vulnId} lists the tickets of one finding.
import { Link, useParams } from 'react-router';
import { Anchor, Badge, Card, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_TICKET_ORDERING, formatDate, TICKET_ORDERING_KEYS, type Ticket } from '@bulwark/core';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { fetchTickets, TICKET_KEYS } from './api/tickets-api.ts';
import {
  LEGACY_FILTERS,
  LEGACY_STATUS_COLORS,
  LEGACY_TICKETS_PATH,
  PAGE_SIZE,
  legacyQuery,
  legacyStatusLabel,
  legacyTicketEditPath,
} from './ticket-format.ts';
import { assigneeText } from './components/ticket-columns.tsx';

/** Older ticket types (§3): incident 0, ticket 1; a unified ticket shown here reads as a ticket. */
export const legacyTypeLabel = (t: Pick<Ticket, 'legacy_type'>): string => (t.legacy_type === 0 ? 'Incident' : 'Ticket');

const COLUMNS: readonly DataColumn<Ticket>[] = [
  { key: 'number', header: 'Number', sortKey: 'number', descendingFirst: true, cell: (t) => <Text size="sm">#{t.number}</Text> },
  {
    key: 'title',
    header: 'Title',
    sortKey: 'title',
    cell: (t) => (
      <Anchor component={Link} to={legacyTicketEditPath(t.id)} fw={500} size="sm">
        {t.title}
      </Anchor>
    ),
  },
  { key: 'type', header: 'Type', cell: (t) => <Text size="sm">{legacyTypeLabel(t)}</Text> },
  {
    key: 'status',
    header: 'Status',
    cell: (t) => (
      <Badge color={LEGACY_STATUS_COLORS[t.legacy_status as 0 | 1] ?? 'gray'} variant="light">
        {legacyStatusLabel(t.legacy_status)}
      </Badge>
    ),
  },
  { key: 'assignee', header: 'Assignee', hideable: true, cell: (t) => <Text size="sm">{assigneeText(t)}</Text> },
  {
    key: 'created',
    header: 'Created',
    sortKey: 'created',
    descendingFirst: true,
    cell: (t) => <Text size="sm">{formatDate(t.created_at)}</Text>,
  },
];

export default function LegacyTicketsPage() {
  const { vulnId } = useParams();
  const list = useListState({
    pageSize: PAGE_SIZE,
    defaultOrdering: DEFAULT_TICKET_ORDERING,
    sortKeys: TICKET_ORDERING_KEYS,
    filters: LEGACY_FILTERS,
  });
  const query = legacyQuery({ ...list.query, ...(vulnId ? { issue: vulnId } : {}) });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: TICKET_KEYS.list(query),
    queryFn: ({ signal }) => fetchTickets(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="md">
      {vulnId && (
        <Anchor component={Link} to={LEGACY_TICKETS_PATH} size="sm">
          ← All tickets
        </Anchor>
      )}
      <PageHeader
        title={vulnId ? 'Tickets of vulnerability' : 'Tickets'}
        description={vulnId ? `The tickets of vulnerability ${vulnId}.` : 'Incidents and tickets raised for vulnerabilities.'}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter tickets"
            filters={LEGACY_FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="legacy-tickets"
            caption="Tickets"
            columns={COLUMNS}
            rows={data?.results}
            rowKey={(t) => t.id}
            error={error}
            errorMessage="The tickets could not be loaded. Reload the page to try again."
            onRetry={() => void refetch()}
            loadingLabel="Loading tickets…"
            empty={
              list.activeFilters > 0 || vulnId
                ? {
                    title: 'No ticket matches.',
                    description: vulnId ? 'This vulnerability has no ticket.' : 'Change or clear the filters to see more.',
                  }
                : { title: 'No tickets yet.', description: 'Tickets raised for vulnerabilities appear here.' }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'tickets', 'ticket')}
            minWidth={800}
            highlightOnHover
          />
        </Stack>
      </Card>
    </Stack>
  );
}
