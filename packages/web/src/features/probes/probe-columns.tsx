// The columns of the probe list: name (built-in marked), status, last heartbeat, group, host, version, active runs.
import { Link } from 'react-router';
import { Anchor, Badge, Text } from '@mantine/core';
import type { Probe } from '@bulwark/core';
import type { DataColumn } from '../../components/data-table/index.ts';
import { heartbeatText, probePath, probeStatusBadge } from './probe-format.ts';

function ProbeStatus({ probe }: { probe: Probe }) {
  const status = probeStatusBadge(probe);
  return (
    <Badge color={status.color} variant="light">
      {status.label}
    </Badge>
  );
}

export const PROBE_COLUMNS: readonly DataColumn<Probe>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    cell: (probe) => (
      <>
        <Anchor component={Link} to={probePath(probe.id)} fw={500} size="sm">
          {probe.name}
        </Anchor>
        {probe.builtin && (
          <Badge ml="xs" size="xs" variant="light">
            Built-in
          </Badge>
        )}
      </>
    ),
  },
  { key: 'status', header: 'Status', hideable: true, cell: (probe) => <ProbeStatus probe={probe} /> },
  {
    key: 'last_heartbeat',
    header: 'Last heartbeat',
    sortKey: 'last_heartbeat',
    descendingFirst: true,
    hideable: true,
    cell: (probe) => <Text size="sm">{heartbeatText(probe.last_heartbeat)}</Text>,
  },
  { key: 'group', header: 'Group', hideable: true, cell: (probe) => <Text size="sm">{probe.group?.name ?? '–'}</Text> },
  { key: 'host', header: 'Host', hideable: true, cell: (probe) => <Text size="sm">{probe.hostname ?? '–'}</Text> },
  { key: 'version', header: 'Version', hideable: true, cell: (probe) => <Text size="sm">{probe.version ?? '–'}</Text> },
  { key: 'active_runs', header: 'Active runs', hideable: true, cell: (probe) => probe.active_runs },
];
