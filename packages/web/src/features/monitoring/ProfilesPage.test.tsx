// The monitoring profile list against a stubbed API: profiles with owner, watched assets, ports, triggers, interval,
// open alerts (a link to them) and last check; the editor checks with core's rules (a bad port in §8's words, a bad
// phone number, no trigger), searches assets as the user types, sends network assets and web applications together as
// `assets` with the cc and SMS lists, and shows "Monitoring profile created."; the server's field errors land on their
// fields; on/off is a PATCH of `active` alone; "Check now" says what the round found; delete asks first; and a user
// without the monitoring permissions sees nothing that changes.
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MONITORING_TRIGGERS, monitoringProfile, type MonitoringProfile } from '@bulwark/core';
import ProfilesPage from './ProfilesPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/policies/monitoring-profiles';
const API = 'cm/profiles/';

function aMonitoringProfile(overrides: Record<string, unknown> = {}): MonitoringProfile {
  return monitoringProfile.parse({
    id: 3,
    name: 'Internet edge',
    user: { id: 1, email: 'admin@example.com', first_name: 'Ada', last_name: 'Lovelace' },
    ports: '22,80,443',
    network_assets: [{ id: 11, name: '192.0.2.10', type: 2 }],
    web_applications: [{ id: 12, name: 'https://shop.example.com/', type: 3 }],
    tags: [{ id: 7, name: 'Production', color: null }],
    minus_tags: [],
    triggers: [...MONITORING_TRIGGERS],
    min_severity: 3,
    cert_days: 30,
    check_interval: 15,
    active: true,
    notify_owner: true,
    notif_cc: ['soc@example.com'],
    notif_sms_recipients: [],
    slack: false,
    teams: false,
    webhooks: true,
    watched_assets: 42,
    open_alerts: 2,
    last_check: '2026-11-28T10:00:00.000Z',
    next_check: '2026-11-28T10:15:00.000Z',
    created: '2026-11-20T10:00:00.000Z',
    modified: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

const EDGE = aMonitoringProfile();
const LAB = aMonitoringProfile({
  id: 4,
  name: 'Lab',
  user: null,
  ports: '',
  network_assets: [],
  web_applications: [],
  tags: [],
  triggers: ['unexpected_port', 'cert_expired'],
  check_interval: 0,
  active: false,
  watched_assets: 0,
  open_alerts: 0,
  last_check: null,
});

function api(profiles = [EDGE, LAB]): ApiStub {
  return stubApi()
    .on('GET', API, page(profiles))
    .on('GET', 'tags_basics/', [{ id: 7, name: 'Production', color: 'red', is_dynamic: false }])
    .on('GET', 'user/profile/', page([aUserProfile()]))
    .on('GET', 'assets/basic/', (request) =>
      json(
        page(
          request.query.get('search') === 'db'
            ? [{ id: 21, asset_name: 'db-1.example.com', asset_type: 2, kind: 'host' }]
            : [{ id: 11, asset_name: '192.0.2.10', asset_type: 2, kind: 'host' }],
        ),
      ),
    )
    .on('GET', 'assets/webapp/', (request) =>
      json(
        page(
          request.query.get('search') === 'db' ? [] : [{ id: 12, asset_name: 'https://shop.example.com/', asset_type: 3, kind: 'webapp' }],
        ),
      ),
    );
}

/** Puts text in a field the way a paste does (one input event): typing long texts key by key is slow under load. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const table = () => screen.findByRole('table', { name: 'Monitoring profiles' });
const rowOf = async (name: string) => within(await table()).getByRole('row', { name: new RegExp(name) });

describe('ProfilesPage', () => {
  it('lists profiles with what they watch, expect and alert on, and their open alerts', async () => {
    api();
    renderWithApp(<ProfilesPage />, { path: PATH, session: aSession() });
    const edge = await rowOf('Internet edge');
    expect(within(edge).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(edge).getByText('42')).toBeInTheDocument();
    expect(within(edge).getByText('22, 80, 443')).toBeInTheDocument();
    expect(within(edge).getByText('All changes')).toBeInTheDocument();
    expect(within(edge).getByText('Every 15 minutes')).toBeInTheDocument();
    expect(within(edge).getByRole('link', { name: '2 open alerts of Internet edge' })).toHaveAttribute(
      'href',
      '/policies/alerts?profile=3&state=open',
    );
    expect(within(edge).getByRole('switch', { name: 'Internet edge active' })).toBeChecked();
    const lab = await rowOf('Lab');
    expect(within(lab).getByText('None')).toBeInTheDocument();
    expect(within(lab).getByText('Unexpected open port, Certificate expired')).toBeInTheDocument();
    expect(within(lab).getByText('Scans only')).toBeInTheDocument();
    expect(within(lab).getByText('Never')).toBeInTheDocument();
    expect(within(lab).getByRole('button', { name: 'Check Lab now' })).toBeDisabled();
  });

  it('creates a profile: checks fields with core rules, searches assets, sends them together', { timeout: 60_000 }, async () => {
    let attempts = 0;
    const stub = api([]).on('POST', API, () =>
      ++attempts === 1
        ? json({ name: ['A profile with this name already exists.'] }, 400)
        : json(aMonitoringProfile({ name: 'Databases' }), 201),
    );
    const { user } = renderWithApp(<ProfilesPage />, { path: PATH, session: aSession() });
    expect(await screen.findByText('No monitoring profiles yet.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add profile' })[0]!);
    const form = await screen.findByRole('form', { name: 'Monitoring profile' });

    await fill(user, within(form).getByRole('textbox', { name: /^Expected open ports/ }), '22, 70000');
    await fill(user, within(form).getByRole('textbox', { name: /^SMS to/ }), '+45 1234 5678\n12');
    for (const t of MONITORING_TRIGGERS.slice(1))
      await user.click(within(form).getByRole('checkbox', { name: new RegExp(`^${labelOf(t)}$`) }));
    await user.click(within(form).getByRole('checkbox', { name: 'Unexpected open port' }));
    await user.click(within(form).getByRole('button', { name: 'Create profile' }));
    expect(await within(form).findByText('70000 is not a valid port or range.')).toBeInTheDocument();
    expect(within(form).getByText(/^12: Enter a phone number in international format/)).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one trigger.')).toBeInTheDocument();
    expect(stub.calls('POST', API)).toHaveLength(0);

    const ports = within(form).getByRole('textbox', { name: /^Expected open ports/ });
    await user.clear(ports);
    await fill(user, ports, '22,443, 8000-8080');
    const sms = within(form).getByRole('textbox', { name: /^SMS to/ });
    await user.clear(sms);
    await fill(user, sms, '+45 1234 5678');
    await user.click(within(form).getByRole('checkbox', { name: 'Unexpected open port' }));
    await user.click(within(form).getByRole('checkbox', { name: 'New known-exploited vulnerability' }));
    await fill(user, within(form).getByRole('textbox', { name: /^Name/ }), 'Databases');
    await fill(user, within(form).getByRole('textbox', { name: /^Copy to/ }), 'soc@example.com, cto@example.com');
    await user.click(within(form).getByRole('switch', { name: 'Webhooks' }));

    const assets = within(form).getByRole('combobox', { name: 'Assets' });
    await user.click(assets);
    expect(await screen.findByRole('option', { name: 'https://shop.example.com/' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'https://shop.example.com/' }));
    await user.type(assets, 'db');
    await user.click(await screen.findByRole('option', { name: 'db-1.example.com' }));
    await waitFor(() => expect(stub.calls('GET', 'assets/basic/').some((c) => c.query.get('search') === 'db')).toBe(true));

    await user.click(within(form).getByRole('button', { name: 'Create profile' }));
    expect(await within(form).findByText('A profile with this name already exists.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(stub.calls('POST', API)).toHaveLength(2));
    expect(stub.calls('POST', API)[1]!.body).toEqual({
      name: 'Databases',
      user: null,
      ports: '22,443, 8000-8080',
      assets: [12, 21],
      tags: [],
      minus_tags: [],
      triggers: ['unexpected_port', 'new_kev'],
      min_severity: 3,
      cert_days: 30,
      check_interval: 60,
      active: true,
      notify_owner: true,
      notif_cc: ['soc@example.com', 'cto@example.com'],
      notif_sms_recipients: ['+45 1234 5678'],
      slack: false,
      teams: false,
      webhooks: true,
    });
    expect(await screen.findByText('Monitoring profile created.')).toBeInTheDocument();
  });

  it('edits a profile with its saved assets, tags and recipients in place (PUT)', async () => {
    const stub = api().on('PUT', `${API}:id/`, json(EDGE));
    const { user } = renderWithApp(<ProfilesPage />, { path: PATH, session: aSession() });
    await user.click(within(await rowOf('Internet edge')).getByRole('button', { name: 'Edit Internet edge' }));
    const form = await screen.findByRole('form', { name: 'Monitoring profile' });
    expect(within(form).getByRole('textbox', { name: /^Expected open ports/ })).toHaveValue('22, 80, 443');
    expect(within(form).getByRole('textbox', { name: /^Copy to/ })).toHaveValue('soc@example.com');
    // The saved assets show by name in the picker (its pills).
    expect(within(form).getAllByText('192.0.2.10').length).toBeGreaterThan(0);
    expect(within(form).getAllByText('https://shop.example.com/').length).toBeGreaterThan(0);
    const interval = within(form).getByRole('textbox', { name: /^Own check every/ });
    await user.clear(interval);
    await user.type(interval, '3');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('Enter 0 (no own check) or 5 to 43200 minutes.')).toBeInTheDocument();
    await user.type(interval, '0');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(stub.calls('PUT', `${API}:id/`)).toHaveLength(1));
    const put = stub.calls('PUT', `${API}:id/`)[0]!;
    expect(put.path).toBe(`${API}3/`);
    expect(put.body).toMatchObject({ assets: [11, 12], tags: [7], user: 1, check_interval: 30, ports: '22, 80, 443', webhooks: true });
    expect(await screen.findByText('Monitoring profile updated.')).toBeInTheDocument();
  });

  it('switches a profile off (PATCH of active), checks one now and deletes one after a confirmation', async () => {
    const stub = api()
      .on('PATCH', `${API}:id/`, json({ ...EDGE, active: false }))
      .on('POST', `${API}:id/check/`, {
        assets: 3,
        ports_checked: 42,
        changes: 1,
        alerts_raised: 1,
        alerts_updated: 0,
        alerts_resolved: 0,
      })
      .on('DELETE', `${API}:id/`, json(null, 204));
    const { user } = renderWithApp(<ProfilesPage />, { path: PATH, session: aSession() });
    const edge = await rowOf('Internet edge');
    await user.click(within(edge).getByRole('switch', { name: 'Internet edge active' }));
    await waitFor(() => expect(stub.calls('PATCH', `${API}:id/`)).toHaveLength(1));
    expect(stub.calls('PATCH', `${API}:id/`)[0]!.body).toEqual({ active: false });

    await user.click(within(edge).getByRole('button', { name: 'Check Internet edge now' }));
    expect(await screen.findByText('Internet edge: Checked 3 assets (42 ports): 1 new alert.')).toBeInTheDocument();
    expect(stub.calls('POST', `${API}:id/check/`)[0]!.path).toBe(`${API}3/check/`);

    await user.click(within(edge).getByRole('button', { name: 'Delete Internet edge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete monitoring profile' });
    expect(stub.calls('DELETE', `${API}:id/`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete profile' }));
    await waitFor(() => expect(stub.calls('DELETE', `${API}:id/`)).toHaveLength(1));
    expect(await screen.findByText('Monitoring profile deleted.')).toBeInTheDocument();
  });

  it('shows a user who may only read profiles no control that changes them', async () => {
    api();
    const reader = aUserProfile({ is_superuser: false, customer_admin: false, permissions: { monitoring: ['read'] } });
    const { user } = renderWithApp(<ProfilesPage />, { path: PATH, session: aSession(reader) });
    const edge = await rowOf('Internet edge');
    expect(screen.queryByRole('button', { name: 'Add profile' })).toBeNull();
    expect(within(edge).queryByRole('button', { name: /Check .* now/ })).toBeNull();
    expect(within(edge).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(edge).getByRole('switch', { name: 'Internet edge active' })).toBeDisabled();
    await user.click(within(edge).getByRole('button', { name: 'Edit Internet edge' }));
    const form = await screen.findByRole('form', { name: 'Monitoring profile' });
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save profile' })).toBeNull();
  });
});

function labelOf(t: (typeof MONITORING_TRIGGERS)[number]): string {
  const labels: Record<string, string> = {
    new_host: 'New host in a watched network',
    service_changed: 'Service or version changed',
    new_vulnerability: 'New vulnerability',
    new_kev: 'New known-exploited vulnerability',
    cert_expiring: 'Certificate expiring soon',
    cert_expired: 'Certificate expired',
    cert_replaced: 'Certificate replaced',
    tls_weakened: 'TLS weakened',
  };
  return labels[t]!;
}
