// The cloud schedule page (/cloud/schedules/{scanId}) against a stubbed API (scan/schedules/by-scan/, scan/cruns/): the
// schedule's timing, end, profile in place of targets, active state and the cloud runs of its scan; editing its start
// date, start time, end date and active switch (sent as a cloud schedule, a 400's field error shown on its field);
// deactivating and deleting; a missing schedule and a user who may not read schedules.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schedule } from '@bulwark/core';
import CloudSchedulePage from './CloudSchedulePage.tsx';
import { json, page, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aCloudRun, aCloudSchedule, cloudScheduleApi } from './testing/fixtures.ts';

const PATH = '/cloud/schedules/:scanId';
const URL = '/cloud/schedules/43';

function api(schedule = aCloudSchedule()): ApiStub {
  return cloudScheduleApi()
    .on('GET', 'scan/schedules/by-scan/:scanId/', schedule)
    .on('GET', 'scan/cruns/', page([aCloudRun({ id: 77, scan_id: 43, scheduled: true })]));
}

const pick = <T extends object, K extends keyof T>(o: T, ...keys: K[]): Pick<T, K> =>
  Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;

/** A Fact's value: the <dd> after its <dt>. */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('CloudSchedulePage', () => {
  it('shows the schedule’s timing, profile and state, and the cloud runs of its scan', async () => {
    const stub = api(aCloudSchedule({ end_date: '2027-06-30', end_type: 'end_date_reached' }));
    renderWithApp(<CloudSchedulePage />, { path: PATH, url: URL, session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'AWS nightly' })).toBeInTheDocument();
    expect(stub.calls('GET', 'scan/schedules/by-scan/:scanId/')[0]!.path).toBe('scan/schedules/by-scan/43/');
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All schedules' })).toHaveAttribute('href', '/cloud/schedules');
    expect(fact('When')).toHaveTextContent('Weekly on Mon at 02:30 UTC');
    expect(fact('Starts')).toHaveTextContent('2026-12-07');
    expect(fact('End type')).toHaveTextContent('end date reached');
    expect(fact('End type')).toHaveTextContent('2027-06-30');
    // The profile names the account: it is the schedule's target.
    expect(fact('Targets')).toHaveTextContent('Production AWS');
    expect(fact('Profile')).toHaveTextContent('Production AWS');
    const runs = await screen.findByRole('table', { name: 'Runs of this schedule' });
    const row = runs.querySelector('tr[data-run-id="77"]') as HTMLElement;
    expect(within(row).getAllByRole('link')[0]).toHaveAttribute('href', '/cloud/scans/result/77');
    expect(within(row).getByText('The schedule')).toBeInTheDocument();
    await waitFor(() => expect(stub.calls('GET', 'scan/cruns/').length).toBeGreaterThan(0));
    expect(stub.calls('GET', 'scan/cruns/')[0]!.query.get('scan')).toBe('43');
  });

  it('edits the start date, start time, end date and active switch, a 400’s field error shown on its field', async () => {
    let refuse = true;
    const stub = api().on('PUT', 'scan/schedules/:id/', (request) =>
      refuse
        ? json({ end_date: ['The end date must not be before the start date.'] }, 400)
        : json(aCloudSchedule(pick(request.body as Partial<Schedule>, 'start_date', 'time', 'end_date', 'schedule_is_active'))),
    );
    const { user } = renderWithApp(<CloudSchedulePage />, { path: PATH, url: URL, session: aSession() });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit schedule' });
    expect(within(form).getByText(/A cloud schedule scans the account its cloud profile names/)).toBeInTheDocument();
    expect(within(form).queryByRole('textbox', { name: /^Addresses/ })).not.toBeInTheDocument();
    const date = within(form).getByLabelText(/^Start date/);
    expect(date).toHaveValue('2026-12-07');
    await user.clear(date);
    await user.type(date, '2026-12-14');
    const time = within(form).getByLabelText(/^Time/, { selector: 'input[type="time"]' });
    await user.clear(time);
    await user.type(time, '03:15');
    await user.click(within(form).getByRole('radio', { name: 'On a date' }));
    const lastDay = within(form).getByLabelText(/^Last day/);
    await user.type(lastDay, '2027-06-30');
    const active = within(form).getByRole('switch', { name: /^Active/ });
    expect(active).toBeChecked();
    await user.click(active);
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));

    await waitFor(() => expect(lastDay).toHaveAttribute('aria-invalid', 'true'));
    expect(lastDay).toHaveAccessibleDescription(/The end date must not be before the start date\./);
    expect(stub.calls('PUT', 'scan/schedules/:id/')[0]).toMatchObject({
      path: 'scan/schedules/5/',
      body: {
        // A cloud schedule: the server asks no target of it.
        scan_type: 'cloud',
        profile: 7,
        assets: [],
        targets: [],
        start_date: '2026-12-14',
        time: '03:15',
        time_zone: 'UTC',
        end_date: '2027-06-30',
        schedule_is_active: false,
      },
    });

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit schedule' })).not.toBeInTheDocument());
    expect(stub.calls('PUT', 'scan/schedules/:id/')).toHaveLength(2);
    expect(await screen.findByText('Schedule updated.')).toBeInTheDocument();
  }, 60_000);

  it('deactivates the schedule, and deletes it going back to the cloud schedules', async () => {
    const stub = api()
      .on('PATCH', 'scan/schedules/:id/', aCloudSchedule({ schedule_is_active: false }))
      .on('DELETE', 'scan/schedules/:id/', json(undefined, 204));
    const { user, router } = renderWithApp(<CloudSchedulePage />, { path: PATH, url: URL, session: aSession() });
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(stub.calls('PATCH', 'scan/schedules/:id/')).toHaveLength(1));
    expect(stub.calls('PATCH', 'scan/schedules/:id/')[0]).toMatchObject({ path: 'scan/schedules/5/', body: { schedule_is_active: false } });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete schedule' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete schedule' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cloud/schedules'));
    expect(stub.calls('DELETE', 'scan/schedules/:id/').map((c) => c.path)).toEqual(['scan/schedules/5/']);
  }, 30_000);

  it('says when the scan has no schedule, and tells a user without the Schedules permission', async () => {
    cloudScheduleApi().on('GET', 'scan/schedules/by-scan/:scanId/', json({ detail: 'Not found.' }, 404));
    const first = renderWithApp(<CloudSchedulePage />, { path: PATH, url: URL, session: aSession() });
    expect(await screen.findByText('This scan has no schedule, or the schedule was deleted.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All schedules' })).toHaveAttribute('href', '/cloud/schedules');
    first.unmount();

    const stub = api();
    const scanner = aSession(aUserProfile({ is_superuser: false, customer_admin: false, permissions: { cloud_scans: ['read'] } }));
    renderWithApp(<CloudSchedulePage />, { path: PATH, url: URL, session: scanner });
    expect(await screen.findByRole('alert')).toHaveTextContent(/Your permissions do not include reading schedules\./);
    expect(stub.calls('GET', 'scan/schedules/by-scan/:scanId/')).toHaveLength(0);
  });

  it('shows a reader the schedule without edit, deactivate or delete', async () => {
    api();
    const reader = aSession(
      aUserProfile({ is_superuser: false, customer_admin: false, permissions: { cloud_scans: ['read'], schedules: ['read'] } }),
    );
    renderWithApp(<CloudSchedulePage />, { path: PATH, url: URL, session: reader });
    expect(await screen.findByRole('heading', { level: 1, name: 'AWS nightly' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Deactivate|Delete)$/ })).not.toBeInTheDocument();
  });
});
