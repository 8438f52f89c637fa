// The scan list's policy side against a stubbed API: the Policy scans tab (scan/noruns/ with policy and score), the
// "New scan" menu whose policy form offers only policy profiles and posts to scan/oscans/ (the network form only network
// profiles), and the policy tab shown after starting one.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ScansPage from './ScansPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aFinishedRun, aSession } from '../../../test/support/fixtures.ts';
import { aPolicyRun } from '../../../test/support/policies.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/scans/scans';
const PROFILES = [
  { id: 2, name: 'Standard', type: 'nvt', builtin: true },
  { id: 12, name: 'Debian baseline', type: 'oval', builtin: false },
];

function api(): ApiStub {
  return stubApi()
    .on('GET', 'scan/nruns/', page([aFinishedRun()]))
    .on('GET', 'scan/noruns/', page([aPolicyRun()]))
    .on('GET', 'probe_basics/probes/', [{ id: -1, name: 'External (built-in)' }])
    .on('GET', 'probe/probe-groups/', page([]))
    .on('GET', 'scan/hosts/', page([]))
    .on('GET', 'scan/ipranges/', page([]))
    .on('GET', 'tags_basics/', [])
    .on('GET', 'noprofiles/', PROFILES);
}

describe('policy scans on the scan list', () => {
  it('lists the policy runs on their tab, with policy and score, linked to their result page', async () => {
    const stub = api();
    renderWithApp(<ScansPage />, { path: PATH, url: `${PATH}?kind=policy&policy.status=Finished`, session: aSession() });
    const table = await screen.findByRole('table', { name: 'Policy scans' });
    const row = within(table).getByRole('row', { name: /Jump hosts policy/ });
    expect(within(row).getByRole('link', { name: 'Jump hosts policy' })).toHaveAttribute('href', '/scans/scans/view/oscan/31');
    expect(within(row).getByText('Debian 11: Standard System Security Profile for Debian 11')).toBeInTheDocument();
    expect(within(row).getByText('72.4%')).toBeInTheDocument();
    expect(stub.calls('GET', 'scan/noruns/').at(-1)!.query.getAll('status')).toEqual(['Finished']);
    expect(stub.calls('GET', 'scan/nruns/')).toHaveLength(0);
  });

  it('starts a policy scan with a policy profile only, and shows the policy tab', async () => {
    const stub = api().on('POST', 'scan/oscans/', (request) =>
      json(
        {
          id: 14,
          ...(request.body as object),
          user: null,
          unified_tags_set: null,
          profile: PROFILES[1],
          node: { id: -1, name: 'External (built-in)' },
          probe_group: null,
          created: '2026-11-20T10:00:00.000Z',
          last_run: 31,
          scan_type: 'oval',
        },
        201,
      ),
    );
    const { user, search } = renderWithApp(<ScansPage />, { path: PATH, session: aSession() });
    await screen.findByRole('table', { name: 'Scans' });

    // The network form offers network profiles only.
    await user.click(screen.getByRole('button', { name: 'New scan' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Network scan' }));
    const network = await screen.findByRole('form', { name: 'Start a scan' });
    await user.click(within(network).getByRole('combobox', { name: 'Profile' }));
    expect(await screen.findByRole('option', { name: 'Standard (built-in)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Debian baseline' })).not.toBeInTheDocument();
    await user.click(within(network).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'New scan' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Policy scan' }));
    const form = await screen.findByRole('form', { name: 'Start a policy scan' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Jump hosts policy');
    await user.type(within(form).getByRole('textbox', { name: 'Targets' }), '127.0.6.41');
    await user.click(within(form).getByRole('combobox', { name: /^Policy profile/ }));
    expect(screen.queryByRole('option', { name: /Standard/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Debian baseline' }));
    await user.click(within(form).getByRole('button', { name: 'Start scan' }));

    await waitFor(() => expect(stub.calls('POST', 'scan/oscans/')).toHaveLength(1));
    expect(stub.calls('POST', 'scan/oscans/')[0]!.body).toMatchObject({ name: 'Jump hosts policy', targets: ['127.0.6.41'], profile: 12 });
    expect(stub.calls('POST', 'scan/nscans/')).toHaveLength(0);
    await waitFor(() => expect(search().get('kind')).toBe('policy'));
    expect(await screen.findByRole('table', { name: 'Policy scans' })).toBeInTheDocument();
  });
});
