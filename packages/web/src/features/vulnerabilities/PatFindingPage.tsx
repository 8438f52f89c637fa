// /vm/unified-vulnerabilities/pat/{hid}: a phishing behaviour as an issue (findings of source `pat` on recipient assets,
// e.g. pat-clicked, pat-submitted) — read through the same issue API as IssuePage: name, severity, description and what
// to do, and the recipients it was found on, each linked to its recipient page.
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateTime, type Vulnerability } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { api } from '../../api/client.ts';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { useListState } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { assetPath } from '../assets/asset-format.ts';
import { SeverityBadge } from './components/vulnerability-columns.tsx';
import { VULN_KEYS, fetchIssueDetails, fetchIssueFindings } from './api/vulnerabilities-api.ts';
import { LIST_PATH } from './vulnerability-format.ts';

interface RecipientOfAsset {
  id: number;
  asset_id: number;
}
const recipientsOfAssets = {
  parse(data: unknown): RecipientOfAsset[] {
    const rows = Array.isArray(data) ? data : ((data as { results?: unknown[] } | null)?.results ?? []);
    return rows.map((r) => ({ id: Number((r as RecipientOfAsset).id), asset_id: Number((r as RecipientOfAsset).asset_id) }));
  },
};

/** A finding's recipient, linked to its page (the asset page when the asset has no recipient any more). */
function RecipientLink({ asset, recipient }: { asset: Vulnerability['asset']; recipient: number | undefined }) {
  return (
    <Anchor component={Link} to={recipient ? `/fra/recipients/${recipient}` : assetPath(asset.id, true)} size="sm">
      {asset.asset_name}
    </Anchor>
  );
}

function Recipients({ hid }: { hid: string }) {
  const list = useListState({ prefix: 'recipients', pageSize: 25, defaultOrdering: '-last_detected', sortKeys: ['last_detected'] });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: VULN_KEYS.issueFindings(hid, list.query),
    queryFn: ({ signal }) => fetchIssueFindings(hid, list.query, signal),
    placeholderData: keepPreviousData,
  });
  // The recipients of the page's assets, in one call.
  const assetIds = [...new Set((data?.results ?? []).map((f) => f.asset.id))];
  const { data: recipients } = useQuery({
    queryKey: ['fra-recipients', 'of-assets', assetIds],
    queryFn: ({ signal }) => api.get('fra/recipients/', { signal, query: { asset: assetIds, page_size: 100 }, schema: recipientsOfAssets }),
    enabled: assetIds.length > 0,
  });
  const recipientOf = new Map((recipients ?? []).map((r) => [r.asset_id, r.id]));
  const columns: DataColumn<Vulnerability>[] = [
    {
      key: 'recipient',
      header: 'Recipient',
      cell: (f) => <RecipientLink asset={f.asset} recipient={recipientOf.get(f.asset.id)} />,
    },
    { key: 'state', header: 'State', cell: (f) => <Text size="sm">{f.state_label}</Text> },
    { key: 'severity', header: 'Severity', cell: (f) => <SeverityBadge severity={f.severity} label={f.severity_label} /> },
    {
      key: 'last_detected',
      header: 'Last seen',
      sortKey: 'last_detected',
      descendingFirst: true,
      cell: (f) => (
        <Text size="sm" component="time" dateTime={f.last_detected}>
          {formatDateTime(f.last_detected)}
        </Text>
      ),
    },
  ];
  return (
    <DataTable
      id="pat-recipients"
      caption="Recipients affected"
      columns={columns}
      rows={data?.results}
      rowKey={(f) => f.id}
      error={error}
      errorMessage="The recipients could not be loaded."
      onRetry={() => void refetch()}
      loadingLabel="Loading recipients…"
      empty={{ title: 'No recipient has this finding open.' }}
      fetching={isFetching}
      ordering={list.ordering}
      onOrderingChange={list.setOrdering}
      paging={list.paging(data?.count ?? 0, 'recipients', 'recipient')}
    />
  );
}

export default function PatFindingPage() {
  const hid = useParams().hid ?? '';
  const { data: issue, error } = useQuery({
    queryKey: VULN_KEYS.issue(hid),
    queryFn: ({ signal }) => fetchIssueDetails(hid, signal),
    enabled: hid !== '',
  });
  const back = (
    <Anchor component={Link} to={LIST_PATH} size="sm">
      ← Vulnerabilities
    </Anchor>
  );
  if (hid === '' || error) {
    const missing = hid === '' || (isApiError(error) && error.status === 404);
    return (
      <Stack gap="md">
        {back}
        <PageHeader title={hid ? `Training finding ${hid}` : 'Training finding'} />
        <Alert color={missing ? 'yellow' : 'red'} variant="light" role="alert">
          {missing
            ? 'No recipient you may see has this phishing finding: no assessment recorded it yet, or the recipients are gone.'
            : messageOf(error, 'The finding could not be loaded.')}
        </Alert>
      </Stack>
    );
  }
  if (!issue) return <PageLoader />;
  return (
    <Stack gap="md">
      {back}
      <PageHeader title={issue.name} description={`${issue.hid} · phishing and training`} />
      <Group gap="sm">
        <SeverityBadge severity={issue.severity} label={issue.severity_label} />
        <Text size="sm" c="dimmed">
          {`On ${issue.counts.assets} ${issue.counts.assets === 1 ? 'recipient' : 'recipients'}, ${issue.counts.open} open`}
        </Text>
      </Group>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            What happened
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {issue.description || 'No description.'}
          </Text>
          <Title order={2} size="h5">
            What to do
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {issue.solution || 'No advice recorded.'}
          </Text>
        </Stack>
      </Card>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Recipients affected
        </Title>
        <Recipients hid={issue.hid} />
      </Stack>
    </Stack>
  );
}
