// The mail-server list against a stubbed API: each domain with its host, state in words and the last run's tally;
// adding one (a host asset picked by search from hosts only, extra DKIM selectors, the interval in days, recipients as
// JSON strings, core's "Mail server created."), the host required before sending; editing with the host shown by name
// (PUT); check now; delete after a confirm; and the empty state.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { crudMessages } from '@bulwark/core';
import MailServersPage from './MailServersPage.tsx';
import { aMailLog, aMailServer } from './monitor-fixtures.ts';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/security-tools/mail-servers';
const MESSAGES = crudMessages('mail_server');
const SERVERS = [
  aMailServer(),
  aMailServer({
    id: 7,
    asset: { id: 53, name: '198.51.100.7', address: '198.51.100.7' },
    domain: '198.51.100.7',
    domain_override: null,
    last_run: null,
    last_status: null,
    passed: null,
    warnings: null,
    failed: null,
  }),
];
const CHOICES = [
  { id: 52, asset_name: 'mx1.example.org', asset_type: 2, kind: 'host' },
  { id: 60, asset_name: '10.0.0.0/24', asset_type: 1, kind: 'network' },
];

function api(servers = SERVERS): ApiStub {
  return stubApi()
    .on('GET', 'globalview/mailservers/', page(servers))
    .on('GET', 'assets/basic/', page(CHOICES))
    .on('POST', 'globalview/mailservers/', () => json(aMailServer({ id: 9 }), 201))
    .on('PUT', 'globalview/mailservers/:id/', () => json(aMailServer()));
}

const table = () => screen.findByRole('table', { name: 'Mail servers' });

async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('MailServersPage', () => {
  it('lists the mail domains with their host, state and the last run’s tally', async () => {
    const stub = api();
    renderWithApp(<MailServersPage />, { path: PATH, session: aSession() });
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(stub.calls('GET', 'globalview/mailservers/')[0]!.query.get('ordering')).toBe('domain');
    const org = rows[0]!;
    expect(within(org).getByRole('link', { name: 'example.org' })).toHaveAttribute('href', '/security-tools/mail-servers/view/6');
    expect(within(org).getByText('mx1.example.org')).toBeInTheDocument();
    expect(within(org).getByText('192.0.2.25')).toBeInTheDocument();
    expect(within(org).getByText('Warning')).toBeInTheDocument();
    expect(within(org).getByText('9 passed, 1 warning, 0 failed')).toBeInTheDocument();
    expect(within(org).getByText('1 day')).toBeInTheDocument();
    const bare = rows[1]!;
    expect(within(bare).getByText('Not checked yet')).toBeInTheDocument();
    expect(within(bare).getByText('–')).toBeInTheDocument();
  });

  // The long form takes seconds to fill on a loaded machine.
  it('adds a mail server for a host picked by search, hosts only', async () => {
    const stub = api();
    const { user } = renderWithApp(<MailServersPage />, { path: PATH, session: aSession() });
    await table();
    await user.click(screen.getAllByRole('button', { name: 'Add mail server' })[0]!);
    const form = await screen.findByRole('form', { name: 'Add mail server' });
    await user.click(within(form).getByRole('button', { name: 'Add mail server' }));
    expect(await within(form).findByText('Mail server is required')).toBeInTheDocument();
    expect(stub.calls('POST', 'globalview/mailservers/')).toHaveLength(0);

    await fill(user, within(form).getByRole('combobox', { name: 'Mail server' }), 'mx1');
    await waitFor(() => expect(stub.calls('GET', 'assets/basic/').some((c) => c.query.get('search') === 'mx1')).toBe(true));
    expect(screen.queryByRole('option', { name: '10.0.0.0/24' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'mx1.example.org' }));
    await fill(user, within(form).getByRole('combobox', { name: 'DKIM selectors' }), 'mailjet');
    await fill(user, within(form).getByRole('combobox', { name: 'E-mail recipients' }), 'postmaster@example.org');
    await user.click(within(form).getByRole('switch', { name: /Check for an open relay/ }));
    await user.click(within(form).getByRole('button', { name: 'Add mail server' }));
    await waitFor(() => expect(stub.calls('POST', 'globalview/mailservers/')).toHaveLength(1));
    expect(stub.calls('POST', 'globalview/mailservers/')[0]!.body).toEqual({
      asset: 52,
      domain: null,
      dkim_selectors: ['mailjet'],
      check_relay: false,
      interval: 1440,
      notification_email_recipients: '["postmaster@example.org"]',
      notification_sms_recipients: '[]',
      active: true,
    });
    expect(await screen.findByText(MESSAGES.created)).toBeInTheDocument();
  });

  it('edits a mail server with its host shown by name and its domain override', async () => {
    const stub = api();
    const { user } = renderWithApp(<MailServersPage />, { path: PATH, session: aSession() });
    await user.click(within(await table()).getByRole('button', { name: 'Edit example.org' }));
    const form = await screen.findByRole('form', { name: 'Edit mail server' });
    expect(within(form).getByRole('combobox', { name: 'Mail server' })).toHaveValue('mx1.example.org');
    const domain = within(form).getByRole('textbox', { name: 'Domain' });
    expect(domain).toHaveValue('example.org');
    await user.clear(domain);
    await fill(user, domain, 'Mail.Example.org');
    await user.click(within(form).getByRole('button', { name: 'Save mail server' }));
    await waitFor(() => expect(stub.calls('PUT', 'globalview/mailservers/:id/')).toHaveLength(1));
    const put = stub.calls('PUT', 'globalview/mailservers/:id/')[0]!;
    expect(put.path).toBe('globalview/mailservers/6/');
    expect(put.body).toMatchObject({ asset: 52, domain: 'Mail.Example.org', dkim_selectors: ['mailjet'], interval: 1440 });
    expect(await screen.findByText(MESSAGES.updated)).toBeInTheDocument();
  });

  it('checks a mail server now and deletes one after a confirm', async () => {
    const stub = api()
      .on('POST', 'scan-mailserver/', aMailLog({ trigger: 'manual', status: 'failed', newly_failing: ['spf', 'dmarc'] }))
      .on('DELETE', 'globalview/mailservers/:id/', json(undefined, 204));
    const { user } = renderWithApp(<MailServersPage />, { path: PATH, session: aSession() });
    await user.click(within(await table()).getByRole('button', { name: 'Check example.org now' }));
    expect(await screen.findByText('example.org checked: Failed. 2 checks started failing.')).toBeInTheDocument();
    expect(stub.calls('POST', 'scan-mailserver/')[0]!.body).toEqual({ id: 6 });

    await user.click(within(await table()).getByRole('button', { name: 'Delete 198.51.100.7' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete mail server' })).getByRole('button', { name: 'Delete mail server' }),
    );
    await waitFor(() =>
      expect(stub.calls('DELETE', 'globalview/mailservers/:id/').map((c) => c.path)).toEqual(['globalview/mailservers/7/']),
    );
    expect(await screen.findByText(MESSAGES.deleted)).toBeInTheDocument();
  });

  it('says how to start when no mail server is watched', async () => {
    api([]);
    renderWithApp(<MailServersPage />, { path: PATH, session: aSession() });
    expect(await screen.findByText('No mail servers watched yet.')).toBeInTheDocument();
  });
});
