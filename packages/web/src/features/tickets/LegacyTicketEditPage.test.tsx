// The legacy ticket edit page (unified-remediation off) against a stubbed API: closing a ticket marks it Fixed with
// "Ticket updated.", and a ticket that does not exist is said so.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LegacyTicketEditPage from './LegacyTicketEditPage.tsx';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aTicket, ticketSession } from './testing/fixtures.ts';

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
