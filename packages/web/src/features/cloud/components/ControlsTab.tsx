// A cloud run's Controls tab (GET scan/cruns/{id}/policy_results/): the pass/fail chart by service, then each control
// with its benchmark reference, its status and how many resources passed and failed it; a failed control links to its
// cp page (the resources it failed on).
import { Link } from 'react-router';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CLOUD_CONTROL_STATUS_LABELS, type CloudControlStatus, type CloudPolicyResult } from '@bulwark/core';
import { DataTable, type DataColumn } from '../../../components/data-table/index.ts';
import { controlPagePath, fetchPolicyResults } from '../api/cloud-api.ts';
import { CLOUD_KEYS } from '../cloud-queries.ts';
import { ServiceChart } from './ServiceChart.tsx';

const STATUS_COLOR: Record<CloudControlStatus, string> = { pass: 'green', fail: 'red', error: 'orange', not_applicable: 'gray' };

export function ControlStatusBadge({ status }: { status: CloudControlStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLOR[status]}>
      {CLOUD_CONTROL_STATUS_LABELS[status]}
    </Badge>
  );
}

const COLUMNS: readonly DataColumn<CloudPolicyResult>[] = [
  {
    key: 'reference',
    header: 'Reference',
    cell: (r) => (
      <Text size="sm" title={r.benchmark}>
        {r.reference || '–'}
      </Text>
    ),
  },
  {
    key: 'title',
    header: 'Control',
    cell: (r) => (
      <>
        <Anchor component={Link} to={controlPagePath(r.id)} size="sm" fw={500}>
          {r.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {r.benchmark}
        </Text>
      </>
    ),
  },
  { key: 'service', header: 'Service', hideable: true, cell: (r) => <Text size="sm">{r.service}</Text> },
  { key: 'status', header: 'Status', cell: (r) => <ControlStatusBadge status={r.status} /> },
  { key: 'passed', header: 'Passed', cell: (r) => <Text size="sm">{r.passed}</Text> },
  { key: 'failed', header: 'Failed', cell: (r) => <Text size="sm">{r.failed}</Text> },
  { key: 'errors', header: 'Not read', hideable: true, hiddenByDefault: true, cell: (r) => <Text size="sm">{r.errors}</Text> },
];

const ORDER: Record<CloudControlStatus, number> = { fail: 0, error: 1, pass: 2, not_applicable: 3 };

export function ControlsTab({ runId, polling }: { runId: number; polling: number | false }) {
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: CLOUD_KEYS.runPart(runId, 'policy_results'),
    queryFn: ({ signal }) => fetchPolicyResults(runId, signal),
    refetchInterval: polling,
  });
  const rows = data
    ? [...data].sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.reference.localeCompare(b.reference, 'en', { numeric: true }))
    : undefined;
  return (
    <Stack gap="md">
      {data && <ServiceChart results={data} />}
      <DataTable
        id="cloud-run-controls"
        caption="Controls"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-control-id': r.id })}
        error={error}
        errorMessage="The controls could not be loaded."
        onRetry={() => void refetch()}
        loadingLabel="Loading controls…"
        empty={{ title: 'No controls evaluated yet.', description: 'They appear as the run’s results are processed.' }}
        fetching={isFetching}
      />
    </Stack>
  );
}
