// The policy profile editor against a stubbed API: a new profile's checks before sending, the policy picker with the
// chosen policy's rules, the Linux credentials, "evaluate on other releases", the POST body, the server's field errors
// on their fields; an existing profile whose policy left the library.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CredentialChoice } from '@bulwark/core';
import PolicyProfileEditPage from './PolicyProfileEditPage.tsx';
import { json, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { aPolicy, aPolicyDetail, aPolicyProfile, STANDARD, STANDARD_NAME } from '../../../test/support/policies.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/scans/scan-profiles/edit/oprofile/:id';
const CHOICES: CredentialChoice[] = [
  { id: 4, name: 'Auditor key', kind: 'linux', method: 'credentials' },
  { id: 6, name: 'Domain scanner', kind: 'windows', method: 'credentials' },
];

function api(): ApiStub {
  return stubApi()
    .on('GET', 'scan/ovalpolicies/', [
      aPolicy(),
      aPolicy({ id: 'imported:3', name: 'SSH rules', source: 'imported', benchmark: 'SSH rules' }),
    ])
    .on('GET', 'scan/ovalpolicies/:id/', aPolicyDetail())
    .on('GET', 'scan/credentials/', CHOICES);
}

describe('PolicyProfileEditPage', () => {
  it('creates a profile: checks first, then sends the policy, the credentials and the platform switch', async () => {
    let attempt = 0;
    const stub = api().on('POST', 'scan/oprofiles/', (request) => {
      attempt += 1;
      return attempt === 1
        ? json({ name: ['A scan profile with this name already exists.'] }, 409)
        : json(aPolicyProfile({ id: 21, ...(request.body as object) }), 201);
    });
    const { user, router } = renderWithApp(<PolicyProfileEditPage />, {
      path: PATH,
      url: '/scans/scan-profiles/edit/oprofile/new',
      session: aSession(),
    });
    const form = await screen.findByRole('form', { name: 'Policy scan profile' });
    await user.click(within(form).getByRole('button', { name: 'Create profile' }));
    expect(await within(form).findByText('Choose a policy.')).toBeInTheDocument();
    expect(within(form).getByText(/Choose at least one Linux credential/)).toBeInTheDocument();
    expect(stub.calls('POST', 'scan/oprofiles/')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Baseline');
    await user.click(within(form).getByRole('combobox', { name: /^Policy/ }));
    expect(await screen.findByRole('option', { name: /^SSH rules/ })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: new RegExp(`^${STANDARD_NAME}`) }));
    const preview = await within(form).findByRole('region', { name: 'Rules of the chosen policy' });
    expect(within(preview).getByText('Uninstall the inet-based telnet server')).toBeInTheDocument();
    expect(within(preview).getByText(/3 rules/)).toBeInTheDocument();
    expect(stub.calls('GET', 'scan/ovalpolicies/:id/')[0]!.path).toBe(`scan/ovalpolicies/${encodeURIComponent(STANDARD)}/`);

    await user.click(within(form).getByRole('switch', { name: /Evaluate on other releases too/ }));
    await user.click(within(form).getByRole('combobox', { name: /^Linux credentials/ }));
    expect(screen.queryByRole('option', { name: 'Domain scanner' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Auditor key' }));
    await user.click(within(form).getByRole('button', { name: 'Create profile' }));

    // A taken name: the server's message on the name field, nothing else lost.
    expect(await within(form).findByText('A scan profile with this name already exists.')).toBeInTheDocument();
    expect(stub.calls('POST', 'scan/oprofiles/')[0]!.body).toEqual({
      name: 'Baseline',
      description: '',
      policy: STANDARD,
      lin_auths: [4],
      ignore_platform: true,
    });
    await user.clear(within(form).getByRole('textbox', { name: /^Name/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Baseline 2');
    await user.click(within(form).getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scans/scan-profiles/edit/oprofile/21'));
  });

  it('warns when the profile’s policy is no longer in the library, and keeps it chosen by its id', async () => {
    api()
      .on('GET', 'scan/oprofiles/12/', aPolicyProfile({ policy: 'gone.xml#p', policy_name: null }))
      .on('GET', 'scan/ovalpolicies/:id/', json({ detail: 'Not found.' }, 404));
    renderWithApp(<PolicyProfileEditPage />, { path: PATH, url: '/scans/scan-profiles/edit/oprofile/12', session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Debian baseline' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Policy no longer in the library');
    expect(screen.getByRole('combobox', { name: /^Policy/ })).toHaveValue('gone.xml#p (no longer in the library)');
    expect(await screen.findByText('Policy no longer in the library.')).toBeInTheDocument();
  });
});
