// /vt/vulnerability-tests: the network test catalogue — shipped checks and community templates (BULWARK_CHECKS_DIRS) —
// each of which the organisation may ignore (its findings stop counting), and the templates that were refused, each with
// its file, id and reason, so an operator sees what did not load and why.
import { useState } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { DataTable, sortKeysOf } from '../../components/data-table/index.ts';
import { FilterBar, useListState } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { fetchCatalogueTests, fetchRefusedTemplates, setTestIgnored, type CatalogueTest } from './catalogue-api.ts';
import { REFUSED_COLUMNS, REFUSED_FILTERS, TEST_COLUMNS, TEST_FILTERS, testColumns } from './catalogue-columns.tsx';

const SORT_KEYS = sortKeysOf(TEST_COLUMNS);

function TestList() {
  const queryClient = useQueryClient();
  const [toggling, setToggling] = useState<CatalogueTest | null>(null);
  const list = useListState({ pageSize: 25, defaultOrdering: 'name', sortKeys: SORT_KEYS, filters: TEST_FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: ['catalogue', 'list', list.query],
    queryFn: ({ signal }) => fetchCatalogueTests(list.query, signal),
    placeholderData: keepPreviousData,
  });

  async function toggle(test: CatalogueTest) {
    const ignore = !test.ignored;
    try {
      await setTestIgnored(test.id, ignore);
      toastSuccess(ignore ? `${test.name} is ignored: its findings no longer count.` : `${test.name} counts again.`);
      setToggling(null);
      await queryClient.invalidateQueries({ queryKey: ['catalogue', 'list'] });
      // Findings and risk scores change with it.
      await queryClient.invalidateQueries({ queryKey: ['vulnerabilities'] });
    } catch (failure) {
      toastFailure(failure, ignore ? 'Cannot ignore the test.' : 'Cannot un-ignore the test.');
    }
  }

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <FilterBar
          label="Filter tests"
          filters={TEST_FILTERS}
          values={list.filters}
          onChange={list.setFilter}
          onClear={list.clearFilters}
        />
        <DataTable
          id="vulnerability-tests"
          caption="Vulnerability tests"
          columns={testColumns(setToggling)}
          rows={data?.results}
          rowKey={(test) => test.id}
          rowProps={(test) => ({ 'data-test-id': test.id })}
          error={error}
          errorMessage="The tests could not be loaded. Reload the page to try again."
          onRetry={() => void refetch()}
          loadingLabel="Loading tests…"
          empty={{ title: list.activeFilters > 0 ? 'No test matches this search.' : 'No tests.' }}
          fetching={isFetching}
          ordering={list.ordering}
          onOrderingChange={list.setOrdering}
          paging={list.paging(data?.count ?? 0, 'tests', 'test')}
        />
      </Stack>
      <ConfirmDialog
        opened={toggling !== null}
        title={toggling?.ignored ? 'Un-ignore test' : 'Ignore test'}
        confirmLabel={toggling?.ignored ? 'Un-ignore test' : 'Ignore test'}
        color={toggling?.ignored ? 'blue' : 'red'}
        onConfirm={() => (toggling ? toggle(toggling) : undefined)}
        onClose={() => setToggling(null)}
      >
        {toggling?.ignored ? (
          <>
            Count <strong>{toggling.name}</strong> again? Its findings on every asset count again in risk scores, lists and reports.
          </>
        ) : (
          <>
            Ignore <strong>{toggling?.name}</strong> for your whole organisation? Scans still run it and its findings stay listed, but they
            stop counting in risk scores, lists and reports until you un-ignore it.
          </>
        )}
      </ConfirmDialog>
    </Card>
  );
}

function RefusedList() {
  const list = useListState({ prefix: 'refused', pageSize: 25, filters: REFUSED_FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: ['catalogue', 'refused', list.query],
    queryFn: ({ signal }) => fetchRefusedTemplates(list.query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            Refused templates
          </Title>
          <Text size="sm" c="dimmed">
            Templates outside the format Bulwark runs, or whose id another template already has (a shipped check wins over a community one).
            They are not run.
          </Text>
        </div>
        <FilterBar
          label="Filter refused templates"
          filters={REFUSED_FILTERS}
          values={list.filters}
          onChange={list.setFilter}
          onClear={list.clearFilters}
        />
        <DataTable
          id="refused-templates"
          caption="Refused templates"
          columns={REFUSED_COLUMNS}
          rows={data?.results}
          rowKey={(r) => `${r.source}/${r.folder}/${r.file}`}
          error={error}
          errorMessage="The refused templates could not be loaded. Reload the page to try again."
          onRetry={() => void refetch()}
          loadingLabel="Loading refused templates…"
          empty={{ title: list.activeFilters > 0 ? 'No refused template matches this search.' : 'Every template loaded.' }}
          fetching={isFetching}
          paging={list.paging(data?.count ?? 0, 'refused templates', 'refused template')}
        />
      </Stack>
    </Card>
  );
}

export default function TestCataloguePage() {
  return (
    <Stack gap="md">
      <PageHeader
        title="Vulnerability tests"
        description="The checks network scans run: Bulwark's own, and community templates from the folders set in BULWARK_CHECKS_DIRS."
      />
      <TestList />
      <RefusedList />
    </Stack>
  );
}
