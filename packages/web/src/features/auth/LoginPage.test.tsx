// The sign-in page: the message a lost session brings, the credentials posted to auth/login/, the server's refusal shown
// above the form, and start-up run again once the server says the user is signed in.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, loginMessageText } from '@bulwark/core';
import LoginPage from './LoginPage.tsx';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aCustomer, aUserProfile } from '../../../test/support/fixtures.ts';

const SIGNED_OUT = { isAuthenticated: false, sessionExpiryAgeSeconds: 0, impersonated: false, impersonation_source: null };
const SIGNED_IN = { isAuthenticated: true, sessionExpiryAgeSeconds: 1800, impersonated: false, impersonation_source: null };

describe('LoginPage', () => {
  it('says why the user is back at sign-in when a lost session sent them', async () => {
    stubApi();
    renderWithApp(<LoginPage />, { path: '/auth/login', url: '/auth/login?message=session_expired' });
    expect(await screen.findByRole('heading', { name: 'Sign in to Bulwark' })).toBeTruthy();
    expect(screen.getByTestId('login-message')).toHaveTextContent(loginMessageText('session_expired')!);
  });

  it('shows the server’s refusal of wrong credentials and stays on the form', async () => {
    stubApi().on('POST', 'auth/login/', json({ non_field_errors: [AUTH_MESSAGES.badCredentials] }, 400));
    const { user } = renderWithApp(<LoginPage />, { path: '/auth/login' });
    await user.type(screen.getByLabelText('Email'), 'me@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(AUTH_MESSAGES.badCredentials)).toBeTruthy();
    expect(screen.getByLabelText('Email')).toHaveValue('me@example.com');
  });

  it('posts the trimmed e-mail, the password and “keep me signed in”, then loads the session again', async () => {
    let signedIn = false;
    const api = stubApi()
      .on('GET', 'check-authentication/', () => json(signedIn ? SIGNED_IN : SIGNED_OUT))
      .on('POST', 'auth/login/', () => {
        signedIn = true;
        return json(SIGNED_IN);
      })
      .on('GET', 'feature-flags/', {})
      .on('GET', 'user/profile/', aUserProfile())
      .on('GET', 'customer/', aCustomer());
    const { user } = renderWithApp(<LoginPage />, { path: '/auth/login' });
    await user.type(screen.getByLabelText('Email'), '  me@example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByLabelText('Keep me signed in'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(api.calls('GET', 'customer/')).toHaveLength(1));
    expect(api.calls('POST', 'auth/login/')[0]!.body).toEqual({ username: 'me@example.com', password: 'secret', keep_logged_in: true });
    expect(api.calls('GET', 'user/profile/')[0]!.query.get('me')).toBe('1');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
