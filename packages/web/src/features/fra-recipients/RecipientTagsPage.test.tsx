// The recipient tags page against a stubbed API: every tag with how many recipients carry it (linked to the recipient
// list filtered by it), creating a tag through the shared tag form, deleting after a confirm, and a reader seeing no
// control that changes anything.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import RecipientTagsPage from './RecipientTagsPage.tsx';
import { aRecipient } from './fixtures.ts';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/fra/pat-unified-tags';
const tagRow = (id: number, name: string, assets: number) => ({
  id,
  name,
  description: '',
  color: '#1c7ed6',
  is_dynamic: false,
  rules: [],
  business_impact: null,
  asset_count: assets,
  created: '2026-10-01T09:00:00Z',
  modified: '2026-10-01T09:00:00Z',
  evaluated: null,
});

function api(): ApiStub {
  return stubApi()
    .on('GET', 'tags/tags/', page([tagRow(3, 'Finance team', 12), tagRow(4, 'Servers', 40)]))
    .on('GET', 'fra/recipients/', (r) => json(page([aRecipient()], r.query.get('tag') === '3' ? 12 : 0)))
    .on('POST', 'tags/tags/', (r) => json({ ...tagRow(9, 'x', 0), ...(r.body as object) }, 201))
    .on('DELETE', 'tags/tags/:id/', json(undefined, 204));
}
const table = () => screen.findByRole('table', { name: 'Recipient tags' });

describe('RecipientTagsPage', () => {
  it('lists every tag with how many recipients carry it', async () => {
    const stub = api();
    renderWithApp(<RecipientTagsPage />, { path: PATH, session: aSession() });
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    const finance = await within(rows[0]!).findByRole('link', { name: 'Recipients tagged Finance team' });
    expect(finance).toHaveTextContent('12');
    expect(finance).toHaveAttribute('href', '/fra/recipients?tag=3');
    expect(await within(rows[1]!).findByRole('link', { name: 'Recipients tagged Servers' })).toHaveTextContent('0');
    expect(
      stub
        .calls('GET', 'fra/recipients/')
        .map((c) => c.query.get('tag'))
        .sort(),
    ).toEqual(['3', '4']);
  });

  it('creates a tag and deletes one after a confirm', async () => {
    const stub = api();
    const { user } = renderWithApp(<RecipientTagsPage />, { path: PATH, session: aSession() });
    await table();
    await user.click(screen.getByRole('button', { name: 'Create tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create tag' });
    await user.click(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.paste('Sales');
    await user.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(stub.calls('POST', 'tags/tags/')).toHaveLength(1));
    expect(stub.calls('POST', 'tags/tags/')[0]!.body).toMatchObject({ name: 'Sales', is_dynamic: false });

    await user.click(within(await table()).getByRole('button', { name: 'Delete Servers' }));
    await user.click(await screen.findByRole('button', { name: 'Delete tag' }));
    await waitFor(() => expect(stub.calls('DELETE', 'tags/tags/:id/').map((c) => c.path)).toEqual(['tags/tags/4/']));
    expect(await screen.findByText('Tag deleted.')).toBeInTheDocument();
  });

  it('shows a reader no control that changes anything', async () => {
    api();
    const reader = aUserProfile({ is_superuser: false, customer_admin: false, permissions: { phishing: ['read'] } });
    renderWithApp(<RecipientTagsPage />, { path: PATH, session: aSession(reader) });
    await table();
    expect(screen.queryByRole('button', { name: 'Create tag' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Servers' })).not.toBeInTheDocument();
  });
});
