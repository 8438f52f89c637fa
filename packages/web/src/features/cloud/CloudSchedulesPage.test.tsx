// The cloud schedule list against a stubbed API: it asks for cloud schedules only (scan_type=cloud) and links each to its
// cloud schedule page; a new cloud schedule picks a cloud profile instead of targets and is sent as a cloud schedule.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CloudSchedulesPage from './CloudSchedulesPage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aWebSchedule } from '../was/testing/schedules.ts';
import { aCloudSchedule, cloudScheduleApi } from './testing/fixtures.ts';

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

  it('creates a cloud schedule of a cloud profile, without targets, sent as a cloud schedule', { timeout: 60_000 }, async () => {
    const stub = cloudScheduleApi()
      .on('GET', 'scan/schedules/', page([]))
      .on('POST', 'scan/schedules/', json(aCloudSchedule({ name: 'Azure weekly' }), 201));
    const { user } = renderWithApp(<CloudSchedulesPage />, { path: '/cloud/schedules', session: aSession() });
    await user.click(await screen.findByRole('button', { name: 'New schedule' }));
    const form = await screen.findByRole('form', { name: 'New schedule' });
    expect(within(form).queryByRole('textbox', { name: /^Addresses/ })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Create schedule' }));
    expect(await within(form).findByText('Profile is required')).toBeInTheDocument();
    // No target is asked of a cloud schedule.
    expect(within(form).queryByText('Choose at least one target.')).not.toBeInTheDocument();
    expect(stub.calls('POST', 'scan/schedules/')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Azure weekly');
    await user.click(within(form).getByRole('combobox', { name: /^Profile/ }));
    await user.click(await screen.findByRole('option', { name: 'Azure tenant (Azure)' }));
    const date = within(form).getByLabelText(/^Start date/);
    await user.clear(date);
    await user.type(date, '2026-12-08');
    await user.click(within(form).getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(stub.calls('POST', 'scan/schedules/')).toHaveLength(1));
    expect(stub.calls('POST', 'scan/schedules/')[0]!.body).toMatchObject({
      name: 'Azure weekly',
      scan_type: 'cloud',
      profile: 8,
      assets: [],
      targets: [],
      start_date: '2026-12-08',
      end_date: null,
      schedule_is_active: true,
    });
    expect(await screen.findByText('Schedule created.')).toBeInTheDocument();
  });
});
