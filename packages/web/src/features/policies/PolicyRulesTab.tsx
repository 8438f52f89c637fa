// The Rules tab of a policy run: every rule on every host (failures first), filtered by result, severity, host and text,
// sorted and paged by the server with the state kept in the URL (rules.*); a rule's title opens its evidence.
import { useState } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState } from '../../components/filter-bar/index.ts';
import type { PolicyRuleRow } from './policy-runs-api.ts';
import { ALL_HOSTS_QUERY, DEFAULT_RULE_ORDERING, ruleFilters } from './policy-format.ts';
import { POLICY_RESULT_PAGE_SIZE, policyHostsQuery, policyRulesQuery } from './policy-queries.ts';
import { PolicyRuleDrawer } from './PolicyRuleDrawer.tsx';
import { RuleResultBadge, RuleSeverityBadge } from './RuleBadges.tsx';

export const RULES_PREFIX = 'rules';
const SORT_KEYS = ['title', 'severity', 'result', 'address', 'rule_id'];

function ruleColumns(open: (rule: PolicyRuleRow) => void): DataColumn<PolicyRuleRow>[] {
  return [
    { key: 'result', header: 'Result', sortKey: 'result', cell: (r) => <RuleResultBadge result={r.result} label={r.result_label} /> },
    {
      key: 'severity',
      header: 'Severity',
      sortKey: 'severity',
      descendingFirst: true,
      cell: (r) => <RuleSeverityBadge severity={r.severity} />,
    },
    {
      key: 'title',
      header: 'Rule',
      sortKey: 'title',
      cellProps: { maw: 480 },
      cell: (r) => (
        <>
          <Anchor component="button" type="button" size="sm" fw={500} ta="left" onClick={() => open(r)} aria-haspopup="dialog">
            {r.title}
          </Anchor>
          {r.message && (
            <Text size="xs" c="dimmed" lineClamp={1} title={r.message}>
              {r.message}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'rule_id',
      header: 'Rule id',
      sortKey: 'rule_id',
      hiddenByDefault: true,
      cell: (r) => (
        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {r.rule_id}
        </Text>
      ),
    },
    {
      key: 'host',
      header: 'Host',
      sortKey: 'address',
      hideable: true,
      cell: (r) => (
        <Text size="sm" ff="monospace">
          {r.address}
        </Text>
      ),
    },
  ];
}

export function PolicyRulesTab({ runId, polling }: { runId: number; polling: number | false }) {
  const [open, setOpen] = useState<PolicyRuleRow | null>(null);
  const hosts = useQuery(policyHostsQuery(runId, ALL_HOSTS_QUERY, polling));
  const hostOptions = (hosts.data?.results ?? []).map((h) => ({ value: String(h.host_id), label: h.address }));
  const filters = ruleFilters(hostOptions);
  const list = useListState({
    prefix: RULES_PREFIX,
    pageSize: POLICY_RESULT_PAGE_SIZE,
    defaultOrdering: DEFAULT_RULE_ORDERING,
    sortKeys: SORT_KEYS,
    filters,
  });
  const { data, error, isFetching, refetch } = useQuery(policyRulesQuery(runId, list.query, polling));

  return (
    <Stack gap="md">
      <FilterBar label="Filter rules" filters={filters} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />
      <DataTable
        id="policy-rules"
        caption="Rules"
        columns={ruleColumns(setOpen)}
        rows={data?.results}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-rule-id': r.rule_id, 'data-result': r.result })}
        error={error}
        errorMessage="The rules could not be loaded."
        onRetry={() => void refetch()}
        loadingLabel="Loading rules…"
        empty={{
          title:
            list.activeFilters > 0
              ? 'No rule matches these filters.'
              : polling
                ? 'No rule has been evaluated yet.'
                : 'No rule was evaluated in this run.',
        }}
        fetching={isFetching}
        ordering={list.ordering}
        onOrderingChange={list.setOrdering}
        paging={list.paging(data?.count ?? 0, 'rules', 'rule')}
        minWidth={760}
      />
      <PolicyRuleDrawer rule={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
