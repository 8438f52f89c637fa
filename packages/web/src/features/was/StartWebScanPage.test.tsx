// Starting a web scan on one web application (/was/scans/start/{assetId}) against a stubbed API: the application chosen,
// the built-in profile that tests (Standard) chosen by default, the POST to scan/wscans/ (or scan/wdscans/ for a
// discovery) and the new run's page opened.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import StartWebScanPage from './StartWebScanPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';
import { aWebProfile } from './testing/fixtures.ts';

const PATH = '/was/scans/start/:assetId';
const scanAnswer = (body: Record<string, unknown>, discovery: boolean) =>
  json(
    {
      id: 12,
      name: body.name,
      user: null,
      assets: body.assets,
      targets: ['http://127.0.0.9/'],
      unified_tags_set: null,
      profile: null,
      node: { id: -1, name: 'External (built-in)' },
      probe_group: null,
      created: '2026-11-29T03:00:00Z',
      last_run: 41,
      scan_type: 'was',
      is_was_discovery: discovery,
      vhosts: [],
    },
    201,
  );

function api(): ApiStub {
  return stubApi()
    .on('GET', 'scan_basics/webapps/', [{ id: 90, name: 'Shop', url: 'http://127.0.0.9/' }])
    .on(
      'GET',
      'scan/wprofiles/',
      page([
        aWebProfile({ id: 2, name: 'Quick (passive only)', builtin: true, passive_only: true }),
        aWebProfile({ id: 1, name: 'Standard', builtin: true }),
        aWebProfile({ id: 7, name: 'Shop login scan' }),
      ]),
    )
    .on('POST', 'scan/wscans/', (request) => scanAnswer(request.body as Record<string, unknown>, false))
    .on('POST', 'scan/wdscans/', (request) => scanAnswer(request.body as Record<string, unknown>, true));
}

describe('StartWebScanPage', () => {
  it('starts a web scan with Standard by default and opens its run', async () => {
    const stub = api();
    const { user, router } = renderWithApp(<StartWebScanPage />, { path: PATH, url: '/was/scans/start/90', session: aSession() });
    const form = await screen.findByRole('form', { name: 'Start web scan' });
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Profile/ })).toHaveValue('Standard (built-in)'));
    await user.click(within(form).getByRole('button', { name: 'Start scan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/was/scans/view/was/41'));
    expect(stub.calls('POST', 'scan/wscans/')[0]!.body).toEqual({
      name: 'Web scan of 127.0.0.9',
      assets: [90],
      profile: 1,
      vhosts: [],
      discovery: false,
      start: true,
    });
  }, 60_000);

  it('starts a discovery scan and opens the discovery result', async () => {
    const stub = api();
    const { user, router } = renderWithApp(<StartWebScanPage />, { path: PATH, url: '/was/scans/start/90', session: aSession() });
    const form = await screen.findByRole('form', { name: 'Start web scan' });
    await user.click(within(form).getByRole('radio', { name: 'Discovery only' }));
    await user.click(within(form).getByRole('button', { name: 'Start discovery' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/was/scans/view/rdwas/41'));
    expect(stub.calls('POST', 'scan/wdscans/')[0]!.body).toMatchObject({
      name: 'Discovery scan of 127.0.0.9',
      discovery: true,
      assets: [90],
    });
  }, 60_000);
});
