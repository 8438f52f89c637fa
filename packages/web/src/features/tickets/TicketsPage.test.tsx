// The ticket list against a stubbed API (remediation/tickets/): rows with number, title linking to the ticket, status
// badge, assignee and the overdue marker; the URL's filters sent in the server's names; the type filter from the bar;
// the selected tickets given a status (one refused, said) and deleted; search/{search} becoming the search filter;
// "Go to ticket" with the validity check's texts; the empty states.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TicketsPage from './TicketsPage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aTicket, ticketSession } from './testing/fixtures.ts';

const TICKETS = [
  aTicket(),
  aTicket({
    id: 13,
    uuid: '7d1f2c3b-0000-4000-8000-000000000013',
    number: 8,
    title: 'files.office.lan',
    type: 2,
    type_label: 'Asset ticket',
    status: 1,
    status_label: 'Solution applied',
    status_key: 'CLOSED_UNVERIFIED',
    simple_status: 'solution_applied',
    overdue: false,
    due_date: null,
    assignee_user: null,
    assignee_team: { id: 3, name: 'Infrastructure' },
  }),
];

function stub() {
  return stubApi()
    .on('GET', 'remediation/tickets/', page(TICKETS))
    .on('GET', 'user/profile/', page([]))
    .on('GET', 'teams_basics/', [{ id: 3, name: 'Infrastructure' }]);
}

describe('TicketsPage', () => {
  it('lists tickets with their status, assignee and overdue marker, each opening its page', async () => {
    stub();
    renderWithApp(<TicketsPage />, { path: '/remediation/unified-tickets', session: ticketSession() });
    const table = await screen.findByRole('table', { name: 'Tickets' });
    const first = within(table).getByRole('row', { name: /OpenSSH regreSSHion/ });
    expect(within(first).getByText('#7')).toBeInTheDocument();
    expect(within(first).getByText('Open')).toBeInTheDocument();
    expect(within(first).getByText('Overdue')).toBeInTheDocument();
    expect(within(first).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'OpenSSH regreSSHion (CVE-2024-6387)' })).toHaveAttribute(
      'href',
      '/remediation/unified-tickets/view/0b6f7a52-1f1e-4c55-9d43-6a1c8f0c2a11',
    );
    const second = within(table).getByRole('row', { name: /files\.office\.lan/ });
    expect(within(second).getByText('Solution applied')).toBeInTheDocument();
    expect(within(second).getByText('Infrastructure')).toBeInTheDocument();
    expect(within(second).getByText('No due date')).toBeInTheDocument();
    expect(within(second).queryByText('Overdue')).toBeNull();
  }, 60_000);

  it('sends the filters of the URL in the server list names, and the type chosen in the bar', async () => {
    const api = stub();
    const { user } = renderWithApp(<TicketsPage />, {
      path: '/remediation/unified-tickets',
      url: '/remediation/unified-tickets?status=0&status=4&overdue=true&simple_status=open&asset_risk_score_min=50&due_before=2026-12-01',
      session: ticketSession(),
    });
    await screen.findByRole('table', { name: 'Tickets' });
    const q = api.calls('GET', 'remediation/tickets/').at(-1)!.query;
    expect(q.getAll('status')).toEqual(['0', '4']);
    expect(q.get('overdue')).toBe('true');
    expect(q.get('simple_status')).toBe('open');
    expect(q.get('asset_risk_score_min')).toBe('50');
    expect(q.get('ordering')).toBe('-number');

    const filters = screen.getByRole('search', { name: 'Filter tickets' });
    await user.click(within(filters).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Asset ticket' }));
    await waitFor(() => expect(api.calls('GET', 'remediation/tickets/').at(-1)!.query.get('type')).toBe('2'));
  }, 60_000);

  it('sets one status on the selected tickets and says which could not take it', async () => {
    const api = stub()
      .on('PATCH', 'remediation/tickets/:id/', (req) =>
        req.path.includes(TICKETS[0]!.uuid)
          ? json(TICKETS[0])
          : json({ status: ['A Solution applied ticket cannot go to Fixed by hand.'] }, 400),
      )
      .on('DELETE', 'remediation/tickets/:id/', json(undefined, 204));
    const { user } = renderWithApp(<TicketsPage />, { path: '/remediation/unified-tickets', session: ticketSession() });
    const table = await screen.findByRole('table', { name: 'Tickets' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select ticket #7' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select ticket #8' }));
    await user.click(screen.getByRole('combobox', { name: 'New status of the selected tickets' }));
    await user.click(await screen.findByRole('option', { name: 'Fixed' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('1 ticket updated.')).toBeInTheDocument();
    expect(await screen.findByText(/1 ticket not updated: A Solution applied ticket cannot go to Fixed by hand\./)).toBeInTheDocument();
    expect(api.calls('PATCH', 'remediation/tickets/:id/').map((c) => c.body)).toEqual([{ status: 2 }, { status: 2 }]);

    await user.click(within(table).getByRole('checkbox', { name: 'Select ticket #8' }));
    await user.click(screen.getByRole('button', { name: 'Delete tickets' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete tickets' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 ticket deleted.')).toBeInTheDocument();
    expect(api.calls('DELETE', 'remediation/tickets/:id/')[0]!.path).toContain('7d1f2c3b');
  }, 60_000);

  it('opens search/{search} as the list with that search', async () => {
    const api = stub();
    const { router } = renderWithApp(<TicketsPage />, {
      path: '/remediation/unified-tickets/search/:search',
      url: '/remediation/unified-tickets/search/openssh',
      session: ticketSession(),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/remediation/unified-tickets'));
    expect(router.state.location.search).toBe('?search=openssh');
    expect(api.calls('GET', 'remediation/tickets/')).toHaveLength(0);
  });

  it('checks a ticket number with the validity check and opens a valid one', async () => {
    const api = stub().on('GET', 'remediation/tickets/validity/:number/', (req) =>
      json(
        req.path.includes('/7/')
          ? { number: '7', validity: 'valid', message: 'Ticket is valid.' }
          : { number: '99', validity: 'not_valid', message: 'Ticket is not valid.' },
      ),
    );
    const { user, router } = renderWithApp(<TicketsPage />, { path: '/remediation/unified-tickets', session: ticketSession() });
    await screen.findByRole('table', { name: 'Tickets' });
    const number = screen.getByRole('textbox', { name: 'Ticket number' });

    await user.type(number, '7a');
    await user.click(screen.getByRole('button', { name: 'Go to ticket' }));
    expect(await screen.findByText('7a is not a valid ticket number.')).toBeInTheDocument();
    expect(api.calls('GET', 'remediation/tickets/validity/:number/')).toHaveLength(0);

    await user.clear(number);
    await user.type(number, '99');
    await user.click(screen.getByRole('button', { name: 'Go to ticket' }));
    expect(await screen.findByText('Ticket is not valid.')).toBeInTheDocument();

    await user.clear(number);
    await user.type(number, '7');
    await user.click(screen.getByRole('button', { name: 'Go to ticket' }));
    expect(await screen.findByText('Ticket is valid.')).toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/remediation/unified-tickets/view/0b6f7a52-1f1e-4c55-9d43-6a1c8f0c2a11'),
    );
    expect(api.calls('GET', 'remediation/tickets/').at(-1)!.query.get('number')).toBe('7');
  }, 60_000);

  it('says how tickets come when there are none, and when filters match none', async () => {
    stubApi().on('GET', 'remediation/tickets/', page([])).on('GET', 'user/profile/', page([])).on('GET', 'teams_basics/', []);
    const first = renderWithApp(<TicketsPage />, { path: '/remediation/unified-tickets', session: ticketSession() });
    expect(await screen.findByText('No tickets yet.')).toBeInTheDocument();
    first.unmount();
    renderWithApp(<TicketsPage />, {
      path: '/remediation/unified-tickets',
      url: '/remediation/unified-tickets?overdue=true',
      session: ticketSession(),
    });
    expect(await screen.findByText('No ticket matches these filters.')).toBeInTheDocument();
  });
});
