// A recipient's page against a stubbed API: the facts, tags and severity in words; links to the recipient asset and its
// phishing findings; the timeline with what the person did (the fields filled, never values; the training score) and,
// apart, a mail scanner's requests with their reasons; a missing recipient; and editing.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import RecipientPage from './RecipientPage.tsx';
import { aRecipient, aResult, anEvent } from './fixtures.ts';
import { json, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const TIMELINE = {
  recipient: { id: 7, email: 'ada@example.com', name: 'Ada Byron', severity: 4 },
  assessments: [
    {
      result: aResult({ training_score: 80, severity: 4 }),
      events: [
        anEvent({ id: 1, kind: 'sent', at: '2026-11-02T09:00:00Z', ip: null, user_agent: null }),
        anEvent({
          id: 2,
          kind: 'clicked',
          at: '2026-11-02T09:00:02Z',
          human: false,
          bot_reasons: ['too_soon', 'head_request'],
          ip: '203.0.113.9',
          user_agent: 'Barracuda/1.0',
        }),
        anEvent({ id: 3, kind: 'clicked', at: '2026-11-02T09:30:00Z' }),
        anEvent({ id: 4, kind: 'submitted', at: '2026-11-02T09:31:00Z', details: { fields: ['username', 'password'] } }),
        anEvent({ id: 5, kind: 'training_completed', at: '2026-11-02T09:40:00Z', details: { score: 80 } }),
      ],
    },
  ],
};

function api(): ApiStub {
  return stubApi()
    .on('GET', 'fra/recipients/7/', aRecipient({ severity: 4 }))
    .on('GET', 'fra/recipients/7/timeline/', TIMELINE)
    .on('GET', 'fra/recipients/99/', json({ detail: 'Not found.' }, 404))
    .on('GET', 'tags_basics/', [{ id: 3, name: 'Finance team', color: '#ff0000', is_dynamic: false }])
    .on('PATCH', 'fra/recipients/:id/', (r) => json(aRecipient({ ...(r.body as object), tags: [] })));
}

describe('RecipientPage', () => {
  it('shows the facts, severity in words and links to the asset and its phishing findings', async () => {
    api();
    renderWithApp(<RecipientPage />, { path: '/fra/recipients/:id', url: '/fra/recipients/7', session: aSession() });
    expect(await screen.findByRole('heading', { name: 'Ada Byron' })).toBeInTheDocument();
    expect(screen.getAllByText('Critical').length).toBeGreaterThan(0);
    expect(screen.getByText('Finance')).toBeInTheDocument();
    expect(screen.getByText('Finance team')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The recipient asset' })).toHaveAttribute('href', '/assets/unified-assets/view/70');
    expect(screen.getByRole('link', { name: 'Phishing findings of this recipient' })).toHaveAttribute(
      'href',
      '/vm/unified-vulnerabilities?group=asset&unified_asset=70&source=pat',
    );
  });

  it('tells the person’s actions from a scanner’s requests, with the reasons', async () => {
    api();
    renderWithApp(<RecipientPage />, { path: '/fra/recipients/:id', url: '/fra/recipients/7', session: aSession() });
    const person = await screen.findByLabelText('What the recipient did');
    expect(within(person).getByText('Sent')).toBeInTheDocument();
    expect(within(person).getByText('Clicked')).toBeInTheDocument();
    expect(within(person).getByText('Fields filled: username, password')).toBeInTheDocument();
    expect(within(person).getByText('Score 80%')).toBeInTheDocument();
    expect(screen.getByText('1 request by a machine, not counted')).toBeInTheDocument();
    const machines = screen.getByRole('list', { name: 'Requests by machines' });
    expect(
      within(machines).getByText(/Came too soon after delivery; HEAD request \(Barracuda\/1\.0, 203\.0\.113\.9\)/),
    ).toBeInTheDocument();
    expect(screen.getByText('Training score 80%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Q4 invoices' })).toHaveAttribute('href', '/fra/assessments/filter/a1b2c3');
  });

  it('says so when the recipient does not exist', async () => {
    api();
    renderWithApp(<RecipientPage />, { path: '/fra/recipients/:id', url: '/fra/recipients/99', session: aSession() });
    expect(await screen.findByText('No such recipient: it was deleted, or it is not one you may see.')).toBeInTheDocument();
  });

  it('edits the recipient', async () => {
    const stub = api();
    const { user } = renderWithApp(<RecipientPage />, { path: '/fra/recipients/:id', url: '/fra/recipients/7', session: aSession() });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit recipient' });
    const department = within(form).getByRole('textbox', { name: 'Department' });
    await user.clear(department);
    await user.paste('Treasury');
    await user.click(within(form).getByRole('button', { name: 'Edit recipient' }));
    await waitFor(() => expect(stub.calls('PATCH', 'fra/recipients/:id/')).toHaveLength(1));
    expect(stub.calls('PATCH', 'fra/recipients/:id/')[0]!.body).toMatchObject({
      department: 'Treasury',
      tags: [3],
      email: 'ada@example.com',
    });
    expect(await screen.findByText('Recipient updated.')).toBeInTheDocument();
  });
});
