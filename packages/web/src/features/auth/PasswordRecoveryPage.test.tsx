// The password-recovery page: asks for the e-mail, posts it to auth/password-reset/ and shows the server's answer (the
// same whether or not the account exists) in place of the form.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requiredMessage } from '@bulwark/core';
import PasswordRecoveryPage from './PasswordRecoveryPage.tsx';
import { stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const SENT =
  'If an account exists for that e-mail address, we have sent it a link to choose a new password. The link is valid for one hour.';

describe('PasswordRecoveryPage', () => {
  it('asks for the e-mail before sending anything', async () => {
    const api = stubApi().on('POST', 'auth/password-reset/', { detail: SENT });
    const { user } = renderWithApp(<PasswordRecoveryPage />, { path: '/auth/password-recovery' });
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(requiredMessage('Email'))).toBeTruthy();
    expect(api.calls('POST', 'auth/password-reset/')).toHaveLength(0);
  });

  it('sends the trimmed e-mail and shows the server’s answer in place of the form', async () => {
    const api = stubApi().on('POST', 'auth/password-reset/', { detail: SENT });
    const { user } = renderWithApp(<PasswordRecoveryPage />, { path: '/auth/password-recovery' });
    await user.type(screen.getByLabelText('Email'), ' me@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByTestId('reset-sent')).toHaveTextContent(SENT);
    expect(api.calls('POST', 'auth/password-reset/')[0]!.body).toEqual({ username: 'me@example.com' });
    expect(screen.queryByRole('button', { name: 'Send reset link' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth/login'));
  });
});
