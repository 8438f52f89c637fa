// The columns of the monitoring profile list: name (opens the editor), owner, watched assets, expected ports, triggers,
// own check interval, open alerts (a link to them), last check, active (a switch), and the row's actions.
import { Anchor, Button, Group, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MONITORING_TRIGGERS, MONITORING_TRIGGER_LABELS, formatDateTime, type MonitoringProfile } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import { displayName } from '../../../components/display-name.ts';
import type { MonitoringAccess } from '../monitoring-access.ts';
import { intervalText } from '../profile-form.ts';

export interface ProfileRowHandlers {
  access: MonitoringAccess;
  /** Rows whose change or check is under way (their controls are disabled). */
  busy: ReadonlySet<number>;
  onEdit(profile: MonitoringProfile): void;
  onToggle(profile: MonitoringProfile, active: boolean): void;
  onCheck(profile: MonitoringProfile): void;
  onDelete(profile: MonitoringProfile): void;
}

function triggersText(p: MonitoringProfile): string {
  if (MONITORING_TRIGGERS.every((t) => p.triggers.includes(t))) return 'All changes';
  return p.triggers.map((t) => MONITORING_TRIGGER_LABELS[t]).join(', ');
}

const dimmed = (text: string) => (
  <Text size="sm" c="dimmed">
    {text}
  </Text>
);

export function profileColumns(h: ProfileRowHandlers): DataColumn<MonitoringProfile>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (p) => (
        <Anchor component="button" type="button" size="sm" fw={500} onClick={() => h.onEdit(p)} aria-label={`Open ${p.name}`}>
          {p.name}
        </Anchor>
      ),
    },
    { key: 'owner', header: 'Owner', hideable: true, cell: (p) => (p.user ? <Text size="sm">{displayName(p.user)}</Text> : dimmed('–')) },
    { key: 'watched', header: 'Watched assets', cell: (p) => <Text size="sm">{p.watched_assets.toLocaleString('en')}</Text> },
    {
      key: 'ports',
      header: 'Expected ports',
      cell: (p) => (p.ports ? <Text size="sm">{p.ports.split(',').join(', ')}</Text> : dimmed('None')),
      cellProps: { maw: 220 },
    },
    {
      key: 'triggers',
      header: 'Alerts on',
      hideable: true,
      cell: (p) => <Text size="sm">{triggersText(p)}</Text>,
      cellProps: { maw: 280 },
    },
    { key: 'interval', header: 'Own check', cell: (p) => <Text size="sm">{intervalText(p.check_interval)}</Text> },
    {
      key: 'open_alerts',
      header: 'Open alerts',
      cell: (p) =>
        p.open_alerts > 0 ? (
          <Anchor
            component={Link}
            to={`/policies/alerts?profile=${p.id}&state=open`}
            size="sm"
            aria-label={`${p.open_alerts} open alerts of ${p.name}`}
          >
            {p.open_alerts}
          </Anchor>
        ) : (
          <Text size="sm">0</Text>
        ),
    },
    {
      key: 'last_check',
      header: 'Last check',
      hideable: true,
      cell: (p) =>
        p.last_check ? (
          <Text size="sm" component="time" dateTime={p.last_check} style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(p.last_check)}
          </Text>
        ) : (
          dimmed('Never')
        ),
    },
    {
      key: 'active',
      header: 'Active',
      cell: (p) => (
        <Switch
          checked={p.active}
          disabled={!h.access.update || h.busy.has(p.id)}
          onChange={(e) => h.onToggle(p, e.currentTarget.checked)}
          aria-label={`${p.name} active`}
        />
      ),
    },
    {
      key: 'row-actions',
      header: 'Actions of the profile',
      headerHidden: true,
      cell: (p) => (
        <Group gap="xs" wrap="nowrap">
          {h.access.execute && (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => h.onCheck(p)}
              loading={h.busy.has(p.id)}
              disabled={!p.active}
              title={p.active ? undefined : 'An inactive profile does not check.'}
              aria-label={`Check ${p.name} now`}
            >
              Check now
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" onClick={() => h.onEdit(p)} aria-label={`Edit ${p.name}`}>
            {h.access.update ? 'Edit' : 'View'}
          </Button>
          {h.access.delete && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => h.onDelete(p)} aria-label={`Delete ${p.name}`}>
              Delete
            </Button>
          )}
        </Group>
      ),
    },
  ];
}
