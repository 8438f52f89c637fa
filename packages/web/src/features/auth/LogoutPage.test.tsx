// The sign-out page: ends the session on the server (auth/logout/), forgets the cached session, and opens sign-in with the
// message code and the remembered page it was given; a session already gone on the server still signs out here.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LogoutPage from './LogoutPage.tsx';
import { SESSION_KEY, type Session } from '../../session/session.ts';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aSession } from '../../../test/support/fixtures.ts';

describe('LogoutPage', () => {
  it('signs out on the server, becomes anonymous and opens sign-in with the message and the page to return to', async () => {
    const api = stubApi().on('POST', 'auth/logout/', json(undefined, 204));
    const { router, queryClient } = renderWithApp(<LogoutPage />, {
      path: '/auth/logout',
      url: '/auth/logout?message=session_expired&next=%2Fscans%2Fscans',
      session: aSession(),
    });
    expect(screen.getByRole('heading', { name: 'Signing out' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(api.calls('POST', 'auth/logout/')).toHaveLength(1);
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('message')).toBe('session_expired');
    expect(search.get('next')).toBe('/scans/scans');
    const session = queryClient.getQueryData<Session>(SESSION_KEY);
    expect(session?.auth.isAuthenticated).toBe(false);
    expect(session?.profile).toBeNull();
  });

  it('still signs out here when the server says the session is already gone', async () => {
    const api = stubApi().on('POST', 'auth/logout/', json({ detail: 'Authentication credentials were not provided.' }, 401));
    const { router, queryClient } = renderWithApp(<LogoutPage />, { path: '/auth/logout', session: aSession() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(api.calls('POST', 'auth/logout/')).toHaveLength(1);
    expect(router.state.location.search).toBe('');
    expect(queryClient.getQueryData<Session>(SESSION_KEY)?.auth.isAuthenticated).toBe(false);
  });
});
