// The columns of the policy scan list: the §3 columns of a run with the policy evaluated and the hosts' mean score in
// place of the findings result; each row links to view/oscan/{runId}.
import { Text } from '@mantine/core';
import type { ScanRunRow } from '@bulwark/core';
import type { DataColumn } from '../../components/data-table/index.ts';
import { RUN_ACTIONS_COLUMN, runColumn } from '../scans/ScanRunsTable.tsx';
import { ScoreBadge } from './ScoreBadge.tsx';

export const POLICY_RUN_COLUMNS: readonly DataColumn<ScanRunRow>[] = [
  runColumn('name'),
  runColumn('scan_id', true),
  runColumn('user', true),
  runColumn('targets'),
  {
    key: 'policy',
    header: 'Policy',
    hideable: true,
    cellProps: { maw: 280 },
    cell: (run) => <Text size="sm">{run.policy?.name ?? run.profile?.name ?? '–'}</Text>,
  },
  { key: 'score', header: 'Score', cellProps: { miw: 80 }, cell: (run) => <ScoreBadge score={run.score} label={`Score of ${run.name}`} /> },
  runColumn('status'),
  {
    key: 'hosts',
    header: 'Hosts',
    hideable: true,
    cell: (run) => (
      <Text size="sm">
        {run.hosts_up} / {run.hosts_total}
      </Text>
    ),
  },
  runColumn('started', true),
  runColumn('finished'),
  RUN_ACTIONS_COLUMN,
];
