// /admin/audit: every change made through the API (superusers), newest first: filters for search, resource, action and
// dates kept in the URL, and each event's details with its change summary in a drawer.
import { useState } from 'react';
import { Card, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '@bulwark/core';
import { DataTable } from '../../components/data-table/index.ts';
import { FilterBar, useListState } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { fetchAuditEvents } from './audit-api.ts';
import { auditColumns } from './audit-columns.tsx';
import { AuditEventDrawer } from './AuditEventDrawer.tsx';
import { AUDIT_FILTERS, AUDIT_PAGE_SIZE, DEFAULT_AUDIT_ORDERING } from './audit-format.ts';

const SORT_KEYS = ['created'];

export default function AuditLogPage() {
  const [shown, setShown] = useState<AuditEvent | null>(null);
  const list = useListState({
    pageSize: AUDIT_PAGE_SIZE,
    defaultOrdering: DEFAULT_AUDIT_ORDERING,
    sortKeys: SORT_KEYS,
    filters: AUDIT_FILTERS,
  });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: ['audit', 'list', list.query],
    queryFn: ({ signal }) => fetchAuditEvents(list.query, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = list.activeFilters > 0;

  return (
    <Stack gap="md">
      <PageHeader
        title="Audit log"
        description="Every change made through the API: who, what and when. Secrets in the change summaries are masked."
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter audit log"
            filters={AUDIT_FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="audit-log"
            caption="Audit log"
            columns={auditColumns(setShown)}
            rows={data?.results}
            rowKey={(event) => event.id}
            rowProps={(event) => ({ 'data-event-id': event.id })}
            error={error}
            errorMessage="The audit log could not be loaded. Reload the page to try again."
            onRetry={() => void refetch()}
            loadingLabel="Loading the audit log…"
            empty={
              filtered
                ? { title: 'No event matches these filters.', description: 'Change or clear the filters to see more.' }
                : { title: 'No changes recorded yet.' }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'events', 'event')}
            minWidth={960}
          />
        </Stack>
      </Card>
      <AuditEventDrawer event={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}
