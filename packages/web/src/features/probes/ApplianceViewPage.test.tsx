// One scan appliance's page: the probe's facts from probe/probes/{id}/, a new registration token (its command shown
// once), delete after a confirm, the built-in probe without either action, and an unknown probe.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ApplianceViewPage from './ApplianceViewPage.tsx';
import { PROBES_PATH } from './probe-format.ts';
import { json, stubApi } from '../../../test/support/api-stub.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aProbe } from '../../../test/support/fixtures.ts';

const PATH = '/sa/scan-appliance/view/:probeId';

describe('ApplianceViewPage', () => {
  it('shows the probe’s name, status and facts', async () => {
    stubApi().on('GET', 'probe/probes/4/', aProbe({ group: { id: 2, name: 'Datacentre' } }));
    renderWithApp(<ApplianceViewPage />, { path: PATH, url: '/sa/scan-appliance/view/4' });
    expect(await screen.findByRole('heading', { name: 'Branch office' })).toBeTruthy();
    expect(screen.getByText('Remote probe')).toBeTruthy();
    expect(screen.getByTestId('probe-status')).toHaveTextContent('Online');
    expect(screen.getByText('probe-1')).toBeTruthy();
    expect(screen.getByText('127.0.0.3')).toBeTruthy();
    expect(screen.getByText('Datacentre')).toBeTruthy();
  });

  it('makes a new registration token and shows its command once', async () => {
    const token = {
      token: 'reg-tok-1',
      expires: '2026-11-21T10:00:00.000Z',
      command: 'bulwark probe --server https://b.example --token reg-tok-1',
    };
    const api = stubApi().on('GET', 'probe/probes/4/', aProbe()).on('POST', 'probe/probes/4/token/', token);
    const { user } = renderWithApp(<ApplianceViewPage />, { path: PATH, url: '/sa/scan-appliance/view/4' });
    await user.click(await screen.findByRole('button', { name: 'New registration token' }));
    expect(await screen.findByText(token.command)).toBeTruthy();
    expect(api.calls('POST', 'probe/probes/4/token/')).toHaveLength(1);
  });

  it('deletes the probe after a confirm and goes back to the list', async () => {
    const api = stubApi().on('GET', 'probe/probes/4/', aProbe()).on('DELETE', 'probe/probes/4/', json(undefined, 204));
    const { user, router } = renderWithApp(<ApplianceViewPage />, { path: PATH, url: '/sa/scan-appliance/view/4' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the probe?' });
    expect(api.calls('DELETE', 'probe/probes/4/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PROBES_PATH));
    expect(api.calls('DELETE', 'probe/probes/4/')).toHaveLength(1);
  });

  it('offers neither a token nor delete for the built-in probe', async () => {
    stubApi().on('GET', 'probe/probes/-1/', aProbe({ id: -1, name: 'External (built-in)', builtin: true }));
    renderWithApp(<ApplianceViewPage />, { path: PATH, url: '/sa/scan-appliance/view/-1' });
    expect(await screen.findByRole('heading', { name: 'External (built-in)' })).toBeTruthy();
    expect(screen.getByText('The built-in probe runs inside the Bulwark server.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New registration token' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says a probe that does not exist does not exist', async () => {
    stubApi().on('GET', 'probe/probes/99/', json({ detail: 'Not found.' }, 404));
    renderWithApp(<ApplianceViewPage />, { path: PATH, url: '/sa/scan-appliance/view/99' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This probe does not exist or was deleted.');
  });
});
