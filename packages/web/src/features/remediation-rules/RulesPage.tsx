// /remediation/policies (unified-remediation): the customer's remediation rules in the order they run — each with its
// conditions and actions in words, on/off, when it last ran — moved up or down, run now, edited or deleted (§8 toasts).
import { useState } from 'react';
import { Button, Card, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MESSAGES } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { toastPolicyFailure } from './rule-toasts.ts';
import { ruleColumns } from './components/rule-columns.tsx';
import { useRuleAccess } from './rule-access.ts';
import { useRuleChoices } from './rule-choices.ts';
import { previewText } from './rule-form.ts';
import type { RemediationRule } from './rule-schema.ts';
import { RULE_KEYS, deleteRule, fetchRules, patchRule, runRule } from './rules-api.ts';

const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Name or description', width: 220 },
  { kind: 'boolean', name: 'enabled', label: 'State', trueLabel: 'Enabled', falseLabel: 'Disabled' },
];

export default function RulesPage() {
  const queryClient = useQueryClient();
  const access = useRuleAccess();
  const { names } = useRuleChoices();
  const [deleting, setDeleting] = useState<RemediationRule | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const list = useListState({ pageSize: 100, defaultOrdering: 'position', sortKeys: ['position', 'name'], filters: FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: RULE_KEYS.list(list.query),
    queryFn: ({ signal }) => fetchRules(list.query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = data?.results ?? [];

  async function withBusy(ids: number[], work: () => Promise<void>) {
    setBusy((b) => new Set([...b, ...ids]));
    try {
      await work();
    } finally {
      setBusy((b) => new Set([...b].filter((id) => !ids.includes(id))));
      await queryClient.invalidateQueries({ queryKey: RULE_KEYS.all });
    }
  }

  function toggle(rule: RemediationRule, enabled: boolean) {
    void withBusy([rule.id], async () => {
      try {
        await patchRule(rule.id, { enabled });
        toastSuccess(MESSAGES.policies.updated);
      } catch (failure) {
        toastPolicyFailure(failure, MESSAGES.policies.updateFailed);
      }
    });
  }

  /** Swaps the rule with its neighbour; equal positions (never ordered yet) become the row's index first. */
  function move(rule: RemediationRule, direction: -1 | 1) {
    const i = rows.findIndex((r) => r.id === rule.id);
    const other = rows[i + direction];
    if (!other) return;
    const mine = rule.position === other.position ? i : rule.position;
    const theirs = rule.position === other.position ? i + direction : other.position;
    void withBusy([rule.id, other.id], async () => {
      try {
        await patchRule(rule.id, { position: theirs });
        await patchRule(other.id, { position: mine });
        toastSuccess(MESSAGES.policies.updated);
      } catch (failure) {
        toastPolicyFailure(failure, MESSAGES.policies.updateFailed);
      }
    });
  }

  function run(rule: RemediationRule) {
    void withBusy([rule.id], async () => {
      try {
        toastSuccess(`${rule.name}: ${previewText(await runRule(rule.id), true)}`);
      } catch (failure) {
        toastFailure(failure, 'The rule could not be run.');
      }
    });
  }

  async function remove(rule: RemediationRule) {
    try {
      await deleteRule(rule.id);
      toastSuccess(MESSAGES.policies.deleted);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: RULE_KEYS.all });
    } catch (failure) {
      toastPolicyFailure(failure, MESSAGES.policies.deleteFailed);
    }
  }

  const byPosition = list.ordering === 'position';
  const addButton = access.create ? (
    <Button component={Link} to="/remediation/policies/edit/new">
      Add rule
    </Button>
  ) : undefined;
  return (
    <Stack gap="md">
      <PageHeader
        title="Rules"
        description="Rules open tickets for the findings they match whenever scan results are processed, in this order; a finding that already has an open ticket is never ticketed twice."
        actions={addButton}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar label="Filter rules" filters={FILTERS} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />
          <DataTable
            id="remediation-rules"
            caption="Remediation rules"
            columns={ruleColumns({
              names,
              access,
              busy,
              isFirst: (r) => !byPosition || rows[0]?.id === r.id,
              isLast: (r) => !byPosition || rows[rows.length - 1]?.id === r.id,
              onMove: move,
              onToggle: toggle,
              onRun: run,
              onDelete: setDeleting,
            })}
            rows={data?.results}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-rule-id': r.id, 'data-enabled': String(r.enabled) })}
            error={error}
            errorMessage="The rules could not be loaded."
            onRetry={() => void refetch()}
            loadingLabel="Loading rules…"
            empty={
              list.activeFilters > 0
                ? { title: 'No rule matches these filters.' }
                : {
                    title: 'No rules yet.',
                    description:
                      'A rule opens tickets by itself: for example every Critical finding known to be exploited, assigned to the team that owns the asset, due in 7 days.',
                    action: addButton,
                  }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'rules', 'rule')}
          />
          {!byPosition && (
            <Text size="xs" c="dimmed">
              Sort by order to move rules up or down.
            </Text>
          )}
        </Stack>
      </Card>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete rule"
        confirmLabel="Delete rule"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">
          Delete <strong>{deleting?.name}</strong>? The tickets it opened stay; it opens no more.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
