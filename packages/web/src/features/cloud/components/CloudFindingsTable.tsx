// Unified findings of source `cloud` (remediation/vulnerability-simple/?source=cloud, narrowed by the caller: a run, a
// control's check id, a resource): severity, the control (linking to its cp page), the resource (linking to its page)
// and when it was last seen, with a link to the finding's evidence (its issue page); paged in the URL.
import { Link } from 'react-router';
import { Anchor, Badge, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEVERITY_LABELS, formatDateTime, issueRoute, type Vulnerability } from '@bulwark/core';
import type { QueryParams } from '../../../api/query-string.ts';
import { DataTable, type DataColumn } from '../../../components/data-table/index.ts';
import { useListState } from '../../../components/filter-bar/index.ts';
import { cloudAssetPath, controlOfCheck, controlPagePath, fetchCloudFindings } from '../api/cloud-api.ts';
import { CLOUD_KEYS, CLOUD_PAGE_SIZE } from '../cloud-queries.ts';

const SEVERITY_COLOR = ['gray', 'blue', 'yellow', 'orange', 'red'];

export function SeverityBadge({ severity }: { severity: number }) {
  return (
    <Badge variant="light" color={SEVERITY_COLOR[severity] ?? 'gray'}>
      {SEVERITY_LABELS[severity as keyof typeof SEVERITY_LABELS] ?? String(severity)}
    </Badge>
  );
}

export function findingColumns(show: { control: boolean; resource: boolean }): DataColumn<Vulnerability>[] {
  const columns: DataColumn<Vulnerability>[] = [
    { key: 'severity', header: 'Severity', cell: (f) => <SeverityBadge severity={f.severity} /> },
  ];
  if (show.control)
    columns.push({
      key: 'control',
      header: 'Control',
      cell: (f) => {
        const control = controlOfCheck(f.check_id);
        return control ? (
          <Anchor component={Link} to={controlPagePath(control)} size="sm" fw={500}>
            {f.name}
          </Anchor>
        ) : (
          <Text size="sm">{f.name}</Text>
        );
      },
    });
  if (show.resource)
    columns.push({
      key: 'resource',
      header: 'Resource',
      cell: (f) => (
        <Anchor component={Link} to={cloudAssetPath(f.asset.id)} size="sm">
          {f.asset.asset_name}
        </Anchor>
      ),
    });
  columns.push(
    { key: 'state', header: 'State', cell: (f) => <Text size="sm">{f.state_label}</Text> },
    { key: 'last_detected', header: 'Last seen', cell: (f) => <Text size="sm">{formatDateTime(f.last_detected)}</Text> },
    // The API answer that shows the failure is the finding's evidence, kept on the finding (not in these rows): without
    // this link the cloud pages led to the control and the resource but never to why the control failed there.
    {
      key: 'evidence',
      header: 'Evidence',
      cell: (f) => (
        <Anchor
          component={Link}
          to={`${issueRoute(f.hid, 'evidence')}?finding=${f.id}`}
          size="sm"
          aria-label={`Evidence of ${f.name} on ${f.asset.asset_name}`}
        >
          Evidence
        </Anchor>
      ),
    },
  );
  return columns;
}

export function CloudFindingsTable({
  id,
  caption,
  query,
  show,
  polling = false,
  prefix,
  empty,
}: {
  id: string;
  caption: string;
  query: QueryParams;
  show: { control: boolean; resource: boolean };
  polling?: number | false;
  prefix?: string;
  empty: string;
}) {
  const list = useListState({ prefix, pageSize: CLOUD_PAGE_SIZE, defaultOrdering: '-severity', sortKeys: [], filters: [] });
  const full = { ...query, ...list.query };
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: CLOUD_KEYS.findings(full),
    queryFn: ({ signal }) => fetchCloudFindings(full, signal),
    placeholderData: keepPreviousData,
    refetchInterval: polling,
  });
  return (
    <DataTable
      id={id}
      caption={caption}
      columns={findingColumns(show)}
      rows={data?.results}
      rowKey={(f) => f.id}
      rowProps={(f) => ({ 'data-finding-id': f.id })}
      error={error}
      errorMessage="The findings could not be loaded."
      onRetry={() => void refetch()}
      loadingLabel="Loading findings…"
      empty={{ title: empty }}
      fetching={isFetching}
      paging={list.paging(data?.count ?? 0, 'findings', 'finding')}
    />
  );
}
