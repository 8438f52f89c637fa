// A route whose feature flag is off says the feature is not enabled (§6), instead of "page not found"; with the flag
// on, the page is the route's own.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INDEX_PATH, featureFlagMap, routeByName, type RouteDef } from '@bulwark/core';
import { FeatureNotEnabledPage } from './FeatureNotEnabledPage.tsx';
import { RouteGate } from '../../app/RouteGate.tsx';
import { stubApi } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

describe('feature flags on routes', () => {
  const route = routeByName('cloud-scans') as RouteDef;

  it('shows "not enabled" with the page title when the flag is off', async () => {
    stubApi();
    renderWithApp(<RouteGate route={route} />, { path: route.path, session: aSession(aUserProfile()) });
    expect(await screen.findByRole('heading', { level: 1, name: route.title })).toBeInTheDocument();
    expect(screen.getByText(/This feature is not enabled for your organisation\./)).toBeInTheDocument();
    expect(screen.queryByText(/not found/i)).not.toBeInTheDocument();
  });

  it('shows the route itself when the flag is on', async () => {
    stubApi();
    renderWithApp(<RouteGate route={route} />, {
      path: route.path,
      session: { ...aSession(aUserProfile()), flags: featureFlagMap(['cloud-scanning']) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: route.title })).toBeInTheDocument();
    expect(screen.queryByText(/This feature is not enabled/)).not.toBeInTheDocument();
  });
});

describe('FeatureNotEnabledPage', () => {
  it('names the feature, says who can enable it and links back to the dashboard', () => {
    renderWithApp(<FeatureNotEnabledPage title="Cloud scans" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Cloud scans' })).toBeInTheDocument();
    expect(screen.getByText(/ask your administrator or your Bulwark provider to enable it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', INDEX_PATH);
  });
});
