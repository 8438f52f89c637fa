// The columns of the alert list: trigger, asset (a link to it), what changed (subject and title, a link to the alert),
// severity (a badge with its word), state, first and last seen, how many looks saw it, and dismiss.
import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MONITORING_TRIGGER_LABELS, formatDateTime, type MonitoringAlert } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import { SeverityBadge } from '../../vulnerabilities/components/vulnerability-columns.tsx';
import { ALERT_STATE_COLORS, ALERT_STATE_LABELS, assetLink, assetText } from '../alert-format.ts';

export interface AlertRowHandlers {
  canDismiss: boolean;
  onDismiss(alert: MonitoringAlert): void;
}

const when = (iso: string) => (
  <Text size="sm" component="time" dateTime={iso} style={{ whiteSpace: 'nowrap' }}>
    {formatDateTime(iso)}
  </Text>
);

export function alertColumns(h: AlertRowHandlers): DataColumn<MonitoringAlert>[] {
  return [
    {
      key: 'trigger',
      header: 'Trigger',
      cell: (a) => <Text size="sm">{MONITORING_TRIGGER_LABELS[a.trigger]}</Text>,
      cellProps: { maw: 200 },
    },
    {
      key: 'asset',
      header: 'Asset',
      cell: (a) => (
        <Anchor component={Link} to={assetLink(a.asset)} size="sm">
          {assetText(a.asset)}
        </Anchor>
      ),
    },
    {
      key: 'title',
      header: 'What changed',
      cell: (a) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/policies/alerts/view/${a.id}`} size="sm" fw={500}>
            {a.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {a.subject}
          </Text>
        </Stack>
      ),
      cellProps: { maw: 360 },
    },
    {
      key: 'severity',
      header: 'Severity',
      sortKey: 'severity',
      descendingFirst: true,
      cell: (a) => <SeverityBadge severity={a.severity} />,
    },
    {
      key: 'state',
      header: 'State',
      cell: (a) => (
        <Badge color={ALERT_STATE_COLORS[a.state]} variant="light">
          {ALERT_STATE_LABELS[a.state]}
        </Badge>
      ),
    },
    {
      key: 'first_seen',
      header: 'First seen',
      sortKey: 'first_seen',
      descendingFirst: true,
      // On the alert's page; the list keeps its width for what changed (the column chooser shows it).
      hiddenByDefault: true,
      cell: (a) => when(a.first_seen),
    },
    { key: 'last_seen', header: 'Last seen', sortKey: 'last_seen', descendingFirst: true, cell: (a) => when(a.last_seen) },
    {
      key: 'count',
      header: 'Seen',
      sortKey: 'count',
      descendingFirst: true,
      hideable: true,
      cell: (a) => <Text size="sm">{a.count}×</Text>,
    },
    {
      key: 'row-actions',
      header: 'Actions of the alert',
      headerHidden: true,
      cell: (a) =>
        h.canDismiss ? (
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => h.onDismiss(a)} aria-label={`Dismiss ${a.title}`}>
            Dismiss
          </Button>
        ) : null,
    },
  ];
}
