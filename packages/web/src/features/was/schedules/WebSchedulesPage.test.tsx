// The web schedule screens against a stubbed API: the list asks for web schedules only (scan_type=was) and links each
// to its web schedule page; the form picks web applications and web profiles and sends discovery and virtual hosts.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schedule } from '@bulwark/core';
import WebSchedulesPage from './WebSchedulesPage.tsx';
import { json, page } from '../../../../test/support/api-stub.ts';
import { aSession } from '../../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../../test/support/render.tsx';
import { aWebSchedule, webScheduleApi } from '../testing/schedules.ts';

describe('WebSchedulesPage', () => {
  it('lists the web schedules only, each linking to its web schedule page', async () => {
    const stub = webScheduleApi().on('GET', 'scan/schedules/', page([aWebSchedule()]));
    renderWithApp(<WebSchedulesPage />, { path: '/was/schedules', session: aSession() });
    const row = (await screen.findByText('Shop weekly')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Shop weekly' })).toHaveAttribute('href', '/was/schedules/view/42');
    expect(screen.getByRole('heading', { level: 1, name: 'Web schedules' })).toBeInTheDocument();
    expect(stub.calls('GET', 'scan/schedules/')[0]!.query.get('scan_type')).toBe('was');
  });

  it('creates a discovery schedule of a web application with a web profile and virtual hosts', async () => {
    const stub = webScheduleApi()
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
