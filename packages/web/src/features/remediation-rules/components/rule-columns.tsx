// The columns of the rule list: order (move up or down: rules run in this order, and a finding ticketed by an earlier
// rule is not ticketed again by a later one), name, on/off, conditions and actions in words, last evaluated, actions.
import { ActionIcon, Anchor, Button, Group, List, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import { actionPhrases, conditionPhrases, type RuleNames } from '../rule-form.ts';
import type { RemediationRule } from '../rule-schema.ts';
import type { RuleAccess } from '../rule-access.ts';

export interface RuleRowHandlers {
  names: RuleNames;
  access: RuleAccess;
  /** Rows whose change is under way (their controls are disabled). */
  busy: ReadonlySet<number>;
  isFirst(rule: RemediationRule): boolean;
  isLast(rule: RemediationRule): boolean;
  onMove(rule: RemediationRule, direction: -1 | 1): void;
  onToggle(rule: RemediationRule, enabled: boolean): void;
  onRun(rule: RemediationRule): void;
  onDelete(rule: RemediationRule): void;
}

const phrases = (items: string[], empty: string) =>
  items.length === 0 ? (
    <Text size="sm" c="dimmed">
      {empty}
    </Text>
  ) : (
    <List size="sm" spacing={0}>
      {items.map((p) => (
        <List.Item key={p}>{p}</List.Item>
      ))}
    </List>
  );

export function ruleColumns(h: RuleRowHandlers): DataColumn<RemediationRule>[] {
  return [
    {
      key: 'position',
      header: 'Order',
      cell: (r) => (
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`Move ${r.name} up`}
            disabled={!h.access.update || h.isFirst(r) || h.busy.has(r.id)}
            onClick={() => h.onMove(r, -1)}
          >
            ↑
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`Move ${r.name} down`}
            disabled={!h.access.update || h.isLast(r) || h.busy.has(r.id)}
            onClick={() => h.onMove(r, 1)}
          >
            ↓
          </ActionIcon>
        </Group>
      ),
    },
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (r) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/remediation/policies/edit/${r.id}`} size="sm" fw={500}>
            {r.name}
          </Anchor>
          {r.description && (
            <Text size="xs" c="dimmed">
              {r.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'enabled',
      header: 'Enabled',
      cell: (r) => (
        <Switch
          checked={r.enabled}
          disabled={!h.access.update || h.busy.has(r.id)}
          onChange={(e) => h.onToggle(r, e.currentTarget.checked)}
          aria-label={`${r.name} enabled`}
        />
      ),
    },
    {
      key: 'conditions',
      header: 'Conditions',
      cell: (r) => phrases(conditionPhrases(r.conditions, h.names), 'Every finding'),
      cellProps: { maw: 320 },
    },
    { key: 'actions', header: 'Actions', cell: (r) => phrases(actionPhrases(r.actions, h.names), 'Nothing'), cellProps: { maw: 320 } },
    {
      key: 'open_tickets',
      header: 'Open tickets',
      hideable: true,
      cell: (r) => <Text size="sm">{r.open_tickets}</Text>,
    },
    {
      key: 'last_evaluated_at',
      header: 'Last evaluated',
      hideable: true,
      cell: (r) =>
        r.last_evaluated_at ? (
          <Text size="sm" component="time" dateTime={r.last_evaluated_at} style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(r.last_evaluated_at)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Never
          </Text>
        ),
    },
    {
      key: 'row-actions',
      header: 'Actions of the rule',
      headerHidden: true,
      cell: (r) => (
        <Group gap="xs" wrap="nowrap">
          {h.access.execute && (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => h.onRun(r)}
              disabled={h.busy.has(r.id)}
              aria-label={`Run ${r.name} now`}
            >
              Run now
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            component={Link}
            to={`/remediation/policies/edit/${r.id}`}
            aria-label={`Edit ${r.name}`}
          >
            {h.access.update ? 'Edit' : 'View'}
          </Button>
          {h.access.delete && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => h.onDelete(r)} aria-label={`Delete ${r.name}`}>
              Delete
            </Button>
          )}
        </Group>
      ),
    },
  ];
}
