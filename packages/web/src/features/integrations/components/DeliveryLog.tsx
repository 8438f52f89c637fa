// The delivery log of one integration (GET notifications/deliveries/?channel=…): every message Bulwark queued for it,
// newest first, with its state, attempts and last error; filtered by state, paged in the URL, asked again while any is
// still pending.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { NotificationIntegration } from '@bulwark/core';
import { DataTable } from '../../../components/data-table/index.ts';
import { FilterBar, useListState } from '../../../components/filter-bar/index.ts';
import { DELIVERY_COLUMNS } from './delivery-columns.tsx';
import { DELIVERIES_PAGE_SIZE, DELIVERY_FILTERS, PENDING_REFRESH_MS, anyPending } from '../delivery-format.ts';
import { INTEGRATION_KEYS, fetchDeliveries } from '../api/integrations-api.ts';
import { integrationLabel } from '../integration-form.ts';

const HEADING_ID = 'delivery-log-heading';

export function DeliveryLog({ type }: { type: NotificationIntegration }) {
  const label = integrationLabel(type);
  const list = useListState({ pageSize: DELIVERIES_PAGE_SIZE, filters: DELIVERY_FILTERS });
  const query = { ...list.query, channel: type };
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: INTEGRATION_KEYS.deliveryList(query),
    queryFn: ({ signal }) => fetchDeliveries(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (anyPending(q.state.data?.results) ? PENDING_REFRESH_MS : false),
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
              Messages queued for {label}, newest first. A failed attempt is tried again later; after the last one the message stays failed
              with its reason.
            </Text>
          </Stack>
          <Button variant="default" size="xs" onClick={() => void refetch()} loading={isFetching}>
            Refresh
          </Button>
        </Group>
        <FilterBar
          label={`Filter the ${label} delivery log`}
          filters={DELIVERY_FILTERS}
          values={list.filters}
          onChange={list.setFilter}
          onClear={list.clearFilters}
        />
        <DataTable
          id={`deliveries-${type}`}
          caption={`Delivery log of ${label}`}
          columns={DELIVERY_COLUMNS}
          rows={data?.results}
          rowKey={(d) => d.id}
          rowProps={(d) => ({ 'data-delivery-id': d.id, 'data-state': d.state })}
          error={error}
          errorMessage="The delivery log could not be loaded."
          onRetry={() => void refetch()}
          loadingLabel="Loading the delivery log…"
          empty={
            list.activeFilters > 0
              ? { title: 'No message matches this filter.' }
              : {
                  title: `Nothing sent to ${label} yet.`,
                  description: `Messages appear here once a schedule that notifies ${label} starts, finishes, fails or reminds.`,
                  action: (
                    <Button component={Link} to="/scans/schedules" variant="light" size="xs">
                      Go to schedules
                    </Button>
                  ),
                }
          }
          fetching={isFetching}
          paging={list.paging(data?.count ?? 0, 'messages', 'message')}
          minWidth={960}
        />
      </Stack>
    </Card>
  );
}
