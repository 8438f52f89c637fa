// The web schedule screens against a stubbed API: the list asks for web schedules only (scan_type=was) and links each
// to its web schedule page; the form picks web applications and web profiles and sends discovery and virtual hosts;
// the page names the targets by URL and lists the web runs of the schedule's scan.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { schedule, type Schedule } from '@bulwark/core';
import WebSchedulesPage from './WebSchedulesPage.tsx';
import WebScheduleViewPage from './WebScheduleViewPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../../test/support/api-stub.ts';
import { aSession } from '../../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../../test/support/render.tsx';
import { aWebProfile, aWebRun } from '../testing/fixtures.ts';

function aWebSchedule(o: Partial<Schedule> = {}): Schedule {
  return schedule.parse({
    id: 5,
    scan: 42,
    name: 'Shop weekly',
    profile: { id: 1, name: 'Standard', type: 'was', builtin: true },
    start_date: '2026-12-07',
    time: '02:30',
    time_zone: 'UTC',
    end_date: null,
    repeat: 'weekly',
    interval: 1,
    weekdays: [1],
    monthly_mode: 'day_of_month',
    max_run_cnt: 0,
    schedule_is_active: true,
    end_type: 'manually_cancelled',
    assets: [90],
    targets: [],
    exclude: [],
    unified_tags_set: null,
    source: 1,
    node: { id: -1, name: 'External (built-in)' },
    probe_group: null,
    user: { id: 9, first_name: 'Ada', last_name: 'Lovelace' },
    shared_access_teams: [],
    notification_config: { email: [], cc: [], slack: false, teams: false, webhooks: false },
    reminder_config: { email: [], cc: [], slack: false, teams: false, webhooks: false, notify_before_time: 0, notify_before_unit: 'hours' },
    is_was_discovery: true,
    vhosts: ['admin.shop.test'],
    run_count: 1,
    next_run_at: '2026-12-07T02:30:00Z',
    last_run_at: null,
    last_run: null,
    last_error: null,
    upcoming: ['2026-12-07T02:30:00Z'],
    blackout_starts: [],
    created: '2026-11-01T10:00:00Z',
    ...o,
  });
}

function api(): ApiStub {
  return stubApi()
    .on('GET', 'scan_basics/webapps/', [{ id: 90, name: 'Shop', url: 'http://127.0.0.9/' }])
    .on('GET', 'scan/wprofiles/', page([aWebProfile({ id: 1, name: 'Standard', builtin: true })]))
    .on('POST', 'scan/schedules/preview/', json({ upcoming: ['2026-12-07T02:30:00Z'], end_type: 'manually_cancelled' }));
}

describe('WebSchedulesPage', () => {
  it('lists the web schedules only, each linking to its web schedule page', async () => {
    const stub = api().on('GET', 'scan/schedules/', page([aWebSchedule()]));
    renderWithApp(<WebSchedulesPage />, { path: '/was/schedules', session: aSession() });
    const row = (await screen.findByText('Shop weekly')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Shop weekly' })).toHaveAttribute('href', '/was/schedules/view/42');
    expect(screen.getByRole('heading', { level: 1, name: 'Web schedules' })).toBeInTheDocument();
    expect(stub.calls('GET', 'scan/schedules/')[0]!.query.get('scan_type')).toBe('was');
  });

  it('creates a discovery schedule of a web application with a web profile and virtual hosts', { timeout: 30_000 }, async () => {
    const stub = api()
      .on('GET', 'scan/schedules/', page([]))
      .on('POST', 'scan/schedules/', (request) => json(aWebSchedule(request.body as Partial<Schedule>), 201));
    const { user } = renderWithApp(<WebSchedulesPage />, { path: '/was/schedules', session: aSession() });
    await user.click(await screen.findByRole('button', { name: 'New schedule' }));
    const form = await screen.findByRole('form', { name: 'New schedule' });
    // Web applications, not network targets.
    expect(within(form).queryByRole('textbox', { name: /^Addresses/ })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Create schedule' }));
    expect(await within(form).findByText('Choose at least one target.')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Shop map');
    await user.click(within(form).getByLabelText(/^Web applications/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'http://127.0.0.9/ (Shop)' }));
    await user.click(within(form).getByRole('combobox', { name: /^Profile/ }));
    await user.click(await screen.findByRole('option', { name: 'Standard (built-in)' }));
    await user.click(within(form).getByRole('checkbox', { name: /Discovery only/ }));
    await user.type(within(form).getByLabelText(/^Virtual hosts/, { selector: 'input' }), 'admin.shop.test{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Create schedule' }));

    await waitFor(() => expect(stub.calls('POST', 'scan/schedules/')).toHaveLength(1));
    expect(stub.calls('POST', 'scan/schedules/')[0]!.body).toMatchObject({
      name: 'Shop map',
      assets: [90],
      targets: [],
      profile: 1,
      is_was_discovery: true,
      vhosts: ['admin.shop.test'],
      repeat: 'weekly',
      schedule_is_active: true,
    });
  });
});

describe('WebScheduleViewPage', () => {
  it('names the web applications by URL and lists the web runs of the schedule’s scan', async () => {
    const stub = api()
      .on('GET', 'scan/schedules/by-scan/:scanId/', aWebSchedule())
      .on('GET', 'scan/wruns/', page([aWebRun({ id: 77, scan_id: 42, scheduled: true, is_was_discovery: true })]));
    renderWithApp(<WebScheduleViewPage />, { path: '/was/schedules/view/:scanId', url: '/was/schedules/view/42', session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop weekly' })).toBeInTheDocument();
    expect(await screen.findByText(/http:\/\/127\.0\.0\.9\/ \(virtual hosts: admin\.shop\.test\) — discovery only/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All schedules' })).toHaveAttribute('href', '/was/schedules');
    const runs = await screen.findByRole('table', { name: 'Runs of this schedule' });
    expect((await within(runs).findAllByRole('link'))[0]).toHaveAttribute('href', '/was/scans/view/rdwas/77');
    await waitFor(() => expect(stub.calls('GET', 'scan/wruns/')).toHaveLength(1));
    expect(stub.calls('GET', 'scan/wruns/')[0]!.query.get('scan')).toBe('42');
  });
});
