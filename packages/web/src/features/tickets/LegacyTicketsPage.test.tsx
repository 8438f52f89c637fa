// The legacy ticket screens (unified-remediation off) against a stubbed API: the list with legacy types and statuses,
// the status filter sent as the simple statuses it stands for, filter/vuln/{vulnId} asking for that vulnerability's
// tickets, and the edit page closing a ticket (closed = Fixed) with "Ticket updated.".
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LegacyTicketsPage from './LegacyTicketsPage.tsx';
import LegacyTicketEditPage from './LegacyTicketEditPage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aTicket, ticketSession } from './testing/fixtures.ts';

const TICKETS = [
  aTicket({ legacy_type: 0, title: 'Exposed SMB share' }),
  aTicket({ id: 13, uuid: 'u13', number: 8, legacy_type: 1, legacy_status: 1, status: 2, status_label: 'Fixed', title: 'Old TLS' }),
];

describe('LegacyTicketsPage', () => {
  it('lists incidents and tickets with new or closed, each opening its edit page', async () => {
    const api = stubApi().on('GET', 'remediation/tickets/', page(TICKETS));
    renderWithApp(<LegacyTicketsPage />, {
      path: '/remediation/tickets',
      url: '/remediation/tickets?legacy_status=0',
      session: ticketSession({ unified: false }),
    });
    const table = await screen.findByRole('table', { name: 'Tickets' });
    const incident = within(table).getByRole('row', { name: /Exposed SMB share/ });
    expect(within(incident).getByText('Incident')).toBeInTheDocument();
    expect(within(incident).getByText('New')).toBeInTheDocument();
    expect(within(incident).getByRole('link', { name: 'Exposed SMB share' })).toHaveAttribute('href', '/remediation/tickets/edit/12');
    const closed = within(table).getByRole('row', { name: /Old TLS/ });
    expect(within(closed).getByText('Ticket')).toBeInTheDocument();
    expect(within(closed).getByText('Closed')).toBeInTheDocument();
    const q = api.calls('GET', 'remediation/tickets/').at(-1)!.query;
    expect(q.getAll('simple_status')).toEqual(['open', 'solution_applied']);
    expect(q.get('legacy_status')).toBeNull();
  }, 60_000);

  it('lists the tickets of one vulnerability under filter/vuln/{vulnId}', async () => {
    const api = stubApi().on('GET', 'remediation/tickets/', page([]));
    renderWithApp(<LegacyTicketsPage />, {
      path: '/remediation/tickets/filter/vuln/:vulnId',
      url: '/remediation/tickets/filter/vuln/5',
      session: ticketSession({ unified: false }),
    });
    expect(await screen.findByText('This vulnerability has no ticket.')).toBeInTheDocument();
    expect(api.calls('GET', 'remediation/tickets/').at(-1)!.query.get('issue')).toBe('5');
    expect(screen.getByRole('heading', { level: 1, name: 'Tickets of vulnerability' })).toBeInTheDocument();
  });
});

describe('LegacyTicketEditPage', () => {
  it('closes a ticket, which marks it fixed', async () => {
    const api = stubApi()
      .on('GET', 'remediation/tickets/12/', aTicket({ legacy_type: 0 }))
      .on('PATCH', 'remediation/tickets/12/', aTicket({ status: 2, legacy_status: 1 }));
    const { user, router } = renderWithApp(<LegacyTicketEditPage />, {
      path: '/remediation/tickets/edit/:ticketId',
      url: '/remediation/tickets/edit/12',
      session: ticketSession({ unified: false }),
    });
    const form = await screen.findByRole('form', { name: 'Edit ticket' });
    expect(within(form).getByText('Incident #7')).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: 'Closed' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PATCH', 'remediation/tickets/12/')).toHaveLength(1));
    expect(api.calls('PATCH', 'remediation/tickets/12/')[0]!.body).toEqual({
      title: 'OpenSSH regreSSHion (CVE-2024-6387)',
      description: 'Upgrade OpenSSH on the office servers.',
      status: 2,
    });
    expect(await screen.findByText('Ticket updated.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/remediation/tickets'));
  }, 60_000);

  it('says when there is no such ticket', async () => {
    stubApi().on('GET', 'remediation/tickets/99/', json({ detail: 'Not found.' }, 404));
    renderWithApp(<LegacyTicketEditPage />, {
      path: '/remediation/tickets/edit/:ticketId',
      url: '/remediation/tickets/edit/99',
      session: ticketSession({ unified: false }),
    });
    expect(await screen.findByText('There is no such ticket.')).toBeInTheDocument();
  });
});
