// The welcome page of a new user's link: greets them, names their account and posts their first password to the same
// confirm endpoint as a reset, showing the server's field error when the password is refused.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import WelcomePasswordPage from './WelcomePasswordPage.tsx';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/auth/set-password/welcome/:uid/:token';
const LINK = 'auth/password-reset-confirm/Mg/welcome-1/';

describe('WelcomePasswordPage', () => {
  it('greets the new user by their account and shows the server’s refusal of a weak password on the field', async () => {
    const api = stubApi()
      .on('GET', LINK, { email: 'new.user@example.com' })
      .on('POST', LINK, json({ password: ['This password is too common.'] }, 400));
    const { user } = renderWithApp(<WelcomePasswordPage />, { path: PATH, url: '/auth/set-password/welcome/Mg/welcome-1' });
    expect(await screen.findByRole('heading', { name: 'Welcome to Bulwark' })).toBeTruthy();
    expect(screen.getByText(/Choose the password you will sign in with as/)).toBeTruthy();
    expect(screen.getByTestId('password-link-email')).toHaveTextContent('new.user@example.com');
    await user.type(screen.getByLabelText('New password'), 'password1');
    await user.type(screen.getByLabelText('Confirm password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('This password is too common.')).toBeTruthy();
    await waitFor(() => expect(api.calls('POST', LINK)).toHaveLength(1));
    expect(api.calls('POST', LINK)[0]!.body).toEqual({ password: 'password1' });
  });
});
