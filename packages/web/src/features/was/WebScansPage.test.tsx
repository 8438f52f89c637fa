// The web scan list against a stubbed API (scan/wruns/): web and discovery runs with their kind, crawl figures and
// sign-in state, names opening the right result page, the kind filter sent to the server, and "New web scan" opening
// the start form.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import WebScansPage from './WebScansPage.tsx';
import { page, stubApi } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aWebProfile, aWebRun } from './testing/fixtures.ts';

const RUNS = [
  aWebRun(),
  aWebRun({
    id: 42,
    name: 'Shop discovery',
    is_was_discovery: true,
    auth_state: 'none',
    auth_state_label: null,
    urls_found: 1,
    requests_sent: 3,
  }),
];

describe('WebScansPage', () => {
  it('lists web and discovery runs with their crawl figures and opens the right result', async () => {
    const stub = stubApi()
      .on('GET', 'scan/wruns/', page(RUNS))
      .on('GET', 'scan_basics/webapps/', [{ id: 90, name: 'Shop', url: 'http://127.0.0.9/' }])
      .on('GET', 'scan/wprofiles/', page([aWebProfile({ id: 1, name: 'Standard', builtin: true })]));
    const { user } = renderWithApp(<WebScansPage />, { path: '/was/scans', url: '/was/scans', session: aSession() });
    const table = await screen.findByRole('table', { name: 'Web scans' });
    const web = within(table).getByRole('row', { name: /Shop web scan/ });
    expect(within(web).getByText('37 URLs · 1,250 requests')).toBeInTheDocument();
    expect(within(web).getByText('Signed in')).toBeInTheDocument();
    expect(within(web).getByRole('link', { name: 'Shop web scan' })).toHaveAttribute('href', '/was/scans/view/was/41');
    const discovery = within(table).getByRole('row', { name: /Shop discovery/ });
    expect(within(discovery).getByText('Discovery')).toBeInTheDocument();
    expect(within(discovery).getByText('1 URL · 3 requests')).toBeInTheDocument();
    expect(within(discovery).getByRole('link', { name: 'Shop discovery' })).toHaveAttribute('href', '/was/scans/view/rdwas/42');

    const filters = screen.getByRole('search', { name: 'Filter web scans' });
    await user.click(within(filters).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Discovery scans' }));
    await waitFor(() => expect(stub.calls('GET', 'scan/wruns/').at(-1)!.query.get('is_was_discovery')).toBe('true'));

    await user.click(screen.getByRole('button', { name: 'New web scan' }));
    expect(await screen.findByRole('form', { name: 'Start web scan' })).toBeInTheDocument();
  }, 60_000);

  it('says how to begin when there are no web scans', async () => {
    stubApi().on('GET', 'scan/wruns/', page([]));
    renderWithApp(<WebScansPage />, { path: '/was/scans', url: '/was/scans', session: aSession() });
    expect(await screen.findByText('No web scans yet.')).toBeInTheDocument();
  });
});
