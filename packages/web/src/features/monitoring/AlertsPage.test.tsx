// The alert list against a stubbed API: alerts with trigger, asset (a link), what changed (a link to the alert),
// severity in words, state, first and last seen and count; the chart's figures by trigger from cm/alerts/counts/; the
// filters sent as the server reads them (trigger, state, asset); the profile-and-trigger page titled "<trigger> —
// <profile>" and asking with both; dismissing one and the selected ones after a confirmation; the empty state saying
// what to do; and an unknown trigger in the address.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { monitoringAlert, type MonitoringAlert } from '@bulwark/core';
import AlertsPage from './AlertsPage.tsx';
import { json, page, stubApi, type ApiStub } from '../../../test/support/api-stub.ts';
import { aSession, aUserProfile } from '../../../test/support/fixtures.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

const PATH = '/policies/alerts';
const SCOPED = '/policies/alerts/show/:profileId/:profileTriggering';

function anAlert(overrides: Record<string, unknown> = {}): MonitoringAlert {
  return monitoringAlert.parse({
    id: 31,
    profile: { id: 3, name: 'Internet edge' },
    trigger: 'unexpected_port',
    asset: { id: 11, name: 'db-1.example.com', type: 2, address: '192.0.2.10' },
    subject: 'tcp/5432',
    title: 'Port tcp/5432 open (postgresql)',
    before: { open: false },
    after: { open: true, service: 'postgresql' },
    severity: 3,
    state: 'open',
    source: 'check',
    first_seen: '2026-11-28T10:00:00.000Z',
    last_seen: '2026-11-28T11:00:00.000Z',
    count: 5,
    resolved_at: null,
    run: null,
    finding: null,
    ...overrides,
  });
}

const PORT = anAlert();
const CERT = anAlert({
  id: 32,
  trigger: 'cert_expiring',
  asset: { id: 12, name: 'https://shop.example.com/', type: 3, address: null },
  subject: 'certificate tcp/443',
  title: 'Certificate of shop.example.com expires in 9 days',
  before: null,
  after: { valid_to: '2026-12-07T00:00:00.000Z' },
  severity: 2,
  state: 'resolved',
  resolved_at: '2026-11-28T12:00:00.000Z',
  count: 1,
});
const COUNTS = {
  unexpected_port: 1,
  new_host: 0,
  service_changed: 0,
  new_vulnerability: 0,
  new_kev: 0,
  cert_expiring: 1,
  cert_expired: 0,
  cert_replaced: 0,
  tls_weakened: 0,
};

function api(alerts = [PORT, CERT]): ApiStub {
  return stubApi()
    .on('GET', 'cm/alerts/', page(alerts))
    .on('GET', 'cm/alerts/counts/', COUNTS)
    .on('GET', 'cm/profiles/', page([PROFILE]))
    .on('DELETE', 'cm/alerts/:id/', json(null, 204));
}

const PROFILE = {
  id: 3,
  name: 'Internet edge',
  user: null,
  ports: '22,443',
  network_assets: [{ id: 11, name: 'db-1.example.com', type: 2 }],
  web_applications: [],
  tags: [],
  minus_tags: [],
  triggers: ['unexpected_port'],
  min_severity: 3,
  cert_days: 30,
  check_interval: 15,
  active: true,
  notify_owner: true,
  notif_cc: [],
  notif_sms_recipients: [],
  slack: false,
  teams: false,
  webhooks: false,
  watched_assets: 1,
  open_alerts: 1,
  last_check: null,
  next_check: null,
  created: '2026-11-20T10:00:00.000Z',
  modified: '2026-11-20T10:00:00.000Z',
};

const table = () => screen.findByRole('table', { name: 'Alerts' });

beforeEach(() => {
  // jsdom has no canvas; ECharts (SVG renderer) then measures text without one.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('AlertsPage', () => {
  it('lists alerts with what changed where, and counts them by trigger', async () => {
    const stub = api();
    renderWithApp(<AlertsPage />, { path: PATH, session: aSession() });
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.getAttribute('data-alert-id'))).toEqual(['31', '32']);
    const port = rows[0]!;
    expect(within(port).getByText('Unexpected open port')).toBeInTheDocument();
    expect(within(port).getByRole('link', { name: 'db-1.example.com (192.0.2.10)' })).toHaveAttribute('href', '/assets/assets/view/11');
    expect(within(port).getByRole('link', { name: 'Port tcp/5432 open (postgresql)' })).toHaveAttribute('href', '/policies/alerts/view/31');
    expect(within(port).getByText('tcp/5432')).toBeInTheDocument();
    expect(within(port).getByText('High')).toBeInTheDocument();
    expect(within(port).getByText('Open')).toBeInTheDocument();
    expect(within(port).getByText('5×')).toBeInTheDocument();
    const cert = rows[1]!;
    expect(within(cert).getByRole('link', { name: 'https://shop.example.com/' })).toHaveAttribute(
      'href',
      '/assets/web-applications/view/12',
    );
    expect(within(cert).getByText('Medium')).toBeInTheDocument();
    expect(within(cert).getByText('Resolved')).toBeInTheDocument();
    expect(stub.calls('GET', 'cm/alerts/')[0]!.query.get('ordering')).toBe('-last_seen');

    const chart = await screen.findByRole('table', { name: 'Alerts by trigger' });
    expect(within(chart).getByRole('row', { name: 'Unexpected open port 1' })).toBeInTheDocument();
    expect(within(chart).getByRole('row', { name: 'Certificate expiring soon 1' })).toBeInTheDocument();
    expect(within(chart).queryByRole('row', { name: /TLS weakened/ })).toBeNull();
  });

  it('sends the filters as the server reads them; the chart counts without the trigger filter', async () => {
    const stub = api();
    renderWithApp(<AlertsPage />, { path: PATH, url: `${PATH}?trigger=cert_expiring&state=open&asset=11`, session: aSession() });
    await table();
    const call = stub.calls('GET', 'cm/alerts/').at(-1)!;
    expect([call.query.get('trigger'), call.query.get('state'), call.query.get('asset')]).toEqual(['cert_expiring', 'open', '11']);
    await waitFor(() => expect(stub.calls('GET', 'cm/alerts/counts/').length).toBeGreaterThan(0));
    const counts = stub.calls('GET', 'cm/alerts/counts/').at(-1)!;
    expect([counts.query.get('trigger'), counts.query.get('state'), counts.query.get('page')]).toEqual([null, 'open', null]);
    expect(await screen.findByRole('combobox', { name: 'Asset' })).toHaveValue('db-1.example.com');
  });

  it("shows one profile's alerts of one trigger under its own title", async () => {
    const stub = api([PORT]);
    renderWithApp(<AlertsPage />, { path: SCOPED, url: '/policies/alerts/show/3/unexpected_port', session: aSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected open port — Internet edge' })).toBeInTheDocument();
    await table();
    const call = stub.calls('GET', 'cm/alerts/').at(-1)!;
    expect([call.query.get('profile'), call.query.get('trigger')]).toEqual(['3', 'unexpected_port']);
    expect(screen.queryByRole('combobox', { name: 'Trigger' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Profile' })).toBeNull();
    expect(stub.calls('GET', 'cm/alerts/counts/')).toHaveLength(0);
  });

  it('says when the trigger in the address is unknown', async () => {
    const stub = api();
    renderWithApp(<AlertsPage />, { path: SCOPED, url: '/policies/alerts/show/3/no_such', session: aSession() });
    expect(await screen.findByText(/There is no such trigger\./)).toBeInTheDocument();
    expect(stub.calls('GET', 'cm/alerts/')).toHaveLength(0);
  });

  it('dismisses one alert, then the selected ones, after a confirmation', async () => {
    const stub = api();
    const { user } = renderWithApp(<AlertsPage />, { path: PATH, session: aSession() });
    await user.click(await screen.findByRole('button', { name: 'Dismiss Port tcp/5432 open (postgresql)' }));
    const one = await screen.findByRole('dialog', { name: 'Dismiss alert' });
    expect(stub.calls('DELETE', 'cm/alerts/:id/')).toHaveLength(0);
    await user.click(within(one).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(stub.calls('DELETE', 'cm/alerts/:id/')).toHaveLength(1));
    expect(stub.calls('DELETE', 'cm/alerts/:id/')[0]!.path).toBe('cm/alerts/31/');
    expect(await screen.findByText('Alert dismissed.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select Port tcp/5432 open (postgresql)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Certificate of shop.example.com expires in 9 days' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss 2 alerts' }));
    const many = await screen.findByRole('dialog', { name: 'Dismiss 2 alerts' });
    await user.click(within(many).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(stub.calls('DELETE', 'cm/alerts/:id/')).toHaveLength(3));
    expect(stub.calls('DELETE', 'cm/alerts/:id/').map((c) => c.path)).toEqual(['cm/alerts/31/', 'cm/alerts/31/', 'cm/alerts/32/']);
    expect(await screen.findByText('2 alerts dismissed.')).toBeInTheDocument();
  });

  it('says what to do when there are no alerts', async () => {
    api([]);
    renderWithApp(<AlertsPage />, { path: PATH, session: aSession() });
    expect(await screen.findByText('No alerts.')).toBeInTheDocument();
    expect(screen.getByText(/Alerts appear when a watched asset changes/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Monitoring profiles' })).toHaveAttribute('href', '/policies/monitoring-profiles');
  });

  it('offers no dismiss to a user who may only read', async () => {
    api();
    const reader = aUserProfile({ is_superuser: false, customer_admin: false, permissions: { monitoring: ['read'] } });
    renderWithApp(<AlertsPage />, { path: PATH, session: aSession(reader) });
    await table();
    expect(screen.queryByRole('button', { name: /^Dismiss/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /^Select/ })).toBeNull();
  });
});
