// The "All findings" section of a finished report: its findings one row each, paged by the server
// (reports/{id}/findings/), the page kept in the URL (findings.page) so a page of the report can be shared.
import { Link } from 'react-router';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { issueRoute, type ReportFindingRow } from '@bulwark/core';
import { DataTable, type DataColumn } from '../../../components/data-table/index.ts';
import { useListState } from '../../../components/filter-bar/index.ts';
import { SeverityBadge } from '../../vulnerabilities/components/vulnerability-columns.tsx';
import { REPORT_KEYS, fetchReportFindings } from '../api/reports-api.ts';
import { FINDINGS_PAGE_SIZE, isYes, severityCode } from '../report-format.ts';

const dash = (text: string) => (text.trim() === '' ? '–' : text);
const plain = (text: string) => <Text size="sm">{dash(text)}</Text>;
const nowrap = { style: { whiteSpace: 'nowrap' as const } };

function SeverityCell({ text }: { text: string }) {
  const code = severityCode(text);
  return code === null ? plain(text) : <SeverityBadge severity={code} />;
}

export const FINDING_COLUMNS: readonly DataColumn<ReportFindingRow>[] = [
  { key: 'asset', header: 'Asset', cellProps: { maw: 240 }, cell: (f) => plain(f.asset) },
  { key: 'address', header: 'Address', cell: (f) => plain(f.address) },
  { key: 'port', header: 'Port', cell: (f) => plain(f.port) },
  {
    key: 'name',
    header: 'Vulnerability',
    cellProps: { maw: 360 },
    cell: (f) => (
      <Stack gap={0}>
        {f.issue.trim() !== '' ? (
          <Anchor component={Link} to={issueRoute(f.issue)} size="sm" fw={500}>
            {dash(f.name)}
          </Anchor>
        ) : (
          plain(f.name)
        )}
        {f.issue.trim() !== '' && (
          <Text size="xs" c="dimmed">
            {f.issue}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'severity', header: 'Severity', cell: (f) => <SeverityCell text={f.severity} /> },
  { key: 'risk', header: 'Risk', cell: (f) => plain(f.risk_score) },
  { key: 'cvss', header: 'CVSS', hideable: true, cell: (f) => plain(f.cvss) },
  { key: 'epss', header: 'EPSS', hideable: true, cell: (f) => plain(f.epss) },
  {
    key: 'kev',
    header: 'KEV',
    hideable: true,
    cell: (f) =>
      isYes(f.exploit_known) ? (
        <Badge color="red" variant="outline" size="sm" title="In the CISA Known Exploited Vulnerabilities catalog">
          KEV
        </Badge>
      ) : (
        plain('')
      ),
  },
  { key: 'state', header: 'State', hideable: true, cell: (f) => plain(f.state) },
  { key: 'first_seen', header: 'First seen', hideable: true, cellProps: nowrap, cell: (f) => plain(f.first_seen) },
  { key: 'last_seen', header: 'Last seen', hideable: true, cellProps: nowrap, cell: (f) => plain(f.last_seen) },
];

export function ReportFindings({ reportId, count }: { reportId: number; count: number }) {
  const list = useListState({ pageSize: FINDINGS_PAGE_SIZE, prefix: 'findings' });
  const query = { page: list.page, page_size: list.pageSize };
  const findings = useQuery({
    queryKey: REPORT_KEYS.findings(reportId, query),
    queryFn: ({ signal }) => fetchReportFindings(reportId, query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable
      id="report-findings"
      caption="All findings of the report"
      columns={FINDING_COLUMNS}
      rows={findings.data?.results}
      rowKey={(_f, index) => `${list.page}-${index}`}
      error={findings.error}
      errorMessage="The findings of this report could not be loaded."
      onRetry={() => void findings.refetch()}
      loadingLabel="Loading findings…"
      fetching={findings.isFetching}
      paging={list.paging(findings.data?.count ?? count, 'findings', 'finding')}
      minWidth={1000}
      empty={{ title: 'This report lists no findings: nothing in its scope was open when it ran.' }}
    />
  );
}
