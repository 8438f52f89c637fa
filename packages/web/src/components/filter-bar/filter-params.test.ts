// The filter kit's pure rules: each filter kind to and from the URL, the API parameters (§3 date bounds, §9 caps) and back
// (a saved query read into the bar), chip texts, and the page / page_size / ordering read from a URL that may hold anything.
import { describe, expect, it } from 'vitest';
import { epssToQuery } from '@bulwark/core';
import {
  chipText,
  dayEnd,
  dayStart,
  filterQuery,
  filterValuesFromQuery,
  isDay,
  readFilterValues,
  readListState,
  storedQuery,
  writeFilterValue,
  type FilterDef,
  type FilterValues,
} from './index.ts';

const TEXT: FilterDef = { kind: 'text', name: 'search', label: 'Search' };
const NAME: FilterDef = { kind: 'text', name: 'asset_name', label: 'Asset name', operators: ['contains', 'is'] };
const TYPE: FilterDef = { kind: 'select', name: 'asset_type', label: 'Asset type', options: [{ value: '2', label: 'Host' }] };
const SEVERITY: FilterDef = { kind: 'multi-select', name: 'severity', label: 'Severity', options: [{ value: '4', label: 'Critical' }] };
const CREATED: FilterDef = { kind: 'date-range', name: 'created', label: 'Created' };
const RISK: FilterDef = { kind: 'number-range', name: 'risk_score', label: 'Risk score' };
const EPSS: FilterDef = { kind: 'number-range', name: 'epssv1', label: 'EPSS', toQuery: epssToQuery };
const NARROW: FilterDef = { kind: 'number-range', name: 'cvss', label: 'CVSS', min: 0, max: 10 };
const SERVER: FilterDef = { kind: 'boolean', name: 'is_server', label: 'Server', trueLabel: 'Servers', falseLabel: 'Other assets' };
const ALL = [TEXT, NAME, TYPE, SEVERITY, CREATED, RISK, EPSS, NARROW, SERVER];

const VALUES: FilterValues = {
  search: { kind: 'text', text: 'db' },
  asset_name: { kind: 'text', text: 'web', operator: 'is' },
  asset_type: { kind: 'select', value: '2' },
  severity: { kind: 'multi-select', values: ['4', '3'] },
  created: { kind: 'date-range', from: '2026-01-01', to: '2026-01-31' },
  risk_score: { kind: 'number-range', min: 10, max: 90 },
  epssv1: { kind: 'number-range', min: 25 },
  cvss: { kind: 'number-range', max: 7.5 },
  is_server: { kind: 'boolean', value: false },
};

describe('the URL', () => {
  it('writes every kind under its parameters and reads it back unchanged', () => {
    const params = new URLSearchParams('page=2&ordering=name');
    for (const def of ALL) writeFilterValue(def, params, VALUES[def.name]);
    expect(params.toString()).toBe(
      'page=2&ordering=name&search=db&asset_name__is=web&asset_type=2&severity=4&severity=3&created_after=2026-01-01' +
        '&created_before=2026-01-31&risk_score_min=10&risk_score_max=90&epssv1_min=25&cvss_max=7.5&is_server=false',
    );
    expect(readFilterValues(ALL, params)).toEqual(VALUES);
  });

  it('removes a filter, whichever operator held it', () => {
    const params = new URLSearchParams('asset_name__contains=a&severity=4&severity=3&created_before=2026-01-01&x=1');
    writeFilterValue(NAME, params, undefined);
    writeFilterValue(SEVERITY, params, { kind: 'multi-select', values: [] });
    writeFilterValue(CREATED, params, { kind: 'date-range' });
    expect(params.toString()).toBe('x=1');
  });

  it('ignores what it cannot read: invalid days, numbers, booleans; numbers outside 0-100 are held within', () => {
    const values = readFilterValues(
      ALL,
      new URLSearchParams(
        'created_after=2026-02-31x&created_before=soon&risk_score_min=abc&risk_score_max=250&is_server=maybe&cvss_max=12',
      ),
    );
    expect(values).toEqual({ risk_score: { kind: 'number-range', max: 100 }, cvss: { kind: 'number-range', max: 10 } });
  });

  it('reads a list of its own prefix only', () => {
    const params = new URLSearchParams('severity=1&findings.severity=4');
    expect(readFilterValues([SEVERITY], params, 'findings')).toEqual({ severity: { kind: 'multi-select', values: ['4'] } });
    writeFilterValue(SEVERITY, params, undefined, 'findings');
    expect(params.toString()).toBe('severity=1');
  });
});

describe('the API call', () => {
  it('sends text trimmed, operators as field__operator, days as local-day bounds, EPSS as a probability', () => {
    const query = filterQuery(ALL, { ...VALUES, search: { kind: 'text', text: '  db ' } });
    expect(query).toMatchObject({
      search: 'db',
      asset_name__is: 'web',
      asset_type: '2',
      severity: ['4', '3'],
      risk_score_min: 10,
      risk_score_max: 90,
      epssv1_min: 0.25,
      epssv1_max: undefined,
      cvss_max: 7.5,
      is_server: false,
    });
    expect(query.created_after).toBe(dayStart('2026-01-01'));
    expect(query.created_before).toBe(dayEnd('2026-01-31'));
  });

  it('caps _min and _max at 0-100 whatever the value held (§9)', () => {
    expect(filterQuery([RISK], { risk_score: { kind: 'number-range', min: -20, max: 400 } })).toEqual({
      risk_score_min: 0,
      risk_score_max: 100,
    });
    // A filter declared wider than the spec allows is still capped at 100.
    const wide: FilterDef = { kind: 'number-range', name: 'score', label: 'Score', max: 1000 };
    expect(filterQuery([wide], { score: { kind: 'number-range', max: 500 } })).toEqual({ score_min: undefined, score_max: 100 });
  });

  it('sends nothing for filters not set, emptied, or of another kind', () => {
    expect(filterQuery(ALL, {})).toEqual({});
    expect(filterQuery([TEXT], { search: { kind: 'text', text: '   ' } })).toEqual({});
    expect(filterQuery([TEXT], { search: { kind: 'boolean', value: true } })).toEqual({});
  });
});

describe('a stored query', () => {
  const EPSS_BACK: FilterDef = { ...EPSS, kind: 'number-range', toQuery: epssToQuery, fromQuery: (n) => n * 100 };
  const PORTS: FilterDef = {
    kind: 'text',
    name: 'port',
    label: 'Ports',
    toQuery: (t) => t.split(/[\s,]+/).filter(Boolean),
    fromQuery: (v) => (typeof v === 'string' ? v : v.join(', ')),
  };
  const defs = [TEXT, NAME, TYPE, SEVERITY, CREATED, RISK, EPSS_BACK, PORTS, SERVER];
  const values: FilterValues = {
    search: { kind: 'text', text: 'db' },
    asset_name: { kind: 'text', text: 'web', operator: 'is' },
    asset_type: { kind: 'select', value: '2' },
    severity: { kind: 'multi-select', values: ['4', '3'] },
    created: { kind: 'date-range', from: '2026-01-01', to: '2026-01-31' },
    risk_score: { kind: 'number-range', min: 10, max: 90 },
    epssv1: { kind: 'number-range', min: 25 },
    port: { kind: 'text', text: '22, 443' },
    is_server: { kind: 'boolean', value: false },
  };

  it('holds the API parameters as strings, without paging and ordering', () => {
    const stored = storedQuery({ page: 2, page_size: 50, ordering: 'name', ...filterQuery(defs, values) });
    expect(stored).toMatchObject({
      severity: ['4', '3'],
      epssv1_min: '0.25',
      port: ['22', '443'],
      is_server: 'false',
      risk_score_min: '10',
    });
    expect(Object.keys(stored)).not.toContain('page');
    expect(Object.keys(stored)).not.toContain('ordering');
  });

  it('reads back into the values that made it: days from their local bounds, EPSS in percent, lists as text', () => {
    const stored = storedQuery(filterQuery(defs, values));
    expect(filterValuesFromQuery(defs, stored)).toEqual(values);
    // A lone value where a list is expected, and a plain day, are read too.
    expect(filterValuesFromQuery([SEVERITY, CREATED], { severity: '4', created_after: '2026-02-03' })).toEqual({
      severity: { kind: 'multi-select', values: ['4'] },
      created: { kind: 'date-range', from: '2026-02-03', to: undefined },
    });
  });
});

describe('chips', () => {
  it('names each filter with its value in the user’s words', () => {
    expect(ALL.map((def) => chipText(def, VALUES[def.name]))).toEqual([
      'Search: db',
      'Asset name is: web',
      'Asset type: Host',
      'Severity: Critical, 3',
      'Created: 2026-01-01 – 2026-01-31',
      'Risk score: 10–90',
      'EPSS: ≥ 25',
      'CVSS: ≤ 7.5',
      'Server: Other assets',
    ]);
    expect(chipText(CREATED, { kind: 'date-range', to: '2026-01-31' })).toBe('Created: until 2026-01-31');
  });
});

describe('days', () => {
  it('accepts real YYYY-MM-DD days only', () => {
    expect(isDay('2026-11-20')).toBe(true);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('20261120')).toBe(false);
    expect(dayStart('nope')).toBeNull();
    expect(new Date(dayEnd('2026-11-20')!).getMilliseconds()).toBe(999);
  });
});

describe('readListState', () => {
  const options = { pageSize: 20, defaultOrdering: '-started', sortKeys: ['name', 'started'], filters: [SEVERITY] };

  it('reads page, page_size, ordering and filters', () => {
    expect(readListState(new URLSearchParams('page=3&page_size=50&ordering=name&severity=4'), options)).toEqual({
      page: 3,
      pageSize: 50,
      ordering: 'name',
      filters: { severity: { kind: 'multi-select', values: ['4'] } },
    });
  });

  it('falls back to the defaults for what it cannot use', () => {
    for (const search of ['page=0', 'page=-2', 'page=x', 'page_size=5000', 'page_size=0', 'ordering=password', 'ordering=na;me']) {
      const state = readListState(new URLSearchParams(search), options);
      expect([state.page, state.pageSize, state.ordering], search).toEqual([1, 20, '-started']);
    }
  });
});
