// The host names a finished run found (GET …/runs/{id}/hosts/): filtered by text, source and whether each is an asset
// already, sorted by name or domain, paged in the URL; the chosen ones are added as host assets (POST …/add-assets/),
// which the asset limit may refuse — the server's words are shown above the table.
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DOMAIN_SOURCE_LABELS, type DomainDiscoveryHost } from '@bulwark/core';
import { isAlreadyReported, isApiError, messageOf } from '../../../api/errors.ts';
import { DataTable, type DataColumn } from '../../../components/data-table/index.ts';
import { FilterBar, useListState } from '../../../components/filter-bar/index.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { DISCOVERY_KEYS, addDiscoveredAssets, fetchDiscoveredHosts } from '../api/domain-discovery-api.ts';
import { HOST_FILTERS } from '../discovery-form.ts';
import { fetchTags } from '../../tags/tags-api.ts';

const HEADING_ID = 'discovered-hosts-heading';

const COLUMNS: readonly DataColumn<DomainDiscoveryHost>[] = [
  {
    key: 'name',
    header: 'Host name',
    sortKey: 'name',
    cell: (h) => (
      <Text ff="monospace" size="sm">
        {h.name}
      </Text>
    ),
  },
  { key: 'domain', header: 'Domain', sortKey: 'domain', hideable: true, cell: (h) => h.domain },
  {
    key: 'addresses',
    header: 'Addresses',
    cell: (h) =>
      h.addresses.length ? (
        <Text size="sm" ff="monospace">
          {h.addresses.join(', ')}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Does not resolve
        </Text>
      ),
  },
  {
    key: 'sources',
    header: 'Found by',
    cell: (h) => (
      <Group gap={4}>
        {h.sources.map((s) => (
          <Badge key={s} variant="light" size="sm" tt="none">
            {DOMAIN_SOURCE_LABELS[s]}
          </Badge>
        ))}
      </Group>
    ),
  },
  {
    key: 'asset',
    header: 'Asset',
    cell: (h) =>
      h.asset !== null ? (
        <Anchor component={Link} to={`/assets/assets/view/${h.asset}`} size="sm">
          Already an asset
        </Anchor>
      ) : (
        <Badge color="teal" variant="light" size="sm" tt="none">
          New
        </Badge>
      ),
  },
];

export function DiscoveredHosts({ customerId, runId }: { customerId: number; runId: number }) {
  const queryClient = useQueryClient();
  const list = useListState({
    pageSize: 50,
    filters: HOST_FILTERS,
    prefix: 'hosts',
    sortKeys: ['name', 'domain'],
    defaultOrdering: 'name',
  });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: DISCOVERY_KEYS.hosts(customerId, runId, list.query),
    queryFn: ({ signal }) => fetchDiscoveredHosts(customerId, runId, list.query, signal),
    placeholderData: keepPreviousData,
  });
  // Static tags put on the new assets (so that a team limited to a tag sees them, or dynamic rules need not guess).
  const staticTags = useQuery({
    queryKey: ['domain-discovery', 'static-tags'],
    queryFn: ({ signal }) => fetchTags({ page_size: 0, is_dynamic: 'false' }, false, signal),
  });
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function add(rows: readonly DomainDiscoveryHost[], clear: () => void) {
    setAdding(true);
    setRefusal(null);
    try {
      const result = await addDiscoveredAssets(customerId, runId, { hosts: rows.map((h) => h.id), tags: tagIds.map(Number) });
      toastSuccess(
        `${result.created} host ${result.created === 1 ? 'name' : 'names'} added as assets` +
          (result.existing ? ` (${result.existing} already ${result.existing === 1 ? 'was one' : 'were'}).` : '.'),
      );
      clear();
      await queryClient.invalidateQueries({ queryKey: ['domain-discovery', 'hosts', customerId, runId] });
    } catch (failure) {
      if (isAlreadyReported(failure)) return;
      // The asset limit and unknown names come keyed `hosts` (tags: `tags`): their words are the reason.
      const fields = isApiError(failure) ? Object.values(failure.fieldErrors) : [];
      setRefusal(fields.length ? fields.join(' ') : messageOf(failure, 'The host names could not be added as assets.'));
    } finally {
      setAdding(false);
    }
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={HEADING_ID}>
      <Title order={3} size="h5" id={HEADING_ID}>
        Host names found
      </Title>
      <FilterBar
        label="Filter the host names found"
        filters={HOST_FILTERS}
        values={list.filters}
        onChange={list.setFilter}
        onClear={list.clearFilters}
      />
      <MultiSelect
        label="Tags for the assets you add"
        description="Static tags put on each new asset; a team limited to tags sees only the assets carrying one of its tags."
        placeholder={tagIds.length ? undefined : 'No tags'}
        data={(staticTags.data?.results ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
        value={tagIds}
        onChange={setTagIds}
        searchable
        clearable
        maw={480}
      />
      {refusal && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title="Not added"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setRefusal(null)}
        >
          {refusal}
        </Alert>
      )}
      <DataTable
        id="discovered-hosts"
        caption="Host names found by the discovery run"
        columns={COLUMNS}
        rows={data?.results}
        rowKey={(h) => h.id}
        rowProps={(h) => ({ 'data-host': h.name })}
        error={error}
        errorMessage="The host names could not be loaded."
        onRetry={() => void refetch()}
        loadingLabel="Loading the host names…"
        empty={
          list.activeFilters > 0
            ? { title: 'No host name matches these filters.', description: 'Change or clear the filters to see more.' }
            : {
                title: 'This run found no host names.',
                description:
                  'Check the domains and the DNS server, turn on more sources (a larger word list, the certificate-transparency source), and run it again.',
              }
        }
        fetching={isFetching}
        ordering={list.ordering}
        onOrderingChange={list.setOrdering}
        paging={list.paging(data?.count ?? 0, 'host names', 'host name')}
        selection={{
          rowLabel: (h) => h.name,
          actions: (selected, clear) => (
            <Button size="xs" loading={adding} onClick={() => void add(selected, clear)} disabled={selected.every((h) => h.asset !== null)}>
              Add as assets
            </Button>
          ),
        }}
        minWidth={900}
      />
    </Stack>
  );
}
