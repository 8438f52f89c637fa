// The /scans/schedules tabs and a policy schedule's page (issue 33): the policy tab lists the policy schedules
// (scan_type=oval) and makes one with a policy profile and scan_type oval; users who may not read policy scans see no
// tabs; a policy schedule's page lists its policy runs (scan/noruns/), each opening its policy result, and goes back
// to the policy tab.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { schedule, type Schedule } from '@bulwark/core';
import ScanSchedulesPage from './ScanSchedulesPage.tsx';
import ScanScheduleViewPage from './ScanScheduleViewPage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { aFinishedRun, aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/scans/schedules';
const PROFILES = [
  { id: 2, name: 'Standard', type: 'nvt', builtin: true },
  { id: 8, name: 'CIS Debian', type: 'oval', builtin: false },
];

function aPolicySchedule(o: Partial<Schedule> = {}): Schedule {
  return schedule.parse({
    id: 6,
    scan: 51,
    name: 'Weekly CIS check',
    profile: { id: 8, name: 'CIS Debian', type: 'oval', builtin: false },
    start_date: '2026-12-07',
    time: '03:00',
    time_zone: 'UTC',
    end_date: null,
    repeat: 'weekly',
    interval: 1,
    weekdays: [1],
    monthly_mode: 'day_of_month',
    max_run_cnt: 0,
    schedule_is_active: true,
    end_type: 'manually_cancelled',
    assets: [],
    targets: ['10.0.0.5'],
    exclude: [],
    unified_tags_set: null,
    source: 1,
    node: { id: -1, name: 'External (built-in)' },
    probe_group: null,
    user: { id: 9, first_name: 'Ada', last_name: 'Lovelace' },
    shared_access_teams: [],
    notification_config: { email: [], cc: [], slack: false, teams: false, webhooks: false },
    reminder_config: { email: [], cc: [], slack: false, teams: false, webhooks: false, notify_before_time: 0, notify_before_unit: 'hours' },
    is_was_discovery: false,
    vhosts: [],
    run_count: 1,
    next_run_at: '2026-12-07T03:00:00Z',
    last_run_at: '2026-11-30T03:00:00Z',
    last_run: { id: 90, status: 'Finished' },
    last_error: null,
    upcoming: ['2026-12-07T03:00:00Z'],
    blackout_starts: [],
    created: '2026-11-01T10:00:00Z',
    ...o,
  });
}

describe('ScanSchedulesPage', () => {
  it('lists the policy schedules on the policy tab, each linking to its page and its last policy result', async () => {
    const stub = stubApi().on('GET', 'scan/schedules/', (request) =>
      json(
        request.query.get('scan_type') === 'oval'
          ? { count: 1, next: null, previous: null, results: [aPolicySchedule()] }
          : { count: 0, next: null, previous: null, results: [] },
      ),
    );
    const { user } = renderWithApp(<ScanSchedulesPage />, { path: PATH, session: aSession() });
    expect(await screen.findByTestId('net-schedules-empty')).toBeInTheDocument();
    expect(stub.calls('GET', 'scan/schedules/')[0]!.query.get('scan_type')).toBe('nvt');

    await user.click(screen.getByRole('tab', { name: 'Policy scans' }));
    const row = (await screen.findByText('Weekly CIS check')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Weekly CIS check' })).toHaveAttribute('href', '/scans/schedules/view/51');
    expect(within(row).getByRole('link', { name: /Result of the last run of Weekly CIS check/ })).toHaveAttribute(
      'href',
      '/scans/scans/view/oscan/90',
    );
    expect(stub.calls('GET', 'scan/schedules/').at(-1)!.query.get('scan_type')).toBe('oval');
    expect(screen.getByRole('tab', { name: 'Policy scans' })).toHaveAttribute('aria-selected', 'true');
  });

  it('makes a policy schedule from a policy profile only, sent with scan_type oval', async () => {
    const stub = stubApi()
      .on('GET', 'scan/schedules/', page([]))
      .on('GET', 'noprofiles/', PROFILES)
      .on('POST', 'scan/schedules/preview/', { upcoming: ['2026-12-07T03:00:00Z'], blackout_starts: [], end_type: 'manually_cancelled' })
      .on('POST', 'scan/schedules/', json(aPolicySchedule(), 201));
    const { user } = renderWithApp(<ScanSchedulesPage />, { path: PATH, url: `${PATH}?kind=policy`, session: aSession() });
    expect(await screen.findByTestId('policy-schedules-empty')).toHaveTextContent('A policy schedule checks your hosts');
    await user.click(screen.getByRole('button', { name: 'New schedule' }));
    const form = await screen.findByRole('form', { name: 'New schedule' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Weekly CIS check');
    await user.click(within(form).getByRole('combobox', { name: /^Profile/ }));
    expect(await screen.findByRole('option', { name: 'CIS Debian' })).toBeInTheDocument();
    // A network profile is not offered for a policy schedule.
    expect(screen.queryByRole('option', { name: /Standard/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'CIS Debian' }));
    await user.type(within(form).getByRole('textbox', { name: /^Addresses/ }), '10.0.0.5');
    await user.click(within(form).getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(stub.calls('POST', 'scan/schedules/')).toHaveLength(1));
    expect(stub.calls('POST', 'scan/schedules/')[0]!.body).toMatchObject({
      name: 'Weekly CIS check',
      profile: 8,
      targets: ['10.0.0.5'],
      scan_type: 'oval',
    });
  });

  it('shows no tabs to a user who may not read policy scans', async () => {
    stubApi().on('GET', 'scan/schedules/', page([]));
    const session = aSession(
      aUserProfile({ is_superuser: false, customer_admin: false, permissions: { net_scans: ['read'], schedules: ['read'] } }),
    );
    renderWithApp(<ScanSchedulesPage />, { path: PATH, url: `${PATH}?kind=policy`, session });
    expect(await screen.findByTestId('net-schedules-empty')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});

describe('ScanScheduleViewPage', () => {
  it('shows a policy schedule with its targets, its policy runs and a way back to the policy tab', async () => {
    const stub = stubApi()
      .on('GET', 'scan/schedules/by-scan/:scanId/', aPolicySchedule())
      .on('GET', 'scan/noruns/', page([aFinishedRun({ id: 90, scan_id: 51, scan_type: 'oval', scheduled: true })]));
    renderWithApp(<ScanScheduleViewPage />, {
      path: '/scans/schedules/view/:scanId',
      url: '/scans/schedules/view/51',
      session: aSession(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly CIS check' })).toBeInTheDocument();
    expect(screen.getByText('Addresses: 10.0.0.5')).toBeInTheDocument();
    expect(screen.getByText('CIS Debian')).toBeInTheDocument();
    const runs = await screen.findByRole('table', { name: 'Runs of this schedule' });
    expect(within(runs).getAllByRole('link')[0]).toHaveAttribute('href', '/scans/scans/view/oscan/90');
    expect(stub.calls('GET', 'scan/noruns/')[0]!.query.get('scan')).toBe('51');
    expect(stub.calls('GET', 'scan/nruns/')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'All schedules' })).toHaveAttribute('href', '/scans/schedules?kind=policy');
    expect(stub.calls('GET', 'scan/schedules/by-scan/:scanId/')).toHaveLength(1);
  });
});
