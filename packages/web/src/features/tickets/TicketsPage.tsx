// /remediation/unified-tickets (and search/{search}): every ticket of the customer, server-paged, with the §3 filters
// (status, simple status, type, assignee, overdue, due date, risk ranges, search) kept in the URL; each row opens the
// ticket; the selected ones take a status or are deleted together. search/{search} opens the list with that search
// filled in; "Go to ticket" checks a number (§4 validity) and opens it.
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Card, Group, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_TICKET_ORDERING, TICKET_ORDERING_KEYS } from '@bulwark/core';
import { DataTable } from '../../components/data-table/index.ts';
import { FilterBar, useListState } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { fetchAssigneeChoices, fetchTickets, TICKET_KEYS } from './api/tickets-api.ts';
import { TICKET_COLUMNS } from './components/ticket-columns.tsx';
import { TicketBulkActions } from './components/TicketBulkActions.tsx';
import { TicketNumberJump } from './components/TicketNumberJump.tsx';
import { useTicketAccess } from './ticket-access.ts';
import { PAGE_SIZE, TICKETS_PATH, ticketFilters } from './ticket-format.ts';

export default function TicketsPage() {
  const params = useParams();
  const navigate = useNavigate();
  const access = useTicketAccess();
  const pathSearch = params.search;
  // search/{search} is a link into the list: it becomes the list's own search filter (one state, in the query string).
  useEffect(() => {
    if (pathSearch) void navigate(`${TICKETS_PATH}?search=${encodeURIComponent(pathSearch)}`, { replace: true });
  }, [pathSearch, navigate]);

  const assignees = useQuery({ queryKey: TICKET_KEYS.assignees, queryFn: ({ signal }) => fetchAssigneeChoices(signal) });
  const filters = ticketFilters(
    (assignees.data?.users ?? []).map((u) => ({ value: String(u.id), label: u.label })),
    (assignees.data?.teams ?? []).map((t) => ({ value: String(t.id), label: t.name })),
  );
  const list = useListState({ pageSize: PAGE_SIZE, defaultOrdering: DEFAULT_TICKET_ORDERING, sortKeys: TICKET_ORDERING_KEYS, filters });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: TICKET_KEYS.list(list.query),
    queryFn: ({ signal }) => fetchTickets(list.query, signal),
    placeholderData: keepPreviousData,
    enabled: !pathSearch,
  });
  const filtered = list.activeFilters > 0;

  return (
    <Stack gap="md">
      <PageHeader
        title="Tickets"
        description="Work to fix vulnerabilities: who does it, by when, and whether a re-test confirmed the fix."
        actions={
          <Group gap="xs" align="flex-start">
            <TicketNumberJump />
            <Button component={Link} to="/vm/unified-vulnerabilities" variant="default">
              Create from vulnerabilities
            </Button>
          </Group>
        }
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar label="Filter tickets" filters={filters} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />
          <DataTable
            id="tickets"
            caption="Tickets"
            columns={TICKET_COLUMNS}
            rows={data?.results}
            rowKey={(t) => t.id}
            rowProps={(t) => ({ 'data-ticket-number': t.number })}
            error={error}
            errorMessage="The tickets could not be loaded. Reload the page to try again."
            onRetry={() => void refetch()}
            loadingLabel="Loading tickets…"
            empty={
              filtered
                ? { title: 'No ticket matches these filters.', description: 'Change or clear the filters to see more.' }
                : {
                    title: 'No tickets yet.',
                    description:
                      'Create one from a vulnerability, a selection of vulnerabilities or an asset (“Create ticket”), or let a remediation rule open them when scan results come in.',
                  }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'tickets', 'ticket')}
            minWidth={1000}
            highlightOnHover
            selection={
              access.update || access.delete
                ? {
                    rowLabel: (t) => `ticket #${t.number}`,
                    actions: (selected, clear) => (
                      <TicketBulkActions selected={selected} onDone={clear} canUpdate={access.update} canDelete={access.delete} />
                    ),
                  }
                : undefined
            }
          />
        </Stack>
      </Card>
    </Stack>
  );
}
