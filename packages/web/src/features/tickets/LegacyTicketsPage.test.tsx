// The legacy ticket list (unified-remediation off) against a stubbed API: legacy types and statuses, the status filter
// sent as the simple statuses it stands for, and filter/vuln/{vulnId} asking for that vulnerability's tickets.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LegacyTicketsPage from './LegacyTicketsPage.tsx';
import { page, stubApi } from '../../../test/support/api-stub.ts';
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
