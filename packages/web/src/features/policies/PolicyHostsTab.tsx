// The Hosts tab of a policy run: each host's score, its rule results in numbers, how the login went (credential health,
// the message as tooltip) and why it could not be evaluated; paged by the server (hosts.page in the URL).
import { Link } from 'react-router';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { useListState } from '../../components/filter-bar/index.ts';
import { CredentialHealthBadge } from '../credentials/components/CredentialHealthBadge.tsx';
import { assetPath } from '../assets/asset-format.ts';
import type { PolicyHostResult } from './policy-runs-api.ts';
import { RESULT_COLORS } from './policy-format.ts';
import { POLICY_RESULT_PAGE_SIZE, policyHostsQuery } from './policy-queries.ts';
import { ScoreBadge } from './ScoreBadge.tsx';

function count(host: PolicyHostResult, result: 'pass' | 'fail' | 'error' | 'notapplicable') {
  const n = host.counts[result];
  return (
    <Text size="sm" c={n > 0 && result !== 'notapplicable' ? RESULT_COLORS[result] : undefined} fw={n > 0 ? 600 : 400}>
      {n}
    </Text>
  );
}

function hostColumns(onShowRules: (hostId: number) => void): DataColumn<PolicyHostResult>[] {
  return [
    {
      key: 'host',
      header: 'Host',
      cell: (h) => (
        <>
          <Anchor component={Link} to={assetPath(h.host_id)} size="sm" ff="monospace" fw={500}>
            {h.address}
          </Anchor>
          {h.hostnames.length > 0 && (
            <Text size="xs" c="dimmed">
              {h.hostnames.join(', ')}
            </Text>
          )}
        </>
      ),
    },
    { key: 'score', header: 'Score', cell: (h) => <ScoreBadge score={h.score} label={`Score of ${h.address}`} /> },
    { key: 'pass', header: 'Pass', cell: (h) => count(h, 'pass') },
    { key: 'fail', header: 'Fail', cell: (h) => count(h, 'fail') },
    { key: 'error', header: 'Error', cell: (h) => count(h, 'error') },
    { key: 'notapplicable', header: 'Not applicable', hideable: true, cell: (h) => count(h, 'notapplicable') },
    {
      key: 'authentication',
      header: 'Authentication',
      hideable: true,
      cell: (h) =>
        h.credential_health === null ? (
          <Text size="sm" c="dimmed">
            –
          </Text>
        ) : (
          <CredentialHealthBadge health={h.credential_health} message={h.credential_message} size="sm" />
        ),
    },
    {
      key: 'error_text',
      header: 'Problem',
      hideable: true,
      cellProps: { maw: 320 },
      cell: (h) =>
        h.error ? (
          <Text size="sm" c="red">
            {h.error}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            –
          </Text>
        ),
    },
    { key: 'benchmark', header: 'Benchmark', hiddenByDefault: true, cell: (h) => <Text size="sm">{h.benchmark}</Text> },
    {
      key: 'rules',
      header: 'Rules',
      headerHidden: true,
      cell: (h) => (
        <Button size="compact-sm" variant="subtle" onClick={() => onShowRules(h.host_id)} aria-label={`Rules of ${h.address}`}>
          Rules
        </Button>
      ),
    },
  ];
}

export interface PolicyHostsTabProps {
  runId: number;
  polling: number | false;
  /** Shows the rules of one host (the Rules tab filtered to it). */
  onShowRules(hostId: number): void;
}

export function PolicyHostsTab({ runId, polling, onShowRules }: PolicyHostsTabProps) {
  const list = useListState({ prefix: 'hosts', pageSize: POLICY_RESULT_PAGE_SIZE });
  const { data, error, isFetching, refetch } = useQuery(policyHostsQuery(runId, list.query, polling));
  return (
    <Stack gap="md">
      <DataTable
        id="policy-hosts"
        caption="Hosts"
        columns={hostColumns(onShowRules)}
        rows={data?.results}
        rowKey={(h) => h.id}
        rowProps={(h) => ({ 'data-host': h.address })}
        error={error}
        errorMessage="The hosts could not be loaded."
        onRetry={() => void refetch()}
        loadingLabel="Loading hosts…"
        empty={{ title: `No host has been evaluated in this run${polling ? ' yet' : ''}.` }}
        fetching={isFetching}
        paging={list.paging(data?.count ?? 0, 'hosts', 'host')}
        minWidth={900}
      />
    </Stack>
  );
}
