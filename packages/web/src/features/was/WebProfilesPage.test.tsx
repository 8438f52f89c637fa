// The web scan profiles page against a stubbed API (scan/wprofiles/): the built-in and the organisation's profiles,
// each opening its edit page under /was.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import WebProfilesPage from './WebProfilesPage.tsx';
import { page, stubApi } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aWebProfile } from './testing/fixtures.ts';

describe('WebProfilesPage', () => {
  it('lists the web profiles, each linking to its edit page under /was', async () => {
    stubApi().on(
      'GET',
      'scan/wprofiles/',
      page([aWebProfile({ id: 1, name: 'Standard', builtin: true }), aWebProfile({ id: 7, name: 'Shop, signed in', builtin: false })]),
    );
    renderWithApp(<WebProfilesPage />, { path: '/was/scan-profiles', url: '/was/scan-profiles', session: aSession() });
    expect(await screen.findByRole('heading', { name: 'Web scan profiles' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(await within(table).findByRole('link', { name: 'Shop, signed in' })).toHaveAttribute('href', '/was/scan-profiles/edit/7');
    expect(within(table).getByRole('link', { name: 'Standard' })).toHaveAttribute('href', '/was/scan-profiles/edit/1');
  });
});
