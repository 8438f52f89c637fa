// The impersonation page: posts the back office's one-time token once, loads the impersonated session and opens the
// dashboard; a used or expired token shows the server's reason and a way to sign in.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INDEX_PATH } from '@bulwark/core';
import ImpersonationPage from './ImpersonationPage.tsx';
import { SESSION_KEY, type Session } from '../../session/session.ts';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aCustomer, aUserProfile } from '../../../test/support/fixtures.ts';

const PATH = '/auth/lac/lacjump/:token';
const IMPERSONATED = {
  isAuthenticated: true,
  sessionExpiryAgeSeconds: 1800,
  impersonated: true,
  impersonation_source: 'operator@example.com',
};

describe('ImpersonationPage', () => {
  it('posts the token once, loads the impersonated user’s session and opens the dashboard', async () => {
    const api = stubApi()
      .on('POST', 'auth/impersonation-login/', IMPERSONATED)
      .on('GET', 'check-authentication/', IMPERSONATED)
      .on('GET', 'feature-flags/', {})
      .on('GET', 'user/profile/', aUserProfile({ email: 'customer@example.com' }))
      .on('GET', 'customer/', aCustomer());
    const { router, queryClient } = renderWithApp(<ImpersonationPage />, { path: PATH, url: '/auth/lac/lacjump/tok-123' });
    await waitFor(() => expect(router.state.location.pathname).toBe(INDEX_PATH));
    expect(api.calls('POST', 'auth/impersonation-login/')).toHaveLength(1);
    expect(api.calls('POST', 'auth/impersonation-login/')[0]!.body).toEqual({ token: 'tok-123' });
    const session = queryClient.getQueryData<Session>(SESSION_KEY);
    expect(session?.auth.impersonated).toBe(true);
    expect(session?.profile?.email).toBe('customer@example.com');
  });

  it('shows why a used or expired link failed, with a way to sign in', async () => {
    const reason = 'This impersonation link is invalid, expired or already used.';
    stubApi().on('POST', 'auth/impersonation-login/', json({ non_field_errors: [reason] }, 400));
    const { router } = renderWithApp(<ImpersonationPage />, { path: PATH, url: '/auth/lac/lacjump/used' });
    expect(await screen.findByRole('heading', { name: 'Impersonation failed' })).toBeTruthy();
    expect(screen.getByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth/login');
    expect(router.state.location.pathname).toBe('/auth/lac/lacjump/used');
  });
});
