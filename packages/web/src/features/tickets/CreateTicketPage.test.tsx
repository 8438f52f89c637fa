// Creating tickets against a stubbed API: create/vuln/{hid} for an issue on all its assets (the vulnerability-list
// filter hid, grouped by vulnerability unless changed, with assignee and due date) opening the one ticket made;
// create/vuln/{findingId} for one finding; findings already on an open ticket said; "Create ticket" on an asset
// (grouped by asset) and, with unified remediation off, a legacy ticket opening on the legacy screen; hidden from readers.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CreateTicketPage from './CreateTicketPage.tsx';
import { CreateTicketButton } from './components/CreateTicketButton.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { READER, aTicket, ticketSession } from './testing/fixtures.ts';

const PATH = '/remediation/unified-tickets/create/vuln/:id';

function stub(created = [aTicket()], skipped = 0) {
  return stubApi()
    .on('POST', 'remediation/tickets/', json({ created, skipped }, 201))
    .on('GET', 'unified-assets/issues/:hid/details/', json({ detail: 'Not found.' }, 404))
    .on(
      'GET',
      'user/profile/',
      page([aUserProfile(), aUserProfile({ id: 2, user: 2, email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' })]),
    )
    .on('GET', 'teams_basics/', [{ id: 3, name: 'Infrastructure' }]);
}

describe('CreateTicketPage', () => {
  it('creates a vulnerability ticket for an issue on all its assets and opens it', async () => {
    const api = stub();
    const { user, router } = renderWithApp(<CreateTicketPage />, {
      path: PATH,
      url: '/remediation/unified-tickets/create/vuln/CVE-2024-6387',
      session: ticketSession(),
    });
    const form = await screen.findByRole('form', { name: 'Create ticket' });
    expect(within(form).getByText(/CVE-2024-6387 on all the assets it is open on/)).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'By vulnerability' })).toBeChecked();
    await user.click(within(form).getByRole('combobox', { name: 'Assignee' }));
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    await user.type(within(form).getByLabelText(/Due date/), '2026-12-24');
    await user.click(within(form).getByRole('button', { name: 'Create ticket' }));

    await waitFor(() => expect(api.calls('POST', 'remediation/tickets/')).toHaveLength(1));
    expect(api.calls('POST', 'remediation/tickets/')[0]!.body).toEqual({
      filter: { hid: 'CVE-2024-6387' },
      grouping: 'by_vulnerability',
      assignee_user: 2,
      assignee_team: null,
      due_date: '2026-12-24',
    });
    expect(await screen.findByText('Ticket created.')).toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/remediation/unified-tickets/view/0b6f7a52-1f1e-4c55-9d43-6a1c8f0c2a11'),
    );
  }, 60_000);

  it('creates a ticket for one finding, and says when its finding is already on an open ticket', async () => {
    const api = stub([], 1);
    const { user } = renderWithApp(<CreateTicketPage />, {
      path: PATH,
      url: '/remediation/unified-tickets/create/vuln/501',
      session: ticketSession(),
    });
    const form = await screen.findByRole('form', { name: 'Create ticket' });
    expect(within(form).getByRole('radio', { name: 'Individual' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Create ticket' }));
    await waitFor(() =>
      expect(api.calls('POST', 'remediation/tickets/')[0]?.body).toMatchObject({ finding_ids: [501], grouping: 'individual' }),
    );
    expect(await screen.findByText('No ticket created: every finding is already on an open ticket.')).toBeInTheDocument();
  }, 60_000);

  it('shows the server’s field errors on the form', async () => {
    stub().on('POST', 'remediation/tickets/', json({ due_date: ['Enter a real date as YYYY-MM-DD.'] }, 400));
    const { user } = renderWithApp(<CreateTicketPage />, {
      path: PATH,
      url: '/remediation/unified-tickets/create/vuln/501',
      session: ticketSession(),
    });
    const form = await screen.findByRole('form', { name: 'Create ticket' });
    await user.click(within(form).getByRole('button', { name: 'Create ticket' }));
    expect(await within(form).findByText('Enter a real date as YYYY-MM-DD.')).toBeInTheDocument();
  }, 60_000);
});

describe('CreateTicketButton', () => {
  const asset = { kind: 'asset' as const, id: 40, name: 'files.office.lan' };

  it('creates an asset ticket from the asset page', async () => {
    const api = stub([aTicket({ type: 2, type_label: 'Asset ticket' }), aTicket({ id: 14, uuid: 'second' })], 3);
    const { user, router } = renderWithApp(<CreateTicketButton source={asset} />, {
      path: '/assets/unified-assets/view/40',
      session: ticketSession(),
    });
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    const form = await screen.findByRole('form', { name: 'Create ticket' });
    expect(within(form).getByText('The open findings of files.office.lan.')).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'By asset' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(api.calls('POST', 'remediation/tickets/')[0]?.body).toMatchObject({ asset_id: 40, grouping: 'by_asset' }));
    expect(await screen.findByText('2 tickets created. 3 findings were already on an open ticket.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/remediation/unified-tickets'));
  }, 60_000);

  it('makes a legacy ticket with unified remediation off, opening its legacy page', async () => {
    const api = stub([aTicket({ legacy_type: 1 })]);
    const { user, router } = renderWithApp(<CreateTicketButton source={asset} />, {
      path: '/assets/unified-assets/view/40',
      session: ticketSession({ unified: false }),
    });
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    const form = await screen.findByRole('form', { name: 'Create ticket' });
    await user.click(within(form).getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(api.calls('POST', 'remediation/tickets/')[0]?.body).toMatchObject({ asset_id: 40, legacy_type: 1 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/remediation/tickets/edit/12'));
  }, 60_000);

  it('is not offered to a user who may not create tickets', () => {
    stub();
    renderWithApp(<CreateTicketButton source={asset} />, { path: '/', session: ticketSession({ profile: READER }) });
    expect(screen.queryByRole('button', { name: 'Create ticket' })).toBeNull();
  });
});
