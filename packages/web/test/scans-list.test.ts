// The scan list's pure rules: status and result labels and colours, polling, sorting, filters → query string,
// which actions a row offers, the §8 toasts, route parameters, and reading a page of runs.
import { describe, expect, it } from 'vitest';
import { MESSAGES, SCAN_LIST_SORT_KEYS, scanRun, type ScanListColumn, type ScanRunRow } from '@bulwark/core';
import { buildQueryString } from '../src/api/query-string.ts';
import { pagedAnswer } from '../src/components/paged-answer.ts';
import {
  ACTION_TOASTS,
  actionItems,
  activeFilterCount,
  canDeleteRun,
  DEFAULT_SORT,
  DELETE_TOASTS,
  EMPTY_FILTERS,
  finishedRangeError,
  isRunMoving,
  orderingParam,
  parseAssetId,
  parseAssetIds,
  resultBadge,
  RUN_POLL_MS,
  runListQuery,
  runPollInterval,
  runResultPath,
  runStatusText,
  SCAN_COLUMNS,
  statusColor,
  targetsSummary,
  toggleSort,
  userName,
} from '../src/features/scans/scan-format.ts';

function aRun(overrides: Partial<ScanRunRow> = {}): ScanRunRow {
  return {
    id: 7,
    scan_id: 3,
    name: 'Office LAN',
    user: { id: 1, first_name: 'Ada', last_name: 'Lovelace' },
    targets: ['10.0.0.0/24'],
    scanned_items: 256,
    state: 3,
    state_label: 'Running',
    status: 1,
    status_label: 'In Progress',
    result: null,
    result_label: null,
    cnt_vulns: 0,
    severity_counts: [0, 0, 0, 0, 0],
    progress: 42,
    hosts_total: 256,
    hosts_up: 3,
    open_ports: 5,
    node: { id: -1, name: 'External (built-in)' },
    probe_group: null,
    is_external: true,
    scheduled: false,
    profile: { id: 2, name: 'Standard' },
    actions: ['pause', 'cancel', 'force_cancel'],
    created: '2026-11-20T10:00:00.000Z',
    started: '2026-11-20T10:00:01.000Z',
    finished: null,
    processing_job: null,
    children: [],
    ...overrides,
  };
}

describe('status and result', () => {
  it('shows the §4 label of the run, and "Processing results" while results are processed', () => {
    expect(runStatusText(aRun())).toBe('Running');
    expect(runStatusText(aRun({ state: 2, state_label: 'Paused', status: 0, status_label: 'Pending' }))).toBe('Paused');
    expect(runStatusText(aRun({ state: 5, state_label: 'Running', status: 4, status_label: 'Processing results' }))).toBe(
      'Processing results',
    );
    // A label missing from the answer falls back to core's table.
    expect(runStatusText(aRun({ state: 7, state_label: '' }))).toBe('Queued');
  });

  it('colours statuses by meaning', () => {
    expect(statusColor('Running')).toBe('blue');
    expect(statusColor('Finished')).toBe('green');
    expect(statusColor('Error')).toBe('red');
    expect(statusColor('Paused')).toBe('yellow');
    expect(statusColor('Processing results')).toBe('indigo');
    expect(statusColor('Something else')).toBe('gray');
  });

  it('gives the result a label and colour, and none before the run has a result', () => {
    expect(resultBadge(aRun())).toBeNull();
    expect(resultBadge(aRun({ result: 2, result_label: 'Fail' }))).toEqual({ label: 'Fail', color: 'red' });
    expect(resultBadge(aRun({ result: 0, result_label: 'Pass' }))).toEqual({ label: 'Pass', color: 'green' });
    expect(resultBadge(aRun({ result: 1, result_label: null }))).toEqual({ label: 'Warn', color: 'yellow' });
    expect(resultBadge(aRun({ result: 3, result_label: 'Unknown' }))?.color).toBe('gray');
  });
});

describe('polling', () => {
  it('asks every 2 s while a run moves by itself, and not for finished, failed, paused or never-started runs', () => {
    expect(RUN_POLL_MS).toBe(2000);
    expect(isRunMoving(aRun())).toBe(true);
    expect(isRunMoving(aRun({ state: 0, status: 0 }))).toBe(true); // requested: waits for a probe
    expect(isRunMoving(aRun({ state: -6, status: 1 }))).toBe(true); // pausing
    expect(isRunMoving(aRun({ state: 5, status: 4 }))).toBe(true); // processing results
    expect(isRunMoving(aRun({ state: 4, status: 2 }))).toBe(false);
    expect(isRunMoving(aRun({ state: -2, status: 3 }))).toBe(false);
    expect(isRunMoving(aRun({ state: 2, status: 0 }))).toBe(false);
    expect(isRunMoving(aRun({ state: -3, status: 0 }))).toBe(false);
    expect(runPollInterval([aRun({ state: 4, status: 2 }), aRun()])).toBe(2000);
    expect(runPollInterval([aRun({ state: 4, status: 2 })])).toBe(false);
    expect(runPollInterval(undefined)).toBe(false);
  });
});

describe('sorting', () => {
  it('maps every column to the §3 ordering name, "-" for descending', () => {
    for (const column of SCAN_COLUMNS) {
      expect(orderingParam({ column, desc: false })).toBe(SCAN_LIST_SORT_KEYS[column]);
      expect(orderingParam({ column, desc: true })).toBe(`-${SCAN_LIST_SORT_KEYS[column]}`);
    }
    expect(orderingParam({ column: 'result', desc: true })).toBe('-cnt_vulns');
    expect(orderingParam({ column: 'targets', desc: false })).toBe('scanned_items');
    expect(orderingParam(DEFAULT_SORT)).toBe('-started');
  });

  it('flips the same column and starts another in its natural direction', () => {
    expect(toggleSort({ column: 'name', desc: false }, 'name')).toEqual({ column: 'name', desc: true });
    expect(toggleSort({ column: 'name', desc: true }, 'name')).toEqual({ column: 'name', desc: false });
    expect(toggleSort({ column: 'name', desc: false }, 'finished')).toEqual({ column: 'finished', desc: true });
    expect(toggleSort({ column: 'started', desc: true }, 'user' as ScanListColumn)).toEqual({ column: 'user', desc: false });
  });
});

describe('filters → query', () => {
  it('sends nothing but paging and ordering without filters', () => {
    expect(buildQueryString(runListQuery(EMPTY_FILTERS, DEFAULT_SORT, 1))).toBe('?page=1&page_size=20&ordering=-started');
  });

  it('repeats status labels, bounds finished dates by whole local days, and sends node, scheduled, search, asset', () => {
    const query = runListQuery(
      {
        statuses: ['Running', 'Paused'],
        finishedFrom: '2026-11-01',
        finishedTo: '2026-11-20',
        node: 4,
        scheduled: 'no',
        search: '  office ',
        asset: 12,
      },
      { column: 'name', desc: false },
      3,
    );
    const params = new URLSearchParams(buildQueryString(query));
    expect(params.getAll('status')).toEqual(['Running', 'Paused']);
    expect(params.get('ordering')).toBe('name');
    expect(params.get('page')).toBe('3');
    expect(params.get('node')).toBe('4');
    expect(params.get('is_external')).toBeNull();
    expect(params.get('scheduled')).toBe('false');
    expect(params.get('search')).toBe('office');
    expect(params.get('asset')).toBe('12');
    const after = new Date(params.get('finished_after')!);
    const before = new Date(params.get('finished_before')!);
    expect([after.getFullYear(), after.getMonth(), after.getDate(), after.getHours(), after.getMinutes()]).toEqual([2026, 10, 1, 0, 0]);
    expect([before.getFullYear(), before.getMonth(), before.getDate(), before.getHours(), before.getMinutes()]).toEqual([
      2026, 10, 20, 23, 59,
    ]);
  });

  it('sends the external probe as node=-1 with is_external (§3)', () => {
    const params = new URLSearchParams(buildQueryString(runListQuery({ ...EMPTY_FILTERS, node: -1, scheduled: 'yes' }, DEFAULT_SORT, 1)));
    expect(params.get('node')).toBe('-1');
    expect(params.get('is_external')).toBe('true');
    expect(params.get('scheduled')).toBe('true');
  });

  it('leaves out invalid dates and counts the filters a user set', () => {
    const params = new URLSearchParams(buildQueryString(runListQuery({ ...EMPTY_FILTERS, finishedFrom: '2026-13-45x' }, DEFAULT_SORT, 1)));
    expect(params.get('finished_after')).toBeNull();
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, asset: 3 })).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, statuses: ['Error'], finishedTo: '2026-01-01', search: 'x' })).toBe(3);
  });

  it('says when the finished range is upside down', () => {
    expect(finishedRangeError({ finishedFrom: '2026-11-20', finishedTo: '2026-11-01' })).toBe('The end date is before the start date.');
    expect(finishedRangeError({ finishedFrom: '2026-11-01', finishedTo: '2026-11-01' })).toBeNull();
    expect(finishedRangeError({ finishedFrom: '', finishedTo: '2026-11-01' })).toBeNull();
  });
});

describe('row actions', () => {
  it('offers only the actions the server allows, in menu order, asking before cancel and force cancel', () => {
    expect(actionItems(aRun({ actions: ['force_cancel', 'pause', 'cancel'] }))).toEqual([
      { action: 'pause', label: 'Pause', confirm: false },
      { action: 'cancel', label: 'Cancel', confirm: true },
      { action: 'force_cancel', label: 'Force cancel', confirm: true },
    ]);
    expect(actionItems(aRun({ actions: ['resume', 'cancel'] })).map((a) => a.label)).toEqual(['Resume', 'Cancel']);
    expect(actionItems(aRun({ actions: [] }))).toEqual([]);
  });

  it('allows deleting a run unless a probe holds a task or its results are processed', () => {
    expect(canDeleteRun(aRun({ state: 4, status: 2 }))).toBe(true);
    expect(canDeleteRun(aRun({ state: 2, status: 0 }))).toBe(true);
    expect(canDeleteRun(aRun({ state: 3, status: 1 }))).toBe(false);
    expect(canDeleteRun(aRun({ state: 5, status: 4 }))).toBe(false);
    const child = {
      id: 9,
      parent: 8,
      state: -6,
      state_label: 'Pausing...',
      targets: ['10.0.0.1'],
      progress: 10,
      hosts_total: 1,
      hosts_done: 0,
      probe: null,
      attempts: 1,
      started: null,
      finished: null,
    };
    expect(canDeleteRun(aRun({ state: 2, status: 0, children: [child] }))).toBe(false);
  });

  it('uses the §8 scan messages', () => {
    expect(ACTION_TOASTS.pause).toEqual({ success: 'Scan paused.', failure: 'Cannot pause scan.' });
    expect(ACTION_TOASTS.cancel.success).toBe(MESSAGES.scans.stopped);
    expect(ACTION_TOASTS.force_cancel.success).toBe('Scan stopped.');
    expect(DELETE_TOASTS.success).toBe('Scan removed.');
    expect(DELETE_TOASTS.failure).toBe('Cannot delete scan.');
  });
});

describe('cells and routes', () => {
  it('writes users and targets briefly', () => {
    expect(userName(null)).toBe('–');
    expect(userName({ id: 1, first_name: 'Ada', last_name: '' })).toBe('Ada');
    expect(targetsSummary([])).toBe('–');
    expect(targetsSummary(['a', 'b'])).toBe('a, b');
    expect(targetsSummary(['a', 'b', 'c', 'd'])).toBe('a, b +2 more');
  });

  it('reads the ids of start/{assetIds} and filter/assets/{assetId}', () => {
    expect(parseAssetIds('3,7, 12,7,x,-1,0')).toEqual([3, 7, 12]);
    expect(parseAssetIds(undefined)).toEqual([]);
    expect(parseAssetId('42')).toBe(42);
    expect(parseAssetId('4a')).toBeNull();
    expect(parseAssetId('0')).toBeNull();
    expect(runResultPath(7)).toBe('/scans/scans/view/nscan/7');
  });
});

describe('pagedAnswer', () => {
  it('checks every run of a page and refuses an answer that is not a list', () => {
    const page = pagedAnswer(scanRun).parse({ count: 41, next: '/api/scan/nruns/?page=2', previous: null, results: [aRun()] });
    expect(page.count).toBe(41);
    expect(page.results[0].name).toBe('Office LAN');
    expect(page.next).toBe('/api/scan/nruns/?page=2');
    expect(() => pagedAnswer(scanRun).parse({ count: 1, results: [{ id: 'x' }] })).toThrow();
    expect(() => pagedAnswer(scanRun).parse('nope')).toThrow();
    // An unpaged list is one page holding it all.
    expect(pagedAnswer(scanRun).parse([aRun(), aRun({ id: 8 })]).count).toBe(2);
  });
});
