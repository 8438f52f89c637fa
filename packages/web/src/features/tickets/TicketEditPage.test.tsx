// The ticket form against a stubbed API: filled from the ticket, saved with PATCH (title, description, assignee user and
// team, due date, priority, custom fields of the spec's types), "Ticket updated." and back to the ticket; a blank title
// and a bad custom field stopped on their fields; the server's field errors shown on theirs.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TicketEditPage from './TicketEditPage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aTicket, ticketSession } from './testing/fixtures.ts';

const UUID = '0b6f7a52-1f1e-4c55-9d43-6a1c8f0c2a11';
const BASE = `remediation/tickets/${UUID}/`;
const PATH = '/remediation/unified-tickets/edit/:uuid';
const URL = `/remediation/unified-tickets/edit/${UUID}`;

function stub() {
  return stubApi()
    .on('GET', BASE, aTicket({ custom_fields: { change_number: 'CHG-1001' } }))
    .on('PATCH', BASE, (req) => json(aTicket({ title: (req.body as { title: string }).title })))
    .on(
      'GET',
      'user/profile/',
      page([aUserProfile(), aUserProfile({ id: 2, user: 2, email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' })]),
    )
    .on('GET', 'teams_basics/', [{ id: 3, name: 'Infrastructure' }]);
}

describe('TicketEditPage', () => {
  it('saves the changed fields and custom fields, then opens the ticket', async () => {
    const api = stub();
    const { user, router } = renderWithApp(<TicketEditPage />, { path: PATH, url: URL, session: ticketSession() });
    const form = await screen.findByRole('form', { name: 'Edit ticket' });
    const title = within(form).getByRole('textbox', { name: /Title/ });
    expect(title).toHaveValue('OpenSSH regreSSHion (CVE-2024-6387)');
    expect(within(form).getByRole('textbox', { name: 'Name of custom field 1' })).toHaveValue('change_number');

    await user.clear(title);
    await user.type(title, 'Upgrade OpenSSH');
    await user.click(within(form).getByRole('combobox', { name: 'Team' }));
    await user.click(await screen.findByRole('option', { name: 'Infrastructure' }));
    const due = within(form).getByLabelText(/Due date/);
    await user.clear(due);
    await user.type(due, '2026-12-24');
    await user.click(within(form).getByRole('button', { name: 'Add custom field' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name of custom field 2' }), 'window');
    await user.type(within(form).getByRole('textbox', { name: 'Value of window' }), 'Friday night');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.calls('PATCH', BASE)).toHaveLength(1));
    expect(api.calls('PATCH', BASE)[0]!.body).toEqual({
      title: 'Upgrade OpenSSH',
      description: 'Upgrade OpenSSH on the office servers.',
      assignee_user: 2,
      assignee_team: 3,
      due_date: '2026-12-24',
      priority: 4,
      custom_fields: { change_number: 'CHG-1001', window: 'Friday night' },
    });
    expect(await screen.findByText('Ticket updated.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/remediation/unified-tickets/view/${UUID}`));
  }, 60_000);

  it('stops a blank title and a bad custom field on their fields', async () => {
    const api = stub();
    const { user } = renderWithApp(<TicketEditPage />, { path: PATH, url: URL, session: ticketSession() });
    const form = await screen.findByRole('form', { name: 'Edit ticket' });
    await user.clear(within(form).getByRole('textbox', { name: /Title/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Give the ticket a title.')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: /Title/ }), 'Upgrade OpenSSH');
    await user.click(within(form).getByRole('button', { name: 'Add custom field' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name of custom field 2' }), 'Bad Name');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Name it with lower-case letters, digits and _, starting with a letter.')).toBeInTheDocument();
    expect(api.calls('PATCH', BASE)).toHaveLength(0);
  }, 60_000);

  it('shows the server’s field errors on their fields', async () => {
    stub().on('PATCH', BASE, json({ due_date: ['Enter a real date as YYYY-MM-DD.'] }, 400));
    const { user } = renderWithApp(<TicketEditPage />, { path: PATH, url: URL, session: ticketSession() });
    const form = await screen.findByRole('form', { name: 'Edit ticket' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a real date as YYYY-MM-DD.')).toBeInTheDocument();
  }, 60_000);
});
