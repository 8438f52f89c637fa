// FilterBar with useListState: every §3 filter kind read from and written to the URL (a bookmark reopens the same list),
// the API parameters they make (date bounds, 0-100 caps, EPSS sent 0-1), removable chips, operators, and Clear filters.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { epssToQuery } from '@bulwark/core';
import { buildQueryString } from '../../api/query-string.ts';
import { FilterBar, useListState, type FilterDef } from './index.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'asset_name', label: 'Asset name', operators: ['contains', 'starts_with', 'is_not'] },
  { kind: 'text', name: 'search', label: 'Search' },
  {
    kind: 'select',
    name: 'asset_type',
    label: 'Asset type',
    options: [
      { value: '1', label: 'Network' },
      { value: '2', label: 'Host' },
    ],
  },
  {
    kind: 'multi-select',
    name: 'severity',
    label: 'Severity',
    options: [
      { value: '4', label: 'Critical' },
      { value: '3', label: 'High' },
      { value: '2', label: 'Medium' },
    ],
  },
  { kind: 'date-range', name: 'created', label: 'Created' },
  { kind: 'number-range', name: 'risk_score', label: 'Risk score' },
  { kind: 'number-range', name: 'epssv1', label: 'EPSS', toQuery: epssToQuery },
  { kind: 'boolean', name: 'internet_facing', label: 'Internet facing', trueLabel: 'Yes', falseLabel: 'No' },
];

/** A list page: the filter bar, and the API parameters its state makes. */
function AssetList() {
  const list = useListState({ pageSize: 25, defaultOrdering: 'name', filters: FILTERS });
  return (
    <>
      <FilterBar label="Filter assets" filters={FILTERS} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />
      <output data-testid="api-query">{buildQueryString(list.query)}</output>
    </>
  );
}

function open(url = '/assets') {
  const view = renderWithApp(<AssetList />, { path: '/assets', url });
  const apiQuery = () => new URLSearchParams(screen.getByTestId('api-query').textContent ?? '');
  const bar = screen.getByRole('search', { name: 'Filter assets' });
  return { ...view, apiQuery, bar };
}

const chips = () => within(screen.getByRole('list', { name: 'Filters set' }));

describe('FilterBar', () => {
  it('reopens a bookmarked list: every filter kind from the URL, as inputs, chips and API parameters', () => {
    const { apiQuery, bar } = open(
      '/assets?asset_name__starts_with=web&severity=4&severity=3&created_after=2026-01-01&created_before=2026-01-31' +
        '&risk_score_min=-5&risk_score_max=500&epssv1_min=50&internet_facing=true&asset_type=2&page=3',
    );
    expect(within(bar).getByRole('textbox', { name: 'Asset name' })).toHaveValue('web');
    expect(within(bar).getByLabelText('Created from')).toHaveValue('2026-01-01');
    expect(within(bar).getByRole('textbox', { name: 'Risk score min' })).toHaveValue('0');
    expect(within(bar).getByRole('textbox', { name: 'Risk score max' })).toHaveValue('100');

    expect(chips().getByText('Asset name starts with: web')).toBeInTheDocument();
    expect(chips().getByText('Severity: Critical, High')).toBeInTheDocument();
    expect(chips().getByText('Created: 2026-01-01 – 2026-01-31')).toBeInTheDocument();
    expect(chips().getByText('Risk score: 0–100')).toBeInTheDocument();
    expect(chips().getByText('EPSS: ≥ 50')).toBeInTheDocument();
    expect(chips().getByText('Internet facing: Yes')).toBeInTheDocument();
    expect(chips().getByText('Asset type: Host')).toBeInTheDocument();

    const query = apiQuery();
    expect(query.get('page')).toBe('3');
    expect(query.get('ordering')).toBe('name');
    expect(query.get('asset_name__starts_with')).toBe('web');
    expect(query.getAll('severity')).toEqual(['4', '3']);
    // §9: _min and _max held within 0-100; EPSS is shown in percent and sent as a probability.
    expect(query.get('risk_score_min')).toBe('0');
    expect(query.get('risk_score_max')).toBe('100');
    expect(query.get('epssv1_min')).toBe('0.5');
    expect(query.get('internet_facing')).toBe('true');
    expect(query.get('asset_type')).toBe('2');
    // Days become the local day's first and last instants.
    const after = new Date(query.get('created_after')!);
    const before = new Date(query.get('created_before')!);
    expect([after.getDate(), after.getHours()]).toEqual([1, 0]);
    expect([before.getDate(), before.getHours(), before.getMinutes()]).toEqual([31, 23, 59]);
  });

  it('writes typed text to the URL after a pause, back on page 1, with the chip to remove it', async () => {
    const { user, search, apiQuery, bar } = open('/assets?page=4&ordering=-created');
    await user.type(within(bar).getByRole('textbox', { name: 'Search' }), 'db-01');
    expect(search().get('search')).toBeNull();
    await waitFor(() => expect(search().get('search')).toBe('db-01'));
    expect(search().get('page')).toBeNull();
    expect(search().get('ordering')).toBe('-created');
    await waitFor(() => expect(apiQuery().get('search')).toBe('db-01'));

    await user.click(chips().getByRole('button', { name: 'Remove filter Search: db-01' }));
    expect(search().get('search')).toBeNull();
    expect(within(bar).getByRole('textbox', { name: 'Search' })).toHaveValue('');
  });

  it('moves a text value to the operator chosen (field__operator, §3 operators)', async () => {
    const { user, search, bar } = open('/assets?asset_name__contains=web');
    await user.click(within(bar).getByRole('combobox', { name: 'Asset name: operator' }));
    await user.click(screen.getByRole('option', { name: 'Is not' }));
    expect(search().get('asset_name__is_not')).toBe('web');
    expect(search().get('asset_name__contains')).toBeNull();
    expect(chips().getByText('Asset name is not: web')).toBeInTheDocument();
  });

  it('keeps an operator chosen before the text is typed', async () => {
    const { user, search, bar } = open();
    await user.click(within(bar).getByRole('combobox', { name: 'Asset name: operator' }));
    await user.click(screen.getByRole('option', { name: 'Starts with' }));
    await user.type(within(bar).getByRole('textbox', { name: 'Asset name' }), 'web');
    await waitFor(() => expect(search().get('asset_name__starts_with')).toBe('web'));
  });

  it('picks single and several values, and yes/no', async () => {
    const { user, search, bar } = open();
    await user.click(within(bar).getByRole('combobox', { name: 'Asset type' }));
    await user.click(screen.getByRole('option', { name: 'Network' }));
    expect(search().get('asset_type')).toBe('1');

    await user.click(within(bar).getByRole('combobox', { name: 'Severity' }));
    await user.click(screen.getByRole('option', { name: 'Critical' }));
    await user.click(screen.getByRole('option', { name: 'Medium' }));
    expect(search().getAll('severity')).toEqual(['4', '2']);

    await user.click(within(bar).getByRole('combobox', { name: 'Internet facing' }));
    await user.click(screen.getByRole('option', { name: 'No' }));
    expect(search().get('internet_facing')).toBe('false');
    await user.click(within(bar).getByRole('combobox', { name: 'Internet facing' }));
    await user.click(screen.getByRole('option', { name: 'Any' }));
    expect(search().get('internet_facing')).toBeNull();
  });

  it('bounds a date range by _after and _before, and says when it is upside down', () => {
    const { search, bar } = open();
    fireEvent.change(within(bar).getByLabelText('Created from'), { target: { value: '2026-03-10' } });
    expect(search().get('created_after')).toBe('2026-03-10');
    fireEvent.change(within(bar).getByLabelText('Created to'), { target: { value: '2026-03-01' } });
    expect(search().get('created_before')).toBe('2026-03-01');
    expect(within(bar).getByText('The end date is before the start date.')).toBeInTheDocument();
    expect(within(bar).getByLabelText('Created to')).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps a typed number range within 0-100 and says when the maximum is below the minimum', async () => {
    const first = open();
    const max = within(first.bar).getByRole('textbox', { name: 'Risk score max' });
    await first.user.type(max, '150');
    await waitFor(() => expect(first.search().get('risk_score_max')).not.toBeNull());
    expect(Number(first.search().get('risk_score_max'))).toBeLessThanOrEqual(100);
    expect(Number((max as HTMLInputElement).value)).toBeLessThanOrEqual(100);
    first.unmount();

    const { user, search, bar } = open();
    await user.type(within(bar).getByRole('textbox', { name: 'Risk score max' }), '20');
    await user.type(within(bar).getByRole('textbox', { name: 'Risk score min' }), '60');
    await waitFor(() => expect(search().get('risk_score_min')).toBe('60'));
    expect(search().get('risk_score_max')).toBe('20');
    // The message and the chip follow the URL's render: on a loaded machine they may come a tick later.
    await waitFor(() => expect(within(bar).getByText('The maximum is below the minimum.')).toBeInTheDocument());
    await waitFor(() => expect(chips().getByText('Risk score: 60–20')).toBeInTheDocument());
  });

  it('clears every filter, keeping the order, with "Clear filters"', async () => {
    const { user, search, bar } = open('/assets?severity=4&search=db&risk_score_max=40&ordering=-created&page=2');
    await user.click(within(bar).getByRole('button', { name: 'Clear filters' }));
    expect(search().toString()).toBe('ordering=-created');
    expect(screen.queryByRole('list', { name: 'Filters set' })).not.toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(within(bar).getByRole('textbox', { name: 'Search' })).toHaveValue('');
  });
});

describe('FilterBar with advanced filters', () => {
  const defs: FilterDef[] = [
    { kind: 'text', name: 'search', label: 'Search' },
    { kind: 'text', name: 'cve', label: 'CVE', advanced: true },
  ];
  function List() {
    const list = useListState({ pageSize: 25, filters: defs });
    return <FilterBar label="Filter findings" filters={defs} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />;
  }

  it('keeps them behind "More filters", counting those set, with their chips always shown', async () => {
    const { user } = renderWithApp(<List />, { path: '/findings', url: '/findings?cve=CVE-2024-6387' });
    const bar = screen.getByRole('search', { name: 'Filter findings' });
    expect(within(bar).queryByRole('textbox', { name: 'CVE' })).not.toBeInTheDocument();
    expect(chips().getByText('CVE: CVE-2024-6387')).toBeInTheDocument();
    const toggle = within(bar).getByRole('button', { name: 'More filters (1 set)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(bar).getByRole('textbox', { name: 'CVE' })).toHaveValue('CVE-2024-6387');
    expect(within(bar).getByRole('button', { name: 'Fewer filters (1 set)' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('useListState with a prefix', () => {
  function TwoLists() {
    const findings = useListState({ prefix: 'findings', pageSize: 25, filters: [FILTERS[3]] });
    const hosts = useListState({ prefix: 'hosts', pageSize: 25 });
    return (
      <>
        <output data-testid="findings">{buildQueryString(findings.query)}</output>
        <output data-testid="hosts">{buildQueryString(hosts.query)}</output>
        <button onClick={() => hosts.setPage(3)}>Hosts page 3</button>
      </>
    );
  }

  it('keeps two lists of one page apart in the URL', async () => {
    const { user, search } = renderWithApp(<TwoLists />, { path: '/run', url: '/run?findings.severity=4&findings.page=2' });
    expect(screen.getByTestId('findings')).toHaveTextContent('?page=2&page_size=25&severity=4');
    expect(screen.getByTestId('hosts')).toHaveTextContent('?page=1&page_size=25');
    await user.click(screen.getByRole('button', { name: 'Hosts page 3' }));
    expect(search().get('hosts.page')).toBe('3');
    expect(search().get('findings.page')).toBe('2');
  });
});
