// The report schedules page against a stubbed API: when each schedule runs (frequency words, the on/off switch), the
// scan a schedule reports on named, and the schedule form (the preview of the next runs, the scope, the POST body).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reportSchedule, type ReportSchedule } from '@bulwark/core';
import SchedulesPage from './SchedulesPage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

function aSchedule(o: Partial<ReportSchedule> = {}): ReportSchedule {
  return reportSchedule.parse({
    id: 5,
    name: 'Weekly to the CISO',
    template: null,
    format: 'pdf',
    scope_kind: 'unified_vulns',
    scope: { filters: {}, scan: null },
    frequency: 'weekly',
    time: '07:00',
    weekday: 1,
    day_of_month: 1,
    time_zone: 'Europe/Stockholm',
    recipients: ['ciso@example.com'],
    is_active: true,
    next_run_at: '2026-11-23T06:00:00Z',
    last_run_at: '2026-11-16T06:00:03Z',
    last_report: 9,
    upcoming: [],
    ...o,
  });
}

describe('SchedulesPage', () => {
  it('says when each schedule runs and switches one off', async () => {
    const stub = stubApi()
      .on('GET', 'reports/schedules/', page([aSchedule()]))
      .on('GET', 'remediation/vm-filter-collection/', [])
      .on('PATCH', 'reports/schedules/5/', aSchedule({ is_active: false }));
    const { user } = renderWithApp(<SchedulesPage />, { path: '/reports/schedules' });
    const row = within(await screen.findByRole('table', { name: 'Report schedules' })).getByRole('row', { name: /Weekly to the CISO/ });
    expect(within(row).getByText('Weekly on Monday at 07:00 Europe/Stockholm')).toBeInTheDocument();
    expect(within(row).getByText(/^Mon 2026-11-23 07:00/)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Report of the last run of Weekly to the CISO' })).toHaveAttribute(
      'href',
      '/reports/reports/view/9',
    );
    await user.click(within(row).getByRole('switch', { name: 'Weekly to the CISO active' }));
    await waitFor(() => expect(stub.calls('PATCH', 'reports/schedules/5/')).toHaveLength(1));
    expect(stub.calls('PATCH', 'reports/schedules/5/')[0]!.body).toEqual({ is_active: false });
  });

  it('names the web scan a schedule reports on', async () => {
    stubApi()
      .on('GET', 'reports/schedules/', page([aSchedule({ scope_kind: 'scan_web_application', scope: { filters: {}, scan: 31 } })]))
      .on('GET', 'remediation/vm-filter-collection/', [])
      .on('GET', 'scan/wscans/', page([{ id: 31, name: 'Shop', created: '2026-11-20T08:00:00Z' }]));
    renderWithApp(<SchedulesPage />, { path: '/reports/schedules' });
    const table = await screen.findByRole('table', { name: 'Report schedules' });
    expect(await within(table).findByText('PDF · Web scan “Shop”')).toBeInTheDocument();
  });
});

describe('ScheduleForm', () => {
  it('previews the next runs as the timing changes and creates a network-scan schedule', async () => {
    const stub = stubApi()
      .on('GET', 'reports/schedules/', page([]))
      .on('GET', 'remediation/vm-filter-collection/', [])
      .on('GET', 'reports/template/', page([]))
      .on(
        'GET',
        'scan/nscans/',
        page([
          {
            id: 3,
            name: 'Office LAN',
            user: null,
            assets: [],
            targets: ['10.0.0.0/24'],
            exclude: [],
            unified_tags_set: null,
            profile: null,
            node: { id: -1, name: 'External' },
            probe_group: null,
            created: '2026-11-01T10:00:00Z',
            last_run: 8,
            scan_type: 'nvt',
          },
        ]),
      )
      .on('POST', 'reports/schedules/preview/', (request) => {
        const weekly = (request.body as { frequency: string }).frequency === 'weekly';
        return json({ upcoming: weekly ? ['2026-11-25T06:00:00Z'] : ['2026-11-24T06:00:00Z', '2026-11-25T06:00:00Z'] });
      })
      .on('POST', 'reports/schedules/', json(aSchedule(), 201));
    const { user } = renderWithApp(<SchedulesPage />, { path: '/reports/schedules' });
    await user.click(await screen.findByRole('button', { name: 'New schedule' }));
    const form = await screen.findByRole('form', { name: 'New schedule' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Office weekly');

    // The time zone is the browser's: pick Stockholm to make the words and times certain.
    const zone = within(form).getByRole('combobox', { name: /Time zone/ });
    await user.clear(zone);
    await user.type(zone, 'Europe/Stockh');
    await user.click(await screen.findByRole('option', { name: 'Europe/Stockholm' }));
    await user.click(within(form).getByRole('combobox', { name: /^On/ }));
    await user.click(await screen.findByRole('option', { name: 'Wednesday' }));
    expect(within(form).getByTestId('schedule-frequency-text')).toHaveTextContent('Weekly on Wednesday at 07:00 Europe/Stockholm');
    expect(await within(form).findByText(/^Wed 2026-11-25 07:00/)).toBeInTheDocument();

    await user.click(within(form).getByRole('radio', { name: 'Daily' }));
    expect(await within(form).findByText(/^Tue 2026-11-24 07:00/)).toBeInTheDocument();

    await user.click(within(form).getByRole('combobox', { name: /Report on/ }));
    await user.click(await screen.findByRole('option', { name: 'Network scan' }));
    await user.click(within(form).getByRole('button', { name: 'Create schedule' }));
    expect(await within(form).findByText('Choose a network scan.')).toBeInTheDocument();
    expect(within(form).getByText('Add at least one recipient.')).toBeInTheDocument();
    await user.click(within(form).getByRole('combobox', { name: /Network scan/ }));
    await user.click(await screen.findByRole('option', { name: /Office LAN/ }));
    await user.type(within(form).getByRole('textbox', { name: /Recipients/ }), 'ciso@example.com, it@example.com');
    await user.click(within(form).getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(stub.calls('POST', 'reports/schedules/')).toHaveLength(1));
    expect(stub.calls('POST', 'reports/schedules/')[0]!.body).toEqual({
      name: 'Office weekly',
      template: null,
      format: 'pdf',
      scope_kind: 'scan_network',
      scope: { filters: {}, scan: 3 },
      frequency: 'daily',
      time: '07:00',
      weekday: 3,
      day_of_month: 1,
      time_zone: 'Europe/Stockholm',
      recipients: ['ciso@example.com', 'it@example.com'],
      is_active: true,
    });
  });
});
