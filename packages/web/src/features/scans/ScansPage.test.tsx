// The scan list page against a stubbed API: rows of scan/nruns/, sorting and filters that change the call and the URL
// (so a filtered list is a link), the chips, Scan ID behind the column chooser, bulk delete, the empty and error states.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ScansPage from './ScansPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aFinishedRun } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const RUNS = [
  aFinishedRun({ id: 7, scan_id: 3, name: 'Office LAN' }),
  aFinishedRun({ id: 8, scan_id: 4, name: 'Bastion host', targets: ['127.0.6.1'], result: 0, result_label: 'Pass', cnt_vulns: 0 }),
];

function api(runs = RUNS, count = runs.length): ApiStub {
  return stubApi()
    .on('GET', 'scan/nruns/', page(runs, count))
    .on('GET', 'probe_basics/probes/', [
      { id: -1, name: 'External (built-in)' },
      { id: 4, name: 'Branch office' },
    ]);
}

function lastListQuery(stub: ApiStub): URLSearchParams {
  const calls = stub.calls('GET', 'scan/nruns/');
  return calls[calls.length - 1].query;
}

describe('ScansPage', () => {
  it('lists the runs of scan/nruns/ in the Scans table, newest first, with their status and result', async () => {
    const stub = api();
    renderWithApp(<ScansPage />, { path: '/scans/scans' });
    const table = await screen.findByRole('table', { name: 'Scans' });
    const row = within(table).getByRole('row', { name: /Bastion host/ });
    expect(within(row).getByRole('link', { name: 'Bastion host' })).toHaveAttribute('href', '/scans/scans/view/nscan/8');
    expect(within(row).getByTestId('run-status')).toHaveTextContent('Finished');
    expect(within(row).getByText('Pass')).toBeInTheDocument();
    expect(row).toHaveAttribute('data-run-id', '8');
    expect(lastListQuery(stub).get('ordering')).toBe('-started');
    expect(lastListQuery(stub).get('page_size')).toBe('20');
    expect(screen.getByText('2 scans')).toBeInTheDocument();
    // §3 headings; Scan ID is optional and hidden until chosen.
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headings).toEqual(['', 'Scan name', 'User', 'Targets', 'Status', 'Started', 'Finished', 'Result', 'Actions']);
  });

  it('sorts by a heading: the ordering goes to the API and into the URL, aria-sort follows', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<ScansPage />, { path: '/scans/scans' });
    const table = await screen.findByRole('table', { name: 'Scans' });
    const started = within(table).getByRole('columnheader', { name: /Started/ });
    expect(started).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(table).getByRole('button', { name: /Result/ }));
    await waitFor(() => expect(lastListQuery(stub).get('ordering')).toBe('-cnt_vulns'));
    expect(search().get('ordering')).toBe('-cnt_vulns');
    expect(within(table).getByRole('columnheader', { name: /Result/ })).toHaveAttribute('aria-sort', 'descending');
    expect(started).toHaveAttribute('aria-sort', 'none');

    await user.click(within(table).getByRole('button', { name: /Scan name/ }));
    await waitFor(() => expect(lastListQuery(stub).get('ordering')).toBe('name'));
    await user.click(within(table).getByRole('button', { name: /Scan name/ }));
    await waitFor(() => expect(lastListQuery(stub).get('ordering')).toBe('-name'));
  });

  it('opens a bookmarked, filtered list: filters from the URL are sent (node -1 with is_external) and shown as chips', async () => {
    const stub = api(RUNS, 41);
    renderWithApp(<ScansPage />, {
      path: '/scans/scans',
      url: '/scans/scans?status=Finished&status=Error&node=-1&scheduled=false&finished_after=2026-11-01&page=2&ordering=name',
    });
    await screen.findByRole('table', { name: 'Scans' });
    const query = lastListQuery(stub);
    expect(query.getAll('status')).toEqual(['Finished', 'Error']);
    expect(query.get('node')).toBe('-1');
    expect(query.get('is_external')).toBe('true');
    expect(query.get('scheduled')).toBe('false');
    expect(new Date(query.get('finished_after')!).getDate()).toBe(1);
    expect(query.get('page')).toBe('2');
    expect(query.get('ordering')).toBe('name');

    const chips = screen.getByRole('list', { name: 'Filters set' });
    expect(within(chips).getByText('Status: Finished, Error')).toBeInTheDocument();
    expect(await within(chips).findByText('Probe: External (built-in)')).toBeInTheDocument();
    expect(within(chips).getByText('Scheduled: Started by hand')).toBeInTheDocument();
    expect(within(chips).getByText('Finished: from 2026-11-01')).toBeInTheDocument();
  });

  it('moves an old link past the last page to the last page, in place of it in the history', async () => {
    const stub = api(RUNS, 41);
    const { router, search } = renderWithApp(<ScansPage />, { path: '/scans/scans', url: '/scans/scans?page=9' });
    await waitFor(() => expect(search().get('page')).toBe('3'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(lastListQuery(stub).get('page')).toBe('3'));
  });

  it('filters by search after a pause in typing, back to page 1, and removes a filter with its chip', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<ScansPage />, { path: '/scans/scans', url: '/scans/scans?page=2' });
    await screen.findByRole('table', { name: 'Scans' });
    const filters = screen.getByRole('search', { name: 'Filter scans' });
    await user.type(within(filters).getByRole('textbox', { name: 'Search' }), 'bastion');
    await waitFor(() => expect(search().get('search')).toBe('bastion'));
    expect(search().get('page')).toBeNull();
    await waitFor(() => expect(lastListQuery(stub).get('search')).toBe('bastion'));
    // One call for the whole word, not one per letter.
    expect(stub.calls('GET', 'scan/nruns/').filter((c) => c.query.get('search')?.startsWith('b')).length).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Remove filter Search: bastion' }));
    await waitFor(() => expect(search().get('search')).toBeNull());
    expect(within(filters).getByRole('textbox', { name: 'Search' })).toHaveValue('');
  });

  it('clears every filter with "Clear filters"', async () => {
    api();
    const { user, search } = renderWithApp(<ScansPage />, {
      path: '/scans/scans',
      url: '/scans/scans?status=Error&search=x&ordering=name',
    });
    await screen.findByRole('table', { name: 'Scans' });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(search().toString()).toBe('ordering=name'));
    expect(screen.queryByRole('list', { name: 'Filters set' })).not.toBeInTheDocument();
  });

  it('shows Scan ID when chosen in the column chooser, and remembers it', async () => {
    api();
    const first = renderWithApp(<ScansPage />, { path: '/scans/scans' });
    const table = await screen.findByRole('table', { name: 'Scans' });
    expect(within(table).queryByRole('columnheader', { name: /Scan ID/ })).not.toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Columns of Scans' }));
    await first.user.click(screen.getByRole('checkbox', { name: 'Scan ID' }));
    expect(within(table).getByRole('columnheader', { name: /Scan ID/ })).toBeInTheDocument();
    first.unmount();

    renderWithApp(<ScansPage />, { path: '/scans/scans' });
    const again = await screen.findByRole('table', { name: 'Scans' });
    expect(within(again).getByRole('columnheader', { name: /Scan ID/ })).toBeInTheDocument();
  });

  it('deletes the selected runs after a confirm', async () => {
    const stub = api().on('DELETE', 'scan/nruns/:id/', json(undefined, 204));
    const { user } = renderWithApp(<ScansPage />, { path: '/scans/scans' });
    await screen.findByRole('table', { name: 'Scans' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Office LAN' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Bastion host' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 scan runs?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(stub.calls('DELETE', 'scan/nruns/:id/').map((c) => c.path)).toEqual(['scan/nruns/7/', 'scan/nruns/8/']));
    expect(await screen.findByText('2 scan runs removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('2 selected')).not.toBeInTheDocument());
  });

  it('says so when there are no scans, and when no scan matches the filters', async () => {
    api([]);
    const view = renderWithApp(<ScansPage />, { path: '/scans/scans' });
    expect(await screen.findByText('Start one with “New scan”: choose targets and a profile.')).toBeInTheDocument();
    expect(screen.getByTestId('scans-empty')).toHaveTextContent('No scans yet.');
    view.unmount();

    renderWithApp(<ScansPage />, { path: '/scans/scans', url: '/scans/scans?status=Error' });
    expect(await screen.findByText('No scan matches these filters.')).toBeInTheDocument();
  });

  it('shows the failure of the list with a retry that asks again', async () => {
    let answers = 0;
    stubApi()
      .on('GET', 'probe_basics/probes/', [])
      .on('GET', 'scan/nruns/', () => (++answers === 1 ? json({ detail: 'Database unavailable.' }, 503) : json(page(RUNS))));
    const { user } = renderWithApp(<ScansPage />, { path: '/scans/scans' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Scans' })).toBeInTheDocument();
  });
});
