// The cloud scan list against a stubbed API (scan/cruns/, scan/cscans/, cloud/cloud_basics/): runs with their profile
// and provider, the start form (name, profile, probe) creating and starting a scan then opening its run. The result page
// is tested in CloudScanResultPage.test.tsx.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CloudScansPage from './CloudScansPage.tsx';
import { json, page, stubApi } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aCloudRun } from './testing/fixtures.ts';

const BASICS = [
  { id: 7, name: 'Production AWS', provider: 0 },
  { id: 8, name: 'Azure tenant', provider: 1 },
];

describe('CloudScansPage', () => {
  it('lists the cloud runs with profile and provider, and starts a new scan opening its run', async () => {
    const stub = stubApi()
      .on('GET', 'scan/cruns/', page([aCloudRun()]))
      .on('GET', 'cloud/cloud_basics/', BASICS)
      .on('GET', 'probe_basics/probes/', [{ id: -1, name: 'External (built-in)' }])
      .on('POST', 'scan/cscans/', (request) =>
        json(
          {
            id: 22,
            name: (request.body as { name: string }).name,
            profile: { id: 8, name: 'Azure tenant', provider: 1 },
            node: { id: -1, name: 'External (built-in)' },
            user: null,
            created: '2026-11-29T10:00:00Z',
            last_started: '2026-11-29T10:00:00Z',
            last_run: 62,
          },
          201,
        ),
      );
    const { user, router } = renderWithApp(<CloudScansPage />, { path: '/cloud/scans', session: aSession() });
    const table = await screen.findByRole('table', { name: 'Cloud scans' });
    const row = (await within(table).findByRole('link', { name: 'AWS nightly' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'AWS nightly' })).toHaveAttribute('href', '/cloud/scans/result/61');
    expect(within(row).getByText('Production AWS')).toBeInTheDocument();
    expect(await within(row).findByText('AWS')).toBeInTheDocument();
    expect(within(row).getByText('2 findings')).toBeInTheDocument();
    expect(within(row).getByText('123456789012')).toBeInTheDocument();
    expect(within(row).getByText('3 resources · 2 of 2 regions')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New cloud scan' }));
    const form = await screen.findByRole('form', { name: 'New cloud scan' });
    await user.click(within(form).getByRole('button', { name: 'Start scan' }));
    expect(await within(form).findByText('Choose a cloud profile.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Azure weekly');
    await user.click(within(form).getByRole('combobox', { name: /^Cloud profile/ }));
    await user.click(await screen.findByRole('option', { name: 'Azure tenant (Azure)' }));
    await user.click(within(form).getByRole('button', { name: 'Start scan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cloud/scans/result/62'));
    expect(stub.calls('POST', 'scan/cscans/')[0]!.body).toEqual({ name: 'Azure weekly', profile: 8, node: -1, start: true });
  }, 30_000);
});
