// The findings of a web run, grouped by OWASP Top 10 (2021) category in a chart, above the web application's web
// findings in the vulnerability list's columns — each opening its unified vulnerability with its evidence (request,
// response excerpt, proof, how it was confirmed, parameter and payload).
import { Link } from 'react-router';
import { Alert, Anchor, Grid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_VULNERABILITY_ORDERING } from '@bulwark/core';
import { messageOf } from '../../../api/errors.ts';
import { isApiError } from '../../../api/errors.ts';
import { DataTable } from '../../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../../components/filter-bar/index.ts';
import { fetchFindings, VULN_KEYS } from '../../vulnerabilities/api/vulnerabilities-api.ts';
import { findingColumns } from '../../vulnerabilities/components/vulnerability-columns.tsx';
import { FINDING_SORT_KEYS, GROUP_PARAM, LIST_PATH, SEVERITY_OPTIONS } from '../../vulnerabilities/vulnerability-format.ts';
import { OwaspChart } from './OwaspChart.tsx';
import { useWebRunDetail } from './WebRunSummary.tsx';

const FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search findings', placeholder: 'Name or test', width: 220 },
  { kind: 'multi-select', name: 'severity', label: 'Severity', placeholder: 'Any severity', options: SEVERITY_OPTIONS, width: 220 },
];
const COLUMNS = findingColumns(true, { withAsset: false });

/** The Vulnerabilities page narrowed to an asset's web findings. */
export function webFindingsPath(assetId: number): string {
  return `${LIST_PATH}?${new URLSearchParams({ [GROUP_PARAM]: 'asset', unified_asset: String(assetId), source: 'web' }).toString()}`;
}

/**
 * The web findings of one web-application asset (also on its asset page); with a run, only those that run saw or closed
 * (every state, so what the run fixed is listed too).
 */
export function AssetWebFindings({
  assetId,
  runId,
  prefix = 'findings',
  polling = false,
}: {
  assetId: number;
  runId?: number;
  prefix?: string;
  polling?: number | false;
}) {
  const list = useListState({
    prefix,
    pageSize: 25,
    defaultOrdering: DEFAULT_VULNERABILITY_ORDERING,
    sortKeys: FINDING_SORT_KEYS,
    filters: FILTERS,
  });
  const query = {
    ...list.query,
    unified_asset: assetId,
    source: 'web',
    ...(runId ? { run: runId, finding_state: ['0', '1', '2', '3'] } : {}),
  };
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: VULN_KEYS.findings(query),
    queryFn: ({ signal }) => fetchFindings(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: polling,
  });
  return (
    <Stack gap="sm">
      <FilterBar
        label="Filter web findings"
        filters={FILTERS}
        values={list.filters}
        onChange={list.setFilter}
        onClear={list.clearFilters}
      />
      <DataTable
        id="web-findings"
        caption="Web findings"
        columns={COLUMNS}
        rows={data?.results}
        rowKey={(f) => f.id}
        error={error}
        errorMessage="The web findings could not be loaded."
        onRetry={() => void refetch()}
        loadingLabel="Loading web findings…"
        empty={{
          title: list.activeFilters > 0 ? 'No web finding matches.' : runId ? 'This run saw no web finding.' : 'No open web findings.',
        }}
        fetching={isFetching}
        ordering={list.ordering}
        onOrderingChange={list.setOrdering}
        paging={list.paging(data?.count ?? 0, 'findings', 'finding')}
      />
      <Anchor component={Link} to={webFindingsPath(assetId)} size="sm">
        Open these findings on the Vulnerabilities page
      </Anchor>
    </Stack>
  );
}

export function WebFindingsTab({ runId, polling }: { runId: number; polling: number | false }) {
  const detail = useWebRunDetail(runId, polling);
  if (detail.error) {
    const pending = isApiError(detail.error) && detail.error.status === 404;
    return (
      <Alert color={pending ? 'blue' : 'red'} variant="light" role={pending ? 'status' : 'alert'}>
        {pending
          ? 'The findings appear here when the run’s results are processed.'
          : messageOf(detail.error, 'The run’s results could not be loaded.')}
      </Alert>
    );
  }
  if (!detail.data) return <Text size="sm">Loading the findings…</Text>;
  const { owasp, asset, findings, complete } = detail.data;
  return (
    <Stack gap="md">
      {!complete && (
        <Alert color="yellow" variant="light">
          This run did not finish: it found what is listed, and closed none of the earlier findings.
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="xs" component="section" aria-labelledby="web-owasp-heading">
            <Title order={3} size="h5" id="web-owasp-heading">
              By OWASP Top 10 (2021)
            </Title>
            <OwaspChart
              slices={owasp.map((o) => ({ id: o.id, label: o.label, count: o.count }))}
              title="This run’s findings by OWASP Top 10 category"
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Text size="sm">
            This run saw {findings} finding{findings === 1 ? '' : 's'} on {asset.name || asset.url}. Below: the findings this run saw or
            closed; open one for its evidence — the request, the response around the proof, the parameter, the payload and how it was
            confirmed.
          </Text>
        </Grid.Col>
      </Grid>
      <AssetWebFindings assetId={asset.id} runId={runId} polling={polling} />
    </Stack>
  );
}
