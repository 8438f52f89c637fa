// The columns of the website list: name and URL (opens its page), last state as a badge with its word, status code,
// response time, days to certificate expiry, last run, interval, on/off, and the row's actions.
import { Anchor, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime, formatInterval, type WebsiteMonitor } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import type { MonitoringAccess as MonitorAccess } from '../../monitoring/monitoring-access.ts';
import { formatDaysLeft, formatMs } from '../monitor-format.ts';
import { RunStatusBadge } from './MonitorStatus.tsx';

export const websitePath = (id: number) => `/security-tools/websites/view/${id}`;
export const websiteName = (w: Pick<WebsiteMonitor, 'name' | 'url'>) => w.name || w.url;

export interface WebsiteRowHandlers {
  access: MonitorAccess;
  busy: ReadonlySet<number>;
  onCheck(w: WebsiteMonitor): void;
  onToggle(w: WebsiteMonitor, active: boolean): void;
  onEdit(w: WebsiteMonitor): void;
  onDelete(w: WebsiteMonitor): void;
}

export function LastRun({ at }: { at: string | null }) {
  return at ? (
    <Text size="sm" component="time" dateTime={at} style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(at)}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      Never
    </Text>
  );
}

export function websiteColumns(h: WebsiteRowHandlers): DataColumn<WebsiteMonitor>[] {
  return [
    {
      key: 'name',
      header: 'Website',
      sortKey: 'name',
      cell: (w) => (
        <Stack gap={0}>
          <Anchor component={Link} to={websitePath(w.id)} size="sm" fw={500}>
            {websiteName(w)}
          </Anchor>
          {w.name && (
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {w.url}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'status', header: 'State', sortKey: 'last_status', cell: (w) => <RunStatusBadge status={w.last_status} /> },
    { key: 'status_code', header: 'Status code', cell: (w) => <Text size="sm">{w.last_status_code ?? '–'}</Text> },
    {
      key: 'response',
      header: 'Response time',
      sortKey: 'last_response_ms',
      descendingFirst: true,
      cell: (w) => <Text size="sm">{formatMs(w.last_response_ms)}</Text>,
    },
    {
      key: 'cert',
      header: 'Certificate expires in',
      sortKey: 'cert_days_left',
      cell: (w) => (
        <Text size="sm" c={w.cert_days_left !== null && w.cert_days_left <= w.cert_days ? 'red' : undefined}>
          {formatDaysLeft(w.cert_days_left)}
        </Text>
      ),
    },
    { key: 'last_run', header: 'Last run', sortKey: 'last_run', descendingFirst: true, cell: (w) => <LastRun at={w.last_run} /> },
    {
      key: 'interval',
      header: 'Every',
      hideable: true,
      cell: (w) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatInterval(w.interval)}
        </Text>
      ),
    },
    {
      key: 'active',
      header: 'Active',
      cell: (w) => (
        <Switch
          checked={w.active}
          disabled={!h.access.update || h.busy.has(w.id)}
          onChange={(e) => h.onToggle(w, e.currentTarget.checked)}
          aria-label={`${websiteName(w)} active`}
        />
      ),
    },
    {
      key: 'row-actions',
      header: 'Actions of the website',
      headerHidden: true,
      cell: (w) => (
        <Group gap="xs" wrap="nowrap">
          {h.access.execute && (
            <Button
              size="compact-sm"
              variant="subtle"
              loading={h.busy.has(w.id)}
              onClick={() => h.onCheck(w)}
              aria-label={`Check ${websiteName(w)} now`}
            >
              Check now
            </Button>
          )}
          {h.access.update && (
            <Button size="compact-sm" variant="subtle" onClick={() => h.onEdit(w)} aria-label={`Edit ${websiteName(w)}`}>
              Edit
            </Button>
          )}
          {h.access.delete && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => h.onDelete(w)} aria-label={`Delete ${websiteName(w)}`}>
              Delete
            </Button>
          )}
        </Group>
      ),
    },
  ];
}
