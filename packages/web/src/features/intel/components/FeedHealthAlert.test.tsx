// The feed-health alert against a stubbed API: nothing when all is well (or when the health cannot be read), the
// problems' messages in a red alert when one is an error and a yellow one for warnings only, and the link to the
// intelligence page under Administration for admins only.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { INTELLIGENCE_PATH, type FeedHealth } from '@bulwark/core';
import { FeedHealthAlert } from './FeedHealthAlert.tsx';
import { json, stubApi, type ApiStub } from '../../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../../test/support/render.tsx';

const NEVER =
  'The Debian Security Tracker has never synced: findings on Debian hosts are decided on upstream versions and may be false positives.';
const MISSING =
  'Debian hosts are in the inventory but no Debian Security Tracker data is loaded: findings on Debian hosts are decided on upstream versions and may be false positives.';

function health(problems: FeedHealth['problems']): FeedHealth {
  return { ok: problems.length === 0, checked_at: '2027-01-10T12:00:00.000Z', sources: [], problems };
}

describe('FeedHealthAlert', () => {
  let api: ApiStub;
  beforeEach(() => {
    api = stubApi();
  });

  it('shows nothing when the feeds are healthy', async () => {
    api.on('GET', 'intel/health/', health([]));
    renderWithApp(
      <>
        <FeedHealthAlert />
        <p>Page</p>
      </>,
      { session: aSession() },
    );
    await waitFor(() => expect(api.calls('GET', 'intel/health/')).toHaveLength(1));
    await screen.findByText('Page');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing when the health cannot be read', async () => {
    api.on('GET', 'intel/health/', json({ detail: 'Not found.' }, 404));
    renderWithApp(<FeedHealthAlert />, { session: aSession() });
    await waitFor(() => expect(api.calls('GET', 'intel/health/')).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the problems, red with an error, and links admins to the intelligence page', async () => {
    api.on(
      'GET',
      'intel/health/',
      health([
        { code: 'feed-missing-for-inventory', severity: 'error', source: 'debian', message: MISSING, at: null },
        { code: 'feed-never-synced', severity: 'warning', source: 'debian', message: NEVER, at: null },
      ]),
    );
    const { user, router } = renderWithApp(<FeedHealthAlert />, { session: aSession() });
    const alert = await screen.findByRole('alert', { name: /^Vulnerability feeds/ });
    expect(alert).toHaveTextContent('Vulnerability feeds need attention');
    expect(alert).toHaveTextContent(MISSING);
    expect(alert).toHaveTextContent(NEVER);
    await user.click(screen.getByRole('link', { name: 'Open vulnerability intelligence' }));
    expect(router.state.location.pathname).toBe(INTELLIGENCE_PATH);
  });

  it('warns without the link for a user who is not an admin', async () => {
    api.on(
      'GET',
      'intel/health/',
      health([{ code: 'feed-never-synced', severity: 'warning', source: 'debian', message: NEVER, at: null }]),
    );
    renderWithApp(<FeedHealthAlert />, { session: aSession(aUserProfile({ is_superuser: false, customer_admin: false })) });
    const alert = await screen.findByRole('alert', { name: /^Vulnerability feeds/ });
    expect(alert).toHaveTextContent('Vulnerability feeds may be out of date');
    expect(alert).toHaveTextContent(NEVER);
    expect(screen.queryByRole('link', { name: 'Open vulnerability intelligence' })).toBeNull();
  });
});
