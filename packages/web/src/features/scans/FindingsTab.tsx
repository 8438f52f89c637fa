// The Findings tab of a run: severity and detection filters and a server-paged, sortable table of findings with their intelligence;
// filter, order and page are kept in the URL (findings.*).
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { issueHid, issueRoute, type FindingRow } from '@bulwark/core';
import { DataTable, sortKeysOf, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState } from '../../components/filter-bar/index.ts';
import { runFindingsQuery } from './scan-queries.ts';
import {
  cveUrl,
  DEFAULT_FINDING_ORDERING,
  FINDING_FILTERS,
  findingCves,
  findingLocation,
  findingStateColor,
  formatCvss,
  formatEpssPercent,
  RESULT_PAGE_SIZE,
  riskScoreColor,
  severityColor,
  severityLabel,
} from './result-format.ts';

/** The issue a finding belongs to: its test's (`nvt-<id>`), else its CVE's; null when it has neither. */
function findingHid(f: Pick<FindingRow, 'check_id' | 'cve'>): string | null {
  if (f.check_id) return issueHid('check', f.check_id);
  return f.cve ? issueHid('cve', f.cve) : null;
}

function CveLinks({ finding }: { finding: FindingRow }) {
  const cves = findingCves(finding);
  if (cves.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {cves.slice(0, 3).map((cve) => (
        <Anchor key={cve} href={cveUrl(cve)} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace">
          {cve}
        </Anchor>
      ))}
      {cves.length > 3 && (
        <Text size="xs" c="dimmed">
          +{cves.length - 3} more
        </Text>
      )}
    </Stack>
  );
}

export const FINDING_COLUMNS: readonly DataColumn<FindingRow>[] = [
  {
    key: 'severity',
    header: 'Severity',
    sortKey: 'severity',
    descendingFirst: true,
    cell: (f) => <Badge color={severityColor(f.severity)}>{f.severity_label || severityLabel(f.severity)}</Badge>,
  },
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    cellProps: { maw: 320 },
    cell: (f) => {
      const hid = findingHid(f);
      return (
        <>
          {hid ? (
            <Anchor component={Link} to={issueRoute(hid)} size="sm" fw={500}>
              {f.name}
            </Anchor>
          ) : (
            <Text size="sm" fw={500}>
              {f.name}
            </Text>
          )}
          {f.solution && (
            <Text size="xs" c="dimmed" lineClamp={2} title={f.solution}>
              {f.solution}
            </Text>
          )}
        </>
      );
    },
  },
  { key: 'cve', header: 'CVE', hideable: true, cell: (f) => <CveLinks finding={f} /> },
  {
    key: 'detection',
    header: 'Detection',
    hideable: true,
    cell: (f) => (
      <Stack gap={0}>
        <Text size="sm">{f.detection_label}</Text>
        <Text size="xs" c="dimmed">
          {f.confidence}
        </Text>
        {f.qod_label && (
          <Text size="xs" c="dimmed">
            QoD {f.qod_label}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    key: 'host',
    header: 'Host',
    sortKey: 'address',
    hideable: true,
    cell: (f) => (
      <Text size="sm" ff="monospace">
        {findingLocation(f)}
      </Text>
    ),
  },
  {
    key: 'cvss',
    header: 'CVSS',
    sortKey: 'cvss',
    descendingFirst: true,
    hideable: true,
    cell: (f) => <Text size="sm">{formatCvss(f.cvss)}</Text>,
  },
  {
    key: 'epss',
    header: 'EPSS',
    sortKey: 'epss',
    descendingFirst: true,
    hideable: true,
    cell: (f) => <Text size="sm">{formatEpssPercent(f.epss)}</Text>,
  },
  {
    key: 'known',
    header: 'Known',
    hideable: true,
    cell: (f) => (
      <Group gap={4}>
        {f.exploit_known && (
          <Badge color="red" variant="outline" size="sm" title="In the CISA Known Exploited Vulnerabilities catalog">
            KEV
          </Badge>
        )}
        {f.ransomware_known && (
          <Badge color="grape" variant="outline" size="sm" title="Known to be used in ransomware campaigns">
            Ransomware
          </Badge>
        )}
      </Group>
    ),
  },
  {
    key: 'risk',
    header: 'Risk',
    sortKey: 'risk_score',
    descendingFirst: true,
    hideable: true,
    cell: (f) => (
      <Badge color={riskScoreColor(f.risk_score)} variant="light">
        {Math.round(f.risk_score)}
      </Badge>
    ),
  },
  {
    key: 'state',
    header: 'State',
    hideable: true,
    cell: (f) => (
      <Badge color={findingStateColor(f.state_label)} variant="dot">
        {f.state_label}
      </Badge>
    ),
  },
];

const SORT_KEYS = sortKeysOf(FINDING_COLUMNS);

export function FindingsTab({ runId, polling }: { runId: number; polling: number | false }) {
  const list = useListState({
    prefix: 'findings',
    pageSize: RESULT_PAGE_SIZE,
    defaultOrdering: DEFAULT_FINDING_ORDERING,
    sortKeys: SORT_KEYS,
    filters: FINDING_FILTERS,
  });
  const { data, error, isFetching, refetch } = useQuery(runFindingsQuery(runId, list.query, polling));

  return (
    <Stack gap="md">
      <FilterBar
        label="Filter findings"
        filters={FINDING_FILTERS}
        values={list.filters}
        onChange={list.setFilter}
        onClear={list.clearFilters}
      />
      <DataTable
        id="findings"
        caption="Findings"
        columns={FINDING_COLUMNS}
        rows={data?.results}
        rowKey={(f) => f.id}
        rowProps={(f) => ({ 'data-finding-id': f.id })}
        error={error}
        errorMessage="The findings could not be loaded."
        onRetry={() => void refetch()}
        loadingLabel="Loading findings…"
        empty={{ title: list.activeFilters > 0 ? 'No finding matches these filters.' : 'No findings in this run.' }}
        fetching={isFetching}
        ordering={list.ordering}
        onOrderingChange={list.setOrdering}
        paging={list.paging(data?.count ?? 0, 'findings', 'finding')}
        minWidth={1000}
      />
    </Stack>
  );
}
