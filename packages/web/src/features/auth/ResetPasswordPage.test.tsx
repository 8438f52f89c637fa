// The reset-link page: checks the link (auth/password-reset-confirm/{uid}/{token}/), names the account, asks for the new
// password twice and posts it, then opens sign-in; a link the server refuses says so and offers a new one.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOGIN_PATH } from '@bulwark/core';
import ResetPasswordPage from './ResetPasswordPage.tsx';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/auth/set-password/:uid/:token';
const LINK = 'auth/password-reset-confirm/MQ/abc-123/';
const INVALID_LINK = 'This link is invalid or has expired. Ask for a new one.';

describe('ResetPasswordPage', () => {
  it('names the account of the link and sets the new password once both fields agree', async () => {
    const api = stubApi()
      .on('GET', LINK, { email: 'me@example.com' })
      .on('POST', LINK, { detail: 'Your password has been set. Sign in with it.' });
    const { user, router } = renderWithApp(<ResetPasswordPage />, { path: PATH, url: '/auth/set-password/MQ/abc-123' });
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeTruthy();
    expect(screen.getByTestId('password-link-email')).toHaveTextContent('me@example.com');

    await user.type(screen.getByLabelText('New password'), 'A-long-passphrase-1');
    await user.type(screen.getByLabelText('Confirm password'), 'A-long-passphrase-2');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(api.calls('POST', LINK)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'A-long-passphrase-1');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN_PATH));
    expect(api.calls('POST', LINK)[0]!.body).toEqual({ password: 'A-long-passphrase-1' });
  });

  it('says a refused link cannot be used and offers a new one', async () => {
    stubApi().on('GET', LINK, json({ non_field_errors: [INVALID_LINK] }, 400));
    renderWithApp(<ResetPasswordPage />, { path: PATH, url: '/auth/set-password/MQ/abc-123' });
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeTruthy();
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_LINK);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth/password-recovery');
  });
});
