// The columns of the mail-server list: the domain (opens its page) and its host asset, last state as a badge with its
// word, passed / warnings / failed of the last run, last run, interval, on/off, and the row's actions.
import { Anchor, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatInterval, type MailServerMonitor } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import type { MonitoringAccess as MonitorAccess } from '../../monitoring/monitoring-access.ts';
import { RunStatusBadge } from './MonitorStatus.tsx';
import { LastRun } from './website-columns.tsx';

export const mailServerPath = (id: number) => `/security-tools/mail-servers/view/${id}`;
export const mailServerName = (m: Pick<MailServerMonitor, 'domain'>) => m.domain;

export interface MailServerRowHandlers {
  access: MonitorAccess;
  busy: ReadonlySet<number>;
  onCheck(m: MailServerMonitor): void;
  onToggle(m: MailServerMonitor, active: boolean): void;
  onEdit(m: MailServerMonitor): void;
  onDelete(m: MailServerMonitor): void;
}

/** '12 passed, 1 warning, 2 failed'; '–' before the first run. */
export function tallyText(m: { passed: number | null; warnings: number | null; failed: number | null }): string {
  if (m.passed === null && m.warnings === null && m.failed === null) return '–';
  const w = m.warnings ?? 0;
  return `${m.passed ?? 0} passed, ${w} ${w === 1 ? 'warning' : 'warnings'}, ${m.failed ?? 0} failed`;
}

export function mailServerColumns(h: MailServerRowHandlers): DataColumn<MailServerMonitor>[] {
  return [
    {
      key: 'domain',
      header: 'Domain',
      sortKey: 'domain',
      cell: (m) => (
        <Anchor component={Link} to={mailServerPath(m.id)} size="sm" fw={500}>
          {m.domain}
        </Anchor>
      ),
    },
    {
      key: 'asset',
      header: 'Mail server',
      cell: (m) => (
        <Stack gap={0}>
          <Text size="sm">{m.asset.name}</Text>
          {m.asset.address && m.asset.address !== m.asset.name && (
            <Text size="xs" c="dimmed">
              {m.asset.address}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'status', header: 'State', sortKey: 'last_status', cell: (m) => <RunStatusBadge status={m.last_status} /> },
    {
      key: 'tally',
      header: 'Checks',
      sortKey: 'failed',
      descendingFirst: true,
      cell: (m) => <Text size="sm">{tallyText(m)}</Text>,
    },
    { key: 'last_run', header: 'Last run', sortKey: 'last_run', descendingFirst: true, cell: (m) => <LastRun at={m.last_run} /> },
    {
      key: 'interval',
      header: 'Every',
      hideable: true,
      cell: (m) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatInterval(m.interval)}
        </Text>
      ),
    },
    {
      key: 'active',
      header: 'Active',
      cell: (m) => (
        <Switch
          checked={m.active}
          disabled={!h.access.update || h.busy.has(m.id)}
          onChange={(e) => h.onToggle(m, e.currentTarget.checked)}
          aria-label={`${m.domain} active`}
        />
      ),
    },
    {
      key: 'row-actions',
      header: 'Actions of the mail server',
      headerHidden: true,
      cell: (m) => (
        <Group gap="xs" wrap="nowrap">
          {h.access.execute && (
            <Button
              size="compact-sm"
              variant="subtle"
              loading={h.busy.has(m.id)}
              onClick={() => h.onCheck(m)}
              aria-label={`Check ${m.domain} now`}
            >
              Check now
            </Button>
          )}
          {h.access.update && (
            <Button size="compact-sm" variant="subtle" onClick={() => h.onEdit(m)} aria-label={`Edit ${m.domain}`}>
              Edit
            </Button>
          )}
          {h.access.delete && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => h.onDelete(m)} aria-label={`Delete ${m.domain}`}>
              Delete
            </Button>
          )}
        </Group>
      ),
    },
  ];
}
