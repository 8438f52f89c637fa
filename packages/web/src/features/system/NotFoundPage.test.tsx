// The catch-all page: names the unknown address the user opened and links back to the dashboard.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INDEX_PATH } from '@bulwark/core';
import NotFoundPage from './NotFoundPage.tsx';
import { renderWithApp } from '../../../test/support/render.tsx';

describe('NotFoundPage', () => {
  it('names the address that has no page and links back to the dashboard', () => {
    renderWithApp(<NotFoundPage />, { path: '*', url: '/scans/nothing-here?x=1' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/scans/nothing-here')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', INDEX_PATH);
  });
});
