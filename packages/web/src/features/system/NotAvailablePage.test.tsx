// The placeholder of an area not built yet: it names the area, says nothing works there yet, and the page map shows it
// for a route that has no page (the tab named after the route).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INDEX_PATH, ROUTES, type RouteDef } from '@bulwark/core';
import { NotAvailablePage } from './NotAvailablePage.tsx';
import { RoutePage } from '../../app/pages.tsx';
import { renderWithApp } from '../../../test/support/render.tsx';

describe('NotAvailablePage', () => {
  it('names the area, says it is not built in this version and links back to the dashboard', () => {
    renderWithApp(<NotAvailablePage title="Phishing simulations" />);
    expect(screen.getByRole('heading', { name: 'Phishing simulations' })).toBeTruthy();
    expect(screen.getByText('This area is not available yet.')).toBeTruthy();
    expect(screen.getByText(/Phishing simulations is part of Bulwark but has not been built in this version/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', INDEX_PATH);
  });

  it('is what the page map shows for a route without a page', () => {
    // Every route of the table has its page now: a route added without one (a new area) is made up here.
    const route = { ...(ROUTES.find((r) => r.name === 'users') as RouteDef), name: 'not-built-yet', title: 'Asset graph' };
    renderWithApp(<RoutePage route={route} />, { path: route.path });
    expect(screen.getByTestId('not-available')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Asset graph' })).toBeTruthy();
    expect(document.title).toBe('Asset graph · Bulwark');
  });
});
