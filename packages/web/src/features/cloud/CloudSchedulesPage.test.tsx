// The cloud schedule list against a stubbed API: it asks for cloud schedules only (scan_type=cloud) and links each to its
// cloud schedule page.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CloudSchedulesPage from './CloudSchedulesPage.tsx';
import { page, stubApi } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aWebSchedule } from '../was/testing/schedules.ts';

describe('CloudSchedulesPage', () => {
  it('lists the cloud schedules only, each linking to its cloud schedule page', async () => {
    const stub = stubApi()
      .on('GET', 'cloud/cloud_basics/', [{ id: 7, name: 'Production AWS', provider: 0 }])
      .on(
        'GET',
        'scan/schedules/',
        page([
          aWebSchedule({
            name: 'AWS nightly',
            scan: 43,
            assets: [],
            vhosts: [],
            is_was_discovery: false,
            profile: { id: 7, name: 'Production AWS', type: 'cloud', builtin: false },
          }),
        ]),
      );
    renderWithApp(<CloudSchedulesPage />, { path: '/cloud/schedules', session: aSession() });
    const row = (await screen.findByText('AWS nightly')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'AWS nightly' })).toHaveAttribute('href', '/cloud/schedules/43');
    expect(screen.getByRole('heading', { level: 1, name: 'Cloud schedules' })).toBeInTheDocument();
    expect(stub.calls('GET', 'scan/schedules/')[0]!.query.get('scan_type')).toBe('cloud');
  });
});
