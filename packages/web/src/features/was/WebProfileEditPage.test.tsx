// The web scan profile editor against a stubbed API (scan/wprofiles/): a new profile with HTTP basic sign-in — the
// sign-in checks before sending, the destructive-links warning, sensitive countries and the POST body; an existing profile whose
// stored password is kept (its mask sent back) unless a new one is typed; the login taken from a stored credential; a
// built-in profile opens read-only.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import WebProfileEditPage from './WebProfileEditPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aWebProfile } from './testing/fixtures.ts';

const PATH = '/was/scan-profiles/edit/:id';
const TESTS = [
  {
    id: 'web-sqli-error',
    name: 'SQL injection (error-based)',
    category: 'sql-injection',
    severity: 4,
    cwe: [],
    owasp: 'A03:2021',
    kind: 'active',
  },
  { id: 'web-xss-reflected', name: 'Reflected XSS', category: 'xss', severity: 3, cwe: [], owasp: 'A03:2021', kind: 'active' },
];

/** The customer's scan credentials (GET scan/credentials/): the web sign-in offers the Linux and Windows ones. */
const CREDENTIALS = [
  { id: 4, name: 'Shop login', kind: 'linux', method: 'credentials' },
  { id: 5, name: 'AD scanner', kind: 'windows', method: 'vault' },
  { id: 8, name: 'Production cluster', kind: 'kubernetes', method: 'token' },
];

function api(): ApiStub {
  return stubApi().on('GET', 'nvt/wvtests-simple/', page(TESTS)).on('GET', 'scan/credentials/', CREDENTIALS);
}

describe('WebProfileEditPage', () => {
  it('creates a profile: sign-in, the destructive-links warning, countries and the POST body', async () => {
    const stub = api().on('POST', 'scan/wprofiles/', (request) =>
      json(aWebProfile({ id: 31, ...(request.body as object), auth_password: '********' }), 201),
    );
    const { user, router } = renderWithApp(<WebProfileEditPage />, { path: PATH, url: '/was/scan-profiles/edit/new', session: aSession() });
    const form = await screen.findByRole('form', { name: 'Web scan profile' });
    await user.click(within(form).getByRole('textbox', { name: /^Name/ }));
    await user.paste('Shop');
    await user.click(within(form).getByRole('combobox', { name: /^Sign-in/ }));
    await user.click(await screen.findByRole('option', { name: 'HTTP basic' }));
    await user.click(within(form).getByRole('button', { name: 'Create profile' }));
    expect(await within(form).findByText('Username is required')).toBeInTheDocument();
    expect(stub.calls('POST', 'scan/wprofiles/')).toHaveLength(0);

    await user.click(within(form).getByRole('textbox', { name: /^Username/ }));
    await user.paste('scanner');
    await user.click(within(form).getByLabelText(/^Password/));
    await user.paste('s3cret');
    await user.click(within(form).getByRole('switch', { name: /Follow destructive links/ }));
    expect(within(form).getByText('The scan may change or delete data')).toBeInTheDocument();
    await user.click(within(form).getByRole('checkbox', { name: /Norway/ }));
    await user.click(within(form).getByRole('checkbox', { name: /Denmark/ }));

    await user.click(within(form).getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/was/scan-profiles/edit/31'));
    expect(stub.calls('POST', 'scan/wprofiles/')[0]!.body).toMatchObject({
      name: 'Shop',
      auth_kind: 'basic',
      auth_username: 'scanner',
      auth_password: 's3cret',
      allow_destructive: true,
      sc_ss_countries: ['dk', 'no'],
      sc_ss_dan: true,
      sc_ss_nor: true,
      sc_ss_swe: false,
      headers: {},
      auth_steps: [],
    });
  }, 60_000);

  it('keeps a stored password unless a new one is typed', async () => {
    const stored = aWebProfile({ auth_kind: 'basic', auth_username: 'ops', auth_password: '••••••••' });
    const stub = api()
      .on('GET', 'scan/wprofiles/7/', stored)
      .on('PUT', 'scan/wprofiles/7/', (request) =>
        json(aWebProfile({ ...stored, ...(request.body as object), modified: '2026-11-29T01:00:00Z' })),
      );
    const { user } = renderWithApp(<WebProfileEditPage />, { path: PATH, url: '/was/scan-profiles/edit/7', session: aSession() });
    const form = await screen.findByRole('form', { name: 'Web scan profile' });
    expect(within(form).getByText(/A password is stored/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'scan/wprofiles/7/')).toHaveLength(1));
    expect((stub.calls('PUT', 'scan/wprofiles/7/')[0]!.body as { auth_password: string }).auth_password).toBe('••••••••');
  });

  it('signs in with a stored credential: Linux and Windows ones offered, the typed login hidden, its id sent', async () => {
    const stored = aWebProfile({ auth_kind: 'basic', auth_username: 'ops', auth_password: '••••••••' });
    const stub = api()
      .on('GET', 'scan/wprofiles/7/', stored)
      .on('PUT', 'scan/wprofiles/7/', (request) => json(aWebProfile({ ...stored, ...(request.body as object) })));
    const { user } = renderWithApp(<WebProfileEditPage />, { path: PATH, url: '/was/scan-profiles/edit/7', session: aSession() });
    const form = await screen.findByRole('form', { name: 'Web scan profile' });
    await user.click(within(form).getByRole('combobox', { name: /^Stored credential/ }));
    expect(await screen.findByRole('option', { name: 'Shop login' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Production cluster/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'AD scanner (vault)' }));
    expect(within(form).queryByRole('textbox', { name: /^Username/ })).not.toBeInTheDocument();
    expect(within(form).queryByLabelText(/^Password/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'scan/wprofiles/7/')).toHaveLength(1));
    expect(stub.calls('PUT', 'scan/wprofiles/7/')[0]!.body).toMatchObject({ auth_credential: 5, auth_username: '', auth_password: null });
  }, 60_000);

  it('opens a built-in profile read-only with Copy', async () => {
    api().on('GET', 'scan/wprofiles/1/', aWebProfile({ id: 1, name: 'Standard', builtin: true }));
    renderWithApp(<WebProfileEditPage />, { path: PATH, url: '/was/scan-profiles/edit/1', session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Standard' })).toBeInTheDocument();
    expect(screen.getByText('A built-in web scan profile: copy it to change it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
