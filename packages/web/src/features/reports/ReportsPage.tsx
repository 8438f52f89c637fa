// /reports/reports: the report runs (name, format, scope, state with progress while it runs, created, by whom, file
// size) with search, state and format filters kept in the URL, polled while any run is pending or running; view, download
// and delete each run; "New report" opens the form in a dialog.
import { Link } from 'react-router';
import { Anchor, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  REPORT_FORMAT_LABELS,
  REPORT_FORMATS,
  REPORT_RUN_STATE_LABELS,
  REPORT_RUN_STATES,
  formatDateTime,
  type Report,
} from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, sortKeysOf, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { NewReportForm } from './components/NewReportForm.tsx';
import { REPORT_KEYS, fetchReports, reportDownloadUrl } from './api/reports-api.ts';
import {
  DEFAULT_REPORT_ORDERING,
  REPORTS_PAGE_SIZE,
  SCHEDULES_PATH,
  TEMPLATES_PATH,
  hasFile,
  reportPath,
  reportPollInterval,
  scopeText,
  sizeText,
  type ScopeNames,
} from './report-format.ts';
import { RunState } from './components/RunState.tsx';
import { useReportListActions } from './use-report-list-actions.ts';
import { useSavedViews, useScopeScanNames } from './components/ScopeFields.tsx';

const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Report name', width: 220 },
  {
    kind: 'select',
    name: 'state',
    label: 'State',
    options: REPORT_RUN_STATES.map((s) => ({ value: s, label: REPORT_RUN_STATE_LABELS[s] })),
    width: 160,
  },
  {
    kind: 'select',
    name: 'format',
    label: 'Format',
    options: REPORT_FORMATS.map((f) => ({ value: f, label: REPORT_FORMAT_LABELS[f] })),
    width: 180,
  },
];

export function reportColumns(names: ScopeNames, onDelete: (r: Report) => void): DataColumn<Report>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cellProps: { maw: 320 },
      cell: (r) => (
        <Stack gap={0}>
          <Anchor component={Link} to={reportPath(r.id)} size="sm" fw={500}>
            {r.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {r.template_name ?? 'Default sections'}
            {r.schedule !== null ? ' · scheduled' : ''}
          </Text>
        </Stack>
      ),
    },
    { key: 'format', header: 'Format', cell: (r) => <Text size="sm">{REPORT_FORMAT_LABELS[r.format]}</Text> },
    {
      key: 'scope',
      header: 'Scope',
      cellProps: { maw: 260 },
      cell: (r) => <Text size="sm">{scopeText(r.scope_kind, r.scope, names)}</Text>,
    },
    {
      key: 'state',
      header: 'State',
      cell: (r) => <RunState state={r.state} progress={r.progress} error={r.error} label={`Progress of ${r.name}`} />,
    },
    {
      key: 'created',
      header: 'Created',
      sortKey: 'created_at',
      descendingFirst: true,
      cellProps: { style: { whiteSpace: 'nowrap' } },
      cell: (r) => <Text size="sm">{formatDateTime(r.created_at)}</Text>,
    },
    { key: 'created_by', header: 'Created by', hideable: true, cell: (r) => <Text size="sm">{r.created_by ?? '–'}</Text> },
    { key: 'size', header: 'Size', hideable: true, cell: (r) => <Text size="sm">{hasFile(r) ? sizeText(r.file_size) : '–'}</Text> },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (r) => (
        <Group gap={4} wrap="nowrap">
          <Button component={Link} to={reportPath(r.id)} size="compact-sm" variant="subtle" aria-label={`View ${r.name}`}>
            View
          </Button>
          {hasFile(r) && (
            <Button
              component="a"
              href={reportDownloadUrl(r.id)}
              download
              size="compact-sm"
              variant="subtle"
              aria-label={`Download ${r.name}`}
            >
              Download
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(r)} aria-label={`Delete ${r.name}`}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];
}

const SORT_KEYS = sortKeysOf(reportColumns({}, () => undefined));

export default function ReportsPage() {
  const list = useListState({
    pageSize: REPORTS_PAGE_SIZE,
    defaultOrdering: DEFAULT_REPORT_ORDERING,
    sortKeys: SORT_KEYS,
    filters: FILTERS,
  });
  const { creating, setCreating, deleting, setDeleting, remove, created } = useReportListActions(list.showFirst);
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: REPORT_KEYS.reportList(list.query),
    queryFn: ({ signal }) => fetchReports(list.query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => reportPollInterval(q.state.data?.results),
  });
  // Names for the scope column: the saved views, and the scans when a scan report is listed.
  const views = useSavedViews();
  const scanNames = useScopeScanNames((data?.results ?? []).map((r) => r.scope_kind));
  const columns = reportColumns({ views: views.data, scans: scanNames }, setDeleting);

  const newButton = <Button onClick={() => setCreating(true)}>New report</Button>;
  return (
    <Stack gap="md">
      <PageHeader
        title="Reports"
        description="Your vulnerability figures as a page, a PDF or HTML file, or a CSV of every finding."
        actions={newButton}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar label="Filter reports" filters={FILTERS} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />
          <DataTable
            id="reports"
            caption="Reports"
            columns={columns}
            rows={data?.results}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-report-id': r.id })}
            error={error}
            errorMessage="The reports could not be loaded."
            onRetry={() => void refetch()}
            loadingLabel="Loading reports…"
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'reports', 'report')}
            minWidth={900}
            empty={
              list.activeFilters > 0
                ? { title: 'No report matches these filters.', description: 'Change or clear the filters to see more.' }
                : {
                    title: 'No reports yet',
                    description: (
                      <>
                        A report gathers what Bulwark knows about your vulnerabilities (a summary, the trend, severities, the top issues,
                        the most exposed assets, remediation and scan coverage) as a page to read here, a PDF or HTML file to share, or a
                        CSV of every finding. Choose its sections with a{' '}
                        <Anchor component={Link} to={TEMPLATES_PATH} size="sm">
                          template
                        </Anchor>
                        , or have it e-mailed regularly with a{' '}
                        <Anchor component={Link} to={SCHEDULES_PATH} size="sm">
                          schedule
                        </Anchor>
                        .
                      </>
                    ),
                    action: <Button onClick={() => setCreating(true)}>Create your first report</Button>,
                  }
            }
          />
        </Stack>
      </Card>
      <Modal opened={creating} onClose={() => setCreating(false)} title="New report" size="lg">
        {creating && <NewReportForm onCreated={created} onCancel={() => setCreating(false)} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete report"
        confirmLabel="Delete report"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        Delete the report <strong>{deleting?.name}</strong>
        {deleting && hasFile(deleting) ? ' and its file' : ''}? The findings it shows are not changed.
      </ConfirmDialog>
    </Stack>
  );
}
