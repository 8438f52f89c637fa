// The delivery log of one tracker (GET trackers/{tracker}/deliveries/): every call Bulwark made to it — create, update,
// comment, transition — newest first, with the ticket and version it carried, its state, attempts, HTTP status and last
// error; filtered by state, paged in the URL, asked again while any is still pending.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TRACKER_DELIVERY_STATES, formatDateTime, type Tracker, type TrackerDelivery } from '@bulwark/core';
import { DataTable, type DataColumn } from '../../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../../components/filter-bar/index.ts';
import { DELIVERIES_PAGE_SIZE, DELIVERY_STATE_LABELS, PENDING_REFRESH_MS } from '../delivery-format.ts';
import { deliveryStateColumn, lastErrorColumn } from './delivery-columns.tsx';
import { TRACKER_KEYS, fetchTrackerDeliveries } from '../api/trackers-api.ts';
import { trackerLabel } from '../tracker-form.ts';

const HEADING_ID = 'tracker-delivery-log-heading';
const OPERATION_LABELS: Record<TrackerDelivery['operation'], string> = {
  create: 'Create issue',
  update: 'Update fields',
  comment: 'Add comment',
  transition: 'Change status',
};
const FILTERS: readonly FilterDef[] = [
  {
    kind: 'select',
    name: 'state',
    label: 'State',
    placeholder: 'Any state',
    options: TRACKER_DELIVERY_STATES.map((s) => ({ value: s, label: DELIVERY_STATE_LABELS[s] })),
    width: 180,
  },
];
const dash = (
  <Text size="sm" c="dimmed">
    –
  </Text>
);

const COLUMNS: DataColumn<TrackerDelivery>[] = [
  {
    key: 'created',
    header: 'Queued',
    cell: (d) => (
      <Text size="sm" component="time" dateTime={d.created_at} style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(d.created_at)}
      </Text>
    ),
  },
  { key: 'operation', header: 'Call', cell: (d) => <Text size="sm">{OPERATION_LABELS[d.operation]}</Text> },
  {
    key: 'ticket',
    header: 'Ticket',
    cell: (d) =>
      d.ticket_number !== null ? (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          #{d.ticket_number}{' '}
          <Text span size="xs" c="dimmed">
            (version {d.version})
          </Text>
        </Text>
      ) : (
        dash
      ),
  },
  deliveryStateColumn<TrackerDelivery>(),
  { key: 'attempts', header: 'Attempts', cell: (d) => <Text size="sm">{d.attempts}</Text> },
  {
    key: 'http',
    header: 'HTTP status',
    hideable: true,
    cell: (d) => (d.http_status !== null ? <Text size="sm">{d.http_status}</Text> : dash),
  },
  lastErrorColumn<TrackerDelivery>(),
];

export function TrackerDeliveryLog({ tracker }: { tracker: Tracker }) {
  const label = trackerLabel(tracker);
  const list = useListState({ pageSize: DELIVERIES_PAGE_SIZE, filters: FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: TRACKER_KEYS.deliveryList(tracker, list.query),
    queryFn: ({ signal }) => fetchTrackerDeliveries(tracker, list.query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.results.some((d) => d.state === 'pending') ? PENDING_REFRESH_MS : false),
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={HEADING_ID}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4" id={HEADING_ID}>
              Delivery log
            </Title>
            <Text size="sm" c="dimmed">
              Every call to {label}, newest first. A failed call is tried again later (after the wait {label} asks for when it limits the
              rate); after the last attempt it stays failed with its reason and the ticket shows the error.
            </Text>
          </Stack>
          <Button variant="default" size="xs" onClick={() => void refetch()} loading={isFetching}>
            Refresh
          </Button>
        </Group>
        <FilterBar
          label={`Filter the ${label} delivery log`}
          filters={FILTERS}
          values={list.filters}
          onChange={list.setFilter}
          onClear={list.clearFilters}
        />
        <DataTable
          id={`tracker-deliveries-${tracker}`}
          caption={`Delivery log of ${label}`}
          columns={COLUMNS}
          rows={data?.results}
          rowKey={(d) => d.id}
          rowProps={(d) => ({ 'data-delivery-id': d.id, 'data-state': d.state })}
          error={error}
          errorMessage="The delivery log could not be loaded."
          onRetry={() => void refetch()}
          loadingLabel="Loading the delivery log…"
          empty={
            list.activeFilters > 0
              ? { title: 'No call matches this filter.' }
              : {
                  title: `Nothing sent to ${label} yet.`,
                  description: `Calls appear here once a ticket is pushed to ${label}: by a rule that pushes, or from a ticket’s page.`,
                }
          }
          fetching={isFetching}
          paging={list.paging(data?.count ?? 0, 'calls', 'call')}
          minWidth={960}
        />
      </Stack>
    </Card>
  );
}
