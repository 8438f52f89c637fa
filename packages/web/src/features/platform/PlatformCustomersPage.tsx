// /admin/platform (platform operators): the installation's customers with tier, licence, scan tasks at once, flags and
// users; search, a new customer, and each customer's tier, licence end date, scan-task limit and flags changed.
import { useState } from 'react';
import { Button, Card, Modal, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlatformCustomer } from '@bulwark/core';
import { DataTable } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { customerColumns } from './customer-columns.tsx';
import { CUSTOMERS_PAGE_SIZE } from './customer-form.ts';
import { CustomerForm } from './CustomerForm.tsx';
import { fetchPlatformCustomers, PLATFORM_KEYS } from './platform-api.ts';

const FILTERS: readonly FilterDef[] = [{ kind: 'text', name: 'search', label: 'Search', placeholder: 'Customer name', width: 240 }];

type Editing = { customer?: PlatformCustomer } | null;

export default function PlatformCustomersPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const list = useListState({ pageSize: CUSTOMERS_PAGE_SIZE, filters: FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: PLATFORM_KEYS.list(list.query),
    queryFn: ({ signal }) => fetchPlatformCustomers(list.query, signal),
    placeholderData: keepPreviousData,
  });
  const close = () => setEditing(null);

  return (
    <Stack gap="md">
      <PageHeader
        title="Customers (platform)"
        description="The organisations on this installation: subscription tier, licence, scan tasks at once and feature flags."
        actions={<Button onClick={() => setEditing({})}>New customer</Button>}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter customers"
            filters={FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="platform-customers"
            caption="Customers"
            columns={customerColumns((customer) => setEditing({ customer }))}
            rows={data?.results}
            rowKey={(customer) => customer.id}
            rowProps={(customer) => ({ 'data-customer-id': customer.id })}
            error={error}
            errorMessage="The customers could not be loaded. Reload the page to try again."
            onRetry={() => void refetch()}
            loadingLabel="Loading customers…"
            empty={
              list.activeFilters > 0
                ? { title: 'No customer matches this search.' }
                : { title: 'No customers yet.', description: 'Create one with “New customer”.' }
            }
            fetching={isFetching}
            paging={list.paging(data?.count ?? 0, 'customers', 'customer')}
            minWidth={900}
          />
        </Stack>
      </Card>
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing?.customer ? `Edit ${editing.customer.name}` : 'New customer'}
        size="lg"
      >
        {editing && <CustomerForm key={editing.customer?.id ?? 'new'} customer={editing.customer} onDone={close} />}
      </Modal>
    </Stack>
  );
}
