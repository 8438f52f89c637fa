// The profile settings page: the signed-in user's details, password, second factor and digest, each from the session or
// its endpoint; a saved name goes to user/profile/{id}/ and into the session; an impersonated session cannot change the
// password.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { digestConfig } from '@bulwark/core';
import ProfileSettingsPage from './ProfileSettingsPage.tsx';
import { SESSION_KEY, type Session } from '../../session/session.ts';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';

const DIGEST = digestConfig.parse({
  enabled: false,
  frequency: 'weekly',
  weekday: 1,
  time: '07:00',
  time_zone: 'Europe/Stockholm',
  last_sent_at: null,
  next_run_at: null,
});

describe('ProfileSettingsPage', () => {
  it('shows the user’s details, password, second factor and digest sections', async () => {
    stubApi().on('GET', 'reports/digest-config/', DIGEST);
    renderWithApp(<ProfileSettingsPage />, {
      path: '/settings/profile',
      session: aSession(aUserProfile({ phone_number: '+46701234567' })),
    });
    expect(screen.getByRole('heading', { name: 'Profile settings' })).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Personal details' });
    expect(within(details).getByLabelText('First name')).toHaveValue('Ada');
    expect(within(details).getByText('Email: admin@example.com')).toBeTruthy();
    expect(within(details).getByTestId('profile-phone')).toHaveTextContent('+46701234567');
    expect(screen.getByRole('region', { name: 'Password' })).toBeTruthy();
    expect(screen.getByTestId('two-factor-status')).toHaveTextContent('Off');
    expect(await screen.findByTestId('digest-next')).toBeTruthy();
  });

  it('saves a changed name to the profile and puts the answer in the session', async () => {
    const api = stubApi()
      .on('GET', 'reports/digest-config/', DIGEST)
      .on('PATCH', 'user/profile/:id/', (request) => json({ ...aUserProfile(), ...(request.body as object) }));
    const { user, queryClient } = renderWithApp(<ProfileSettingsPage />, { path: '/settings/profile', session: aSession() });
    const details = screen.getByRole('region', { name: 'Personal details' });
    const save = within(details).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.clear(within(details).getByLabelText('First name'));
    await user.type(within(details).getByLabelText('First name'), ' Grace ');
    await user.click(save);
    await waitFor(() => expect(api.calls('PATCH', 'user/profile/:id/')).toHaveLength(1));
    const patch = api.calls('PATCH', 'user/profile/:id/')[0]!;
    expect(patch.path).toBe('user/profile/1/');
    expect(patch.body).toEqual({ first_name: 'Grace', last_name: 'Lovelace', picture: null });
    await waitFor(() => expect(queryClient.getQueryData<Session>(SESSION_KEY)?.profile?.first_name).toBe('Grace'));
  });

  it('does not offer a password change in an impersonated session', () => {
    stubApi().on('GET', 'reports/digest-config/', DIGEST);
    const session = aSession();
    renderWithApp(<ProfileSettingsPage />, {
      path: '/settings/profile',
      session: { ...session, auth: { ...session.auth, impersonated: true, impersonation_source: 'operator@example.com' } },
    });
    const password = screen.getByRole('region', { name: 'Password' });
    expect(within(password).getByText('The password cannot be changed in an impersonated session.')).toBeTruthy();
    expect(within(password).queryByLabelText('Current password')).toBeNull();
  });
});
