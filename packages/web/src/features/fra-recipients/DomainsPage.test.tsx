// The domains page against a stubbed API: each domain with its category, purpose and DNS check in words (a failing SPF
// and DMARC with the check's messages, "Not deliverable"); "Check DNS" posting the check and saying the outcome; adding
// a domain (core's name check on the field, then the server's); the categories table (add, rename); deleting after a
// confirm; and a reader seeing no control that changes anything.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import DomainsPage from './DomainsPage.tsx';
import { aDomain } from './fixtures.ts';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/fra/domains';
const FAILING = {
  checked_at: '2026-11-29T10:00:00Z',
  spf: 'fail' as const,
  dkim: 'pass' as const,
  dmarc: 'missing' as const,
  mx: 'pass' as const,
  messages: ['SPF does not allow 192.0.2.7, which sends for Bulwark.', 'No DMARC record at _dmarc.mail.example-login.com.'],
  deliverable: false,
};
const DOMAINS = [aDomain({ dns: FAILING }), aDomain({ id: 3, name: 'parcel-track.net', category: null, purpose: 'landing', dns: null })];

function api(rows = DOMAINS): ApiStub {
  return stubApi()
    .on('GET', 'fra/domains/', page(rows))
    .on('GET', 'fra/domain-categories/', page([{ id: 1, name: 'Cloud services', domains: 1 }]))
    .on('POST', 'fra/domains/', (r) => json(aDomain({ id: 9, ...(r.body as object), category: null }), 201))
    .on('POST', 'fra/domains/:id/check/', aDomain({ dns: { ...FAILING, spf: 'pass', dmarc: 'pass', messages: [], deliverable: true } }))
    .on('POST', 'fra/domain-categories/', (r) => json({ id: 5, domains: 0, ...(r.body as object) }, 201))
    .on('PATCH', 'fra/domain-categories/:id/', (r) => json({ id: 1, domains: 1, ...(r.body as object) }))
    .on('DELETE', 'fra/domains/:id/', json(undefined, 204));
}
const table = () => screen.findByRole('table', { name: 'Domains' });

describe('DomainsPage', () => {
  it('shows each domain’s DNS check in words, with its messages', async () => {
    api();
    renderWithApp(<DomainsPage />, { path: PATH, session: aSession() });
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    const failing = rows[0]!;
    expect(within(failing).getByText('SPF: Fail')).toBeInTheDocument();
    expect(within(failing).getByText('DKIM: Pass')).toBeInTheDocument();
    expect(within(failing).getByText('DMARC: Missing')).toBeInTheDocument();
    expect(within(failing).getByText('Not deliverable')).toBeInTheDocument();
    expect(within(failing).getByText('SPF does not allow 192.0.2.7, which sends for Bulwark.')).toBeInTheDocument();
    expect(within(failing).getByText('Cloud services')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Not checked yet')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Landing pages')).toBeInTheDocument();
  });

  it('checks the DNS now and says whether mail gets through', async () => {
    const stub = api();
    const { user } = renderWithApp(<DomainsPage />, { path: PATH, session: aSession() });
    await user.click(within(await table()).getByRole('button', { name: 'Check DNS of mail.example-login.com' }));
    expect(await screen.findByText('mail.example-login.com: mail is expected to get through.')).toBeInTheDocument();
    expect(stub.calls('POST', 'fra/domains/:id/check/').map((c) => c.path)).toEqual(['fra/domains/2/check/']);
    await waitFor(() => expect(stub.calls('GET', 'fra/domains/').length).toBeGreaterThan(1));
  });

  it('adds a domain, checking its name first', async () => {
    const stub = api();
    const { user } = renderWithApp(<DomainsPage />, { path: PATH, session: aSession() });
    await table();
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    const form = await screen.findByRole('form', { name: 'Add domain' });
    const name = within(form).getByRole('textbox', { name: 'Domain name' });
    await user.click(name);
    await user.paste('not a domain');
    await user.click(within(form).getByRole('button', { name: 'Add domain' }));
    expect(await within(form).findByText('Enter a domain name such as mail.example.com.')).toBeInTheDocument();
    expect(stub.calls('POST', 'fra/domains/')).toHaveLength(0);
    await user.clear(name);
    await user.paste('Secure-Login.example.org');
    await user.click(within(form).getByRole('button', { name: 'Add domain' }));
    await waitFor(() => expect(stub.calls('POST', 'fra/domains/')).toHaveLength(1));
    expect(stub.calls('POST', 'fra/domains/')[0]!.body).toEqual({
      name: 'Secure-Login.example.org',
      category: null,
      purpose: 'both',
      dkim_selector: '',
    });
    expect(await screen.findByText('Domain created.')).toBeInTheDocument();
  });

  it('adds and renames categories', async () => {
    const stub = api();
    const { user } = renderWithApp(<DomainsPage />, { path: PATH, session: aSession() });
    const categories = await screen.findByRole('table', { name: 'Domain categories' });
    await within(categories).findByText('1');
    await user.click(screen.getByRole('textbox', { name: 'New category' }));
    await user.paste('Parcel delivery');
    await user.click(within(screen.getByRole('form', { name: 'New category' })).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(stub.calls('POST', 'fra/domain-categories/')[0]?.body).toEqual({ name: 'Parcel delivery' }));
    const rename = screen.getByRole('textbox', { name: 'Name of category Cloud services' });
    await user.clear(rename);
    await user.paste('Cloud');
    await user.click(within(screen.getByRole('form', { name: 'Name of category Cloud services' })).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(stub.calls('PATCH', 'fra/domain-categories/:id/')[0]?.body).toEqual({ name: 'Cloud' }));
  });

  it('deletes a domain after a confirm', async () => {
    const stub = api();
    const { user } = renderWithApp(<DomainsPage />, { path: PATH, session: aSession() });
    await user.click(within(await table()).getByRole('button', { name: 'Delete parcel-track.net' }));
    await user.click(await screen.findByRole('button', { name: 'Delete domain' }));
    await waitFor(() => expect(stub.calls('DELETE', 'fra/domains/:id/').map((c) => c.path)).toEqual(['fra/domains/3/']));
    expect(await screen.findByText('Domain deleted.')).toBeInTheDocument();
  });

  it('shows a reader no control that changes anything', async () => {
    api();
    const reader = aUserProfile({ is_superuser: false, customer_admin: false, permissions: { phishing: ['read'] } });
    renderWithApp(<DomainsPage />, { path: PATH, session: aSession(reader) });
    await table();
    expect(screen.queryByRole('button', { name: 'Add domain' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Check DNS/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New category' })).not.toBeInTheDocument();
  });
});
