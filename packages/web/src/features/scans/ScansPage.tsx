// /scans/scans (also filter/assets/{assetId} and start/{assetIds}): the scan list with filters, sorting and paging kept
// in the URL, per-row and bulk actions, and the start-scan form in a dialog. Users who may read policy scans get two tabs,
// network scans and policy scans (?kind=policy, its list parameters under `policy.`), and a choice of scan to start.
import { useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, Card, Menu, Modal, Stack, Tabs } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NetworkScan } from '@bulwark/core';
import { sortKeysOf, type EmptyState } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef, type ListState } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { usePolicyAccess } from '../policies/policy-access.ts';
import { POLICY_RUN_COLUMNS } from '../policies/policy-run-columns.tsx';
import { RUN_COLUMNS, ScanRunsTable } from './ScanRunsTable.tsx';
import { StartScanForm } from './StartScanForm.tsx';
import { probeOptionsQuery, runListOptions, SCAN_KEYS } from './scan-queries.ts';
import { runListQuery, scanFilters } from './scan-filters.ts';
import type { ScanKind } from './scans-api.ts';
import {
  DEFAULT_RUN_ORDERING,
  parseAssetId,
  parseAssetIds,
  POLICY_KIND_VALUE,
  RUNS_PAGE_SIZE,
  SCAN_KIND_PARAM,
  SCANS_PATH,
} from './scan-format.ts';

const SORT_KEYS = sortKeysOf(RUN_COLUMNS);
const POLICY_SORT_KEYS = sortKeysOf(POLICY_RUN_COLUMNS);
/** The URL prefix of the policy list's parameters. */
const POLICY_PREFIX = 'policy';

interface RunsProps {
  kind: ScanKind;
  list: ListState;
  filters: readonly FilterDef[];
  asset: number | null;
}

/** The filter bar and table of one kind of run. */
function Runs({ kind, list, filters, asset }: RunsProps) {
  const { data, error, isFetching, refetch } = useQuery(runListOptions(runListQuery(list.query, asset), kind));
  const policy = kind === 'oval';
  const filtered = list.activeFilters > 0 || asset !== null;
  const empty: EmptyState = filtered
    ? { title: 'No scan matches these filters.', description: 'Change or clear the filters to see more.' }
    : policy
      ? {
          title: 'No policy scans yet.',
          description: 'Start one with “New scan”, then “Policy scan”: choose targets and a policy profile.',
        }
      : { title: 'No scans yet.', description: 'Start one with “New scan”: choose targets and a profile.' };
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <FilterBar
          label={policy ? 'Filter policy scans' : 'Filter scans'}
          filters={filters}
          values={list.filters}
          onChange={list.setFilter}
          onClear={list.clearFilters}
        />
        <ScanRunsTable
          id={policy ? 'policy-scans' : 'scans'}
          caption={policy ? 'Policy scans' : 'Scans'}
          columns={policy ? POLICY_RUN_COLUMNS : RUN_COLUMNS}
          runs={data?.results}
          count={data?.count ?? 0}
          list={list}
          error={error}
          onRetry={() => void refetch()}
          fetching={isFetching}
          empty={empty}
        />
      </Stack>
    </Card>
  );
}

export default function ScansPage() {
  const params = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const access = usePolicyAccess();
  const asset = parseAssetId(params.assetId);
  const startIds = params.assetIds === undefined ? null : parseAssetIds(params.assetIds);
  const [starting, setStarting] = useState<ScanKind | null>(null);
  // The dialog is opened from a menu item that is gone when it closes: the focus goes back to the menu's button.
  const newScanButton = useRef<HTMLButtonElement>(null);
  const kind: ScanKind = access.read && search.get(SCAN_KIND_PARAM) === POLICY_KIND_VALUE ? 'oval' : 'nvt';

  const probes = useQuery(probeOptionsQuery);
  const filters = scanFilters(probes.data);
  const network = useListState({ pageSize: RUNS_PAGE_SIZE, defaultOrdering: DEFAULT_RUN_ORDERING, sortKeys: SORT_KEYS, filters });
  const policy = useListState({
    prefix: POLICY_PREFIX,
    pageSize: RUNS_PAGE_SIZE,
    defaultOrdering: DEFAULT_RUN_ORDERING,
    sortKeys: POLICY_SORT_KEYS,
    filters,
  });
  const formKind: ScanKind | null = startIds !== null ? 'nvt' : starting;

  /** Shows a kind's tab; `first`: on its first page in the default order (a new run is the newest). */
  function show(next: ScanKind, first = false) {
    setSearch((current) => {
      const url = new URLSearchParams(current);
      if (next === 'oval') url.set(SCAN_KIND_PARAM, POLICY_KIND_VALUE);
      else url.delete(SCAN_KIND_PARAM);
      if (first) {
        const prefix = next === 'oval' ? `${POLICY_PREFIX}.` : '';
        url.delete(`${prefix}ordering`);
        url.delete(`${prefix}page`);
      }
      return url;
    });
  }

  function closeForm() {
    setStarting(null);
    if (startIds !== null) void navigate(SCANS_PATH, { replace: true });
  }

  async function started(scan: NetworkScan) {
    closeForm();
    if (startIds === null) show(scan.scan_type, true);
    await queryClient.invalidateQueries({ queryKey: SCAN_KEYS.runs });
  }

  const newScan = access.create ? (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button ref={newScanButton} aria-haspopup="menu">
          New scan
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => setStarting('nvt')}>Network scan</Menu.Item>
        <Menu.Item onClick={() => setStarting('oval')}>Policy scan</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  ) : (
    <Button ref={newScanButton} onClick={() => setStarting('nvt')}>
      New scan
    </Button>
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={asset === null ? 'Scans' : 'Scans of target'}
        description={
          asset !== null
            ? `Runs that scanned target ${asset}.`
            : access.read
              ? 'Network and policy scans: start, follow and act on runs.'
              : 'Network scans: start, follow and act on runs.'
        }
        actions={newScan}
      />
      {access.read ? (
        <Tabs value={kind === 'oval' ? 'policy' : 'network'} onChange={(v) => show(v === 'policy' ? 'oval' : 'nvt')} keepMounted={false}>
          <Tabs.List aria-label="Kinds of scan">
            <Tabs.Tab value="network">Network scans</Tabs.Tab>
            <Tabs.Tab value="policy">Policy scans</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="network" pt="md">
            <Runs kind="nvt" list={network} filters={filters} asset={asset} />
          </Tabs.Panel>
          <Tabs.Panel value="policy" pt="md">
            <Runs kind="oval" list={policy} filters={filters} asset={asset} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Runs kind="nvt" list={network} filters={filters} asset={asset} />
      )}
      <Modal
        opened={formKind !== null}
        onClose={closeForm}
        returnFocus={false}
        onExitTransitionEnd={() => newScanButton.current?.focus()}
        title={formKind === 'oval' ? 'New policy scan' : 'New scan'}
        size="lg"
      >
        {formKind !== null && (
          <StartScanForm
            key={formKind}
            kind={formKind}
            assetIds={startIds ?? []}
            onStarted={(scan) => void started(scan)}
            onCancel={closeForm}
          />
        )}
      </Modal>
    </Stack>
  );
}
