// The schedule screens against a stubbed API (the server routes are being written): the list's rows in words with the
// actions the user's permissions allow and its empty state; the editor's live preview, its checks and a 409 on the name
// field; and a schedule's page with its summary and the runs of its scan.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { schedule, type Schedule } from '@bulwark/core';
import SchedulesPage from './SchedulesPage.tsx';
import ScheduleViewPage from './ScheduleViewPage.tsx';
import { schedulePermissions } from './schedule-permissions.ts';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { aFinishedRun, aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

function aSchedule(o: Partial<Schedule> = {}): Schedule {
  return schedule.parse({
    id: 5,
    scan: 42,
    name: 'Nightly office',
    profile: { id: 2, name: 'Standard', type: 'nvt', builtin: true },
    start_date: '2026-12-07',
    time: '02:30',
    time_zone: 'Europe/Stockholm',
    end_date: null,
    repeat: 'weekly',
    interval: 2,
    weekdays: [1, 4],
    monthly_mode: 'day_of_month',
    max_run_cnt: 0,
    schedule_is_active: true,
    end_type: 'manually_cancelled',
    assets: [],
    targets: ['10.0.0.0/24'],
    exclude: [],
    unified_tags_set: null,
    source: 1,
    node: { id: -1, name: 'External (built-in)' },
    probe_group: null,
    user: { id: 9, first_name: 'Ada', last_name: 'Lovelace' },
    shared_access_teams: [],
    notification_config: { email: ['soc@example.com'], cc: [], slack: false, teams: false, webhooks: false },
    reminder_config: { email: [], cc: [], slack: false, teams: false, webhooks: false, notify_before_time: 0, notify_before_unit: 'hours' },
    is_was_discovery: false,
    vhosts: [],
    run_count: 3,
    next_run_at: '2026-12-07T01:30:00Z',
    last_run_at: '2026-11-30T01:30:00Z',
    last_run: { id: 77, status: 'Finished' },
    last_error: null,
    upcoming: ['2026-12-07T01:30:00Z', '2026-12-10T01:30:00Z'],
    blackout_starts: [],
    created: '2026-06-01T10:00:00Z',
    ...o,
  });
}

const auditor = aSession(
  aUserProfile({ is_superuser: false, customer_admin: false, permissions: { net_scans: ['read'], schedules: ['read'] } }),
);

describe('schedulePermissions', () => {
  it('gives superusers everything and others what their map lists', () => {
    expect(schedulePermissions(aUserProfile())).toEqual({ read: true, create: true, update: true, delete: true });
    expect(schedulePermissions(auditor.profile)).toEqual({ read: true, create: false, update: false, delete: false });
    expect(schedulePermissions(null)).toEqual({ read: false, create: false, update: false, delete: false });
  });
});

describe('SchedulesPage', () => {
  it('shows each schedule in words, its next run in its zone, its last run linked, and the actions allowed', async () => {
    const stub = stubApi().on('GET', 'scan/schedules/', page([aSchedule()]));
    renderWithApp(<SchedulesPage />, { path: '/scans/schedules', session: aSession() });
    const row = (await screen.findByText('Nightly office')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Nightly office' })).toHaveAttribute('href', '/scans/schedules/view/42');
    expect(within(row).getByText('Every 2 weeks on Mon, Thu at 02:30 Europe/Stockholm')).toBeInTheDocument();
    expect(within(row).getByText(/^Mon 2026-12-07 02:30/)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /Result of the last run of Nightly office/ })).toHaveAttribute(
      'href',
      '/scans/scans/view/nscan/77',
    );
    expect(within(row).getByText('manually cancelled')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Nightly office active' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Edit Nightly office' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New schedule' })).toBeInTheDocument();
    expect(stub.calls('GET', 'scan/schedules/')[0]!.query.get('ordering')).toBe('next_run_at');
    // Network schedules only: web schedules are listed under /was/schedules.
    expect(stub.calls('GET', 'scan/schedules/')[0]!.query.get('scan_type')).toBe('nvt');
  });

  it('switches a schedule off with PATCH schedule_is_active', async () => {
    const stub = stubApi()
      .on('GET', 'scan/schedules/', page([aSchedule()]))
      .on('PATCH', 'scan/schedules/:id/', aSchedule({ schedule_is_active: false }));
    const { user } = renderWithApp(<SchedulesPage />, { path: '/scans/schedules', session: aSession() });
    await user.click(await screen.findByRole('switch', { name: 'Nightly office active' }));
    await waitFor(() => expect(stub.calls('PATCH', 'scan/schedules/:id/')).toHaveLength(1));
    expect(stub.calls('PATCH', 'scan/schedules/:id/')[0]).toMatchObject({ path: 'scan/schedules/5/', body: { schedule_is_active: false } });
  });

  it('warns that deleting takes the scan and its runs along, then deletes', async () => {
    const stub = stubApi()
      .on('GET', 'scan/schedules/', page([aSchedule()]))
      .on('DELETE', 'scan/schedules/:id/', json(undefined, 204));
    const { user } = renderWithApp(<SchedulesPage />, { path: '/scans/schedules', session: aSession() });
    await user.click(await screen.findByRole('button', { name: 'Delete Nightly office' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete schedule' });
    expect(dialog).toHaveTextContent('It starts no more scans. The runs it made and their results stay, under its scan in the scan list.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete schedule' }));
    await waitFor(() => expect(stub.calls('DELETE', 'scan/schedules/:id/')).toHaveLength(1));
    expect(stub.calls('DELETE', 'scan/schedules/:id/')[0]!.path).toBe('scan/schedules/5/');
  });

  it('hides creating, editing and deleting from a user who may only read', async () => {
    stubApi().on('GET', 'scan/schedules/', page([aSchedule()]));
    renderWithApp(<SchedulesPage />, { path: '/scans/schedules', session: auditor });
    expect(await screen.findByRole('switch', { name: 'Nightly office active' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'New schedule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  });

  it('explains schedules when there are none, with a button to create one', async () => {
    stubApi().on('GET', 'scan/schedules/', page([]));
    renderWithApp(<SchedulesPage />, { path: '/scans/schedules', session: aSession() });
    const empty = await screen.findByTestId('net-schedules-empty');
    expect(empty).toHaveTextContent('No schedules yet');
    expect(within(empty).getByRole('button', { name: 'Create a schedule' })).toBeInTheDocument();
  });
});

describe('ScheduleForm', () => {
  it('previews the next runs in the chosen zone, checks the fields and shows a taken name on its field', async () => {
    const stub = stubApi()
      .on('GET', 'scan/schedules/', page([]))
      .on('GET', 'noprofiles/', [{ id: 2, name: 'Standard', type: 'nvt', builtin: true }])
      .on('POST', 'scan/schedules/preview/', (request) => {
        // Only the form's final state (Tuesday and Friday) answers Friday: on a Friday the form starts with Friday ticked.
        const body = request.body as { weekdays: number[] };
        const final = body.weekdays.includes(2) && body.weekdays.includes(5);
        return json({
          upcoming: final ? ['2026-12-04T08:00:00Z'] : ['2026-12-07T08:00:00Z'],
          end_type: 'manually_cancelled',
        });
      })
      .on('POST', 'scan/schedules/', json({ name: ['A schedule with this name already exists.'] }, 409));
    const { user } = renderWithApp(<SchedulesPage />, { path: '/scans/schedules', session: aSession() });
    await user.click(await screen.findByRole('button', { name: 'New schedule' }));
    const form = await screen.findByRole('form', { name: 'New schedule' });

    // Nothing chosen yet: the checks name what is missing.
    await user.click(within(form).getByRole('button', { name: 'Create schedule' }));
    expect(await within(form).findByText('This field may not be blank.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one target.')).toBeInTheDocument();
    expect(within(form).getByText('Profile is required')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Nightly office');
    await user.click(within(form).getByRole('combobox', { name: /^Profile/ }));
    await user.click(await screen.findByRole('option', { name: 'Standard (built-in)' }));
    await user.type(within(form).getByRole('textbox', { name: /^Addresses/ }), '10.0.0.0/24');

    const zone = within(form).getByRole('combobox', { name: /Time zone/ });
    await user.clear(zone);
    await user.type(zone, 'Europe/Stockh');
    await user.click(await screen.findByRole('option', { name: 'Europe/Stockholm' }));
    const date = within(form).getByLabelText(/^Start date/);
    await user.clear(date);
    await user.type(date, '2026-12-01');
    const time = within(form).getByLabelText(/^Time/, { selector: 'input[type="time"]' });
    await user.clear(time);
    await user.type(time, '09:00');
    // A new schedule runs on its start date's weekday (2026-12-01 is a Tuesday) until weekdays are ticked: add Friday.
    expect(within(form).getByRole('checkbox', { name: 'Tuesday' })).toBeChecked();
    await user.click(within(form).getByRole('checkbox', { name: 'Friday' }));
    await waitFor(() =>
      expect(within(form).getByTestId('schedule-repeat-text')).toHaveTextContent('Weekly on Tue, Fri at 09:00 Europe/Stockholm'),
    );
    expect(await within(form).findByText(/^Fri 2026-12-04 09:00/)).toBeInTheDocument();
    const preview = stub.calls('POST', 'scan/schedules/preview/').at(-1)!.body as Record<string, unknown>;
    expect(preview).toMatchObject({
      start_date: '2026-12-01',
      time: '09:00',
      time_zone: 'Europe/Stockholm',
      repeat: 'weekly',
      weekdays: [2, 5],
    });

    await user.click(within(form).getByRole('button', { name: 'Create schedule' }));
    expect(await within(form).findByText('A schedule with this name already exists.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    const sent = stub.calls('POST', 'scan/schedules/')[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'Nightly office', profile: 2, targets: ['10.0.0.0/24'], node: -1, source: 1, repeat: 'weekly' });
  });
});

describe('ScheduleViewPage', () => {
  it('shows the schedule found by its scan, its next runs and the runs of its scan', async () => {
    const stub = stubApi()
      .on(
        'GET',
        'scan/schedules/by-scan/:scanId/',
        aSchedule({ last_error: 'The probe group has no online member.', blackout_starts: ['2026-12-10T01:30:00Z'] }),
      )
      .on('GET', 'scan/nruns/', page([aFinishedRun({ id: 77, scan_id: 42, scheduled: true })]));
    renderWithApp(<ScheduleViewPage />, { path: '/scans/schedules/view/:scanId', url: '/scans/schedules/view/42', session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nightly office' })).toBeInTheDocument();
    expect(screen.getByText('Every 2 weeks on Mon, Thu at 02:30 Europe/Stockholm')).toBeInTheDocument();
    expect(screen.getByText('The probe group has no online member.')).toBeInTheDocument();
    const blackedOut = screen.getByText(/^Thu 2026-12-10 02:30/).closest('li') as HTMLElement;
    expect(blackedOut).toHaveTextContent('in the blackout window: the run waits until it ends');
    expect(screen.getByText(/^Mon 2026-12-07 02:30/).closest('li')).not.toHaveTextContent('blackout');
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(stub.calls('GET', 'scan/schedules/by-scan/:scanId/')[0]!.path).toBe('scan/schedules/by-scan/42/');

    const runs = await screen.findByRole('table', { name: 'Runs of this schedule' });
    expect(within(runs).getAllByRole('link')[0]).toHaveAttribute('href', '/scans/scans/view/nscan/77');
    expect(stub.calls('GET', 'scan/nruns/')[0]!.query.get('scan')).toBe('42');
  });

  it('says so when the scan has no schedule', async () => {
    stubApi().on('GET', 'scan/schedules/by-scan/:scanId/', json({ detail: 'Not found.' }, 404));
    renderWithApp(<ScheduleViewPage />, { path: '/scans/schedules/view/:scanId', url: '/scans/schedules/view/9', session: aSession() });
    expect(await screen.findByText('This scan has no schedule, or the schedule was deleted.')).toBeInTheDocument();
  });
});
