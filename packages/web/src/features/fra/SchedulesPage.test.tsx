// The assessment schedules against a stubbed API: each with its timing in words, next run and runs; on/off from the
// list (PATCH of active alone); a new schedule with the shared settings fields and the one schedule timing (the body
// sent); delete after a confirm; the empty state.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import SchedulesPage from './SchedulesPage.tsx';
import { aDomain, aSchedule, aTemplate, aTraining } from './fra-fixtures.ts';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/fra/schedules';

function api(list = [aSchedule()]) {
  return stubApi()
    .on('GET', 'fra/schedules/', page(list))
    .on('PATCH', 'fra/schedules/:id/', json(aSchedule({ active: false })))
    .on('POST', 'fra/schedules/', json(aSchedule({ id: 9 }), 201))
    .on('DELETE', 'fra/schedules/:id/', json(undefined, 204))
    .on('POST', 'scan/schedules/preview/', { upcoming: ['2026-12-01T09:00:00.000Z'], blackout_starts: [] })
    .on('GET', 'fra/phishing-templates/', page([aTemplate()]))
    .on('GET', 'fra/session-templates/', page([aTraining()]))
    .on('GET', 'fra/domains/', page([aDomain()]))
    .on('GET', 'fra/recipients/', page([]))
    .on('GET', 'fra/recipients/departments/', page([{ department: 'Finance', recipients: 13, active: 12 }]))
    .on('GET', 'tags/tags/', page([]));
}

async function choose(user: UserEvent, box: HTMLElement, option: string) {
  await user.click(box);
  await user.click(await screen.findByRole('option', { name: option }));
}

const table = () => screen.findByRole('table', { name: 'Assessment schedules' });

describe('SchedulesPage', () => {
  it('lists schedules with their timing in words and switches one off', async () => {
    const stub = api();
    const { user } = renderWithApp(<SchedulesPage />, { path: PATH, session: aSession() });
    const row = within(await table())
      .getByText('Monthly finance check')
      .closest('tr')!;
    expect(within(row).getByText(/^Monthly on .* at 09:00 UTC$/)).toBeInTheDocument();
    expect(within(row).getByText('Unpaid invoice')).toBeInTheDocument();
    expect(within(row).getByText('2026-12-01 09:00', { exact: false })).toBeInTheDocument();
    await user.click(within(row).getByRole('switch', { name: 'Monthly finance check active' }));
    await waitFor(() => expect(stub.calls('PATCH', 'fra/schedules/:id/')).toHaveLength(1));
    expect(stub.calls('PATCH', 'fra/schedules/:id/')[0]!.body).toEqual({ active: false });
    expect(await screen.findByText('Schedule deactivated.')).toBeInTheDocument();
  });

  it('creates a schedule with the assessment settings and its timing', { timeout: 60_000 }, async () => {
    const stub = api([]);
    const { user } = renderWithApp(<SchedulesPage />, { path: PATH, session: aSession() });
    expect(await screen.findByText('No schedules yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'New schedule' })[0]!);
    const form = await screen.findByRole('form', { name: 'New schedule' });
    await user.click(within(form).getByRole('button', { name: 'Create schedule' }));
    expect(await within(form).findByText('Choose at least one phishing template.')).toBeInTheDocument();
    expect(stub.calls('POST', 'fra/schedules/')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Quarterly');
    await choose(user, within(form).getByRole('combobox', { name: 'Phishing templates' }), 'Unpaid invoice (website, English)');
    await choose(user, within(form).getByRole('combobox', { name: 'Departments' }), 'Finance (12)');
    await choose(user, within(form).getByRole('combobox', { name: 'Sender domain' }), 'billing-example.com — DNS check passed');
    const date = within(form).getByLabelText(/Start date/);
    await user.clear(date);
    await user.type(date, '2027-01-04');
    await user.click(within(form).getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(stub.calls('POST', 'fra/schedules/')).toHaveLength(1));
    expect(stub.calls('POST', 'fra/schedules/')[0]!.body).toMatchObject({
      name: 'Quarterly',
      phishing_templates: [3],
      recipients: { recipients: [], tags: [], departments: ['Finance'] },
      sender_domain: 5,
      start_date: '2027-01-04',
      repeat: 'monthly',
      interval: 1,
      active: true,
      window_hours: 4,
      rate_per_minute: 60,
    });
    expect(await screen.findByText('Schedule created.')).toBeInTheDocument();
  });

  it('deletes a schedule after a confirm', async () => {
    const stub = api();
    const { user } = renderWithApp(<SchedulesPage />, { path: PATH, session: aSession() });
    await user.click(within(await table()).getByRole('button', { name: 'Delete Monthly finance check' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete schedule' })).getByRole('button', { name: 'Delete schedule' }),
    );
    await waitFor(() => expect(stub.calls('DELETE', 'fra/schedules/:id/').map((c) => c.path)).toEqual(['fra/schedules/4/']));
    expect(await screen.findByText('Schedule deleted.')).toBeInTheDocument();
  });
});
