// The columns of the asset lists: name (a link to the asset's page, with its address and host names), type, risk score,
// criticality, open ports, OS, tags, last and first detected; owner and created can be shown with the column chooser.
import { Link } from 'react-router';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { Asset } from '@bulwark/core';
import type { DataColumn } from '../../components/data-table/index.ts';
import { assetPath, assetSubtitle, assetTypeLabel, criticalityColor, criticalityLabel, riskColor, seenText } from './asset-format.ts';

export function RiskScore({ score }: { score: number }) {
  return (
    <Badge color={riskColor(score)} variant="light" aria-label={`Risk score ${score}`}>
      {score}
    </Badge>
  );
}

export function TagList({ tags }: { tags: Asset['tags'] }) {
  if (tags.length === 0)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  return (
    <Group gap={4}>
      {tags.map((t) => (
        <Badge key={t.id} color={t.color} variant="outline" size="sm">
          {t.name}
        </Badge>
      ))}
    </Group>
  );
}

export function assetColumns(unified: boolean, onDelete?: (a: Asset) => void): DataColumn<Asset>[] {
  const columns: DataColumn<Asset>[] = [
    {
      key: 'asset_name',
      header: 'Name',
      sortKey: 'asset_name',
      cell: (a) => {
        const sub = assetSubtitle(a);
        return (
          <Stack gap={0}>
            <Anchor component={Link} to={assetPath(a.id, unified)} size="sm" fw={500}>
              {a.asset_name}
            </Anchor>
            {sub && (
              <Text size="xs" c="dimmed">
                {sub}
              </Text>
            )}
          </Stack>
        );
      },
    },
    { key: 'asset_type', header: 'Type', sortKey: 'asset_type', cell: (a) => <Text size="sm">{assetTypeLabel(a)}</Text> },
    { key: 'risk_score', header: 'Risk', sortKey: 'risk_score', descendingFirst: true, cell: (a) => <RiskScore score={a.risk_score} /> },
    {
      key: 'criticality',
      header: 'Criticality',
      sortKey: 'criticality',
      descendingFirst: true,
      hideable: true,
      cell: (a) => (
        <Badge color={criticalityColor(a.criticality)} variant="dot">
          {criticalityLabel(a.criticality)}
        </Badge>
      ),
    },
    {
      key: 'open_ports',
      header: 'Open ports',
      sortKey: 'open_ports',
      descendingFirst: true,
      hideable: true,
      cell: (a) => <Text size="sm">{a.open_ports}</Text>,
    },
    { key: 'os', header: 'OS', sortKey: 'os', hideable: true, cell: (a) => <Text size="sm">{a.os ?? '–'}</Text> },
    { key: 'tags', header: 'Tags', hideable: true, cell: (a) => <TagList tags={a.tags} /> },
    {
      key: 'last_detected',
      header: 'Last detected',
      sortKey: 'last_detected',
      descendingFirst: true,
      cellProps: { style: { whiteSpace: 'nowrap' } },
      cell: (a) => <Text size="sm">{seenText(a.last_detected)}</Text>,
    },
    {
      key: 'owner',
      header: 'Owner',
      hiddenByDefault: true,
      cell: (a) => <Text size="sm">{a.owner ? [a.owner.first_name, a.owner.last_name].join(' ').trim() || a.owner.email : '–'}</Text>,
    },
    {
      key: 'created',
      header: 'Added',
      sortKey: 'created',
      descendingFirst: true,
      hiddenByDefault: true,
      cell: (a) => <Text size="sm">{seenText(a.created)}</Text>,
    },
  ];
  if (onDelete)
    columns.push({
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (a) => (
        <Anchor component="button" type="button" size="sm" c="red" onClick={() => onDelete(a)} aria-label={`Delete ${a.asset_name}`}>
          Delete
        </Anchor>
      ),
    });
  return columns;
}
