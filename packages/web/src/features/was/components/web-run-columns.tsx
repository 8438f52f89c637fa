// The columns of the web run list: the shared §3 run columns (status, targets, times, result, actions) with a name that
// opens the web or discovery result, the kind of scan, and the web progress (URLs found, requests sent, sign-in state).
import { Link } from 'react-router';
import { Anchor, Badge, Text } from '@mantine/core';
import { WEB_AUTH_STATE_LABELS, type ScanRunRow, type WebScanRunRow } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import { RUN_ACTIONS_COLUMN, runColumn } from '../../scans/ScanRunsTable.tsx';
import { webRunPath } from '../api/web-scans-api.ts';

const count = new Intl.NumberFormat('en');

/** '120 URLs · 4,310 requests'. */
export function webProgressText(run: Pick<WebScanRunRow, 'urls_found' | 'requests_sent'>): string {
  return `${count.format(run.urls_found)} URL${run.urls_found === 1 ? '' : 's'} · ${count.format(run.requests_sent)} request${run.requests_sent === 1 ? '' : 's'}`;
}

export function AuthStateBadge({ state }: { state: WebScanRunRow['auth_state'] }) {
  if (!state || state === 'none') return null;
  const color = state === 'signed-in' ? 'green' : state === 'failed' ? 'red' : state === 'lost' ? 'yellow' : 'gray';
  return (
    <Badge size="sm" variant="light" color={color}>
      {WEB_AUTH_STATE_LABELS[state]}
    </Badge>
  );
}

export function WebRunKindBadge({ discovery }: { discovery: boolean }) {
  return discovery ? (
    <Badge variant="light" color="grape">
      Discovery
    </Badge>
  ) : (
    <Badge variant="light">Web scan</Badge>
  );
}

/** The generic columns read the shared run row; a web run row is one with more fields. */
const shared = (column: Parameters<typeof runColumn>[0], hidden = false) =>
  runColumn(column, hidden) as unknown as DataColumn<WebScanRunRow>;

export const WEB_RUN_COLUMNS: readonly DataColumn<WebScanRunRow>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    cell: (run) => (
      <Anchor component={Link} to={webRunPath(run)} fw={500} size="sm">
        {run.name}
      </Anchor>
    ),
  },
  { key: 'kind', header: 'Kind', hideable: true, cell: (run) => <WebRunKindBadge discovery={run.is_was_discovery} /> },
  shared('targets'),
  shared('status'),
  {
    key: 'web',
    header: 'Crawl',
    hideable: true,
    cell: (run) => (
      <>
        <Text size="sm">{webProgressText(run)}</Text>
        <AuthStateBadge state={run.auth_state} />
      </>
    ),
  },
  shared('started'),
  shared('finished', true),
  shared('user', true),
  shared('result'),
  RUN_ACTIONS_COLUMN as unknown as DataColumn<WebScanRunRow>,
];

/** A web run is a run row (RunStatus, RunActionsMenu and the others take it as one). */
export const asRun = (run: WebScanRunRow): ScanRunRow => run;
