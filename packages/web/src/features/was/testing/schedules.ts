// Web schedule fixtures for the schedule page tests: a discovery schedule of one web application, and the API the web
// schedule form asks (web applications, web profiles, the upcoming-runs preview).
import { schedule, type Schedule } from '@bulwark/core';
import { json, page, stubApi, type ApiStub } from '../../../../test/support/api-stub.ts';
import { aWebProfile } from './fixtures.ts';

export function aWebSchedule(o: Partial<Schedule> = {}): Schedule {
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

export function webScheduleApi(): ApiStub {
  return stubApi()
    .on('GET', 'scan_basics/webapps/', [{ id: 90, name: 'Shop', url: 'http://127.0.0.9/' }])
    .on('GET', 'scan/wprofiles/', page([aWebProfile({ id: 1, name: 'Standard', builtin: true })]))
    .on('POST', 'scan/schedules/preview/', json({ upcoming: ['2026-12-07T02:30:00Z'], end_type: 'manually_cancelled' }));
}
