// The scan list's pure rules: status and result labels and colours, polling, sorting, filters → query string,
// which actions a row offers, the §8 toasts, route parameters, and reading a page of runs.
import { describe, expect, it } from 'vitest';
import { MESSAGES, SCAN_LIST_SORT_KEYS, scanRun, type ScanListColumn } from '@bulwark/core';
import { buildQueryString } from '../../api/query-string.ts';
import { formatOrdering, nextOrdering } from '../../components/data-table/index.ts';
import { listQuery, rangeError, readListState, type FilterValues } from '../../components/filter-bar/index.ts';
import { pagedAnswer } from '../../components/paged-answer.ts';
import { runListQuery, scanFilters } from './scan-filters.ts';
import {
  ACTION_TOASTS,
  actionItems,
  canDeleteRun,
  columnSortKey,
  DEFAULT_RUN_ORDERING,
  DELETE_TOASTS,
  DESC_FIRST_COLUMNS,
  isRunMoving,
  parseAssetId,
  parseAssetIds,
  resultBadge,
  RUN_POLL_MS,
  RUNS_PAGE_SIZE,
  runPollInterval,
  runResultPath,
  runStatusText,
  SCAN_COLUMNS,
  statusColor,
  targetsSummary,
  userName,
} from './scan-format.ts';
import { aRun } from '../../../test/support/fixtures.ts';

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
      expect(formatOrdering({ key: columnSortKey(column), descending: false })).toBe(SCAN_LIST_SORT_KEYS[column]);
      expect(formatOrdering({ key: columnSortKey(column), descending: true })).toBe(`-${SCAN_LIST_SORT_KEYS[column]}`);
    }
    expect(formatOrdering({ key: columnSortKey('result'), descending: true })).toBe('-cnt_vulns');
    expect(formatOrdering({ key: columnSortKey('targets'), descending: false })).toBe('scanned_items');
    expect(DEFAULT_RUN_ORDERING).toBe('-started');
  });

  it('flips the same column and starts another in its natural direction', () => {
    const click = (current: string, column: ScanListColumn) =>
      nextOrdering(current, columnSortKey(column), DESC_FIRST_COLUMNS.includes(column));
    expect(click('name', 'name')).toBe('-name');
    expect(click('-name', 'name')).toBe('name');
    expect(click('name', 'finished')).toBe('-finished');
    expect(click('-started', 'user')).toBe('user');
  });
});

describe('filters → query', () => {
  const filters = scanFilters();
  const query = (values: FilterValues, ordering = DEFAULT_RUN_ORDERING, page = 1, asset: number | null = null) =>
    runListQuery(listQuery({ page, pageSize: RUNS_PAGE_SIZE, ordering, filters: values }, filters), asset);

  it('sends nothing but paging and ordering without filters', () => {
    expect(buildQueryString(query({}))).toBe('?page=1&page_size=20&ordering=-started');
  });

  it('repeats status labels, bounds finished dates by whole local days, and sends node, scheduled, search, asset', () => {
    const values: FilterValues = {
      status: { kind: 'multi-select', values: ['Running', 'Paused'] },
      finished: { kind: 'date-range', from: '2026-11-01', to: '2026-11-20' },
      node: { kind: 'select', value: '4' },
      scheduled: { kind: 'boolean', value: false },
      search: { kind: 'text', text: '  office ' },
    };
    const params = new URLSearchParams(buildQueryString(query(values, 'name', 3, 12)));
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
    const params = new URLSearchParams(
      buildQueryString(query({ node: { kind: 'select', value: '-1' }, scheduled: { kind: 'boolean', value: true } })),
    );
    expect(params.get('node')).toBe('-1');
    expect(params.get('is_external')).toBe('true');
    expect(params.get('scheduled')).toBe('true');
  });

  it('leaves out invalid dates and counts the filters a user set', () => {
    const params = new URLSearchParams(buildQueryString(query({ finished: { kind: 'date-range', from: '2026-13-45x' } })));
    expect(params.get('finished_after')).toBeNull();
    const read = (search: string) => readListState(new URLSearchParams(search), { pageSize: RUNS_PAGE_SIZE, filters });
    expect(Object.keys(read('').filters)).toHaveLength(0);
    expect(Object.keys(read('finished_after=2026-13-45x').filters)).toHaveLength(0);
    expect(Object.keys(read('status=Error&finished_before=2026-01-01&search=x').filters)).toHaveLength(3);
  });

  it('says when the finished range is upside down', () => {
    const finished = filters.find((f) => f.name === 'finished');
    if (finished?.kind !== 'date-range') throw new Error('no finished filter');
    expect(rangeError(finished, { kind: 'date-range', from: '2026-11-20', to: '2026-11-01' })).toBe(
      'The end date is before the start date.',
    );
    expect(rangeError(finished, { kind: 'date-range', from: '2026-11-01', to: '2026-11-01' })).toBeNull();
    expect(rangeError(finished, { kind: 'date-range', to: '2026-11-01' })).toBeNull();
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
