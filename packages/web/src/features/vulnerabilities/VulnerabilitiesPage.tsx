// /vm/unified-vulnerabilities: every open weakness, grouped by issue (one row per CVE or test, with how many assets it
// is on) or by asset (one row per finding); the §3 filters kept in the URL, saved views (the default one applied when the
// list opens bare), ignoring and un-ignoring in bulk, the CSV export and what does not count; findings below the
// customer's minimum quality of detection are hidden, the page says how many and shows them on request (qod_min=0).
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SavedFilter } from '@bulwark/core';
import { DataTable } from '../../components/data-table/index.ts';
import { useStartExport } from '../reports/components/ExportsMenu.tsx';
import { FilterBar, filterValuesFromQuery, storedQuery, useListState, writeFilterValue } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { FeedHealthAlert } from '../intel/components/FeedHealthAlert.tsx';
import { ExposureSummary } from './components/ExposureSummary.tsx';
import { IgnoredSummary } from './components/IgnoredSummary.tsx';
import { SavedViews } from './components/SavedViews.tsx';
import { VulnerabilityActions } from './components/VulnerabilityActions.tsx';
import { ISSUE_COLUMNS, findingColumns } from './components/vulnerability-columns.tsx';
import {
  FINDING_QOD_COLUMN,
  HiddenBelowQod,
  ISSUE_QOD_COLUMN,
  QOD_FILTER,
  QOD_PARAM,
  SHOW_ALL_QOD_VALUE,
  withQodColumn,
} from './components/qod.tsx';
import {
  exportUrl,
  fetchFindingCount,
  fetchFindings,
  fetchIssues,
  fetchSavedFilters,
  fetchTags,
  VULN_KEYS,
} from './api/vulnerabilities-api.ts';
import {
  FINDING_SORT_KEYS,
  GROUP_PARAM,
  GROUPING_LABELS,
  ISSUE_SORT_KEYS,
  PAGE_SIZE,
  defaultOrdering,
  groupingOf,
  listFailure,
  viewOf,
  vulnerabilityFilters,
  type Grouping,
} from './vulnerability-format.ts';

const FINDING_COLUMNS = findingColumns(true);
const FINDING_QOD_COLUMNS = withQodColumn(FINDING_COLUMNS, FINDING_QOD_COLUMN, true);
const ISSUE_QOD_COLUMNS = withQodColumn(ISSUE_COLUMNS, ISSUE_QOD_COLUMN, true);
const first = (v: string | readonly string[] | undefined) => (typeof v === 'string' ? v : v?.[0]);

export default function VulnerabilitiesPage() {
  const [params, setParams] = useSearchParams();
  const group = groupingOf(params.get(GROUP_PARAM));
  const tags = useQuery({ queryKey: VULN_KEYS.tags, queryFn: ({ signal }) => fetchTags(signal) });
  const filters = useMemo(() => [...vulnerabilityFilters(tags.data ?? []), QOD_FILTER], [tags.data]);
  const list = useListState({
    pageSize: PAGE_SIZE,
    defaultOrdering: defaultOrdering(group),
    sortKeys: group === 'issue' ? ISSUE_SORT_KEYS : FINDING_SORT_KEYS,
    filters,
  });
  const filterParams = storedQuery(list.query);
  const startExport = useStartExport();

  // §3 saved filter: the default one applies when the list opens with nothing in its URL. The list waits for the
  // saved filters rather than asking twice.
  const saved = useQuery({ queryKey: VULN_KEYS.saved, queryFn: ({ signal }) => fetchSavedFilters(signal) });
  const bare = params.toString() === '';
  // checking: the saved filters are not known yet; applying: the default was written into the URL, which the router has
  // yet to show; done: the list asks.
  const [defaultStatus, setDefaultStatus] = useState<'checking' | 'applying' | 'done'>(() => (bare ? 'checking' : 'done'));
  if (defaultStatus === 'applying' && !bare) setDefaultStatus('done');
  const holding = defaultStatus !== 'done' && bare;

  /** Writes a saved view into the URL; false when it sets nothing. */
  function applyView(view: SavedFilter, replace = false): boolean {
    const next = new URLSearchParams();
    const values = filterValuesFromQuery(filters, view.filters);
    for (const def of filters) writeFilterValue(def, next, values[def.name]);
    const g = groupingOf(first(view.filters[GROUP_PARAM]));
    if (g !== 'issue') next.set(GROUP_PARAM, g);
    const ordering = first(view.filters.ordering);
    if (ordering) next.set('ordering', ordering);
    setParams(next, { replace });
    return next.toString() !== '';
  }

  useEffect(() => {
    if (defaultStatus !== 'checking' || saved.isPending) return;
    const view = saved.data?.find((v) => v.is_default);
    if (view && bare && applyView(view, true)) setDefaultStatus('applying');
    else setDefaultStatus('done');
    // Once, when the saved filters are first known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defaultStatus, saved.isPending]);

  const issues = useQuery({
    queryKey: VULN_KEYS.issues(list.query),
    queryFn: ({ signal }) => fetchIssues(list.query, signal),
    enabled: group === 'issue' && !holding,
    placeholderData: keepPreviousData,
  });
  const findings = useQuery({
    queryKey: VULN_KEYS.findings(list.query),
    queryFn: ({ signal }) => fetchFindings(list.query, signal),
    enabled: group === 'asset' && !holding,
    placeholderData: keepPreviousData,
  });
  const count = useQuery({
    queryKey: VULN_KEYS.count(group, filterParams),
    queryFn: ({ signal }) => fetchFindingCount(group, filterParams, signal),
    enabled: !holding,
    placeholderData: keepPreviousData,
  });
  const current = group === 'issue' ? issues : findings;
  const total = current.data?.count ?? 0;
  // Another minimum than the customer's (low-confidence findings shown, or only the surest): each row says its QoD.
  const qodShown = list.filters[QOD_PARAM] !== undefined;
  const filtered = list.activeFilters > 0;

  function setGroup(next: Grouping) {
    const p = new URLSearchParams(params);
    if (next === 'issue') p.delete(GROUP_PARAM);
    else p.set(GROUP_PARAM, next);
    // Each grouping orders by its own columns, from its first page.
    p.delete('ordering');
    p.delete('page');
    setParams(p);
  }

  const exportOrdering = list.ordering && FINDING_SORT_KEYS.includes(list.ordering.replace(/^-/, '')) ? list.ordering : undefined;
  const empty = filtered
    ? { title: 'No vulnerabilities match these filters', description: 'Change or clear the filters to see more.' }
    : {
        title: 'No open vulnerabilities',
        description: 'Nothing has been found yet, or everything found is fixed or ignored. Run a scan: what it finds appears here.',
        action: (
          <Button component={Link} to="/scans/scans">
            Go to scans
          </Button>
        ),
      };
  const common = {
    error: current.error,
    errorMessage: listFailure(current.error, 'The vulnerabilities could not be loaded. Reload the page to try again.'),
    onRetry: () => void current.refetch(),
    loadingLabel: 'Loading vulnerabilities…',
    empty,
    fetching: current.isFetching,
    ordering: list.ordering,
    onOrderingChange: list.setOrdering,
    minWidth: 1000,
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Vulnerabilities"
        description="Every weakness found on your assets: by issue across assets, or finding by finding."
        actions={
          <Group gap="xs">
            <SavedViews current={viewOf(filterParams, group, list.ordering)} onApply={(view) => applyView(view)} />
            <Button component="a" href={exportUrl({ ...filterParams, ordering: exportOrdering })} variant="default" download>
              Export CSV
            </Button>
            <Button
              variant="default"
              loading={startExport.isPending}
              onClick={() => startExport.mutate({ type: 'vulnerabilities', input: { filters: filterParams } })}
            >
              Export in background
            </Button>
          </Group>
        }
      />
      <FeedHealthAlert />
      <ExposureSummary />
      <IgnoredSummary />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter vulnerabilities"
            filters={filters}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm">
              <Text size="sm" fw={500} id="group-by-label">
                Group by
              </Text>
              <SegmentedControl
                aria-labelledby="group-by-label"
                value={group}
                onChange={(v) => setGroup(groupingOf(v))}
                data={(['issue', 'asset'] as Grouping[]).map((g) => ({ value: g, label: GROUPING_LABELS[g] }))}
              />
            </Group>
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="vulnerability-count">
              {current.data
                ? `${total} ${group === 'issue' ? (total === 1 ? 'vulnerability' : 'vulnerabilities') : total === 1 ? 'finding' : 'findings'}` +
                  (group === 'issue' && count.data
                    ? ` · ${count.data.exact ? '' : 'about '}${count.data.count} ${count.data.count === 1 ? 'finding' : 'findings'}`
                    : '')
                : ''}
            </Text>
          </Group>
          <HiddenBelowQod qod={current.data?.qod} onShow={() => list.setFilter(QOD_PARAM, SHOW_ALL_QOD_VALUE)} />
          {filtered && total > 0 && (
            <Group gap="xs">
              <Text size="sm">Everything matching:</Text>
              <VulnerabilityActions
                scope={{ kind: 'filter', filter: filterParams, count: count.data?.count ?? total }}
                onDone={() => undefined}
              />
            </Group>
          )}
          {group === 'issue' ? (
            <DataTable
              {...common}
              id="vulnerabilities-by-issue"
              caption="Vulnerabilities"
              columns={qodShown ? ISSUE_QOD_COLUMNS : ISSUE_COLUMNS}
              rows={holding ? undefined : issues.data?.results}
              rowKey={(i) => i.hid}
              rowProps={(i) => ({ 'data-hid': i.hid })}
              selection={{
                rowLabel: (i) => i.name,
                actions: (selected, clear) => <VulnerabilityActions scope={{ kind: 'issues', rows: selected }} onDone={clear} />,
              }}
              paging={list.paging(total, 'vulnerabilities', 'vulnerability')}
            />
          ) : (
            <DataTable
              {...common}
              id="vulnerabilities-by-asset"
              caption="Findings"
              columns={qodShown ? FINDING_QOD_COLUMNS : FINDING_COLUMNS}
              rows={holding ? undefined : findings.data?.results}
              rowKey={(f) => f.id}
              rowProps={(f) => ({ 'data-finding-id': f.id })}
              selection={{
                rowLabel: (f) => `${f.name} on ${f.asset.asset_name}`,
                actions: (selected, clear) => <VulnerabilityActions scope={{ kind: 'findings', rows: selected }} onDone={clear} />,
              }}
              paging={list.paging(total, 'findings', 'finding')}
            />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
