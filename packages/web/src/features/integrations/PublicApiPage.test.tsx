// The Public API page against a stubbed API: inactive, it says tokens are refused and activates (§8 "Public API
// activated!"), and says so when activation fails (§8 "Failed to activate public API!"); active, it deactivates after a
// confirmation; the token list (prefix, owner, permissions, expiry with expired marked, last use and address, "Never");
// generating a token — the checklist limited to the user's own permissions (a non-read action ticks read), expiry
// choices (30 days from the page's clock, a custom day) and rate limit sent as the server expects, the secret shown once
// with a copy button (§8 "Token created."), the server's field errors on their fields (§8 "Cannot create token.") —;
// deleting one after a confirmation; and the route.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiToken, publicApiConfig, routeByName, type ApiToken, type PublicApiConfig } from '@bulwark/core';
import PublicApiPage from './PublicApiPage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const URL_ = '/admin/integrations/public-api';
const BASE = 'public/auth/v2';
const TOKENS = `${BASE}/permissions/tokens/`;
const NOW = new Date('2026-11-30T08:00:00Z');
const clock = () => NOW;

function aConfig(overrides: Partial<PublicApiConfig> = {}): PublicApiConfig {
  return publicApiConfig.parse({
    active: true,
    state: 'active',
    changed_at: '2026-11-29T10:00:00.000Z',
    changed_by_email: 'admin@example.com',
    header: 'Authorization: Token <token>',
    default_rate_limit: 600,
    max_expiry_days: 366,
    token_resources: ['tags', 'unified_vulnerabilities'],
    ...overrides,
  });
}

function aToken(overrides: Partial<ApiToken> = {}): ApiToken {
  return apiToken.parse({
    id: 7,
    name: 'Nightly export',
    prefix: 'bwk_0123456789ab',
    permissions: { unified_vulnerabilities: ['read'] },
    expires_at: '2027-02-28T08:00:00.000Z',
    expired: false,
    rate_limit: 600,
    created: '2026-11-29T08:00:00.000Z',
    last_used_at: '2026-11-30T07:30:00.000Z',
    last_used_ip: '10.0.0.5',
    user: 1,
    user_email: 'admin@example.com',
    mine: true,
    ...overrides,
  });
}

function render(session = aSession()) {
  return renderWithApp(<PublicApiPage now={clock} />, { path: URL_, session });
}

describe('the Public API page', () => {
  it('activates an inactive API, and says so when activation fails', { timeout: 60_000 }, async () => {
    const stub = stubApi()
      .on('GET', `${BASE}/config/`, aConfig({ active: false, state: 'inactive', changed_at: null, changed_by_email: null }))
      .on('GET', TOKENS, page([]))
      .on('POST', `${BASE}/activate/`, json({}, 503));
    const { user } = render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Public API' })).toBeInTheDocument();
    expect(await screen.findByTestId('public-api-state')).toHaveTextContent('Inactive');
    expect(screen.getByText(/While the public API is inactive every token is refused/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate token' })).toBeDisabled();
    expect(await screen.findByText('No tokens yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Failed to activate public API!')).toBeInTheDocument();
    expect(screen.getByTestId('public-api-state')).toHaveTextContent('Inactive');

    stub.on('POST', `${BASE}/activate/`, aConfig({ changed_at: '2026-11-30T08:00:00.000Z' }));
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Public API activated!')).toBeInTheDocument();
    expect(screen.getByTestId('public-api-state')).toHaveTextContent('Active');
    expect(screen.getByRole('button', { name: 'Generate token' })).toBeEnabled();
    expect(stub.calls('POST', `${BASE}/activate/`)).toHaveLength(2);
  });

  it('deactivates after a confirmation', { timeout: 60_000 }, async () => {
    const stub = stubApi()
      .on('GET', `${BASE}/config/`, aConfig())
      .on('GET', TOKENS, page([]))
      .on('POST', `${BASE}/deactivate/`, aConfig({ active: false, state: 'inactive' }));
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate the public API' });
    expect(within(dialog).getByText(/Every token is refused until the public API is activated again/)).toBeInTheDocument();
    expect(stub.calls('POST', `${BASE}/deactivate/`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Public API deactivated.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('public-api-state')).toHaveTextContent('Inactive'));
    expect(stub.calls('POST', `${BASE}/deactivate/`)).toHaveLength(1);
  });

  it(
    'lists the tokens with prefix, owner, permissions, expiry and last use, and deletes one after a confirmation',
    { timeout: 60_000 },
    async () => {
      const stub = stubApi()
        .on('GET', `${BASE}/config/`, aConfig())
        .on(
          'GET',
          TOKENS,
          page([
            aToken(),
            aToken({
              id: 8,
              name: 'Old script',
              prefix: 'bwk_ffffffffffff',
              permissions: { tags: ['read', 'create'] },
              expired: true,
              expires_at: '2026-11-01T08:00:00.000Z',
              last_used_at: null,
              last_used_ip: null,
              user: 2,
              user_email: 'deputy@example.com',
              mine: false,
            }),
          ]),
        )
        .on('DELETE', `${TOKENS}:id/`, json(null, 204));
      const { user } = render();
      const table = await screen.findByRole('table', { name: 'API tokens' });
      const first = within(table).getByText('Nightly export').closest('tr')!;
      expect(first).toHaveTextContent('bwk_0123456789ab…');
      expect(first).toHaveTextContent('admin@example.com (you)');
      expect(first).toHaveTextContent('Vulnerabilities: read');
      expect(first).toHaveTextContent('from 10.0.0.5');
      const second = within(table).getByText('Old script').closest('tr')!;
      expect(second).toHaveTextContent('deputy@example.com');
      expect(second).toHaveTextContent('Tags: read, create');
      expect(second).toHaveTextContent(/Expired/);
      expect(second).toHaveTextContent('Never');
      // The secret is never on the list.
      expect(document.body.textContent).not.toMatch(/bwk_[0-9a-f]{12}_/);

      await user.click(within(second).getByRole('button', { name: 'Delete Old script' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete token' });
      expect(dialog).toHaveTextContent('Whatever uses it is refused from its next call.');
      await user.click(within(dialog).getByRole('button', { name: 'Delete token' }));
      await waitFor(() => expect(stub.calls('DELETE', `${TOKENS}:id/`)).toHaveLength(1));
      expect(stub.calls('DELETE', `${TOKENS}:id/`)[0]!.path).toBe(`${TOKENS}8/`);
      expect(await screen.findByText('Token deleted.')).toBeInTheDocument();
    },
  );

  it('generates a token from the user’s own permissions and shows its secret once', { timeout: 60_000 }, async () => {
    const secret = `bwk_0123456789ab_${'s'.repeat(43)}`;
    const stub = stubApi()
      .on('GET', `${BASE}/config/`, aConfig())
      .on('GET', TOKENS, page([]))
      .on('POST', TOKENS, (request) =>
        json({ ...aToken({ name: 'SIEM', permissions: (request.body as ApiToken).permissions }), token: secret }, 201),
      );
    // Not a superuser: the checklist offers only what this user holds.
    const profile = aUserProfile({
      is_superuser: false,
      customer_admin: false,
      permissions: { unified_vulnerabilities: ['read', 'update'], tags: ['read'], tickets: ['create'] },
    });
    const { user } = render(aSession(profile));
    await user.click(await screen.findByRole('button', { name: 'Generate token' }));
    const form = await screen.findByRole('form', { name: 'Generate a token' });
    expect(within(form).getByRole('checkbox', { name: 'Update Vulnerabilities' })).toBeInTheDocument();
    expect(within(form).queryByRole('checkbox', { name: 'Delete Vulnerabilities' })).toBeNull();
    expect(within(form).queryByRole('checkbox', { name: 'Update Tags' })).toBeNull();
    // tickets without read is nothing; administration is never offered.
    expect(within(form).queryByRole('checkbox', { name: /Tickets/ })).toBeNull();
    expect(within(form).queryByRole('checkbox', { name: /Teams|Public API|Integrations/ })).toBeNull();

    // Nothing chosen: said on the checklist, nothing sent.
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'SIEM');
    await user.click(within(form).getByRole('button', { name: 'Generate token' }));
    expect(await within(form).findByText('Choose at least one permission.')).toBeInTheDocument();
    expect(stub.calls('POST', TOKENS)).toHaveLength(0);

    // Update brings read with it.
    await user.click(within(form).getByRole('checkbox', { name: 'Update Vulnerabilities' }));
    expect(within(form).getByRole('checkbox', { name: 'Read Vulnerabilities' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Generate token' }));
    await waitFor(() => expect(stub.calls('POST', TOKENS)).toHaveLength(1));
    expect(stub.calls('POST', TOKENS)[0]!.body).toEqual({
      name: 'SIEM',
      expires_at: '2026-12-30T08:00:00.000Z',
      permissions: { unified_vulnerabilities: ['read', 'update'] },
      rate_limit: 600,
    });
    expect(await screen.findByText('Token created.')).toBeInTheDocument();
    const shown = await screen.findByRole('textbox', { name: 'Token “SIEM”' });
    expect(shown).toHaveValue(secret);
    expect(screen.getByText(/This is the only time it is shown/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Token “SIEM”' })).toBeNull());
    expect(document.body.textContent).not.toContain(secret);
  });

  it('sends a custom expiry day, and puts the server’s field errors on their fields', { timeout: 60_000 }, async () => {
    const stub = stubApi()
      .on('GET', `${BASE}/config/`, aConfig())
      .on('GET', TOKENS, page([]))
      .on(
        'POST',
        TOKENS,
        json({ name: ['Ensure this field has no more than 100 characters.'], permissions: ['tags is not an area a token can hold.'] }, 400),
      );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Generate token' }));
    const form = await screen.findByRole('form', { name: 'Generate a token' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Quarterly audit');
    await user.click(within(form).getByRole('combobox', { name: 'Expires' }));
    await user.click(await screen.findByRole('option', { name: 'Custom date' }));
    const day = within(form).getByLabelText(/Expiry date/);
    // Past: refused here.
    await user.type(day, '2026-11-01');
    await user.click(within(form).getByRole('checkbox', { name: 'Read Tags' }));
    const rate = within(form).getByRole('textbox', { name: /Requests a minute/ });
    await user.clear(rate);
    await user.type(rate, '60');
    await user.click(within(form).getByRole('button', { name: 'Generate token' }));
    expect(await within(form).findByText('Choose a date in the future.')).toBeInTheDocument();
    expect(stub.calls('POST', TOKENS)).toHaveLength(0);

    await user.clear(day);
    await user.type(day, '2027-01-15');
    await user.click(within(form).getByRole('button', { name: 'Generate token' }));
    await waitFor(() => expect(stub.calls('POST', TOKENS)).toHaveLength(1));
    const sent = stub.calls('POST', TOKENS)[0]!.body as { expires_at: string; rate_limit: number; permissions: object };
    expect(new Date(sent.expires_at).getTime()).toBe(new Date(2027, 0, 15, 23, 59, 59).getTime());
    expect(sent.rate_limit).toBe(60);
    expect(sent.permissions).toEqual({ tags: ['read'] });
    expect(await within(form).findByText('Ensure this field has no more than 100 characters.')).toBeInTheDocument();
    expect(within(form).getByText('tags is not an area a token can hold.')).toBeInTheDocument();
    expect(await screen.findAllByText('Cannot create token.')).not.toHaveLength(0);
  });

  it('is the superusers’ page under Integrations', () => {
    const route = routeByName('integration-public-api');
    expect(route).toMatchObject({ path: URL_, title: 'Public API', superuser: true });
  });
});
