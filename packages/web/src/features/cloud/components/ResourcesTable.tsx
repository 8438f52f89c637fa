// A table of cloud resources (a run's, or every one): name and provider id linking to the resource's page, type, account
// and region, public addresses, open findings and whether a scan missed it (gone).
import { Link } from 'react-router';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { formatDateTime, type CloudResourceItem } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import { cloudAssetPath } from '../api/cloud-api.ts';
import { providerLabel } from '../cloud-profile-form.ts';

export function GoneBadge({ since }: { since: string | null }) {
  if (!since) return null;
  return (
    <Badge variant="light" color="gray" title={`Not seen by a scan since ${formatDateTime(since)}`}>
      Gone
    </Badge>
  );
}

function openFindings(v: CloudResourceItem['vulnerabilities']): number {
  return v.critical + v.high + v.medium + v.low;
}

export const RESOURCE_COLUMNS: readonly DataColumn<CloudResourceItem>[] = [
  {
    key: 'name',
    header: 'Resource',
    cell: (r) => (
      <>
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={cloudAssetPath(r.id)} size="sm" fw={500}>
            {r.name || r.uid}
          </Anchor>
          <GoneBadge since={r.gone_since} />
        </Group>
        <Text size="xs" c="dimmed" lineClamp={1} title={r.uid}>
          {r.uid}
        </Text>
      </>
    ),
  },
  { key: 'provider', header: 'Provider', hideable: true, cell: (r) => <Text size="sm">{providerLabel(r.provider)}</Text> },
  { key: 'resource_type', header: 'Type', cell: (r) => <Text size="sm">{r.resource_type}</Text> },
  { key: 'account', header: 'Account', hideable: true, cell: (r) => <Text size="sm">{r.account}</Text> },
  { key: 'region', header: 'Region', hideable: true, cell: (r) => <Text size="sm">{r.region ?? 'Global'}</Text> },
  {
    key: 'public',
    header: 'Public addresses',
    hideable: true,
    cell: (r) => <Text size="sm">{r.public_addresses.join(', ') || '–'}</Text>,
  },
  {
    key: 'findings',
    header: 'Findings',
    cell: (r) => {
      const n = openFindings(r.vulnerabilities);
      return n === 0 ? (
        <Text size="sm">0</Text>
      ) : (
        <Badge variant="light" color={r.vulnerabilities.critical + r.vulnerabilities.high > 0 ? 'red' : 'orange'}>
          {n}
        </Badge>
      );
    },
  },
  {
    key: 'last_seen',
    header: 'Last seen',
    hideable: true,
    cell: (r) => <Text size="sm">{formatDateTime(r.last_seen)}</Text>,
  },
];
