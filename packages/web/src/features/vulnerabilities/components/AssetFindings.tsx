// The findings tab of an asset's page: the asset's findings from the finding list (remediation/vulnerability-simple/
// with unified_asset), in the vulnerability list's columns less the asset, filtered, sorted, paged, and ignored,
// un-ignored or approved one or many at a time; a link to the same findings on the Vulnerabilities page; above them,
// how to fix them (each upgrade once, with what it fixes).
import { Link } from 'react-router';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_VULNERABILITY_ORDERING } from '@bulwark/core';
import { DataTable } from '../../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../../components/filter-bar/index.ts';
import { ASSET_KEYS } from '../../assets/assets-api.ts';
import { AssetSolutions } from './AssetSolutions.tsx';
import { VulnerabilityActions } from './VulnerabilityActions.tsx';
import { findingColumns, findingPlace } from './vulnerability-columns.tsx';
import { fetchFindings, VULN_KEYS } from '../api/vulnerabilities-api.ts';
import {
  FINDING_SORT_KEYS,
  FINDING_STATE_OPTIONS,
  GROUP_PARAM,
  LIST_PATH,
  SEVERITY_OPTIONS,
  STATE_OPTIONS,
  listFailure,
} from '../vulnerability-format.ts';

const FINDING_FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search findings', placeholder: 'Name, CVE or test', width: 220 },
  { kind: 'multi-select', name: 'severity', label: 'Severity', placeholder: 'Any severity', options: SEVERITY_OPTIONS, width: 220 },
  { kind: 'multi-select', name: 'state', label: 'State', placeholder: 'Active (default)', options: STATE_OPTIONS, width: 240 },
  { kind: 'multi-select', name: 'finding_state', label: 'Finding state', placeholder: 'Open (default)', options: FINDING_STATE_OPTIONS },
];
const COLUMNS = findingColumns(true, { withAsset: false });
/** This list's URL parameters carry the prefix (findings.severity=4), apart from the other tabs of the page. */
export const ASSET_FINDINGS_PREFIX = 'findings';

/** The Vulnerabilities page, one row per finding, narrowed to the asset. */
export function assetVulnerabilitiesPath(assetId: number): string {
  return `${LIST_PATH}?${new URLSearchParams({ [GROUP_PARAM]: 'asset', unified_asset: String(assetId) }).toString()}`;
}

export function AssetFindings({ assetId }: { assetId: number }) {
  const queryClient = useQueryClient();
  const list = useListState({
    prefix: ASSET_FINDINGS_PREFIX,
    pageSize: 25,
    defaultOrdering: DEFAULT_VULNERABILITY_ORDERING,
    sortKeys: FINDING_SORT_KEYS,
    filters: FINDING_FILTERS,
  });
  const query = { ...list.query, unified_asset: assetId };
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: VULN_KEYS.findings(query),
    queryFn: ({ signal }) => fetchFindings(query, signal),
    placeholderData: keepPreviousData,
  });
  // The asset's open-finding counts change with what is ignored or un-ignored.
  const done = (clear: () => void) => () => {
    clear();
    void queryClient.invalidateQueries({ queryKey: ASSET_KEYS.one(assetId) });
  };
  function showAll() {
    list.setFilter('state', { kind: 'multi-select', values: ['active', 'ignored'] });
    list.setFilter('finding_state', { kind: 'multi-select', values: FINDING_STATE_OPTIONS.map((o) => o.value) });
  }
  const filtered = list.activeFilters > 0;
  return (
    <Stack gap="md">
      <AssetSolutions assetId={assetId} />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <FilterBar
          label="Filter findings"
          filters={FINDING_FILTERS}
          values={list.filters}
          onChange={list.setFilter}
          onClear={list.clearFilters}
        />
        <Anchor component={Link} to={assetVulnerabilitiesPath(assetId)} size="sm">
          Open in Vulnerabilities
        </Anchor>
      </Group>
      <DataTable
        id="asset-findings"
        caption="Findings"
        columns={COLUMNS}
        rows={data?.results}
        rowKey={(f) => f.id}
        rowProps={(f) => ({ 'data-finding-id': f.id })}
        selection={{
          rowLabel: (f) => `${f.name} ${findingPlace(f)}`,
          actions: (selected, clear) => <VulnerabilityActions scope={{ kind: 'findings', rows: selected }} onDone={done(clear)} />,
        }}
        error={error}
        errorMessage={listFailure(error, 'The findings of this asset could not be loaded.')}
        onRetry={() => void refetch()}
        loadingLabel="Loading findings…"
        empty={
          filtered
            ? { title: 'No finding on this asset matches these filters.', description: 'Change or clear the filters to see more.' }
            : {
                title: 'No open vulnerabilities on this asset',
                description: 'Ignored and closed findings are a filter away: choose the Ignored state, or the Closed finding state.',
                action: (
                  <Button variant="light" size="xs" onClick={showAll}>
                    Show ignored and closed findings
                  </Button>
                ),
              }
        }
        fetching={isFetching}
        ordering={list.ordering}
        onOrderingChange={list.setOrdering}
        paging={list.paging(data?.count ?? 0, 'findings', 'finding')}
        minWidth={900}
      />
    </Stack>
  );
}
