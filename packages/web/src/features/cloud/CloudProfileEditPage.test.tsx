// The cloud profile editor against a stubbed API (scan/cprofiles/): a new AWS profile — core's credential rules checked
// before sending, the credentials tested before saving (scan/cprofiles/test/) with the missing permissions shown, the
// POST body; changing the provider draws its own fields; an existing profile's stored secret is kept ('' sent) and its
// test goes to scan/cprofiles/{id}/test/; the server's field errors (a 400 keyed name and credentials.<field>) show on
// their fields. The list is tested in CloudProfilesPage.test.tsx.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CloudProfileEditPage from './CloudProfileEditPage.tsx';
import { json } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aCloudProfile, cloudFormApi } from './testing/fixtures.ts';

const PATH = '/cloud/scan-profiles/:id';

describe('CloudProfileEditPage', () => {
  it('creates an AWS profile: required fields, a test before saving with its missing permissions, and the POST body', async () => {
    const stub = cloudFormApi()
      .on('POST', 'scan/cprofiles/test/', {
        ok: true,
        account: '123456789012',
        missing_permissions: ['s3:GetBucketPolicy'],
        message: 'Signed in as arn:aws:iam::123456789012:user/auditor.',
      })
      .on('POST', 'scan/cprofiles/', (request) => json(aCloudProfile({ id: 31, ...(request.body as object), credentials: {} }), 201));
    const { user, router } = renderWithApp(<CloudProfileEditPage />, { path: PATH, url: '/cloud/scan-profiles/new', session: aSession() });
    const form = await screen.findByRole('form', { name: 'Cloud scan profile' });
    await user.click(within(form).getByRole('button', { name: 'Create profile' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(within(form).getAllByText('This field is required.')).toHaveLength(2);
    expect(stub.calls('POST', 'scan/cprofiles/')).toHaveLength(0);

    await user.click(within(form).getByRole('textbox', { name: /^Name/ }));
    await user.paste('Production AWS');
    await user.click(within(form).getByRole('textbox', { name: /^Access key ID/ }));
    await user.paste('AKIAEXAMPLE');
    await user.click(within(form).getByLabelText(/^Secret access key/));
    await user.paste('s3cret');

    await user.click(within(form).getByRole('button', { name: 'Test credentials' }));
    const status = await within(form).findByText('Credentials accepted');
    const result = status.closest('[role="status"]') as HTMLElement;
    expect(within(result).getByText('Account: 123456789012')).toBeInTheDocument();
    expect(within(result).getByRole('list', { name: 'Missing permissions' })).toHaveTextContent('s3:GetBucketPolicy');
    expect(stub.calls('POST', 'scan/cprofiles/test/')[0]!.body).toEqual({
      provider: 0,
      credentials: { auth: 'keys', access_key_id: 'AKIAEXAMPLE', secret_access_key: 's3cret', role_arn: '', external_id: '' },
    });

    await user.click(within(form).getByLabelText(/^Regions/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: /eu-west-1/ }));
    await user.click(within(form).getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cloud/scan-profiles/31'));
    expect(stub.calls('POST', 'scan/cprofiles/')[0]!.body).toEqual({
      name: 'Production AWS',
      description: '',
      provider: 0,
      regions: ['eu-west-1'],
      minus_controls: [],
      credentials: { auth: 'keys', access_key_id: 'AKIAEXAMPLE', secret_access_key: 's3cret', role_arn: '', external_id: '' },
    });
  }, 60_000);

  it('draws the chosen provider’s fields: Azure subscriptions as tags, its secret as a password', async () => {
    cloudFormApi();
    const { user } = renderWithApp(<CloudProfileEditPage />, { path: PATH, url: '/cloud/scan-profiles/new', session: aSession() });
    const form = await screen.findByRole('form', { name: 'Cloud scan profile' });
    await user.click(within(form).getByRole('combobox', { name: /^Provider/ }));
    await user.click(await screen.findByRole('option', { name: 'Azure' }));
    expect(within(form).getByRole('textbox', { name: /^Tenant \(directory\) ID/ })).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Client secret/)).toHaveAttribute('type', 'password');
    expect(within(form).getByLabelText(/^Subscriptions/, { selector: 'input' })).toBeInTheDocument();
    expect(within(form).queryByRole('textbox', { name: /^Access key ID/ })).not.toBeInTheDocument();
  }, 30_000);

  it('keeps a stored secret unless a new one is typed, and tests the saved profile', async () => {
    const stored = aCloudProfile();
    const stub = cloudFormApi()
      .on('GET', 'scan/cprofiles/7/', stored)
      .on('POST', 'scan/cprofiles/7/test/', {
        ok: false,
        account: null,
        missing_permissions: [],
        message: 'The security token is invalid.',
      })
      .on('PUT', 'scan/cprofiles/7/', (request) => json(aCloudProfile({ ...(request.body as object), credentials: stored.credentials })));
    const { user } = renderWithApp(<CloudProfileEditPage />, { path: PATH, url: '/cloud/scan-profiles/7', session: aSession() });
    const form = await screen.findByRole('form', { name: 'Cloud scan profile' });
    expect(within(form).getByLabelText(/^Secret access key/)).toHaveAttribute('placeholder', 'stored');
    expect(within(form).getByText(/A value is stored/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Test credentials' }));
    expect(await within(form).findByText('Credentials refused')).toBeInTheDocument();
    expect(within(form).getByText('The security token is invalid.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls('PUT', 'scan/cprofiles/7/')).toHaveLength(1));
    expect((stub.calls('PUT', 'scan/cprofiles/7/')[0]!.body as { credentials: Record<string, string> }).credentials.secret_access_key).toBe(
      '',
    );
    expect(
      (stub.calls('POST', 'scan/cprofiles/7/test/')[0]!.body as { credentials: Record<string, string> }).credentials.secret_access_key,
    ).toBe('');
  }, 30_000);

  it('shows the server’s field errors of a 400 next to their fields, the stored secret never in its input', async () => {
    const stub = cloudFormApi()
      .on('GET', 'scan/cprofiles/7/', aCloudProfile())
      .on(
        'PUT',
        'scan/cprofiles/7/',
        json(
          {
            name: ['A cloud scan profile with this name already exists.'],
            'credentials.access_key_id': ['An access key id starts with AKIA or ASIA.'],
          },
          400,
        ),
      );
    const { user } = renderWithApp(<CloudProfileEditPage />, { path: PATH, url: '/cloud/scan-profiles/7', session: aSession() });
    const form = await screen.findByRole('form', { name: 'Cloud scan profile' });
    // The mask the server answers is not a value to edit or send back.
    expect(within(form).getByLabelText(/^Secret access key/)).toHaveValue('');
    const key = within(form).getByRole('textbox', { name: /^Access key ID/ });
    expect(key).toHaveValue('AKIAEXAMPLE');
    await user.clear(key);
    await user.type(key, 'XYZ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(key).toHaveAttribute('aria-invalid', 'true'));
    expect(key).toHaveAccessibleDescription(/An access key id starts with AKIA or ASIA\./);
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/A cloud scan profile with this name already exists\./);
    expect(within(form).getByLabelText(/^Secret access key/)).not.toHaveAttribute('aria-invalid', 'true');
    expect((stub.calls('PUT', 'scan/cprofiles/7/')[0]!.body as { credentials: Record<string, string> }).credentials).toMatchObject({
      access_key_id: 'XYZ',
      secret_access_key: '',
    });
  }, 30_000);
});
