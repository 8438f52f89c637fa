// The scan appliance page against a stubbed API: the probe list (status, group, sorting by heartbeat), the probe groups
// table with delete after a confirm, and a probe group name conflict shown on the name field.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ProbesPage from './ProbesPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aProbe, aProbeGroup } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/sa/scan-appliances';
const PROBES = [
  aProbe({ id: -1, name: 'Built-in probe', builtin: true, hostname: null, version: null }),
  aProbe({ id: 4, name: 'Branch office', group: { id: 2, name: 'Datacentre' }, status: 'offline', status_label: 'Offline' }),
];

const BUILTIN = aProbe({
  id: -1,
  name: 'External (built-in)',
  builtin: true,
  hostname: 'scanner-01',
  version: '0.1.0',
  active_runs: 1,
  load: { tasks_running: 1, task_slots: 2, load_average: [2.5, 2.25, 1.5], cpus: 2, last_report: null },
});

function api(probes = PROBES, builtin = BUILTIN): ApiStub {
  return stubApi()
    .on('GET', 'probe/probes/:id/', builtin)
    .on('GET', 'probe/probes/', page(probes))
    .on('GET', 'probe/probe-groups/', page([aProbeGroup()]));
}

const listCalls = (stub: ApiStub) => stub.calls('GET', 'probe/probes/').filter((c) => c.query.get('page_size') !== '1000');

describe('ProbesPage', () => {
  it('lists the probes with status, group and host', async () => {
    const stub = api();
    renderWithApp(<ProbesPage />, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Probes' });
    const branch = within(table).getByRole('row', { name: /Branch office/ });
    expect(within(branch).getByText('Offline')).toBeInTheDocument();
    expect(within(branch).getByText('Datacentre')).toBeInTheDocument();
    expect(within(branch).getByRole('link', { name: 'Branch office' })).toHaveAttribute('href', '/sa/scan-appliance/view/4');
    expect(within(within(table).getByRole('row', { name: /Built-in probe/ })).getByText('Built-in')).toBeInTheDocument();
    expect(listCalls(stub).at(-1)!.query.get('ordering')).toBe('name');
  });

  it('shows the built-in probe’s health: status, task slots, the server’s load, version and host', async () => {
    const stub = api();
    renderWithApp(<ProbesPage />, { path: PATH });
    const card = await screen.findByRole('region', { name: 'Built-in probe' });
    expect(await within(card).findByText('1 of 2 task slots busy')).toBeInTheDocument();
    expect(within(card).getByTestId('builtin-status')).toHaveTextContent('Online');
    // The 5-minute average above the processor count is called out.
    expect(within(card).getByText('2.50, 2.25, 1.50 on 2 CPUs (busier than its processors)')).toBeInTheDocument();
    expect(within(card).getByText('0.1.0')).toBeInTheDocument();
    expect(within(card).getByText('scanner-01')).toBeInTheDocument();
    expect(within(card).getByText('Never')).toBeInTheDocument();
    expect(stub.calls('GET', 'probe/probes/:id/')[0]!.path).toBe('probe/probes/-1/');
  });

  it('says when the built-in probe is switched off', async () => {
    api(PROBES, { ...BUILTIN, status: 'offline', status_label: 'Offline', load: { ...BUILTIN.load!, task_slots: 0, tasks_running: 0 } });
    renderWithApp(<ProbesPage />, { path: PATH });
    const card = await screen.findByRole('region', { name: 'Built-in probe' });
    expect(await within(card).findByText('Switched off (BULWARK_BUILTIN_PROBE=off)')).toBeInTheDocument();
    expect(within(card).getByTestId('builtin-status')).toHaveTextContent('Offline');
  });

  it('sorts by last heartbeat, newest first', async () => {
    const stub = api();
    const { user, search } = renderWithApp(<ProbesPage />, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Probes' });
    await user.click(within(table).getByRole('button', { name: /Last heartbeat/ }));
    await waitFor(() => expect(listCalls(stub).at(-1)!.query.get('ordering')).toBe('-last_heartbeat'));
    expect(search().get('ordering')).toBe('-last_heartbeat');
  });

  it('says when there is no remote probe', async () => {
    api([]);
    renderWithApp(<ProbesPage />, { path: PATH });
    expect(await screen.findByText(/No remote probes yet\./)).toBeInTheDocument();
  });

  it('lists probe groups with their members, and deletes one after a confirm', async () => {
    const stub = api().on('DELETE', 'probe/probe-groups/:id/', json(undefined, 204));
    const { user } = renderWithApp(<ProbesPage />, { path: PATH });
    const groups = await screen.findByRole('table', { name: 'Probe groups' });
    const row = within(groups).getByRole('row', { name: /Datacentre/ });
    expect(within(row).getByRole('combobox', { name: 'Members of Datacentre' })).toBeInTheDocument();
    expect(within(row).getAllByText('Branch office').length).toBeGreaterThan(0);

    await user.click(within(row).getByRole('button', { name: 'Delete group Datacentre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the probe group?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(stub.calls('DELETE', 'probe/probe-groups/:id/').map((c) => c.path)).toEqual(['probe/probe-groups/2/']));
    expect(await screen.findByText('Probe group deleted.')).toBeInTheDocument();
  });

  it('shows a group name conflict (409) on the name field', async () => {
    api()
      .on('GET', 'check-authentication/', { isAuthenticated: true })
      .on('POST', 'probe/probe-groups/', json({ name: ['A probe group with this name already exists.'] }, 409));
    const { user } = renderWithApp(<ProbesPage />, { path: PATH });
    await screen.findByRole('table', { name: 'Probe groups' });
    const form = screen.getByRole('form', { name: 'New probe group' });
    await user.type(within(form).getByRole('textbox', { name: 'Group name' }), 'Datacentre');
    await user.click(within(form).getByRole('button', { name: 'Create group' }));
    expect(await within(form).findByText('A probe group with this name already exists.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Group name' })).toHaveAttribute('aria-invalid', 'true');
  });
});
