// The access-denied page: says the user lacks the permission and links back to the dashboard; the route guard sends a
// user without the route's permission there.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_DENIED_PATH, INDEX_PATH, ROUTES, type RouteDef } from '@bulwark/core';
import AccessDeniedPage from './AccessDeniedPage.tsx';
import { RouteGate } from '../../app/RouteGate.tsx';
import { stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';

describe('AccessDeniedPage', () => {
  it('says the page needs a permission the user lacks and links back to the dashboard', () => {
    renderWithApp(<AccessDeniedPage />, { path: ACCESS_DENIED_PATH });
    expect(screen.getByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.getByText(/ask an administrator of your organisation/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', INDEX_PATH);
  });

  it('is where the guard sends a user without the route’s permission', async () => {
    stubApi();
    const route = ROUTES.find((r) => r.name === 'audit-log') as RouteDef;
    const user = aUserProfile({ is_superuser: false, customer_admin: false, platform_operator: false, permissions: {} });
    const { router } = renderWithApp(<RouteGate route={route} />, { path: route.path, session: aSession(user) });
    await waitFor(() => expect(router.state.location.pathname).toBe(ACCESS_DENIED_PATH));
  });
});
