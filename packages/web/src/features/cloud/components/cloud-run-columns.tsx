// The columns of the cloud run list: the shared §3 run columns (status with its progress, times, result, actions) with a
// name that opens the cloud result, the profile with its provider, the account read with what the engine has read so
// far (resources, regions), and the findings the run counted.
import { Link } from 'react-router';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { CLOUD_SCAN_KIND, scanResultPath, type CloudScanRunRow } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import { RUN_ACTIONS_COLUMN, runColumn } from '../../scans/ScanRunsTable.tsx';
import type { CloudBasic } from '../api/cloud-api.ts';
import { providerLabel } from '../cloud-profile-form.ts';

/** '3 findings'. */
export const findingsText = (count: number): string => `${count} finding${count === 1 ? '' : 's'}`;

export const cloudRunPath = (runId: number): string => scanResultPath(CLOUD_SCAN_KIND, runId);

/** The account a run read: its name and id, or that it is not read yet. */
export function accountText(cloud: CloudScanRunRow['cloud']): string {
  if (!cloud?.account) return 'Not read yet';
  return cloud.account_name && cloud.account_name !== cloud.account ? `${cloud.account_name} (${cloud.account})` : cloud.account;
}

/** What the engine has read: '120 resources · 3 of 17 regions'. */
export function readText(cloud: CloudScanRunRow['cloud']): string {
  if (!cloud) return '–';
  const resources = `${cloud.resources} resource${cloud.resources === 1 ? '' : 's'}`;
  return cloud.regions_total > 0 ? `${resources} · ${cloud.regions_done} of ${cloud.regions_total} regions` : resources;
}

export function cloudRunColumns(profiles: readonly CloudBasic[]): DataColumn<CloudScanRunRow>[] {
  const providerOf = new Map(profiles.map((p) => [p.id, p.provider]));
  return [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (run) => (
        <Anchor component={Link} to={cloudRunPath(run.id)} fw={500} size="sm">
          {run.name}
        </Anchor>
      ),
    },
    {
      key: 'profile',
      header: 'Profile',
      hideable: true,
      cell: (run) => {
        const provider = run.profile ? providerOf.get(run.profile.id) : undefined;
        return (
          <Group gap={6} wrap="nowrap">
            {provider !== undefined && (
              <Badge variant="light" size="sm">
                {providerLabel(provider)}
              </Badge>
            )}
            <Text size="sm">{run.profile?.name ?? '–'}</Text>
          </Group>
        );
      },
    },
    {
      key: 'account',
      header: 'Account',
      hideable: true,
      cell: (run) => (
        <Stack gap={0}>
          <Text size="sm">{accountText(run.cloud)}</Text>
          <Text size="xs" c="dimmed">
            {readText(run.cloud)}
          </Text>
        </Stack>
      ),
    },
    runColumn('status'),
    runColumn('started'),
    runColumn('finished'),
    {
      key: 'findings',
      header: 'Findings',
      sortKey: 'cnt_vulns',
      descendingFirst: true,
      hideable: true,
      cell: (run) => <Text size="sm">{run.finished || run.cnt_vulns > 0 ? findingsText(run.cnt_vulns) : '–'}</Text>,
    },
    RUN_ACTIONS_COLUMN,
  ];
}
